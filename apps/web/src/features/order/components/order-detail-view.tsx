import {
  Currency,
  countryLabel,
  formatPrice,
  gstLabel,
  type OrderDetail,
  orderStatusLabel,
  packTitle,
  parseProperties,
  payChannelLabel,
  REFUND_STATE_LABELS,
  waitingText,
  warehouseName,
} from '@shop/domain';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PickupPointText } from '@/components/pickup-point';
import { ProductImage } from '@/components/product-image';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/skeleton';
import { majorToMinor } from '@/lib/money';
import { paths } from '@/lib/paths';
import { useOrderDetail } from '../api/get-order-detail';
import { allowedActions, formatDateTime, orderPrice, orderStatusText, packWaits } from '../order-format';
import { LogisticsTimeline } from './logistics-timeline';
import { OrderActions } from './order-actions';
import { OrderAttachments } from './order-attachments';
import { RemarkEditor } from './remark-editor';
import '../order.css';

type Snapshot = NonNullable<OrderDetail['receiver']>;

function AddressBlock({ title, address }: { title: string; address: Snapshot | null }) {
  return (
    <div className="order-address">
      <h3>{title}</h3>
      {address ? (
        <>
          <div>
            <strong>{address.name}</strong> {address.phone}
          </div>
          <div className="muted">
            {[countryLabel(address.country), address.province, address.city, address.district, address.detail]
              .filter((part) => part !== '')
              .join(' ')}
          </div>
        </>
      ) : (
        <p className="muted">未指定</p>
      )}
    </div>
  );
}

/** Where a pickup order is collected: the desk of each pack's warehouse, as it was when the order was placed. */
function PickupBlock({ order }: { order: OrderDetail }) {
  const points = [
    ...new Map(
      order.orderBeans.flatMap((p) => (p.pickup ? [[p.pickup.warehouseId, p.pickup]] : [])),
    ).values(),
  ];
  return (
    // biome-ignore lint/a11y/useSemanticElements: a block of the two-column section, named for screen readers
    <div className="order-address" role="group" aria-label="自提地点">
      <h3>到仓自提</h3>
      {points.length > 0 ? (
        points.map((point) => <PickupPointText key={point.warehouseId} point={point} />)
      ) : (
        <p className="muted">自提地点请联系客服确认</p>
      )}
    </div>
  );
}

/**
 * One pack of the order: its warehouse, status, courier, tracking number and tracking events, and its goods. A
 * parcel split out of another pack (issue #39) has a courier, number and tracking of its own and says where it
 * came from; a pack holding pre-ordered pieces says it leaves once they arrive.
 */
function PackBlock({ order, pack }: { order: OrderDetail; pack: OrderDetail['orderBeans'][number] }) {
  const [tracking, setTracking] = useState(false);
  const label = packTitle(pack.index, pack.splitFrom);
  // A split parcel's shipping was charged with the pack it came out of: no 运费 ¥0.00 of its own.
  const showFee = !order.isPickup && (pack.splitFrom === null || pack.shippingFee > 0);
  return (
    <section className="panel order-section" aria-label={label}>
      <header className="order-section-head">
        <h2>
          {label} · {warehouseName(pack.location) || '其他仓库'}
        </h2>
        <span className="order-status">{orderStatusLabel(pack.status)}</span>
      </header>
      <div className="order-pack-meta muted">
        {order.isPickup ? '到仓自提' : `快递：${pack.courierName || '待定'}`}
        {pack.logisticCode && ` · 物流单号 ${pack.logisticCode}`}
        {showFee && ` · 运费 ${orderPrice(pack.shippingFee, order.currency)}`}
      </div>
      {packWaits(pack) && <p className="order-pack-note">含预订商品，到货后发出</p>}
      <ul className="order-items">
        {pack.items.map((item) => (
          <li key={item.id} className="order-item">
            <ProductImage path={item.image} alt={item.skuName || item.name} width={56} />
            <div className="order-item-name">
              <Link to={paths.product(item.goodsId)}>{item.skuName || item.name}</Link>
              {item.isGift && <span className="order-tag">赠品</span>}
              {parseProperties(item.property).text && (
                <span className="muted order-item-property">{parseProperties(item.property).text}</span>
              )}
              {item.waiting > 0 && <span className="pre-order-badge">{waitingText(item)}</span>}
            </div>
            <span className="order-item-amount">
              <span>{orderPrice(item.price, order.currency)}</span>
              <span className="muted">×{item.qty}</span>
            </span>
          </li>
        ))}
      </ul>
      {pack.logisticCode && (
        <div className="order-tracking">
          <button
            type="button"
            className="link-button order-link"
            aria-expanded={tracking}
            onClick={() => setTracking((v) => !v)}
          >
            {tracking ? '收起物流' : '查看物流'}
          </button>
          {tracking && <LogisticsTimeline logisticCode={pack.logisticCode} />}
        </div>
      )}
    </section>
  );
}

