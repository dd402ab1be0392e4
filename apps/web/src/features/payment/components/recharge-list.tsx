import type { ReactNode } from 'react';
import { useState } from 'react';
import { EmptyState, ErrorState } from '@/components/empty-state';
import { Pager } from '@/components/pager';
import { Skeleton } from '@/components/skeleton';
import { toApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/date';
import { formatMajorPrice } from '@/lib/money';
import { useRechargeList } from '../api/get-recharge-list';

const RECHARGE_PAGE_SIZE = 10;

/** The member's recharges with their review status (待确认, 已到账, 已驳回, 已取消). */
export function RechargeList() {
  const [pageNo, setPageNo] = useState(1);
  const list = useRechargeList({ pageNo, pageSize: RECHARGE_PAGE_SIZE });
  let body: ReactNode;
  if (list.isPending) body = <Skeleton lines={3} title={false} />;
  else if (list.isError) {
    body = <ErrorState message={toApiError(list.error).message} onRetry={() => void list.refetch()} />;
  } else if (list.data.items.length === 0) {
    body = <EmptyState title="暂无充值记录" />;
  } else {
    body = (
      <>
        <ul className="recharge-list" aria-busy={list.isFetching}>
          {list.data.items.map((r) => (
            <li key={r.rechargeNo} className="recharge-item" aria-label={`充值单 ${r.rechargeNo}`}>
              <div className="recharge-item-head">
                <strong>{r.typeLabel}</strong>
                <span className={`recharge-status recharge-status-${r.status}`}>{r.statusLabel}</span>
              </div>
              <div className="recharge-item-body">
                <strong className="price">{formatMajorPrice(r.amount, r.currency)}</strong>
                <span className="muted">
                  {r.rechargeNo} · {formatDateTime(r.createdAt)}
                </span>
                {r.reference && <span className="muted">付款人/流水号：{r.reference}</span>}
                {r.note && <span className="muted">备注：{r.note}</span>}
              </div>
            </li>
          ))}
        </ul>
        <Pager
          pageNo={pageNo}
          pageSize={RECHARGE_PAGE_SIZE}
          totalCount={list.data.totalCount}
          onChange={setPageNo}
        />
      </>
    );
  }
  return (
    <section className="panel recharge-history" aria-labelledby="recharge-history-title">
      <h2 id="recharge-history-title">充值记录</h2>
      {body}
    </section>
  );
}
