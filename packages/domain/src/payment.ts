import type { Currency } from './constants';
import { type ExchangeRate, parseExchangeRate } from './money';

/** Payment (spec §3 'Payment', §4 'Payment by channel', §9 'Payment type codes'). */

/** Payment type codes of payBySyb/ (spec §9): A01 a mobile wallet, W01 the chat app. */
export const SybPayType = { A01: 'A01', W01: 'W01' } as const;
export type SybPayType = (typeof SybPayType)[keyof typeof SybPayType];

/** Largest single recharge of the deposit, in major units. */
export const MAX_RECHARGE = 500_000;

/** The deposit methods' codes (spec §4). */
export const DepositPayCode = { CNY: 'DepositPay', AUD: 'DepositPayAUD' } as const;

/** How a payment method works (payment_configs.kind). */
export const PaymentKind = {
  Deposit: 'deposit',
  Syb: 'syb',
  Supay: 'supay',
  SupayProxy: 'supay_proxy',
  /** On account (账期, issue #38): a company's credit, no channel. */
  Account: 'account',
} as const;
export type PaymentKind = (typeof PaymentKind)[keyof typeof PaymentKind];

/** A payment attempt's state as findPayStatus/ reports it. */
export const PayStatus = {
  Pending: 'pending',
  Paid: 'paid',
  Cancelled: 'cancelled',
  Failed: 'failed',
} as const;
export type PayStatus = (typeof PayStatus)[keyof typeof PayStatus];

/** What staff read for a payment attempt's state (the console's order drawer). */
export const PAY_STATUS_LABELS: Readonly<Record<PayStatus, string>> = {
  pending: '待支付',
  paid: '已支付',
  cancelled: '已取消',
  failed: '支付失败',
};

/** The label of a payment attempt's state; the code itself for one the shop does not know. */
export function payStatusLabel(code: string): string {
  return Object.hasOwn(PAY_STATUS_LABELS, code) ? (PAY_STATUS_LABELS[code as PayStatus] ?? code) : code;
}

/** The messages of the payment result (spec §8 'Payment shows payment succeeded or payment failed'). */
export const PAY_SUCCESS_MESSAGE = '支付成功';
export const PAY_FAILED_MESSAGE = '支付失败';
export const PAY_CANCELLED_MESSAGE = '支付已取消';

/**
 * Which methods the payment page offers (spec §4 'Payment by channel'): DepositPay only when the CNY deposit
 * is above 0, DepositPayAUD only when the AUD deposit is; every other method always. Balances in minor units.
 */
export function offeredPaymentMethods<T extends { code: string }>(
  methods: readonly T[],
  balances: { cnyDeposit: number; audDeposit: number },
): T[] {
  return methods.filter((m) => {
    if (m.code === DepositPayCode.CNY) return balances.cnyDeposit > 0;
    if (m.code === DepositPayCode.AUD) return balances.audDeposit > 0;
    return true;
  });
}

/**
 * An amount in minor units of `from` expressed in `to` with the AUD→CNY rate (CNY per AUD), rounded half up to
 * the minor unit (docs/design.md 'Money'): AUD → CNY multiplies, CNY → AUD divides; the same currency is unchanged.
 */
export function amountIn(minor: number, from: Currency, to: Currency, audCnyRate: ExchangeRate): number {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError(`金额须为非负整数分: ${minor}`);
  if (from === to) return minor;
  const { numerator, denominator } = parseExchangeRate(audCnyRate);
  const [n, d] =
    from === 'AUD' ? [BigInt(minor) * numerator, denominator] : [BigInt(minor) * denominator, numerator];
  const q = n / d;
  return Number(2n * (n % d) >= d ? q + 1n : q);
}

/** Names of the shop's payment methods as payment_configs seeds them, and of the operator's offline entry. */
export const PAY_CHANNEL_LABELS: Readonly<Record<string, string>> = {
  DepositPay: '人民币余额支付',
  DepositPayAUD: '澳币余额支付',
  A01: '支付宝',
  W01: '微信支付',
  SupayAlipay: 'Supay 支付宝（澳币）',
  SupayWechat: 'Supay 微信（澳币）',
  offline: '线下付款',
  OnAccount: '账期支付',
};

/** The name of a payment method code for an order's detail; the code itself when the shop does not know it. */
export function payChannelLabel(code: string): string {
  return PAY_CHANNEL_LABELS[code] ?? code;
}
