import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import {
  type AdminTrackingSheetResponse,
  packLabel,
  TRACKING_SHEET_MAX_BYTES,
  TRACKING_SHEET_MAX_ROWS,
  type TrackingSheetRow,
} from '@shop/domain';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Grid,
  Modal,
  Progress,
  Result,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { orderKeys } from '../api/keys';
import { sendTrackingSheet } from '../api/tracking-sheet';
import { trackingSheetTemplate } from './bulk-rows';

/** Where the upload stands: a sheet chosen and previewed, then shipped (or refused whole). */
type Stage =
  | { step: 'choose' }
  | { step: 'checking' | 'shipping'; file: File; sent: number }
  | { step: 'checked'; file: File; result: AdminTrackingSheetResponse }
  | { step: 'done'; result: AdminTrackingSheetResponse }
  | { step: 'refused'; file: File; errors: string[]; message: string };

const MB = TRACKING_SHEET_MAX_BYTES / 1024 / 1024;

function saveTemplate() {
  const url = URL.createObjectURL(new Blob([trackingSheetTemplate()], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = '运单表模板.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function Problems({ errors }: { errors: readonly string[] }) {
  return (
    <ul className="import-errors" aria-label="运单表问题">
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

const verdict = (error: string | null) =>
  error ? <Typography.Text type="danger">{error}</Typography.Text> : <Tag color="green">可以发货</Tag>;

/** The sheet's rows as read: a table on a wide screen, one cell a row on a phone. */
function PreviewTable({ rows }: { rows: TrackingSheetRow[] }) {
  const screens = Grid.useBreakpoint();
  const columns: TableColumnsType<TrackingSheetRow> = screens.sm
    ? [
        { title: '行', dataIndex: 'row', width: 50 },
        { title: '订单号', dataIndex: 'orderNo', width: 180 },
        {
          title: '包裹',
          dataIndex: 'packIndex',
          width: 70,
          render: (v: number | null) => (v === null ? '—' : packLabel(v)),
        },
        { title: '快递公司', key: 'courier', width: 120, render: (_, r) => r.courierName || '—' },
        { title: '运单号', dataIndex: 'logisticCode', width: 150 },
        { title: '检查结果', dataIndex: 'error', render: verdict },
      ]
    : [
        {
          title: '行 · 订单 · 运单',
          key: 'row',
          render: (_, r) => (
            <div>
              <div>
                第 {r.row} 行 · {r.orderNo}
                {r.packIndex === null ? '' : ` ${packLabel(r.packIndex)}`}
              </div>
              <div className="field-hint">
                {r.courierName || '—'} · {r.logisticCode || '—'}
              </div>
              {verdict(r.error)}
            </div>
          ),
        },
      ];
  return (
    <Table<TrackingSheetRow>
      size="small"
      rowKey="row"
      dataSource={rows}
      pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
      scroll={screens.sm ? { x: 760 } : undefined}
      columns={columns}
    />
  );
}

/**
 * 上传运单表: an .xlsx or .csv with 订单号, 快递公司 (name or code), 运单号 and, for an order with several packs,
 * 包裹. It is previewed first (each row's pack and courier, or its problem), then shipped all together; the server
 * checks every row again and ships none when any row went wrong since the preview, naming it.
 */
export function TrackingSheetModal({ onClose }: { onClose: () => void }) {
  const [stage, setStage] = useState<Stage>({ step: 'choose' });
  const queryClient = useQueryClient();
  const busy = stage.step === 'checking' || stage.step === 'shipping';

  const check = async (file: File) => {
    setStage({ step: 'checking', file, sent: 0 });
    try {
      const result = await sendTrackingSheet(file, true, (sent) =>
        setStage({ step: 'checking', file, sent }),
      );
      setStage({ step: 'checked', file, result });
    } catch (error) {
      setStage({ step: 'choose' });
      notify.error(isApiError(error) ? error.message : '预览失败，请重试');
    }
  };
  const ship = async (file: File) => {
    setStage({ step: 'shipping', file, sent: 0 });
    try {
      const result = await sendTrackingSheet(file, false, (sent) =>
        setStage({ step: 'shipping', file, sent }),
      );
      setStage({ step: 'done', result });
      notify.success(`已发货 ${result.shipped} 个包裹`);
    } catch (error) {
      setStage({
        step: 'refused',
        file,
        errors: isApiError(error) ? ((error.data as { errors?: string[] } | null)?.errors ?? []) : [],
        message: isApiError(error) ? error.message : '发货失败，请重试',
      });
    } finally {
      await queryClient.invalidateQueries({ queryKey: orderKeys.all });
    }
  };

  const footer =
    stage.step === 'checked' ? (
      <Space wrap>
        <Button onClick={() => setStage({ step: 'choose' })}>重新选择</Button>
        <Button
          type="primary"
          disabled={stage.result.errors.length > 0 || stage.result.rows.length === 0}
          onClick={() => void ship(stage.file)}
        >
          确认发货（{stage.result.rows.length} 行）
        </Button>
      </Space>
    ) : stage.step === 'done' ? (
      <Button type="primary" onClick={onClose}>
        完成
      </Button>
    ) : (
      <Button onClick={onClose} disabled={busy}>
        {stage.step === 'refused' ? '关闭' : '取消'}
      </Button>
    );

  return (
    <Modal
      open
      title="上传运单表批量发货"
      width={900}
      footer={footer}
      onCancel={busy ? undefined : onClose}
      closable={!busy}
      maskClosable={false}
      destroyOnHidden
    >
      {stage.step === 'choose' && (
        <Space orientation="vertical" className="full-width">
          <Typography.Paragraph type="secondary">
            第 1
            行为列名：订单号、快递公司（名称或编码）、运单号；有多个待发货包裹的订单再加「包裹」列，填包裹序号（1、2…）。
            每行一个包裹，最多 {TRACKING_SHEET_MAX_ROWS} 行、{MB} MB；支持 .xlsx 和 .csv（含 Excel
            中文版保存的 CSV）。先预览每一行，确认后一起发货；有一行不能发货就一个都不发。
          </Typography.Paragraph>
          <Button icon={<DownloadOutlined />} onClick={saveTemplate}>
            下载模板
          </Button>
          <Upload.Dragger
            accept=".xlsx,.csv"
            showUploadList={false}
            beforeUpload={(file) => {
              if (!/\.(xlsx|csv)$/i.test(file.name)) notify.error('仅支持 .xlsx 或 .csv 文件');
              else if (file.size > TRACKING_SHEET_MAX_BYTES) notify.error(`运单表不能超过 ${MB} MB`);
              else void check(file);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">点击或拖入运单表（.xlsx / .csv）</p>
          </Upload.Dragger>
        </Space>
      )}
      {busy && (
        <Space orientation="vertical" className="full-width" aria-live="polite">
          <Typography.Text>
            {stage.file.name}：
            {stage.sent < 1 ? '正在上传' : stage.step === 'checking' ? '正在逐行检查…' : '正在发货…'}
          </Typography.Text>
          <Progress
            percent={stage.sent < 1 ? Math.round(stage.sent * 90) : 95}
            status="active"
            aria-label="上传进度"
          />
        </Space>
      )}
      {stage.step === 'checked' && (
        <Space orientation="vertical" className="full-width">
          <Typography.Text strong>预览：{stage.file.name}</Typography.Text>
          {stage.result.errors.length > 0 ? (
            <Alert
              type="error"
              showIcon
              title={`共 ${stage.result.errors.length} 处问题，改好表格后重新选择文件；有问题时一个包裹都不会发货`}
              description={<Problems errors={stage.result.errors} />}
            />
          ) : (
            <Alert
              type="success"
              showIcon
              title={`检查通过：${stage.result.rows.length} 行可以发货，尚未发货`}
            />
          )}
          {stage.result.rows.length > 0 && <PreviewTable rows={stage.result.rows} />}
        </Space>
      )}
      {stage.step === 'done' && (
        <Result
          status="success"
          title="发货完成"
          subTitle={`${stage.result.rows.length} 行、${stage.result.shipped} 个包裹已发货，会员已收到发货通知`}
        />
      )}
      {stage.step === 'refused' && (
        <Space orientation="vertical" className="full-width">
          <Alert type="error" showIcon title={stage.message} />
          {stage.errors.length > 1 && <Problems errors={stage.errors} />}
          <Button onClick={() => setStage({ step: 'choose' })}>重新选择文件</Button>
        </Space>
      )}
    </Modal>
  );
}
