import { lookupLabel } from './labels';

/** Deposit-log entry types (spec §3 'Deposit log'). */
export const DepositLogType = {
  CashRecharge: 1,
  BankTransferRecharge: 2,
  OrderPayment: 3,
  OrderCancel: 4,
  OrderRefund: 5,
  SystemGift: 6,
  OnlineRecharge: 7,
  /** A company's account invoice paid from a member's deposit (issue #38). */
  InvoicePayment: 8,
} as const;
export type DepositLogType = (typeof DepositLogType)[keyof typeof DepositLogType];

export const DEPOSIT_LOG_TYPE_LABELS: Readonly<Record<DepositLogType, string>> = {
  [DepositLogType.CashRecharge]: '现金充值',
  [DepositLogType.BankTransferRecharge]: '银行转账充值',
  [DepositLogType.OrderPayment]: '订单支付',
  [DepositLogType.OrderCancel]: '订单取消',
  [DepositLogType.OrderRefund]: '订单退款',
  [DepositLogType.SystemGift]: '系统赠送',
  [DepositLogType.OnlineRecharge]: '在线充值',
  [DepositLogType.InvoicePayment]: '账期还款',
};

/** Chinese label of a deposit-log entry type, '暂无' when unknown (spec §3). */
export function depositLogTypeLabel(type: number | string | null | undefined): string {
  return lookupLabel(DEPOSIT_LOG_TYPE_LABELS, type);
}
