import { isCalendarDay } from './calendar-day';
import type { Currency } from './constants';

/**
 * Payment reconciliation (docs/decisions/036-payment-reconciliation.md): a channel's statement of one day set
 * against the shop's own books of that day. One pure comparison, used by the daily run, the console and the
 * command line alike.
 */

/** The kinds of difference, each with what settling it does (ADR 036). */
export const DifferenceKind = {
  /** The channel collected; the shop's payment is still pending (a lost notify). Settled through the notify path. */
  paidShopPending: 'paid_shop_pending',
  /** The channel collected; the shop closed the payment (cancelled or failed). */
  paidShopClosed: 'paid_shop_closed',
  /** The channel collected for a trade number the shop never opened with it. */
  paidShopMissing: 'paid_shop_missing',
  /** The shop counts the payment as paid; the channel's statement does not have it. */
  paidChannelMissing: 'paid_channel_missing',
  /** The channel refunded; the shop has no confirmed refund of that number. */
  refundShopMissing: 'refund_shop_missing',
  /** The shop counts the refund as done; the channel's statement does not have it. */
  refundChannelMissing: 'refund_channel_missing',
  /** Both have it, with another amount or currency. */
  amountMismatch: 'amount_mismatch',
} as const;
export type DifferenceKind = (typeof DifferenceKind)[keyof typeof DifferenceKind];
export const DIFFERENCE_KINDS = Object.values(DifferenceKind) as readonly DifferenceKind[];

export const DIFFERENCE_KIND_LABELS: Readonly<Record<DifferenceKind, string>> = {
  paid_shop_pending: '渠道已收款，本店待支付',
  paid_shop_closed: '渠道已收款，本店交易已关闭',
  paid_shop_missing: '渠道已收款，本店无此交易',
  paid_channel_missing: '本店已收款，渠道无此收款',
  refund_shop_missing: '渠道已退款，本店无此退款',
  refund_channel_missing: '本店已退款，渠道无此退款',
  amount_mismatch: '金额或币种不符',
};

/** What settling a difference does: pay the shop's payment as a late notify would, or mark it resolved. */
export type SettleAction = 'settle_payment' | 'resolve';

export function settleActionOf(kind: DifferenceKind): SettleAction {
  return kind === DifferenceKind.paidShopPending ? 'settle_payment' : 'resolve';
}

/** The console's words for the settle button of a kind. */
export const SETTLE_ACTION_LABELS: Readonly<Record<SettleAction, string>> = {
  settle_payment: '补单入账',
  resolve: '标记已处理',
};

/**
 * One line of a channel's statement for a day: a payment or a refund as the channel booked it (the payment
 * providers' fetchStatement answers these). Amounts are minor units of `currency`, always positive; `kind` says
 * which way the money went.
 */
export interface StatementEntry {
  kind: 'payment' | 'refund';
  /** The shop's trade number (payments.trade_no) the line belongs to. */
  tradeNo: string;
  /** The shop's refund number for a refund line; null for a payment. */
  refundNo: string | null;
  /** The channel's own id of the payment or refund (transaction_id, trade_no, pi_… / re_…). */
  channelRef: string;
  amount: number;
  currency: Currency;
  /** When the channel booked it (ISO 8601). */
  at: string;
}

/** A shop payment as the comparison reads it. */
export interface ShopPaymentEntry {
  tradeNo: string;
  status: 'pending' | 'paid' | 'cancelled' | 'failed';
  amount: number;
  currency: Currency;
}

/** A shop refund asked of the channel (payment_refunds). */
export interface ShopRefundEntry {
  refundNo: string;
  tradeNo: string;
  status: 'processing' | 'success' | 'closed' | 'abnormal' | 'refused';
  amount: number;
  currency: Currency;
}

export interface Difference {
  kind: DifferenceKind;
  object: 'payment' | 'refund';
  tradeNo: string;
  /** '' for a payment. */
  refundNo: string;
  shopAmount: number | null;
  shopCurrency: Currency | null;
  channelAmount: number | null;
  channelCurrency: Currency | null;
  channelRef: string;
  /** When the channel booked it; null when only the shop has it. */
  channelAt: string | null;
}

export interface StatementComparison {
  differences: Difference[];
  /** Lines of the statement that agreed with the shop. */
  matched: number;
}

/**
 * Compares a channel's statement of a day with the shop's books (ADR 036). `dayPayments` / `dayRefunds` are what
 * the shop booked that day (paid payments by paid time, successful refunds by confirmation time);
 * `paymentsByTradeNo` / `refundsByRefundNo` are the shop's rows of the numbers the statement names, whatever
 * their day and status, so a payment booked a moment apart across midnight is matched, not reported twice.
 */
