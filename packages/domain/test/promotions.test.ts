import { describe, expect, it } from 'vitest';
import {
  applyPromotions,
  type CheckoutPromotion,
  Currency,
  cartTotals,
  checkoutTotals,
  currencyKey,
  goodsSubtotal,
  InvalidPromotionError,
  type PromotionLine,
  PromotionMethod,
  promotionsFreeItemKey,
} from '../src';

const { AmountOfReduction, Discount, OnTheHouse, BuyDiscountAgain, AndBuyDiscount } = PromotionMethod;
const { AUD, CNY } = Currency;

// AUD subtotal 2000 + 999 = 2999; CNY subtotal 5000 + 999 = 5999.
const lines: PromotionLine[] = [
  { skuId: 1, qty: 2, audPrice: 1000, cnyPrice: 4800 },
  { skuId: 2, qty: 3, audPrice: 333, cnyPrice: 1600 },
  { skuId: 3, qty: 1, audPrice: null, cnyPrice: 5000 },
  { skuId: 4, qty: 1, audPrice: 0, cnyPrice: 999, selected: true },
  { skuId: 5, qty: 4, audPrice: 10_000, cnyPrice: 48_000, selected: false },
];

let nextId = 1;
function promo(
  method: number,
  currency: Currency,
  extra: Partial<CheckoutPromotion> = {},
): CheckoutPromotion {
  return { id: nextId++, promotionsMehtod: method, name: 'p', currency, ...extra };
}

describe('goodsSubtotal agrees with cartTotals paying AUD (spec §5)', () => {
  it.each(lines.map((line) => [line.skuId, line] as const))('sku %s', (_sku, line) => {
    const totals = cartTotals([{ ...line, selected: true }], AUD);
    expect(goodsSubtotal([{ ...line, selected: true }])).toEqual({ aud: totals.aud, cny: totals.cny });
  });
});

