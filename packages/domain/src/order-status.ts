import { lookupLabel } from './labels';

/**
 * Order status (spec §4 'Order status'). The numbers are the spec's and travel on the wire; the keys say what
 * each means (the spec names them PUSH_TO_WAREHOUSE, WAREHOUSE_READY, ReadyHandle, DELIVERED, WAITINF_PICKUP and
 * ON_SENDING).
 */
export const OrderStatus = {
  Cancelled: -100,
  NotConfirmed: -1,
  NotPaid: 0,
  Paid: 60,
  PushedToWarehouse: 70,
  WarehouseProcessing: 75,
  AwaitingDispatch: 78,
  Shipped: 80,
  AwaitingPickup: 85,
  InTransit: 90,
  Finished: 100,
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  [OrderStatus.Cancelled]: '已取消',
  [OrderStatus.NotConfirmed]: '待确认',
  [OrderStatus.NotPaid]: '待付款',
  [OrderStatus.Paid]: '已付款',
  [OrderStatus.PushedToWarehouse]: '已推送',
  [OrderStatus.WarehouseProcessing]: '仓库处理中',
  [OrderStatus.AwaitingDispatch]: '待发货',
  [OrderStatus.Shipped]: '已发货',
  [OrderStatus.AwaitingPickup]: '待自提',
  [OrderStatus.InTransit]: '待收货',
  [OrderStatus.Finished]: '已完成',
};

/** Chinese label of an order status, '暂无' when unknown (spec §4). */
export function orderStatusLabel(status: number | string | null | undefined): string {
  return lookupLabel(ORDER_STATUS_LABELS, status);
}

/** The status fields of an order and its per-warehouse parts. */
export interface OrderStatusFields {
  status: number;
  orderBeans?: readonly { status: number }[] | null;
}

/** The status to show: the first orderBean's when it differs from the top-level one (spec §4 'Order status'). */
export function effectiveOrderStatus(order: OrderStatusFields): number {
  const first = order.orderBeans?.[0];
  return first && first.status !== order.status ? first.status : order.status;
}

/** Status of an order from the old system (spec §4 'Old-order status'). */
export const OldOrderStatus = {
  PendingReview: 0,
  Pending: 1,
  Processing: 2,
  AwaitingPickup: 3,
  GoodsHeld: 9,
  AwaitingDispatch: 10,
  AwaitingCollection: 11,
  Shipped: 99,
  Completed: 100,
  Cancelled: -100,
  NotEffective: -1,
} as const;
export type OldOrderStatus = (typeof OldOrderStatus)[keyof typeof OldOrderStatus];

export const OLD_ORDER_STATUS_LABELS: Readonly<Record<OldOrderStatus, string>> = {
  [OldOrderStatus.PendingReview]: '待审核',
  [OldOrderStatus.Pending]: '待处理',
  [OldOrderStatus.Processing]: '处理中',
  [OldOrderStatus.AwaitingPickup]: '待取货',
  [OldOrderStatus.GoodsHeld]: '货物暂扣',
  [OldOrderStatus.AwaitingDispatch]: '待发货',
  [OldOrderStatus.AwaitingCollection]: '待揽收',
  [OldOrderStatus.Shipped]: '已发货',
  [OldOrderStatus.Completed]: '已完成',
  [OldOrderStatus.Cancelled]: '已取消',
  [OldOrderStatus.NotEffective]: '未生效',
};

/** Chinese label of an old-order status, '暂无' when unknown (spec §4). */
export function oldOrderStatusLabel(status: number | string | null | undefined): string {
  return lookupLabel(OLD_ORDER_STATUS_LABELS, status);
}
