import {
  Currency,
  effectiveOrderStatus,
  OrderStatus,
  type OrderStatusFields,
  type OrderSummary,
  orderStatusLabel,
} from '@shop/domain';
import { formatMajorPrice } from '@/lib/money';

export { formatDateTime } from '@/lib/date';

/** An order amount (major units of the order's currency) with its symbol (spec §5). */
export function orderPrice(amount: number, currency: string): string {
  return formatMajorPrice(amount, currency === Currency.AUD ? Currency.AUD : Currency.CNY);
}

/**
 * How a line of an old order is named (spec §2 /member/oldOrder): the product's name with the SKU's own words
 * after it ('Blackmores 鱼油' + '400粒'), or the SKU name alone when it already holds the product's name.
 */
export function oldOrderItemName(item: { name: string; skuName: string }): { name: string; spec: string } {
  const name = item.name.trim();
  const sku = item.skuName.trim();
  if (sku === '' || name.includes(sku)) return { name, spec: '' };
  if (name === '' || sku.includes(name)) return { name: sku, spec: '' };
  return { name, spec: sku };
}

/** What the member may do with an order in its (effective, spec §4) status. */
export interface OrderActionsAllowed {
  /** 去付款: not paid yet. */
  pay: boolean;
  /** 取消订单: before payment. */
  cancel: boolean;
  /** 确认收货: once shipped (on its way, or waiting for pickup). */
  finish: boolean;
  /** 编辑备注: until the order is finished or cancelled (updateMemberRemark/ refuses then). */
  remark: boolean;
}

const SHIPPED: readonly number[] = [OrderStatus.Shipped, OrderStatus.AwaitingPickup, OrderStatus.InTransit];

/**
 * A company's order placed by a colleague (`mine` false, issue #38) is there to read: only the member who placed
 * an order pays, cancels, confirms or annotates it.
 */
export function allowedActions(
  order: OrderStatusFields & { mine?: boolean | undefined },
): OrderActionsAllowed {
  const status = effectiveOrderStatus(order);
  if (order.mine === false) return { pay: false, cancel: false, finish: false, remark: false };
  return {
    pay: status === OrderStatus.NotPaid,
    cancel: status === OrderStatus.NotPaid || status === OrderStatus.NotConfirmed,
    finish: SHIPPED.includes(status),
    remark: status !== OrderStatus.Cancelled && status !== OrderStatus.Finished,
  };
}

/**
 * The status as the member reads it: the spec's label (spec §4), except that a company's order at 待确认 waits for
 * the company's admin (issue #38), which is the only way a company's order is there: '待审批'.
 */
export function orderStatusText(order: OrderStatusFields & { placedBy?: string | undefined }): string {
  const status = effectiveOrderStatus(order);
  return order.placedBy !== undefined && status === OrderStatus.NotConfirmed
    ? '待审批'
    : orderStatusLabel(status);
}

type OrderPack = OrderSummary['orderBeans'][number];

/** Whether a pack holds pre-ordered pieces still waiting for stock: it leaves once they arrive (issue #39). */
export function packWaits(pack: Pick<OrderPack, 'items'>): boolean {
  return pack.items.some((item) => item.waiting > 0);
}
