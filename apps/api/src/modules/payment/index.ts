/** The payment module's face (docs/design.md 'Modules and their faces'): code outside the module imports only this. */

export { createPaymentAdminService, type PaymentAdminService, type PaymentConfigRow } from './payment.admin';
export { paymentCommands } from './payment.cli';
export {
  type ChannelNotice,
  type ChannelRefundState,
  isRefusal,
  type NotifyAcknowledgement,
  type NotifyHeaders,
  type NotifyPayload,
  NotifyStatus,
  plainAcknowledgement,
  SIGNATURE_HEADER,
} from './payment.provider';
export { createPaymentProviders } from './payment.providers';
export type { PaymentSettlement } from './payment.repository';
export { paymentRoutes } from './payment.routes';
export {
  createPaymentService,
  NotifyReasons,
  type NotifyResult,
  type OnlineMethod,
  PaymentMessages,
  type PaymentService,
  paidTime,
  QR_TRADE_TIMEOUT_MS,
  tradeRef,
} from './payment.service';
export {
  createPaymentRefundService,
  type PaymentRefundRow,
  type PaymentRefundService,
  type RefundChannel,
} from './refund.service';
export { SANDBOX_PROVIDER } from './sandbox.provider';