describe('applyPromotions: one promotion at a time (spec §4 Promotion methods)', () => {
  it.each([
    // 满减: once when the eligible subtotal reaches the threshold.
    ['满减 reached', promo(AmountOfReduction, AUD, { threshold: 2000, reduce: 300 }), { aud: 300, cny: 0 }],
    [
      '满减 threshold exactly met',
      promo(AmountOfReduction, AUD, { threshold: 2999, reduce: 300 }),
      { aud: 300, cny: 0 },
    ],
    [
      '满减 one minor unit short',
      promo(AmountOfReduction, AUD, { threshold: 3000, reduce: 300 }),
      { aud: 0, cny: 0 },
    ],
    [
      '满减 once, not per multiple',
      promo(AmountOfReduction, AUD, { threshold: 1000, reduce: 100 }),
      { aud: 100, cny: 0 },
    ],
    ['满减 without threshold', promo(AmountOfReduction, CNY, { reduce: 100 }), { aud: 0, cny: 100 }],
    [
      '满减 capped at the eligible subtotal',
      promo(AmountOfReduction, AUD, { skuIds: [2], reduce: 5000 }),
      { aud: 999, cny: 0 },
    ],
    [
      '满减 threshold counts eligible skus only',
      promo(AmountOfReduction, AUD, { skuIds: [2], threshold: 1000, reduce: 100 }),
      { aud: 0, cny: 0 },
    ],
    [
      '满减 on a CNY-only sku',
      promo(AmountOfReduction, CNY, { skuIds: [3], threshold: 5000, reduce: 700 }),
      { aud: 0, cny: 700 },
    ],
    // Discount: percent paid of the eligible subtotal, reduction rounded half up.
    [
      'discount 90% of 2999 (299.9 → 300)',
      promo(Discount, AUD, { discountPercent: 90 }),
      { aud: 300, cny: 0 },
    ],
    [
      'discount 50% of 999 (499.5 → 500)',
      promo(Discount, AUD, { skuIds: [2], discountPercent: 50 }),
      { aud: 500, cny: 0 },
    ],
    [
      'discount 85% of 5999 (899.85 → 900)',
      promo(Discount, CNY, { discountPercent: 85 }),
      { aud: 0, cny: 900 },
    ],
    ['discount 100% pays all', promo(Discount, AUD, { discountPercent: 100 }), { aud: 0, cny: 0 }],
    ['discount 0% is free', promo(Discount, AUD, { discountPercent: 0 }), { aud: 2999, cny: 0 }],
    [
      'discount on a sku not bought',
      promo(Discount, AUD, { skuIds: [99], discountPercent: 50 }),
      { aud: 0, cny: 0 },
    ],
    [
      'discount on an unselected sku',
      promo(Discount, AUD, { skuIds: [5], discountPercent: 50 }),
      { aud: 0, cny: 0 },
    ],
    [
      'discount in AUD ignores a sku paid in CNY',
      promo(Discount, AUD, { skuIds: [3, 4], discountPercent: 50 }),
      { aud: 0, cny: 0 },
    ],
    // BuyDiscountAgain: every second unit of a sku.
    [
      'second unit 50%: sku 1 ×2',
      promo(BuyDiscountAgain, AUD, { skuIds: [1], discountPercent: 50 }),
      { aud: 500, cny: 0 },
    ],
    [
      'second unit 50%: sku 2 ×3 (one unit, 166.5 → 167)',
      promo(BuyDiscountAgain, AUD, { skuIds: [2], discountPercent: 50 }),
      { aud: 167, cny: 0 },
    ],
    [
      'second unit 50%: all AUD skus (666.5 → 667)',
      promo(BuyDiscountAgain, AUD, { discountPercent: 50 }),
      { aud: 667, cny: 0 },
    ],
    [
      'second unit: a single unit gets nothing',
      promo(BuyDiscountAgain, CNY, { skuIds: [3], discountPercent: 50 }),
      { aud: 0, cny: 0 },
    ],
    // AndBuyDiscount: the pair line is discounted when bought with an eligible line of another sku.
    [
      'and-buy: pair line 80% (199.8 → 200)',
      promo(AndBuyDiscount, AUD, { skuIds: [1], pairSkuIds: [2], discountPercent: 80 }),
      { aud: 200, cny: 0 },
    ],
    [
      'and-buy: any sku triggers when skuIds is empty',
      promo(AndBuyDiscount, AUD, { pairSkuIds: [2], discountPercent: 80 }),
      { aud: 200, cny: 0 },
    ],
    [
      'and-buy: trigger sku not bought',
      promo(AndBuyDiscount, AUD, { skuIds: [5], pairSkuIds: [2], discountPercent: 80 }),
      { aud: 0, cny: 0 },
    ],
    [
      'and-buy: a sku does not pair with itself',
      promo(AndBuyDiscount, AUD, { skuIds: [2], pairSkuIds: [2], discountPercent: 80 }),
      { aud: 0, cny: 0 },
    ],
    [
      'and-buy: no pair skus means nothing',
      promo(AndBuyDiscount, AUD, { skuIds: [1], pairSkuIds: [], discountPercent: 80 }),
      { aud: 0, cny: 0 },
    ],
    [
      'and-buy: the pair must be paid in the promotion currency',
      promo(AndBuyDiscount, AUD, { skuIds: [1], pairSkuIds: [3], discountPercent: 50 }),
      { aud: 0, cny: 0 },
    ],
    [
      'and-buy in CNY',
      promo(AndBuyDiscount, CNY, { skuIds: [3], pairSkuIds: [4], discountPercent: 50 }),
      { aud: 0, cny: 500 },
    ],
    ['gifts reduce nothing', promo(OnTheHouse, AUD), { aud: 0, cny: 0 }],
    ['an unknown method reduces nothing', promo(42, AUD, { discountPercent: 10 }), { aud: 0, cny: 0 }],
  ] as [string, CheckoutPromotion, { aud: number; cny: number }][])('%s', (_name, promotion, sum) => {
    const result = applyPromotions(lines, [promotion]);
    expect(result.promotionsSum).toEqual(sum);
    const amount = sum.aud + sum.cny;
    expect(result.applied).toEqual(
      amount > 0
        ? [
            {
              promotionId: promotion.id,
              promotionsMehtod: promotion.promotionsMehtod,
              amount,
              currency: promotion.currency,
            },
          ]
        : [],
    );
  });
});

