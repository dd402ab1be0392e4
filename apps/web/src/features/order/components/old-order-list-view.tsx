import { oldOrderStatusLabel } from '@shop/domain';
import { useSearchParams } from 'react-router';
import { Pager } from '@/components/pager';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/skeleton';
import { positiveIntParam } from '@/lib/params';
import { useOldOrderList } from '../api/get-old-order-list';
import { formatDateTime, oldOrderItemName, orderPrice } from '../order-format';
import '../order.css';

const OLD_ORDER_PAGE_SIZE = 10;

/** The member's orders from the old system (spec §2 /member/oldOrder), with their own status labels (§4). */
export function OldOrderListView() {
  const [params, setParams] = useSearchParams();
  const pageNo = positiveIntParam(params.get('pageNo')) ?? 1;
  const list = useOldOrderList({ pageNo, pageSize: OLD_ORDER_PAGE_SIZE });

  return (
    <div className="order-page">
      <QueryView
        query={list}
        loading={<Skeleton lines={5} />}
        isEmpty={(data) => data.items.length === 0}
        empty="暂无历史订单"
      >
        {(data) => (
          <>
            <ul className="order-list" aria-busy={list.isFetching}>
              {data.items.map((order) => (
                <li key={order.id} className="order-card panel">
                  <header className="order-card-head">
                    <span className="order-no">订单号 {order.orderNo}</span>
                    <span className="muted">{formatDateTime(order.orderedAt)}</span>
                    <span className="order-status">{oldOrderStatusLabel(order.status)}</span>
                  </header>
                  <ul className="old-order-items">
                    {order.items.map((item) => {
                      const { name, spec } = oldOrderItemName(item);
                      return (
                        <li key={`${item.name}-${item.skuName}-${item.price}-${item.qty}`}>
                          <span className="old-order-item-name">
                            {name}
                            {spec && <span className="old-order-item-spec"> {spec}</span>}
                          </span>
                          <span className="muted">
                            {orderPrice(item.price, order.currency)} ×{item.qty}
                          </span>
                        </li>
                      );
                    })}
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
              totalCount={data.totalCount}
              onChange={(page) => setParams(page > 1 ? { pageNo: String(page) } : {})}
            />
          </>
        )}
      </QueryView>
    </div>
  );
}
