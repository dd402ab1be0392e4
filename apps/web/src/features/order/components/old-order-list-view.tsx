import { oldOrderStatusLabel } from '@shop/domain';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState, ErrorState } from '@/components/empty-state';
import { Pager } from '@/components/pager';
import { Skeleton } from '@/components/skeleton';
import { toApiError } from '@/lib/api-client';
import { positiveIntParam } from '@/lib/params';
import { useOldOrderList } from '../api/get-old-order-list';
import { formatDateTime, orderPrice } from '../order-format';
import '../order.css';

const OLD_ORDER_PAGE_SIZE = 10;

/** The member's orders from the old system (spec §2 /member/oldOrder), with their own status labels (§4). */
export function OldOrderListView() {
  const [params, setParams] = useSearchParams();
  const pageNo = positiveIntParam(params.get('pageNo')) ?? 1;
  const list = useOldOrderList({ pageNo, pageSize: OLD_ORDER_PAGE_SIZE });

  let body: ReactNode;
  if (list.isPending) body = <Skeleton lines={5} />;
  else if (list.isError) {
    body = <ErrorState message={toApiError(list.error).message} onRetry={() => void list.refetch()} />;
  } else if (list.data.items.length === 0) {
    body = <EmptyState title="暂无历史订单" />;
  } else {
    body = (
      <>
        <ul className="order-list" aria-busy={list.isFetching}>
          {list.data.items.map((order) => (
            <li key={order.id} className="order-card panel">
              <header className="order-card-head">
                <span className="order-no">订单号 {order.orderNo}</span>
                <span className="muted">{formatDateTime(order.orderedAt)}</span>
                <span className="order-status">{oldOrderStatusLabel(order.status)}</span>
              </header>
              <ul className="old-order-items">
                {order.items.map((item) => (
                  <li key={`${item.name}-${item.skuName}-${item.price}-${item.qty}`}>
                    <span>{item.skuName || item.name}</span>
                    <span className="muted">
                      {orderPrice(item.price, order.currency)} ×{item.qty}
                    </span>
                  </li>
                ))}
              </ul>
              <footer className="order-card-foot">
                <span className="muted">收货人 {order.receiverName || '—'}</span>
                <span>
                  合计{' '}
                  <strong className="price price-strong">
                    {orderPrice(order.totalPrice, order.currency)}
                  </strong>
                </span>
              </footer>
            </li>
          ))}
        </ul>
        <Pager
          className="order-pager"
          pageNo={pageNo}
          pageSize={OLD_ORDER_PAGE_SIZE}
          totalCount={list.data.totalCount}
          onChange={(page) => setParams(page > 1 ? { pageNo: String(page) } : {})}
        />
      </>
    );
  }
  return <div className="order-page">{body}</div>;
}
