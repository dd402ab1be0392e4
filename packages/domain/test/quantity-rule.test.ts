import { describe, expect, it } from 'vitest';
import {
  allowedQtyWithin,
  atBreakPrices,
  type BreakPricedSku,
  breakCounter,
  largestQty,
  NO_QTY_RULE,
  nearestAllowedQty,
  nextPriceBreak,
  type PriceBreak,
  priceBreakAt,
  priceBreaksOf,
  priceBreaksProblem,
  type QtyRule,
  qtyAdjustedMessage,
  qtyBreach,
  qtyRefusalMessage,
  qtyRuleProblem,
  smallestQty,
} from '../src/quantity-rule';

const rule = (minQty: number, stepQty: number, maxQty: number | null = null): QtyRule => ({
  minQty,
  stepQty,
  maxQty,
});
const CASE_12 = rule(12, 12, 120);

describe('a quantity under the rule', () => {
  it.each([
    // qty, rule, breach, nearest allowed
    [1, NO_QTY_RULE, null, 1],
    [999, NO_QTY_RULE, null, 999],
    [0, NO_QTY_RULE, 'min', 1],
    [-3, NO_QTY_RULE, 'min', 1],
    [1.5, NO_QTY_RULE, 'min', 2],
    [24, CASE_12, null, 24],
    [12, CASE_12, null, 12],
    [6, CASE_12, 'min', 12],
    [18, CASE_12, 'step', 24],
    [17, CASE_12, 'step', 12],
    [25, CASE_12, 'step', 24],
    [132, CASE_12, 'max', 120],
    [1000, CASE_12, 'max', 120],
    // A minimum that is not a whole number of cases: the smallest is the next whole case.
    [10, rule(10, 6), 'min', 12],
    [12, rule(10, 6), null, 12],
    // A maximum that is not a whole number of cases: the largest is the last whole case below it.
    [30, rule(1, 6, 32), null, 30],
    [36, rule(1, 6, 32), 'max', 30],
    [5, rule(5, 1, 5), null, 5],
    [6, rule(5, 1, 5), 'max', 5],
  ] as const)('%d pieces, %o: %s, nearest %d', (qty, r, breach, nearest) => {
    expect(qtyBreach(qty, r)).toBe(breach);
    expect(nearestAllowedQty(qty, r)).toBe(nearest);
    expect(qtyBreach(nearestAllowedQty(qty, r) ?? 0, r)).toBeNull();
  });

  it('a rule that allows nothing has no nearest quantity', () => {
    expect(smallestQty(rule(10, 12, 11))).toBe(12);
    expect(largestQty(rule(10, 12, 11))).toBe(0);
    expect(nearestAllowedQty(12, rule(10, 12, 11))).toBeNull();
    expect(nearestAllowedQty(Number.NaN, CASE_12)).toBe(12);
  });

  it('says in Chinese how it corrected a quantity, and nothing for an allowed one', () => {
    expect(qtyAdjustedMessage(18, CASE_12)).toBe('每箱12件，已调整为24件');
    expect(qtyAdjustedMessage(6, CASE_12)).toBe('12件起订，已调整为12件');
    expect(qtyAdjustedMessage(200, CASE_12)).toBe('每单最多120件，已调整为120件');
    expect(qtyAdjustedMessage(24, CASE_12)).toBeNull();
    expect(qtyAdjustedMessage(12, rule(10, 12, 11))).toBeNull();
  });

  it('the server names the SKU in its refusal', () => {
    expect(qtyRefusalMessage('AU-MILK-01', 18, CASE_12)).toBe(
      '规格 AU-MILK-01 按箱销售，每箱12件，数量须为12的倍数',
    );
    expect(qtyRefusalMessage('AU-MILK-01', 6, CASE_12)).toBe('规格 AU-MILK-01 12件起订');
    expect(qtyRefusalMessage('AU-MILK-01', 132, CASE_12)).toBe('规格 AU-MILK-01 每单最多120件');
    expect(qtyRefusalMessage('AU-MILK-01', 36, CASE_12)).toBeNull();
  });

  it.each([
    [rule(1, 1), null],
    [rule(12, 12, 120), null],
    [rule(0, 1), '起订量须为正整数'],
    [rule(1.5, 1), '起订量须为正整数'],
    [rule(1, 0), '每箱件数须为正整数'],
    [rule(1, 1, 0), '限购数量须为正整数'],
    [rule(10, 12, 11), '限购数量须不少于起订量（12件）'],
  ] as const)('an operator rule %o: %s', (r, problem) => {
    expect(qtyRuleProblem(r)).toBe(problem);
  });
});

