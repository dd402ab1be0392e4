import { type ReconciliationRun, RUN_STATUS_LABELS, RUN_TRIGGER_LABELS } from '@shop/domain';
import { Alert, Descriptions, Spin, Tag } from 'antd';
import { formatTime } from '@/lib/date';
import { providerName } from './run-form';

const STATUS_COLORS = { running: 'processing', done: 'success', failed: 'error' } as const;

/** Where a run stands: running (with a spinner), its counts once done, or why it failed. */
export function RunSummary({ run }: { run: ReconciliationRun }) {
  return (
    <div className="reconciliation-summary">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, md: 3 }}
        items={[
          { key: 'day', label: '对账', children: `${providerName(run.provider)} ${run.day}` },
          {
            key: 'status',
            label: '状态',
            children: <Tag color={STATUS_COLORS[run.status]}>{RUN_STATUS_LABELS[run.status]}</Tag>,
          },
          {
            key: 'by',
            label: '发起',
            children: `${RUN_TRIGGER_LABELS[run.trigger] ?? run.trigger} ${run.actor} ${formatTime(run.startedAt)}`,
          },
          ...(run.status === 'done'
            ? [
                { key: 'lines', label: '渠道账单', children: `${run.statementLines} 笔` },
                { key: 'matched', label: '一致', children: `${run.matched} 笔` },
                { key: 'differences', label: '差异', children: `${run.differences} 笔` },
              ]
            : []),
        ]}
      />
      {run.status === 'running' ? (
        <div className="reconciliation-running">
          <Spin /> 正在下载渠道账单并逐笔核对…
        </div>
      ) : null}
      {run.status === 'failed' ? (
        <Alert type="error" showIcon title="对账失败" description={run.error} />
      ) : null}
    </div>
  );
}
