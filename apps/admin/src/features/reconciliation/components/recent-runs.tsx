import type { ReconciliationRun } from '@shop/domain';
import { Button, Empty, Skeleton, Tag } from 'antd';
import { providerName } from './run-form';

function outcome(run: ReconciliationRun) {
  if (run.status === 'running') return <Tag color="processing">对账中</Tag>;
  if (run.status === 'failed') return <Tag color="red">失败</Tag>;
  return <Tag color={run.differences > 0 ? 'orange' : 'green'}>差异 {run.differences} 笔</Tag>;
}

/** The latest runs (daily, console, command line), each opened with one click. */
export function RecentRuns({
  items,
  loading,
  onOpen,
}: {
  items: ReconciliationRun[];
  loading: boolean;
  onOpen: (id: number) => void;
}) {
  if (loading) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (items.length === 0) return <Empty description="还没有对账记录" />;
  return (
    <ul className="reconciliation-runs">
      {items.map((run) => (
        <li key={run.id}>
          <span>
            {providerName(run.provider)} {run.day} {outcome(run)}
          </span>
          <Button type="link" size="small" onClick={() => onOpen(run.id)}>
            查看
          </Button>
        </li>
      ))}
    </ul>
  );
}