function NotFound() {
  return (
    <EmptyState
      title="订单不存在"
      description="该订单可能已被删除，或不属于当前账号。"
      actions={
        <Link to={paths.member.order()} className="btn btn-primary">
          返回我的订单
        </Link>
      }
    />
  );
}

/**
 * The order's gifts that no pack lists: a gift chosen at checkout is already a 0-price line, tagged 赠品, in
 * the pack it ships in (named by its SKU name, as promotionsGift names it), so only gifts without such a line get
 * the separate list.
 */
export function giftsOutsidePacks(order: OrderDetail): OrderDetail['promotionsGift'] {
  const inPacks = new Set(
    order.orderBeans.flatMap((pack) =>
      pack.items
        .filter((item) => item.isGift)
        .map((item) => giftKey(item.skuName || item.name, item.property)),
    ),
  );
  return order.promotionsGift.filter((gift) => !inPacks.has(giftKey(gift.name, gift.property)));
}

function giftKey(name: string, property: Record<string, string>): string {
  return JSON.stringify([name, Object.entries(property).sort(([a], [b]) => a.localeCompare(b))]);
}

/**
 * One order (spec §2 /order/{id}, §3 'Order'): status, packs (split parcels among them, each with its own courier
 * and tracking) with their goods and the pre-ordered pieces still waiting, gifts, amounts, receiver and sender as
 * ordered, the remark, package photos and the actions.
 */
export function OrderDetailView({
  orderId,
  onCartChanged,
  extraActions,
  extraSections,
  headNotice,
}: {
  orderId: number | undefined;
  onCartChanged: () => void;
  /** Actions of other parts of the shop about this order (联系客服), added by the route. */
  extraActions?: (order: OrderDetail) => ReactNode;
  /** Sections of other parts of the shop about this order (发票), shown after the amounts. */
  extraSections?: (order: OrderDetail) => ReactNode;
  /** A word from another part of the shop under the order's status (a company's approval). */
  headNotice?: (order: OrderDetail) => ReactNode;
}) {
  const detail = useOrderDetail(orderId);
  if (orderId === undefined) return <NotFound />;
  return (
    <QueryView query={detail} loading={<Skeleton lines={8} />} notFound={<NotFound />}>
      {(order) => (
        <OrderDetailBody
          order={order}
          onCartChanged={onCartChanged}
          extraActions={extraActions}
          extraSections={extraSections}
          headNotice={headNotice}
        />
      )}
    </QueryView>
  );
}

