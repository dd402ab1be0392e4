import type { ReconciliationDifference } from '@shop/domain';
import { Card, Empty, Skeleton } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import {
  useRecentRuns,
  useReconciliationProviders,
  useRun,
  useSettleDifference,
  useStartRun,
} from '@/features/reconciliation/api/reconciliation';
import { DifferenceTable } from '@/features/reconciliation/components/difference-table';
import { RecentRuns } from '@/features/reconciliation/components/recent-runs';
import { RunForm } from '@/features/reconciliation/components/run-form';
import { RunSummary } from '@/features/reconciliation/components/run-summary';
import { SettleDialog } from '@/features/reconciliation/components/settle-dialog';

/**
 * 对账 (ADR 036): run a channel's day against the shop's books, follow it, and settle each difference with a
 * note. The run followed is in the address bar (?run=ID), so a reload keeps it.
 */
export default function ReconciliationPage() {
  const [params, setParams] = useSearchParams();
  const runId = Number(params.get('run')) || undefined;
  const follow = (id: number) => setParams(new URLSearchParams({ run: String(id) }));
  const providers = useReconciliationProviders();
  const recent = useRecentRuns();
  const run = useRun(runId);
  const start = useStartRun((started) => follow(started.id));
  const settle = useSettleDifference();
  const [settling, setSettling] = useState<ReconciliationDifference>();

  if (providers.isError)
    return <LoadFailed title="对账渠道加载失败" error={providers.error} retry={providers.refetch} />;
  return (
    <div className="reconciliation-page">
      <Card title="对账">
        {providers.isPending ? (
          <Skeleton active paragraph={{ rows: 1 }} />
        ) : providers.data.items.length === 0 ? (
          <Empty description="没有可对账的支付渠道（渠道未启用或不提供对账单）" />
        ) : (
          <RunForm
            providers={providers.data.items}
            pending={start.isPending}
            onRun={(input) => start.mutate(input)}
          />
        )}
      </Card>
      {runId !== undefined ? (
        <Card title="对账结果" style={{ marginTop: 16 }}>
          {run.isError ? (
            <LoadFailed title="对账结果加载失败" error={run.error} retry={run.refetch} />
          ) : run.isPending ? (
            <Skeleton active />
          ) : (
            <>
              <RunSummary run={run.data.run} />
              {run.data.run.status === 'running' ? null : (
                <DifferenceTable
                  items={run.data.differences}
                  loading={run.isFetching}
                  busy={settle.isPending ? settle.variables?.id : undefined}
                  onSettle={setSettling}
                />
              )}
            </>
          )}
        </Card>
      ) : null}
      <Card title="最近对账" style={{ marginTop: 16 }}>
        {recent.isError ? (
          <LoadFailed title="对账记录加载失败" error={recent.error} retry={recent.refetch} />
        ) : (
          <RecentRuns loading={recent.isPending} items={recent.data?.items ?? []} onOpen={follow} />
        )}
      </Card>
      <SettleDialog
        difference={settling}
        pending={settle.isPending}
        onClose={() => setSettling(undefined)}
        onSettle={(note) =>
          settling && settle.mutate({ id: settling.id, note }, { onSuccess: () => setSettling(undefined) })
        }
      />
    </div>
  );
}
