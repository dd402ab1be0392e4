import { Currency, effectiveOrderStatus, OrderStatus, type OrderStatusFields } from '@shop/domain';
import { formatMajorPrice } from '@/lib/money';

/** A server time (ISO) as the shopper reads it: '2026-03-01 14:05' in their own time zone; '' when missing. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** An order amount (major units of the order's currency) with its symbol (spec §5). */
export function orderPrice(amount: number, currency: string): string {
  return formatMajorPrice(amount, currency === Currency.AUD ? Currency.AUD : Currency.CNY);
}

/** What the member may do with an order in its (effective, spec §4) status. */
export interface OrderActionsAllowed {
  /** 去付款: not paid yet. */
  pay: boolean;
  /** 取消订单: before payment. */
  cancel: boolean;
  /** 确认收货: once shipped (on its way, or waiting for pickup). */
  finish: boolean;
}

const SHIPPED: readonly number[] = [
  OrderStatus.DELIVERED,
  OrderStatus.WAITINF_PICKUP,
  OrderStatus.ON_SENDING,
];

export function allowedActions(order: OrderStatusFields): OrderActionsAllowed {
  const status = effectiveOrderStatus(order);
  return {
    pay: status === OrderStatus.NotPaid,
    cancel: status === OrderStatus.NotPaid || status === OrderStatus.NotConfirmed,
    finish: SHIPPED.includes(status),
  };
}
