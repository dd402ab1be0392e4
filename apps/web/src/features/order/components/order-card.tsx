import { effectiveOrderStatus, goodsCountText, type OrderSummary, waitingText } from '@shop/domain';
import { Link } from 'react-router';
import { ProductImage } from '@/components/product-image';
import { paths } from '@/lib/paths';
import { formatDateTime, orderPrice, orderStatusText } from '../order-format';
import { OrderActions } from './order-actions';

/** Thumbnails shown on a card; the rest is counted. */
const THUMBS = 5;

/**
 * One order of the list: number, date, status (effective, spec §4), goods, the pre-ordered pieces still waiting
 * for stock and when they are expected (issue #39), total and actions.
 */
export function OrderCard({ order, onCartChanged }: { order: OrderSummary; onCartChanged: () => void }) {
  const status = effectiveOrderStatus(order);
  const shown = order.items.slice(0, THUMBS);
  const waiting = order.items.filter((item) => item.waiting > 0);
  return (
    <li className="order-card panel">
      <header className="order-card-head">
        <Link to={paths.order(order.id)} className="order-no">
          订单号 {order.orderNo}
        </Link>
        <span className="muted">{formatDateTime(order.createdAt)}</span>
        {order.placedBy !== undefined && (
          <span className="order-placed-by">{order.mine ? '我下的单' : `下单人 ${order.placedBy}`}</span>
        )}
        <span className="order-status" data-status={status}>
          {orderStatusText(order)}
        </span>
      </header>
      <Link
        to={paths.order(order.id)}
        className="order-card-goods"
        aria-label={`订单 ${order.orderNo} 的商品`}
      >
        {shown.map((item) => (
          <ProductImage key={item.id} path={item.image} alt={item.skuName || item.name} width={64} />
        ))}
        {order.items.length > THUMBS && <span className="muted">+{order.items.length - THUMBS}</span>}
        {order.items.length === 1 && shown[0] && (
          <span className="order-card-single">{shown[0].skuName || shown[0].name}</span>
        )}
      </Link>
      {waiting.length > 0 && (
        <ul className="order-card-waiting" aria-label="等待到货的预订商品">
          {waiting.map((item) => (
            <li key={item.id}>
              <span className="order-card-waiting-name">{item.skuName || item.name}</span>
              <span className="pre-order-badge">{waitingText(item)}</span>
            </li>
          ))}
        </ul>
      )}
      <footer className="order-card-foot">
        <span>
          {goodsCountText(order)} · 合计{' '}
          <strong className="price price-strong">{orderPrice(order.totalPrice, order.currency)}</strong>
        </span>
        <OrderActions order={order} onCartChanged={onCartChanged} showDetailLink />
      </footer>
    </li>
  );
}
