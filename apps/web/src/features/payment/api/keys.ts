import type { Currency } from '@shop/domain';

/** What findPayStatus/ is asked about: a trade (an online attempt) or, without one, an order. */
export type PayStatusTarget = { tradeNo: string } | { orderId: number };

export interface PageQuery {
  pageNo: number;
  pageSize: number;
}

/** Query keys of the payment feature: payment methods, amounts due, payment status, deposit log, recharges. */
export const paymentKeys = {
  all: ['payment'] as const,
  configs: () => [...paymentKeys.all, 'configs'] as const,
  /** ratePrice/ with an order: the amount due in one currency. */
  orderPrices: () => [...paymentKeys.all, 'order-price'] as const,
  orderPrice: (orderId: number, currency: Currency) =>
    [...paymentKeys.orderPrices(), { orderId, currency }] as const,
  statuses: () => [...paymentKeys.all, 'status'] as const,
  status: (target: PayStatusTarget) => [...paymentKeys.statuses(), target] as const,
  depositLogs: () => [...paymentKeys.all, 'deposit-log'] as const,
  depositLog: (page: PageQuery) => [...paymentKeys.depositLogs(), page] as const,
  recharges: () => [...paymentKeys.all, 'recharge'] as const,
  rechargeList: (page: PageQuery) => [...paymentKeys.recharges(), page] as const,
  /** A bank transfer's slip (the image); under recharges(), so a new upload asks for it again. */
  slip: (rechargeNo: string) => [...paymentKeys.recharges(), 'slip', rechargeNo] as const,
};
