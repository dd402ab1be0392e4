import { OrderStatus, orderStatusLabel } from '@shop/domain';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Pager } from '@/components/pager';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/skeleton';
import { listQuery, positiveIntParam } from '@/lib/params';
import { paths } from '@/lib/paths';
import { useScrollStrip } from '@/lib/use-scroll-strip';
import { useOrderList } from '../api/get-order-list';
import { OrderCard } from './order-card';
import '../order.css';

/** Orders per page (orderList/ default). */
export const ORDER_PAGE_SIZE = 10;

/** The status tabs of the order list; labels are the domain's (spec §4 'Order status'). */
const TABS: readonly (number | undefined)[] = [
  undefined,
  OrderStatus.NotPaid,
  OrderStatus.Paid,
  OrderStatus.AwaitingDispatch,
  OrderStatus.Shipped,
  OrderStatus.InTransit,
  OrderStatus.Finished,
  OrderStatus.Cancelled,
];

function tabOf(value: string | null): number | undefined {
  if (value === null || !/^-?\d+$/.test(value)) return undefined;
  const status = Number(value);
  return TABS.includes(status) ? status : undefined;
}

/**
 * The member's orders (spec §2 /member/order): a tab per status, one page at a time; the tab and page live in
 * the address so that back returns to them.
 */
export function OrderListView({ onCartChanged }: { onCartChanged: () => void }) {
  const [params, setParams] = useSearchParams();
  const status = tabOf(params.get('status'));
  const pageNo = positiveIntParam(params.get('pageNo')) ?? 1;
  const list = useOrderList({ pageNo, pageSize: ORDER_PAGE_SIZE, status });
  // On phones the later tabs are past the right edge: the chosen one is scrolled into view.
  const tabsRef = useScrollStrip<HTMLDivElement>('[aria-selected="true"]', status);

  const go = (next: { status?: number; pageNo?: number }) =>
    setParams(listQuery({ status: next.status }, next.pageNo));

  return (
    <div className="order-page">
      <div className="order-tabs" role="tablist" aria-label="订单状态" ref={tabsRef}>
        {TABS.map((tab) => (
          <button
            key={tab ?? 'all'}
            type="button"
            role="tab"
            aria-selected={tab === status}
            className="order-tab"
            onClick={() => go({ status: tab })}
          >
            {tab === undefined ? '全部' : orderStatusLabel(tab)}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        <QueryView
          query={list}
          loading={<Skeleton lines={5} />}
          isEmpty={(data) => data.items.length === 0}
          empty={
            <EmptyState
              title="暂无订单"
              actions={
                <Link to={paths.products()} className="btn btn-primary">
                  去逛逛
                </Link>
              }
            />
          }
        >
          {(data) => (
            <>
              <ul className="order-list" aria-busy={list.isFetching}>
                {data.items.map((order) => (
                  <OrderCard key={order.id} order={order} onCartChanged={onCartChanged} />
                ))}
              </ul>
              <Pager
                className="order-pager"
                pageNo={pageNo}
                pageSize={ORDER_PAGE_SIZE}
                totalCount={data.totalCount}
                onChange={(page) => go({ status, pageNo: page })}
              />
            </>
          )}
        </QueryView>
      </div>
    </div>
  );
}
