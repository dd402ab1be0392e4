import { FileExcelOutlined, PrinterOutlined, SendOutlined } from '@ant-design/icons';
import { type AdminOrderBatchResponse, BATCH_ACTIONS, FULFIL_ACTION_LABELS } from '@shop/domain';
import { Button, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useBatchTransition } from '../api/batch-transition';
import { PrintModal } from './print-modal';
import { ShipManyModal } from './ship-many-modal';
import { TrackingSheetModal } from './tracking-sheet-modal';

type Dialog = 'print' | 'ship' | 'sheet' | null;

/**
 * The warehouse's work on the picked orders: the batch steps (push, processing, ready) and what happened to each,
 * printing their packing and picking lists, shipping them at once; and shipping from a tracking sheet.
 */
export function BatchBar({ selected, onDone }: { selected: string[]; onDone: () => void }) {
  const batch = useBatchTransition();
  const [results, setResults] = useState<AdminOrderBatchResponse['results'] | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const none = selected.length === 0;
  return (
    <Space wrap className="batch-bar">
      <Typography.Text>已选 {selected.length} 个订单</Typography.Text>
      {BATCH_ACTIONS.map((action) => (
        <Popconfirm
          key={action}
          title={`将选中的 ${selected.length} 个订单设为「${FULFIL_ACTION_LABELS[action]}」？`}
          okText="确定"
          cancelText="取消"
          disabled={none}
          onConfirm={() =>
            batch.mutate(
              { orderNos: selected, action },
              {
                onSuccess: (data) => {
                  setResults(data.results);
                  onDone();
                },
              },
            )
          }
        >
          <Button disabled={none} loading={batch.isPending && batch.variables?.action === action}>
            批量{FULFIL_ACTION_LABELS[action]}
          </Button>
        </Popconfirm>
      ))}
      <Button icon={<PrinterOutlined />} disabled={none} onClick={() => setDialog('print')}>
        打印装箱单/拣货单
      </Button>
      <Button icon={<SendOutlined />} disabled={none} onClick={() => setDialog('ship')}>
        批量发货
      </Button>
      <Button icon={<FileExcelOutlined />} onClick={() => setDialog('sheet')}>
        上传运单表
      </Button>
      {dialog === 'print' && <PrintModal orderNos={selected} onClose={() => setDialog(null)} />}
      {dialog === 'ship' && (
        <ShipManyModal
          orderNos={selected}
          onClose={() => setDialog(null)}
          onShipped={() => {
            setDialog(null);
            onDone();
          }}
        />
      )}
      {dialog === 'sheet' && <TrackingSheetModal onClose={() => setDialog(null)} />}
      <Modal
        open={results !== null}
        title="批量操作结果"
        onCancel={() => setResults(null)}
        onOk={() => setResults(null)}
        okText="知道了"
        cancelButtonProps={{ style: { display: 'none' } }}
      >
        <Table
          rowKey="orderNo"
          size="small"
          pagination={false}
          dataSource={results ?? []}
          columns={[
            {
              title: '结果',
              dataIndex: 'success',
              width: 70,
              render: (success: boolean) => (
                <Tag color={success ? 'green' : 'red'}>{success ? '成功' : '失败'}</Tag>
              ),
            },
            { title: '订单号', dataIndex: 'orderNo', width: 170 },
            {
              title: '说明',
              dataIndex: 'message',
              render: (message: string, r) => (
                <Typography.Text type={r.success ? undefined : 'danger'}>{message}</Typography.Text>
              ),
            },
          ]}
        />
      </Modal>
    </Space>
  );
}
