import { describe, expect, it } from 'vitest';
import { BUY_NOW_INTENT_TTL_MS, type BuyNowCartLine, buyNowPlan, parseBuyNowIntent } from '../src';

const line = (id: number, skuId: number, qty: number, selected = true): BuyNowCartLine => ({
  id,
  skuId,
  qty,
  selected,
});

describe('buyNowPlan (立即购买: only that line selected, the other lines kept)', () => {
  it.each<[string, BuyNowCartLine[], number, number, ReturnType<typeof buyNowPlan>]>([
    [
      'a SKU not in the cart: added by the caller, the selected others cleared',
      [line(1, 10, 2), line(2, 20, 1, false), line(3, 30, 5)],
      40,
      3,
      {
        lineId: undefined,
        updates: [
          { id: 1, selected: false },
          { id: 3, selected: false },
        ],
      },
    ],
    [
      'a SKU in the cart: its line gets exactly the quantity and is selected',
      [line(1, 10, 2, false), line(3, 30, 5)],
      10,
      7,
      {
        lineId: 1,
        updates: [
          { id: 1, qty: 7, selected: true },
          { id: 3, selected: false },
        ],
      },
    ],
    [
      'already so: nothing to change',
      [line(1, 10, 7), line(2, 20, 1, false)],
      10,
      7,
      { lineId: 1, updates: [] },
    ],
    ['an empty cart', [], 10, 1, { lineId: undefined, updates: [] }],
  ])('%s', (_, lines, skuId, qty, plan) => {
    expect(buyNowPlan(lines, skuId, qty)).toEqual(plan);
  });

  it.each([0, 2.5, Number.NaN])('refuses quantity %s', (qty) => {
    expect(() => buyNowPlan([], 10, qty)).toThrow('购买数量须为大于0的整数');
  });
});

describe('parseBuyNowIntent (what a visitor wanted to buy before logging in)', () => {
  const now = 1_800_000_000_000;
  it.each<[string, unknown, ReturnType<typeof parseBuyNowIntent>]>([
    [
      'a fresh intent',
      JSON.stringify({ skuId: 5, qty: 3, at: now - 1000 }),
      { skuId: 5, qty: 3, at: now - 1000 },
    ],
    ['too old', JSON.stringify({ skuId: 5, qty: 3, at: now - BUY_NOW_INTENT_TTL_MS - 1 }), null],
    ['from the future', JSON.stringify({ skuId: 5, qty: 3, at: now + 60_000 }), null],
    ['a bad quantity', JSON.stringify({ skuId: 5, qty: 0, at: now }), null],
    ['not JSON', '{oops', null],
    ['nothing', null, null],
  ])('%s', (_, stored, intent) => {
    expect(parseBuyNowIntent(stored, now)).toEqual(intent);
  });
});