export function compareStatement(input: {
  lines: readonly StatementEntry[];
  dayPayments: readonly ShopPaymentEntry[];
  dayRefunds: readonly ShopRefundEntry[];
  paymentsByTradeNo: ReadonlyMap<string, ShopPaymentEntry>;
  refundsByRefundNo: ReadonlyMap<string, ShopRefundEntry>;
}): StatementComparison {
  const differences: Difference[] = [];
  let matched = 0;
  const paidAtChannel = new Set<string>();
  const refundedAtChannel = new Set<string>();
  const shopSide = (row: { amount: number; currency: Currency } | undefined) => ({
    shopAmount: row?.amount ?? null,
    shopCurrency: row?.currency ?? null,
  });
  const channelSide = (line: StatementEntry) => ({
    channelAmount: line.amount,
    channelCurrency: line.currency,
    channelRef: line.channelRef,
    channelAt: line.at,
  });

  for (const line of input.lines) {
    if (line.kind === 'payment') {
      if (paidAtChannel.has(line.tradeNo)) continue;
      paidAtChannel.add(line.tradeNo);
      const shop = input.paymentsByTradeNo.get(line.tradeNo);
      const base = { object: 'payment' as const, tradeNo: line.tradeNo, refundNo: '', ...channelSide(line) };
      const kind = !shop
        ? DifferenceKind.paidShopMissing
        : shop.status === 'pending'
          ? DifferenceKind.paidShopPending
          : shop.status !== 'paid'
            ? DifferenceKind.paidShopClosed
            : shop.amount !== line.amount || shop.currency !== line.currency
              ? DifferenceKind.amountMismatch
              : null;
      if (kind === null) matched += 1;
      else differences.push({ kind, ...base, ...shopSide(shop) });
      continue;
    }
    const refundNo = line.refundNo ?? '';
    if (refundedAtChannel.has(refundNo)) continue;
    refundedAtChannel.add(refundNo);
    const shop = input.refundsByRefundNo.get(refundNo);
    const base = { object: 'refund' as const, tradeNo: line.tradeNo, refundNo, ...channelSide(line) };
    const kind =
      shop?.status !== 'success'
        ? DifferenceKind.refundShopMissing
        : shop.amount !== line.amount || shop.currency !== line.currency
          ? DifferenceKind.amountMismatch
          : null;
    if (kind === null) matched += 1;
    else differences.push({ kind, ...base, ...shopSide(shop) });
  }

  const none = { channelAmount: null, channelCurrency: null, channelRef: '', channelAt: null };
  for (const payment of input.dayPayments) {
    if (payment.status !== 'paid' || paidAtChannel.has(payment.tradeNo)) continue;
    differences.push({
      kind: DifferenceKind.paidChannelMissing,
      object: 'payment',
      tradeNo: payment.tradeNo,
      refundNo: '',
      ...shopSide(payment),
      ...none,
    });
  }
  for (const refund of input.dayRefunds) {
    if (refund.status !== 'success' || refundedAtChannel.has(refund.refundNo)) continue;
    differences.push({
      kind: DifferenceKind.refundChannelMissing,
      object: 'refund',
      tradeNo: refund.tradeNo,
      refundNo: refund.refundNo,
      ...shopSide(refund),
      ...none,
    });
  }
  return { differences, matched };
}

/**
 * Each channel's calendar (ADR 036): its statement of a day covers that day in its own time zone, and it is
 * ready some hours after midnight. WeChat Pay and Alipay count in Beijing time (bills from about 09:00, asked
 * for after 10:00); Stripe and the shop's own sandbox in UTC.
 */
const CHANNEL_CALENDARS: Readonly<Record<string, { offsetHours: number; readyHour: number }>> = {
  wechatpay: { offsetHours: 8, readyHour: 10 },
  alipay: { offsetHours: 8, readyHour: 10 },
};
const UTC_CALENDAR = { offsetHours: 0, readyHour: 2 };

export function channelCalendar(provider: string): { offsetHours: number; readyHour: number } {
  return Object.hasOwn(CHANNEL_CALENDARS, provider)
    ? (CHANNEL_CALENDARS[provider] ?? UTC_CALENDAR)
    : UTC_CALENDAR;
}

const DAY_MS = 24 * 3600_000;

/** The instants a channel's day runs between (`from` inclusive, `until` exclusive); null for a day that does not exist. */
export function channelDayWindow(provider: string, day: string): { from: Date; until: Date } | null {
  if (!isCalendarDay(day)) return null;
  const midnightUtc = new Date(`${day}T00:00:00Z`);
  const from = new Date(midnightUtc.getTime() - channelCalendar(provider).offsetHours * 3600_000);
  return { from, until: new Date(from.getTime() + DAY_MS) };
}

/**
 * The day a daily run reconciles at `now`: yesterday in the channel's calendar, once its statement is ready
 * (readyHour local time); null before that.
 */
export function dailyRunDay(provider: string, now: Date): string | null {
  const calendar = channelCalendar(provider);
  const local = new Date(now.getTime() + calendar.offsetHours * 3600_000);
  if (local.getUTCHours() < calendar.readyHour) return null;
  return new Date(local.getTime() - DAY_MS).toISOString().slice(0, 10);
}

/** The channel's today (a day after it cannot be reconciled yet). */
export function channelToday(provider: string, now: Date): string {
  return new Date(now.getTime() + channelCalendar(provider).offsetHours * 3600_000)
    .toISOString()
    .slice(0, 10);
}