function OrderDetailBody({
  order,
  onCartChanged,
  extraActions,
  extraSections,
  headNotice,
}: {
  order: OrderDetail;
  onCartChanged: () => void;
  extraActions?: (order: OrderDetail) => ReactNode;
  extraSections?: (order: OrderDetail) => ReactNode;
  headNotice?: (order: OrderDetail) => ReactNode;
}) {
  const gifts = giftsOutsidePacks(order);
  const price = (amount: number) => orderPrice(amount, order.currency);
  const taxText = (o: OrderDetail) =>
    formatPrice(
      majorToMinor(o.gst) - (o.gstIncluded ? 0 : majorToMinor(o.gstPrice)),
      o.currency === 'AUD' ? Currency.AUD : Currency.CNY,
    );
  return (
    <div className="order-detail">
      <section className="panel order-section order-summary-head">
        <div className="order-section-head">
          <h2>订单号 {order.orderNo}</h2>
          <span className="order-status-group">
            <span className="order-status order-status-big" data-testid="order-status">
              {orderStatusText(order)}
            </span>
            {order.refundState && (
              <span
                className={`order-refund-state order-refund-${order.refundState}`}
                data-testid="order-refund-state"
              >
                {REFUND_STATE_LABELS[order.refundState]}
              </span>
            )}
          </span>
        </div>
        <div className="muted order-times">
          <span>下单时间 {formatDateTime(order.createdAt)}</span>
          {order.placedBy !== undefined && !order.mine && <span>下单人 {order.placedBy}（公司订单）</span>}
          {order.paidAt && <span>付款时间 {formatDateTime(order.paidAt)}</span>}
          {order.finishedAt && <span>完成时间 {formatDateTime(order.finishedAt)}</span>}
          {order.cancelledAt && <span>取消时间 {formatDateTime(order.cancelledAt)}</span>}
        </div>
        {headNotice?.(order)}
        <OrderActions order={order} onCartChanged={onCartChanged}>
          {extraActions?.(order)}
        </OrderActions>
      </section>

      {order.orderBeans.map((pack) => (
        <PackBlock key={pack.id} order={order} pack={pack} />
      ))}

      {gifts.length > 0 && (
        <section className="panel order-section" aria-labelledby="order-gifts">
          <h2 id="order-gifts">赠品</h2>
          <ul className="order-gifts">
            {gifts.map((gift) => (
              <li key={`${gift.name}-${JSON.stringify(gift.property)}`} className="order-gift">
                <span>{gift.name}</span>
                <span className="muted">{parseProperties(gift.property).text}</span>
                <span className="muted">×{gift.qty}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="panel order-section order-two-columns">
        {order.isPickup ? (
          <PickupBlock order={order} />
        ) : (
          <AddressBlock title="收货人" address={order.receiver} />
        )}
        <AddressBlock title="发件人" address={order.sender} />
      </section>

      <section className="panel order-section" aria-labelledby="order-amounts">
        <h2 id="order-amounts">订单金额</h2>
        <dl className="order-amounts">
          <dt>商品金额</dt>
          <dd>{price(order.goodsPrice)}</dd>
          <dt>优惠</dt>
          <dd>{price(-order.promotionsSum)}</dd>
          <dt>运费</dt>
          <dd>{price(order.otherPrice)}</dd>
          <dt>税费</dt>
          {/* gst holds the GST when it was added (ADR 038): it has its own line, the tax line the rest. */}
          <dd>{taxText(order)}</dd>
          {order.gstPrice > 0 && (
            <>
              <dt>GST</dt>
              <dd data-testid="order-gst">{`${gstLabel(order.gstIncluded)} ${price(order.gstPrice)}`}</dd>
            </>
          )}
          <dt>其他费用合计</dt>
          <dd data-testid="order-other">{price(order.allOtherPrice)}</dd>
          <dt>应付总额</dt>
          <dd>
            <strong className="price price-strong" data-testid="order-total">
              {price(order.totalPrice)}
            </strong>
          </dd>
          {order.payChannel !== null && (
            <>
              <dt>支付方式</dt>
              <dd data-testid="order-pay-channel">
                {order.payChannelName || payChannelLabel(order.payChannel)}
              </dd>
            </>
          )}
          {order.paidPrice !== null && (
            <>
              <dt>实付金额</dt>
              <dd data-testid="order-paid">
                {orderPrice(order.paidPrice, order.paidCurrency ?? order.currency)}
              </dd>
            </>
          )}
          {order.refundedPrice > 0 && (
            <>
              <dt>已退款</dt>
              <dd data-testid="order-refunded">
                {orderPrice(order.refundedPrice, order.paidCurrency ?? order.currency)}
              </dd>
            </>
          )}
          {order.refundingPrice > 0 && (
            <>
              <dt>退款中</dt>
              <dd data-testid="order-refunding">
                {orderPrice(order.refundingPrice, order.paidCurrency ?? order.currency)}
                <span className="muted">（原路退回，到账后通知您）</span>
              </dd>
            </>
          )}
        </dl>
      </section>

      {extraSections?.(order)}

      <section className="panel order-section" aria-labelledby="order-remark">
        <h2 id="order-remark">订单备注</h2>
        <RemarkEditor
          orderId={order.id}
          remark={order.memberRemark}
          editable={allowedActions(order).remark}
        />
      </section>

      <section className="panel order-section" aria-labelledby="order-photos">
        <h2 id="order-photos">包裹照片</h2>
        <OrderAttachments orderId={order.id} />
      </section>
    </div>
  );
}
