import { type AdminRecharge, rechargeStatusSchema } from '@shop/domain';
import { Card } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { useApproveRecharge } from '@/features/recharges/api/approve-recharge';
import { useRechargeList } from '@/features/recharges/api/list-recharges';
import { useRejectRecharge } from '@/features/recharges/api/reject-recharge';
import { ApproveDialog } from '@/features/recharges/components/approve-dialog';
import { RechargeFilters, type RechargeStatusFilter } from '@/features/recharges/components/recharge-filters';
import { RechargeTable } from '@/features/recharges/components/recharge-table';
import { RejectDialog } from '@/features/recharges/components/reject-dialog';

const DEFAULT_PAGE_SIZE = 20;

function positive(value: string | null): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/**
 * The filters in the address bar (?status=pending|credited|rejected|cancelled|all, the dashboard links to
 * ?status=pending); without one the pending transfers show, which are what this page is for.
 */
function useRechargeQuery() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status: RechargeStatusFilter =
    raw === 'all' ? 'all' : (rechargeStatusSchema.safeParse(raw).data ?? 'pending');
  const keyword = params.get('keyword') || undefined;
  const pageNo = positive(params.get('pageNo')) ?? 1;
  const pageSize = positive(params.get('pageSize')) ?? DEFAULT_PAGE_SIZE;
  const go = (
    next: { status: RechargeStatusFilter; keyword: string | undefined },
    page: number,
    size: number,
  ) => {
    const search = new URLSearchParams();
    if (next.status !== 'pending') search.set('status', next.status);
    if (next.keyword) search.set('keyword', next.keyword);
    if (page > 1) search.set('pageNo', String(page));
    if (size !== DEFAULT_PAGE_SIZE) search.set('pageSize', String(size));
    setParams(search);
  };
  return { status, keyword, pageNo, pageSize, go };
}

/** 充值审核: the bank transfers members reported, to match against the bank statement and approve or reject. */
export default function RechargesPage() {
  const { status, keyword, pageNo, pageSize, go } = useRechargeQuery();
  const list = useRechargeList({
    status: status === 'all' ? undefined : status,
    keyword,
    pageNo,
    pageSize,
  });
  const approve = useApproveRecharge();
  const reject = useRejectRecharge();
  const [rejecting, setRejecting] = useState<AdminRecharge>();
  const [approving, setApproving] = useState<AdminRecharge>();
  const busy = approve.isPending
    ? approve.variables?.rechargeNo
    : reject.isPending
      ? reject.variables?.rechargeNo
      : undefined;

  return (
    <Card title="充值审核">
      <RechargeFilters status={status} keyword={keyword} onChange={(next) => go(next, 1, pageSize)} />
      {list.isError ? (
        <LoadFailed title="充值单加载失败" error={list.error} retry={list.refetch} />
      ) : (
        <RechargeTable
          items={list.data?.items ?? []}
          totalCount={list.data?.totalCount ?? 0}
          pageNo={pageNo}
          pageSize={pageSize}
          loading={list.isFetching}
          busy={busy}
          onPage={(page, size) => go({ status, keyword }, size === pageSize ? page : 1, size)}
          onApprove={setApproving}
          onReject={setRejecting}
        />
      )}
      <ApproveDialog
        recharge={approving}
        pending={approve.isPending}
        onClose={() => setApproving(undefined)}
        onApprove={(input) => {
          if (approving)
            approve.mutate(
              { rechargeNo: approving.rechargeNo, ...input },
              { onSuccess: () => setApproving(undefined) },
            );
        }}
      />
      <RejectDialog
        recharge={rejecting}
        pending={reject.isPending}
        onClose={() => setRejecting(undefined)}
        onReject={(reason) => {
          if (rejecting)
            reject.mutate(
              { rechargeNo: rejecting.rechargeNo, reason },
              { onSuccess: () => setRejecting(undefined) },
            );
        }}
      />
    </Card>
  );
}
