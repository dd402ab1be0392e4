import {
  amountIn,
  type Currency,
  type DepositLogItem,
  type PaymentConfig,
  type PayStart,
  type PayStatusResult,
  type Recharge,
  toMajor,
} from '@shop/domain';
import { majorToMinor } from '@/lib/money';
import { ok } from './utils';

/** Builders of payment and deposit wire data (contracts/payment.ts; major units). */

export function method(fields: Partial<PaymentConfig> & { id: number; code: string }): PaymentConfig {
  return {
    name: fields.code,
    kind: 'supay',
    currency: 'AUD',
    description: '',
    forRecharge: true,
    ...fields,
  };
}

/** The shop's methods as the seed has them: both deposits, A01 and W01 in CNY, two supay channels in AUD. */
export const shopMethods: PaymentConfig[] = [
  method({
    id: 1,
    code: 'DepositPay',
    name: '人民币余额支付',
    kind: 'deposit',
    currency: 'CNY',
    forRecharge: false,
  }),
  method({
    id: 2,
    code: 'DepositPayAUD',
    name: '澳币余额支付',
    kind: 'deposit',
    currency: 'AUD',
    forRecharge: false,
  }),
  method({ id: 3, code: 'A01', name: '支付宝', kind: 'syb', currency: 'CNY' }),
  method({ id: 4, code: 'W01', name: '微信支付', kind: 'syb', currency: 'CNY' }),
  method({ id: 5, code: 'SupayAlipay', name: 'Supay 支付宝（澳币）', kind: 'supay', currency: 'AUD' }),
  method({ id: 6, code: 'SupayWechat', name: 'Supay 微信（澳币）', kind: 'supay_proxy', currency: 'AUD' }),
];

/** AUD→CNY rate of the fixtures: 1 AUD = 5 CNY, so a CNY 143.50 order is AUD 28.70. */
export const RATE = 5;

/**
 * ratePrice/ as the server answers it: with an order, its amount due in the chosen currency (the order is in
 * `orderCurrency` for `orderPrice`).
 */
export function ratePriceHandler(order: {
  orderId: number;
  orderNo: string;
  orderCurrency: Currency;
  orderPrice: number;
}) {
  return (body: unknown) => {
    const { currency = order.orderCurrency } = (body ?? {}) as { currency?: Currency };
    // Converted as the API does: on minor units with the domain's rule, rounded half up.
    const price = toMajor(amountIn(majorToMinor(order.orderPrice), order.orderCurrency, currency, RATE));
    return ok({
      rate: '5.0000',
      updatedAt: '2026-01-01T00:00:00.000Z',
      order: { ...order, currency, price },
    });
  };
}

export function payStart(fields: Partial<PayStart> & Pick<PayStart, 'method' | 'action'>): PayStart {
  return {
    tradeNo: 'T2026000001',
    kind: 'supay',
    fields: {},
    currency: 'AUD',
    amount: 28.7,
    ...fields,
  };
}

export function payStatus(fields: Partial<PayStatusResult> = {}): PayStatusResult {
  return {
    status: 'paid',
    purpose: 'order',
    tradeNo: 'T2026000001',
    orderId: 77,
    orderNo: 'SO2026000077',
    rechargeNo: null,
    currency: 'CNY',
    amount: 143.5,
    paidAt: '2026-03-01T06:10:00.000Z',
    ...fields,
  };
}

export function depositLogItem(fields: Partial<DepositLogItem> & { id: number }): DepositLogItem {
  return {
    type: 7,
    typeLabel: '在线充值',
    currency: 'CNY',
    amount: 100,
    balanceAfter: 100,
    orderId: null,
    orderNo: null,
    note: '',
    createdAt: '2026-03-01T06:05:00.000Z',
    ...fields,
  };
}

export function recharge(fields: Partial<Recharge> & { rechargeNo: string }): Recharge {
  return {
    type: 2,
    typeLabel: '银行转账充值',
    currency: 'CNY',
    amount: 500,
    status: 'pending',
    statusLabel: '待确认',
    reference: '张三',
    note: '',
    createdAt: '2026-03-01T06:05:00.000Z',
    reviewedAt: null,
    creditedAmount: null,
    hasSlip: false,
    ...fields,
  };
}
