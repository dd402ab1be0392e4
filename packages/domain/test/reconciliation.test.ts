import { describe, expect, it } from 'vitest';
import {
  channelDayWindow,
  compareStatement,
  dailyRunDay,
  type ShopPaymentEntry,
  type ShopRefundEntry,
  type StatementEntry,
  settleActionOf,
} from '../src/reconciliation';

const line = (over: Partial<StatementEntry>): StatementEntry => ({
  kind: 'payment',
  tradeNo: 'T1',
  refundNo: null,
  channelRef: 'C1',
  amount: 9400,
  currency: 'CNY',
  at: '2026-11-27T04:00:00.000Z',
  ...over,
});
const pay = (over: Partial<ShopPaymentEntry>): ShopPaymentEntry => ({
  tradeNo: 'T1',
  status: 'paid',
  amount: 9400,
  currency: 'CNY',
  ...over,
});
const refund = (over: Partial<ShopRefundEntry>): ShopRefundEntry => ({
  refundNo: 'R1',
  tradeNo: 'T1',
  status: 'success',
  amount: 1000,
  currency: 'CNY',
  ...over,
});

function compare(
  lines: StatementEntry[],
  shopPayments: ShopPaymentEntry[],
  shopRefunds: ShopRefundEntry[] = [],
) {
  const result = compareStatement({
    lines,
    dayPayments: shopPayments,
    dayRefunds: shopRefunds,
    paymentsByTradeNo: new Map(shopPayments.map((p) => [p.tradeNo, p])),
    refundsByRefundNo: new Map(shopRefunds.map((r) => [r.refundNo, r])),
  });
  return { matched: result.matched, kinds: result.differences.map((d) => d.kind) };
}

describe('compareStatement', () => {
  it.each([
    ['both agree', [line({})], [pay({})], [], { matched: 1, kinds: [] }],
    [
      'paid at the channel, pending in the shop',
      [line({})],
      [pay({ status: 'pending' })],
      [],
      { matched: 0, kinds: ['paid_shop_pending'] },
    ],
    [
      'paid at the channel, closed in the shop',
      [line({})],
      [pay({ status: 'cancelled' })],
      [],
      { matched: 0, kinds: ['paid_shop_closed'] },
    ],
    [
      'paid at the channel, unknown to the shop',
      [line({})],
      [],
      [],
      { matched: 0, kinds: ['paid_shop_missing'] },
    ],
    ['paid in the shop only', [], [pay({})], [], { matched: 0, kinds: ['paid_channel_missing'] }],
    ['another amount', [line({ amount: 9300 })], [pay({})], [], { matched: 0, kinds: ['amount_mismatch'] }],
    [
      'another currency',
      [line({ currency: 'AUD' })],
      [pay({})],
      [],
      { matched: 0, kinds: ['amount_mismatch'] },
    ],
    [
      'a refund both have',
      [line({}), line({ kind: 'refund', refundNo: 'R1', amount: 1000 })],
      [pay({})],
      [refund({})],
      { matched: 2, kinds: [] },
    ],
    [
      'refunded at the channel only',
      [line({}), line({ kind: 'refund', refundNo: 'R1', amount: 1000 })],
      [pay({})],
      [],
      { matched: 1, kinds: ['refund_shop_missing'] },
    ],
    [
      'refund still processing in the shop',
      [line({}), line({ kind: 'refund', refundNo: 'R1', amount: 1000 })],
      [pay({})],
      [refund({ status: 'processing' })],
      { matched: 1, kinds: ['refund_shop_missing'] },
    ],
    [
      'refunded in the shop only',
      [line({})],
      [pay({})],
      [refund({})],
      { matched: 1, kinds: ['refund_channel_missing'] },
    ],
    [
      'a refund of another amount',
      [line({}), line({ kind: 'refund', refundNo: 'R1', amount: 900 })],
      [pay({})],
      [refund({})],
      { matched: 1, kinds: ['amount_mismatch'] },
    ],
    ['a repeated line counts once', [line({}), line({})], [pay({})], [], { matched: 1, kinds: [] }],
  ])('%s', (_name, lines, shopPayments, shopRefunds, expected) => {
    expect(
      compare(
        lines as StatementEntry[],
        shopPayments as ShopPaymentEntry[],
        shopRefunds as ShopRefundEntry[],
      ),
    ).toEqual(expected);
  });

  it('a payment the shop booked on the day before is matched by its number, not reported', () => {
    const result = compareStatement({
      lines: [line({})],
      dayPayments: [],
      dayRefunds: [],
      paymentsByTradeNo: new Map([['T1', pay({})]]),
      refundsByRefundNo: new Map(),
    });
    expect(result).toEqual({ matched: 1, differences: [] });
  });

  it('only a pending payment is settled through the notify path', () => {
    expect(settleActionOf('paid_shop_pending')).toBe('settle_payment');
    expect(settleActionOf('paid_shop_closed')).toBe('resolve');
    expect(settleActionOf('amount_mismatch')).toBe('resolve');
  });
});

describe('channel calendars', () => {
  it.each([
    ['wechatpay', '2026-11-27', '2026-11-26T16:00:00.000Z', '2026-11-27T16:00:00.000Z'],
    ['alipay', '2026-11-27', '2026-11-26T16:00:00.000Z', '2026-11-27T16:00:00.000Z'],
    ['stripe', '2026-11-27', '2026-11-27T00:00:00.000Z', '2026-11-28T00:00:00.000Z'],
    ['sandbox', '2026-11-27', '2026-11-27T00:00:00.000Z', '2026-11-28T00:00:00.000Z'],
  ])('%s day %s runs from %s until %s', (provider, day, from, until) => {
    const window = channelDayWindow(provider, day);
    expect(window?.from.toISOString()).toBe(from);
    expect(window?.until.toISOString()).toBe(until);
  });

  it.each(['2026-02-30', '2026-13-01', '27/11/2026', ''])('%s is not a day', (day) => {
    expect(channelDayWindow('wechatpay', day)).toBeNull();
  });

  it.each([
    ['wechatpay', '2026-11-28T01:59:00Z', null],
    ['wechatpay', '2026-11-28T02:00:00Z', '2026-11-27'],
    ['wechatpay', '2026-11-27T20:00:00Z', null],
    ['wechatpay', '2026-11-27T15:00:00Z', '2026-11-26'],
    ['sandbox', '2026-11-28T01:00:00Z', null],
    ['sandbox', '2026-11-28T02:30:00Z', '2026-11-27'],
  ])('the daily run of %s at %s is for %s', (provider, now, day) => {
    expect(dailyRunDay(provider, new Date(now))).toBe(day);
  });
});