describe('volume price breaks', () => {
  const breaks: PriceBreak[] = [
    { minQty: 48, audPrice: 5, cnyPrice: 25 },
    { minQty: 12, audPrice: 5.5, cnyPrice: 27 },
  ];

  it.each([
    [1, undefined, 12, 11],
    [11, undefined, 12, 1],
    [12, 12, 48, 36],
    [47, 12, 48, 1],
    [48, 48, undefined, undefined],
    [500, 48, undefined, undefined],
  ] as const)(
    '%d pieces reach the break from %s; the next from %s, %s more',
    (qty, reached, next, missing) => {
      expect(priceBreakAt(breaks, qty)?.minQty).toBe(reached);
      expect(nextPriceBreak(breaks, qty)?.next.minQty).toBe(next);
      expect(nextPriceBreak(breaks, qty)?.missing).toBe(missing);
    },
  );

  it('no breaks: the single price applies at every quantity', () => {
    expect(priceBreakAt([], 100)).toBeUndefined();
    expect(nextPriceBreak([], 1)).toBeUndefined();
  });

  it.each([
    [breaks, null],
    [[], null],
    [[{ minQty: 1, audPrice: 5, cnyPrice: null }], '阶梯价的起始数量须为不小于2的整数'],
    [[{ minQty: 2.5, audPrice: 5, cnyPrice: null }], '阶梯价的起始数量须为不小于2的整数'],
    [
      [
        { minQty: 12, audPrice: 5, cnyPrice: null },
        { minQty: 12, audPrice: 4, cnyPrice: null },
      ],
      '阶梯价的起始数量 12 重复',
    ],
    [[{ minQty: 12, audPrice: null, cnyPrice: null }], '12件起的阶梯价没有价格'],
    [[{ minQty: 12, audPrice: 0, cnyPrice: 27 }], '阶梯价须大于0'],
    [[{ minQty: 12, audPrice: 5, cnyPrice: Number.NaN }], '阶梯价须大于0'],
  ] as const)('operator breaks %o: %s', (entries, problem) => {
    expect(priceBreaksProblem(entries)).toBe(problem);
  });
});

describe('cart lines at break prices (the one pricing rule of cart, summary and order)', () => {
  const sku = (goodsId: number, fields: Partial<BreakPricedSku> = {}): BreakPricedSku => ({
    goodsId,
    aud: 1000,
    cny: 5000,
    breaks: [
      { minQty: 12, aud: 900, cny: 4500 },
      { minQty: 48, aud: 800, cny: null },
    ],
    breaksMixed: false,
    ...fields,
  });

  it.each([
    [11, 1000, 5000],
    [12, 900, 4500],
    [47, 900, 4500],
    // No CNY break from 48: the CNY price stays at the highest CNY break reached.
    [48, 800, 4500],
  ])('%d pieces cost AUD %d, CNY %d', (qty, aud, cny) => {
    const priced = atBreakPrices([{ skuId: 1, qty }], new Map([[1, sku(7)]]));
    expect(priced.get(1)).toMatchObject({ aud, cny });
  });

  it('a currency without a single price gets no break price in it (the currency rule decides)', () => {
    const priced = atBreakPrices([{ skuId: 1, qty: 50 }], new Map([[1, sku(7, { aud: null })]]));
    expect(priced.get(1)).toMatchObject({ aud: null, cny: 4500 });
  });

  it('mixed breaks count the product’s selected lines; an unselected line counts itself on top', () => {
    const skus = new Map([
      [1, sku(7, { breaksMixed: true })],
      [2, sku(7, { breaksMixed: true })],
      [3, sku(8)],
    ]);
    const lines = [
      { skuId: 1, qty: 6 },
      { skuId: 2, qty: 6, selected: true },
      { skuId: 3, qty: 6 },
    ];
    const priced = atBreakPrices(lines, skus);
    expect([1, 2, 3].map((id) => priced.get(id)?.aud)).toEqual([900, 900, 1000]);
    const counted = breakCounter(
      [
        { skuId: 1, qty: 6 },
        { skuId: 2, qty: 6, selected: false },
      ],
      skus,
    );
    expect(counted({ skuId: 1, qty: 6 }, skus.get(1) as BreakPricedSku)).toBe(6);
    expect(counted({ skuId: 2, qty: 6, selected: false }, skus.get(2) as BreakPricedSku)).toBe(12);
  });

  it('leaves SKUs no line names (a gift) and the map given as they were', () => {
    const skus = new Map([
      [1, sku(7)],
      [9, sku(9)],
    ]);
    const priced = atBreakPrices([{ skuId: 1, qty: 12 }], skus);
    expect(priced.get(9)).toBe(skus.get(9));
    expect(skus.get(1)?.aud).toBe(1000);
  });
});

describe('a re-order’s quantity within the rule and what may be bought', () => {
  it.each([
    [30, rule(12, 12, 120), 9999, 36],
    [30, rule(12, 12, 120), 30, 24],
    [30, rule(12, 12, 120), 11, null],
    [5, NO_QTY_RULE, 3, 3],
    [500, rule(1, 6, 100), 9999, 96],
  ])('%d asked, rule %o, %d available: %s', (qty, r, limit, expected) => {
    expect(allowedQtyWithin(qty, r, limit)).toBe(expected);
  });
});

describe('priceBreaksOf', () => {
  it('writes an offer’s breaks for the wire in major units, a missing currency as null, in their order', () => {
    expect(
      priceBreaksOf([
        { minQty: 12, aud: 4250, cny: 21000 },
        { minQty: 48, aud: null, cny: 19995 },
      ]),
    ).toEqual([
      { minQty: 12, audPrice: 42.5, cnyPrice: 210 },
      { minQty: 48, audPrice: null, cnyPrice: 199.95 },
    ]);
    expect(priceBreaksOf([])).toEqual([]);
  });
});
