/** The order module's face (docs/design.md 'Modules and their faces'): code outside the module imports only this. */

export { createOrderAdminService, type LeavingParcel, type ParcelTracking } from './order.admin';
export { type AfterSaleOrder, DELIVERED_STATUSES, orderForAfterSale } from './order.aftersale';
export { createOrderBulkService, type OrderBulkService } from './order.bulk';
export { orderBulkConsoleRoutes } from './order.bulk.console.routes';
export { type BoughtLine, createOrderBuyerService, type OrderBuyerService } from './order.buyer';
export { orderCommands } from './order.cli';
export { createOrderConsoleService, refundWayOf } from './order.console';
export { orderConsoleRoutes } from './order.console.routes';
export {
  findByRequest,
  type OrderLine,
  type OrderWritesPart,
  orderWritesPart,
  type WrittenOrder,
} from './order.create.repository';
export { latestMemberOrders } from './order.member-summary';
export {
  addRefund,
  amountDueIn,
  cancelPaidOrder,
  endRefunding,
  findOrderForPayment,
  lockOrderForPaymentByNo,
  markOrderPaid,
  OFFLINE_PAY_CHANNEL,
  PAID_NOT_SHIPPED,
  type PayableOrder,
  packStatuses,
  refundLinesOf,
  releaseOf,
  reserveRefunding,
} from './order.payment';
export { createOrderPreOrders, type OrderPreOrders, type WaitingLine } from './order.pre-orders';
export { spentSince } from './order.repository';
export { orderRoutes } from './order.routes';
export { createOrderService, OrderMessages, type OrderService, type OrderStateChange } from './order.service';
export {
  type ParcelOwner,
  parcelOwners,
  type ShippedParcel,
  saveTrackedEvents,
  shippedParcels,
  type TrackedEvent,
} from './order.tracking';