describe('applyPromotions: stacking and caps', () => {
  it('handles the two currencies separately', () => {
    const result = applyPromotions(lines, [
      promo(AmountOfReduction, AUD, { threshold: 2000, reduce: 300 }),
      promo(Discount, CNY, { discountPercent: 90 }),
      promo(Discount, AUD, { skuIds: [1], discountPercent: 90 }),
    ]);
    expect(result.promotionsSum).toEqual({ aud: 500, cny: 600 });
    expect(result.applied.map((a) => [a.currency, a.amount])).toEqual([
      [AUD, 300],
      [CNY, 600],
      [AUD, 200],
    ]);
  });

  it('a later promotion is cut short at the currency subtotal', () => {
    const result = applyPromotions(lines, [
      promo(AmountOfReduction, AUD, { reduce: 2500 }),
      promo(Discount, AUD, { discountPercent: 50 }),
      promo(Discount, AUD, { discountPercent: 10 }),
    ]);
    expect(result.promotionsSum.aud).toBe(2999);
    expect(result.applied.map((a) => a.amount)).toEqual([2500, 499]);
  });

  it.each([
    [[promo(Discount, AUD, { discountPercent: 0 }), promo(AmountOfReduction, AUD, { reduce: 300 })]],
    [[promo(Discount, CNY, { discountPercent: 1 }), promo(BuyDiscountAgain, CNY, { discountPercent: 0 })]],
    [
      [
        promo(AndBuyDiscount, AUD, { pairSkuIds: [1, 2], discountPercent: 0 }),
        promo(Discount, AUD, { discountPercent: 0 }),
      ],
    ],
  ])('never more than the goods subtotal (%#)', (promotions) => {
    const result = applyPromotions(lines, promotions);
    const subtotal = goodsSubtotal(lines);
    expect(result.promotionsSum.aud).toBeLessThanOrEqual(subtotal.aud);
    expect(result.promotionsSum.cny).toBeLessThanOrEqual(subtotal.cny);
    for (const key of ['aud', 'cny'] as const) {
      const applied = result.applied.filter((a) => currencyKey(a.currency) === key);
      expect(applied.reduce((s, a) => s + a.amount, 0)).toBe(result.promotionsSum[key]);
      expect(applied.every((a) => a.amount > 0)).toBe(true);
    }
  });

  it('an empty cart gets nothing', () => {
    expect(
      applyPromotions([], [promo(AmountOfReduction, AUD, { reduce: 100 }), promo(OnTheHouse, AUD)]),
    ).toMatchObject({
      promotionsSum: { aud: 0, cny: 0 },
      applied: [],
      gifts: [],
    });
  });

  it.each([
    ['percent above 100', promo(Discount, AUD, { discountPercent: 101 })],
    ['negative percent', promo(BuyDiscountAgain, AUD, { discountPercent: -1 })],
    ['fractional percent', promo(AndBuyDiscount, AUD, { pairSkuIds: [2], discountPercent: 87.5 })],
    ['missing percent', promo(Discount, AUD)],
    ['missing reduce', promo(AmountOfReduction, AUD, { threshold: 100 })],
    ['negative reduce', promo(AmountOfReduction, AUD, { reduce: -100 })],
    ['fractional threshold', promo(AmountOfReduction, AUD, { threshold: 10.5, reduce: 1 })],
    ['negative gift threshold', promo(OnTheHouse, AUD, { threshold: -1 })],
  ])('%s throws InvalidPromotionError', (_name, promotion) => {
    expect(() => applyPromotions(lines, [promotion])).toThrow(InvalidPromotionError);
  });
});

