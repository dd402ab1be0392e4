import { AFTER_SALE_TYPE_LABELS } from '@shop/domain';
import { Link } from 'react-router';
import { QueryView } from '@/components/query-view';
import { formatDateTime } from '@/lib/date';
import { paths } from '@/lib/paths';
import { orderMayClaim } from '../after-sale-state';
import { useOrderAfterSales } from '../api/get-after-sale-list';
import { AfterSaleStateBadge } from './after-sale-state-badge';
import '../aftersale.css';

/** What an order's page tells these parts about the order. */
interface OrderFacts {
  id: number;
  status: number;
  /** False on a colleague's order of the member's company (issue #38): not the member's to claim. */
  mine?: boolean | undefined;
}

/**
 * 申请售后 among an order's actions, once its goods are on their way or delivered (status 80, 90, 100); styled as
 * the page's other actions (`className`).
 */
export function AfterSaleApplyLink({ order, className }: { order: OrderFacts; className?: string }) {
  if (!orderMayClaim(order)) return null;
  return (
    <Link to={paths.member.afterSaleNew(order.id)} className={className}>
      申请售后
    </Link>
  );
}

/**
 * The order's after-sales on its page (售后): each with its number, type and state, opening its page. Shown only when
 * there are some; a failed load says so in the block, with 重新加载.
 */
export function OrderAfterSales({ order }: { order: OrderFacts }) {
  const list = useOrderAfterSales(order.id, orderMayClaim(order));
  if (!orderMayClaim(order)) return null;
  if (list.isPending || (list.data && list.data.items.length === 0)) return null;
  return (
    <section className="panel aftersale-order-block" aria-labelledby="order-aftersales">
      <h2 id="order-aftersales">售后</h2>
      <QueryView query={list} compact>
        {(answer) => (
          <ul className="aftersale-order-list">
            {answer.items.map((item) => (
              <li key={item.id} data-testid="order-aftersale">
                <Link to={paths.member.afterSale(item.id)}>{item.afterSaleNo}</Link>
                <span>{AFTER_SALE_TYPE_LABELS[item.type]}</span>
                <AfterSaleStateBadge state={item.state} />
                <span className="muted">{formatDateTime(item.createdAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </section>
  );
}
