import { FilePdfOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Space, Spin, Typography } from 'antd';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { type PrintList, useDownloadPrintList } from '../api/print-lists';
import { useWaitingPacks } from '../api/waiting-packs';
import { skippedText, waitingSummary } from './bulk-rows';

const LIST_NAMES: Record<PrintList, string> = { packing: '装箱单', picking: '拣货单' };

/**
 * 打印装箱单 / 拣货单 of the picked orders: says which packs the lists hold (those waiting to ship) and which orders or
 * packs are left out and why, then downloads either list as a PDF.
 */
export function PrintModal({ orderNos, onClose }: { orderNos: string[]; onClose: () => void }) {
  const waiting = useWaitingPacks(orderNos);
  const download = useDownloadPrintList();
  const packs = waiting.data?.packs.length ?? 0;

  const save = (list: PrintList) =>
    download.mutate(
      { list, orderNos },
      {
        onSuccess: () => notify.success(`${LIST_NAMES[list]}已下载（${packs} 个包裹）`),
        onError: (error) => {
          if (!isApiError(error)) notify.error(`${LIST_NAMES[list]}下载失败，请重试`);
        },
      },
    );

  return (
    <Modal
      open
      title="打印装箱单 / 拣货单"
      onCancel={onClose}
      footer={
        <Space wrap>
          <Button onClick={onClose}>关闭</Button>
          {(['picking', 'packing'] as const).map((list) => (
            <Button
              key={list}
              type={list === 'packing' ? 'primary' : 'default'}
              icon={<FilePdfOutlined />}
              disabled={packs === 0}
              loading={download.isPending && download.variables?.list === list}
              onClick={() => save(list)}
            >
              下载{LIST_NAMES[list]}
            </Button>
          ))}
        </Space>
      }
      destroyOnHidden
    >
      {waiting.isPending ? (
        <Spin className="drawer-loading" />
      ) : waiting.isError ? (
        <Alert type="error" showIcon title="待发货包裹加载失败，请关闭后重试" />
      ) : (
        <Space orientation="vertical" className="full-width">
          <Alert
            type={packs > 0 ? 'info' : 'warning'}
            showIcon
            title={
              packs > 0
                ? `将打印：${waitingSummary(waiting.data)}`
                : '所选订单没有待发货的包裹，没有可打印的内容'
            }
            description="只打印待发货的包裹：装箱单每个包裹一页，拣货单按仓库汇总要拣的商品。"
          />
          {waiting.data.skipped.length > 0 && (
            <Alert
              type="warning"
              title={`${waiting.data.skipped.length} 项不打印`}
              description={
                <ul className="import-errors" aria-label="不打印的订单和包裹">
                  {waiting.data.skipped.map((s) => (
                    <li key={`${s.orderNo}-${s.packIndex}`}>{skippedText(s)}</li>
                  ))}
                </ul>
              }
            />
          )}
          <Typography.Text type="secondary">每次打印都会记入操作日志。</Typography.Text>
        </Space>
      )}
    </Modal>
  );
}