describe('applyPromotions: gifts (OnTheHouse)', () => {
  const gift = (extra: Partial<CheckoutPromotion>) =>
    promo(OnTheHouse, AUD, { goodsSku: { skuId: 77, property: '{"口味":"原味"}' }, ...extra });

  it.each([
    ['no conditions', gift({}), true],
    ['threshold met', gift({ threshold: 2999 }), true],
    ['threshold missed', gift({ threshold: 3000 }), false],
    ['eligible sku bought', gift({ skuIds: [2] }), true],
    ['eligible sku not bought', gift({ skuIds: [99] }), false],
    ['eligible sku only unselected', gift({ skuIds: [5] }), false],
    ['CNY gift on CNY lines', { ...gift({ skuIds: [3] }), currency: CNY }, true],
    ['AUD gift on a CNY-paid sku', gift({ skuIds: [3] }), false],
  ] as [string, CheckoutPromotion, boolean][])('%s → %s', (_name, promotion, given) => {
    const result = applyPromotions(lines, [promo(Discount, AUD, { discountPercent: 90 }), promotion]);
    expect(result.gifts).toEqual(
      given ? [{ promotion, promotionsFreeItemKey: promotionsFreeItemKey(promotion, 1) }] : [],
    );
    expect(result.promotionsSum).toEqual({ aud: 300, cny: 0 });
  });
});

describe('promotionsFreeItemKey (spec §3 Promotion)', () => {
  it.each([
    [{ id: 3, goodsSku: { skuId: 77, id: 5 } }, 0, 'free-3-77-0'],
    [{ id: 3, goodsSku: { id: 5 } }, 2, 'free-3-5-2'],
    [{ id: 3, goodsSku: null }, 1, 'free-3-none-1'],
    [{ id: 3 }, 1, 'free-3-none-1'],
  ] as [Pick<CheckoutPromotion, 'id' | 'goodsSku'>, number, string][])(
    '%j #%s → %s',
    (promotion, index, key) => {
      expect(promotionsFreeItemKey(promotion, index)).toBe(key);
      expect(promotionsFreeItemKey(promotion, index)).toBe(promotionsFreeItemKey({ ...promotion }, index));
    },
  );

  it('differs by position for the same promotion', () => {
    const p = { id: 1, goodsSku: { skuId: 2 } };
    expect(promotionsFreeItemKey(p, 0)).not.toBe(promotionsFreeItemKey(p, 1));
  });
});

describe('checkoutTotals (spec §5: goods + other amount − promotions)', () => {
  it.each([
    [
      'both currencies',
      { otherPrice: { aud: 1500 }, taxPrice: { aud: 100, cny: 50 }, promotionsSum: { aud: 300, cny: 600 } },
      { goods: 2999, other: 1600, promotions: 300, total: 4299 },
      { goods: 5999, other: 50, promotions: 600, total: 5449 },
    ],
    [
      'promotions capped at goods: shipping and tax still charged',
      { otherPrice: { cny: 800 }, taxPrice: { cny: 200 }, promotionsSum: { aud: 0, cny: 10_000 } },
      { goods: 2999, other: 0, promotions: 0, total: 2999 },
      { goods: 5999, other: 1000, promotions: 5999, total: 1000 },
    ],
    [
      'missing parts count 0; a negative promotionsSum counts 0',
      { otherPrice: null, taxPrice: { aud: null }, promotionsSum: { aud: -50 } },
      { goods: 2999, other: 0, promotions: 0, total: 2999 },
      { goods: 5999, other: 0, promotions: 0, total: 5999 },
    ],
    [
      'never negative',
      { otherPrice: { aud: -5000 } },
      { goods: 2999, other: -5000, promotions: 0, total: 0 },
      { goods: 5999, other: 0, promotions: 0, total: 5999 },
    ],
  ] as [string, Omit<Parameters<typeof checkoutTotals>[0], 'items'>, unknown, unknown][])(
    '%s',
    (_name, input, aud, cny) => {
      expect(checkoutTotals({ items: lines, ...input })).toEqual({ aud, cny });
    },
  );

  it('empty checkout is all zero', () => {
    const zero = { goods: 0, other: 0, promotions: 0, total: 0 };
    expect(checkoutTotals({ items: [] })).toEqual({ aud: zero, cny: zero });
  });

  it('takes applyPromotions output directly', () => {
    const { promotionsSum } = applyPromotions(lines, [promo(Discount, AUD, { discountPercent: 90 })]);
    expect(checkoutTotals({ items: lines, promotionsSum }).aud.total).toBe(2999 - 300);
  });

  it('rejects amounts that are not minor units', () => {
    expect(() => checkoutTotals({ items: lines, otherPrice: { aud: 1.5 } })).toThrow();
  });
});
