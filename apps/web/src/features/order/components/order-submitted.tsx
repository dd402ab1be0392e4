import { effectiveOrderStatus, orderStatusLabel } from '@shop/domain';
import { Link } from 'react-router';
import { EmptyState, ErrorState } from '@/components/empty-state';
import { Skeleton } from '@/components/skeleton';
import { toApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useOrderDetail } from '../api/get-order-detail';
import { orderPrice } from '../order-format';
import '../order.css';

/**
 * What /payment shows until the payment channels arrive: the order just placed, read from the order detail
 * (its number, amount and status) with the way to it and to the order list.
 */
export function OrderSubmitted({ orderId }: { orderId: number | undefined }) {
  const detail = useOrderDetail(orderId);
  if (orderId === undefined) {
    return (
      <EmptyState
        title="没有待支付的订单"
        actions={
          <Link to={paths.member.order()} className="btn btn-primary">
            查看我的订单
          </Link>
        }
      />
    );
  }
  if (detail.isPending) return <Skeleton lines={3} />;
  if (detail.isError) {
    return <ErrorState message={toApiError(detail.error).message} onRetry={() => void detail.refetch()} />;
  }
  const order = detail.data;
  return (
    <section className="panel order-submitted" aria-labelledby="order-submitted-title">
      <h2 id="order-submitted-title">订单已提交</h2>
      <dl className="order-amounts order-submitted-facts">
        <dt>订单号</dt>
        <dd>{order.orderNo}</dd>
        <dt>应付金额</dt>
        <dd>
          <strong className="price price-strong">{orderPrice(order.totalPrice, order.currency)}</strong>
        </dd>
        <dt>订单状态</dt>
        <dd>{orderStatusLabel(effectiveOrderStatus(order))}</dd>
      </dl>
      <p className="muted">在线支付即将开放，您可以在订单详情中查看和管理此订单。</p>
      <div className="order-actions">
        <Link to={paths.order(order.id)} className="btn btn-primary">
          查看订单
        </Link>
        <Link to={paths.member.order()} className="btn">
          我的订单
        </Link>
      </div>
    </section>
  );
}
