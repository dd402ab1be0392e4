import { describe, expect, it } from 'vitest';
import {
  applyPromotions,
  type CheckoutPromotion,
  Currency,
  cartPromotionHints,
  InvalidPromotionError,
  type PromotionLine,
  PromotionMethod,
  PromotionStatus,
  promotionHints,
  promotionNameKey,
  promotionNote,
} from '../src';

const { AmountOfReduction, Discount, OnTheHouse } = PromotionMethod;
const { AUD, CNY } = Currency;
const { Applied, Outdone, Short, Unmet } = PromotionStatus;

/** A 满减 in yuan (or dollars): threshold and reduce in major units. */
function mj(
  id: number,
  threshold: number,
  reduce: number,
  extra: Partial<CheckoutPromotion> = {},
): CheckoutPromotion {
  return {
    id,
    promotionsMehtod: AmountOfReduction,
    name: `满${threshold}减${reduce}`,
    currency: CNY,
    threshold: threshold * 100,
    reduce: reduce * 100,
    ...extra,
  };
}

/** ¥1,489.00 of CNY goods (the reported cart), and $200.00 of AUD goods in a second currency. */
const cny1489: PromotionLine[] = [
  { skuId: 1, qty: 1, audPrice: null, cnyPrice: 98_900 },
  { skuId: 2, qty: 2, audPrice: null, cnyPrice: 25_000 },
];
const aud200: PromotionLine[] = [{ skuId: 3, qty: 1, audPrice: 20_000, cnyPrice: null }];

type Row = [
  name: string,
  lines: PromotionLine[],
  promotions: CheckoutPromotion[],
  sum: { aud: number; cny: number },
  statuses: Record<number, string>,
];

describe('applyPromotions: how 满减 combine (ADR 031)', () => {
  it.each<Row>([
    [
      'the reported case: 满500减30 and 满1000减60 on ¥1,489 take ¥60, not ¥90',
      cny1489,
      [mj(1, 500, 30), mj(2, 1000, 60)],
      { aud: 0, cny: 6000 },
      { 1: Outdone, 2: Applied },
    ],
    [
      'whatever order they come in',
      cny1489,
      [mj(2, 1000, 60), mj(1, 500, 30)],
      { aud: 0, cny: 6000 },
      { 1: Outdone, 2: Applied },
    ],
    [
      'three overlapping: the best of the met ones; an unreached one with more is short',
      cny1489,
      [mj(1, 500, 30), mj(2, 1000, 60), mj(3, 1200, 50), mj(4, 2000, 150)],
      { aud: 0, cny: 6000 },
      { 1: Outdone, 2: Applied, 3: Outdone, 4: Short },
    ],
    [
      'an unreached one that would take off less is outdone, not worth buying more for',
      cny1489,
      [mj(2, 1000, 60), mj(5, 1500, 40)],
      { aud: 0, cny: 6000 },
      { 2: Applied, 5: Outdone },
    ],
    [
      'a stackable pair both apply',
      cny1489,
      [mj(1, 500, 30, { stackable: true }), mj(2, 1000, 60, { stackable: true })],
      { aud: 0, cny: 9000 },
      { 1: Applied, 2: Applied },
    ],
    [
      'a stackable one applies beside the best exclusive one, which still excludes the others',
      cny1489,
      [mj(1, 500, 30), mj(2, 1000, 60), mj(3, 100, 5, { stackable: true })],
      { aud: 0, cny: 6500 },
      { 1: Outdone, 2: Applied, 3: Applied },
    ],
    [
      'a tie on amount: the higher priority applies',
      cny1489,
      [mj(1, 500, 60), mj(2, 1000, 60, { priority: 5 })],
      { aud: 0, cny: 6000 },
      { 1: Outdone, 2: Applied },
    ],
    [
      'a tie on amount and priority: the older (smaller id) applies',
      cny1489,
      [mj(7, 1000, 60, { priority: 5 }), mj(3, 500, 60, { priority: 5 })],
      { aud: 0, cny: 6000 },
      { 3: Applied, 7: Outdone },
    ],
    [
      'priority never beats a larger amount',
      cny1489,
      [mj(1, 500, 30, { priority: 999 }), mj(2, 1000, 60)],
      { aud: 0, cny: 6000 },
      { 1: Outdone, 2: Applied },
    ],
    [
      'the amount counts the eligible SKUs: a SKU-limited 满减 capped at its goods loses',
      cny1489,
      [mj(1, 0, 600, { skuIds: [2], name: '指定减600' }), mj(2, 1000, 60)],
      { aud: 0, cny: 50_000 },
      { 1: Applied, 2: Outdone },
    ],
    [
      'thresholds are per currency: a CNY and an AUD 满减 each apply to their own goods',
      [...cny1489, ...aud200],
      [mj(1, 1000, 60), mj(2, 100, 10, { currency: AUD }), mj(3, 150, 15, { currency: AUD })],
      { aud: 1500, cny: 6000 },
      { 1: Applied, 2: Outdone, 3: Applied },
    ],
    [
      'an AUD threshold does not count CNY goods',
      [...cny1489, ...aud200],
      [mj(1, 1000, 60, { currency: AUD })],
      { aud: 0, cny: 0 },
      { 1: Short },
    ],
    [
      'other methods still apply beside the 满减',
      cny1489,
      [
        mj(1, 500, 30),
        mj(2, 1000, 60),
        { id: 3, promotionsMehtod: Discount, name: '九折', currency: CNY, discountPercent: 90, skuIds: [1] },
      ],
      { aud: 0, cny: 6000 + 9890 },
      { 1: Outdone, 2: Applied, 3: Applied },
    ],
    [
      'nothing met: every 满减 is short',
      [{ skuId: 1, qty: 1, audPrice: null, cnyPrice: 10_000 }],
      [mj(1, 500, 30), mj(2, 1000, 60)],
      { aud: 0, cny: 0 },
      { 1: Short, 2: Short },
    ],
    [
      'unselected lines do not count',
      cny1489.map((line) => ({ ...line, selected: false })),
      [mj(1, 500, 30)],
      { aud: 0, cny: 0 },
      { 1: Short },
    ],
    [
      'a discount on a SKU not bought is unmet',
      cny1489,
      [{ id: 9, promotionsMehtod: Discount, name: '九折', currency: CNY, discountPercent: 90, skuIds: [99] }],
      { aud: 0, cny: 0 },
      { 9: Unmet },
    ],
  ])('%s', (_name, lines, promotions, sum, statuses) => {
    const result = applyPromotions(lines, promotions);
    expect(result.promotionsSum).toEqual(sum);
    expect(Object.fromEntries(result.decisions.map((d) => [d.promotionId, d.status]))).toEqual(
      Object.fromEntries(Object.entries(statuses)),
    );
    // The decisions account for every applied amount.
    const applied = result.decisions.filter((d) => d.status === Applied && d.amount > 0);
    expect(applied.reduce((s, d) => s + d.amount, 0)).toBe(sum.aud + sum.cny);
  });

  it('says what is short by how much and who outdid whom', () => {
    const result = applyPromotions(cny1489, [mj(1, 500, 30), mj(2, 1000, 60), mj(4, 2000, 150)]);
    expect(result.decisions).toEqual([
      { promotionId: 1, status: Outdone, amount: 0, shortBy: 0, outdoneBy: 2 },
      { promotionId: 2, status: Applied, amount: 6000, shortBy: 0, outdoneBy: null },
      { promotionId: 4, status: Short, amount: 0, shortBy: 51_100, outdoneBy: null },
    ]);
  });

  it('a gift short of its threshold says by how much', () => {
    const gift: CheckoutPromotion = {
      id: 8,
      promotionsMehtod: OnTheHouse,
      name: '满2000送鱼油',
      currency: CNY,
      threshold: 200_000,
    };
    expect(applyPromotions(cny1489, [gift]).decisions[0]).toMatchObject({ status: Short, shortBy: 51_100 });
    expect(applyPromotions(cny1489, [{ ...gift, threshold: 100_000 }]).decisions[0]).toMatchObject({
      status: Applied,
    });
  });

  it.each([
    ['fractional priority', mj(1, 500, 30, { priority: 1.5 })],
    ['priority not a number', mj(1, 500, 30, { priority: Number.NaN })],
  ])('%s throws InvalidPromotionError', (_name, promotion) => {
    expect(() => applyPromotions([], [promotion])).toThrow(InvalidPromotionError);
  });
});

describe('what the buyer reads (ADR 031)', () => {
  const promotions = [mj(1, 500, 30), mj(2, 1000, 60), mj(4, 2000, 150, { skuIds: [1, 2] })];

  it.each([
    [0, true, '满500减30 不与 满1000减60 同享'],
    [0, false, '不与 满1000减60 同享'],
    [1, true, '已享 满1000减60（-¥60.00）'],
    [1, false, '已享 优惠（-¥60.00）'],
    [2, true, '指定商品再买 ¥511.00 可享 满2000减150'],
    [2, false, '指定商品再买 ¥511.00 可享'],
  ])('decision %s with name %s: %s', (index, withName, note) => {
    const { decisions } = applyPromotions(cny1489, promotions);
    const decision = decisions[index];
    if (!decision) throw new Error('no decision');
    expect(promotionNote(decision, promotions, { withName })).toBe(note);
  });

  it.each([
    [
      'the reported cart',
      cny1489,
      [mj(1, 500, 30), mj(2, 1000, 60)],
      ['已享 满1000减60（-¥60.00）；满500减30 不与其同享'],
    ],
    [
      'the nearest worth reaching, per currency',
      [{ skuId: 1, qty: 1, audPrice: null, cnyPrice: 45_000 }, ...aud200],
      [mj(1, 500, 30), mj(2, 1000, 60), mj(3, 300, 20, { currency: AUD, name: 'AU满300减20' })],
      ['再买 ¥50.00 可享 满500减30', '再买 $100.00 可享 AU满300减20'],
    ],
    [
      'met and stackable: both said, nothing excluded',
      cny1489,
      [mj(1, 500, 30, { stackable: true }), mj(2, 1000, 60)],
      ['已享 满500减30（-¥30.00）', '已享 满1000减60（-¥60.00）'],
    ],
    ['nothing bought', [], [mj(1, 0, 30)], []],
  ] as [string, PromotionLine[], CheckoutPromotion[], string[]][])('%s', (_name, lines, list, hints) => {
    expect(promotionHints(applyPromotions(lines, list), list)).toEqual(hints);
  });
});

describe('cartPromotionHints: the cart billed as checkout bills it (ADR 013, 031)', () => {
  // $60.00 with an AUD price (¥282.00 at 4.7), ¥250.00 with a CNY price only, $50.00 not selected.
  const cart = [
    { skuId: 1, qty: 1, audPrice: 6000, cnyPrice: null },
    { skuId: 2, qty: 1, audPrice: null, cnyPrice: 25_000 },
    { skuId: 3, qty: 1, audPrice: 5000, cnyPrice: null, selected: false },
  ];
  const list = [
    mj(1, 500, 30),
    mj(2, 50, 5, { currency: AUD, name: 'AU满50减5' }),
    mj(3, 100, 12, { currency: AUD, name: 'AU满100减12' }),
  ];
  it.each([
    [
      'paying AUD: the CNY-only line is left out, CNY promotions too',
      AUD,
      '4.7',
      ['已享 AU满50减5（-$5.00）', '再买 $40.00 可享 AU满100减12'],
    ],
    ['paying CNY: the AUD line converted at the rate counts', CNY, '4.7', ['已享 满500减30（-¥30.00）']],
    [
      'paying CNY before the rate is known: the AUD line is left out',
      CNY,
      null,
      ['再买 ¥250.00 可享 满500减30'],
    ],
  ] as [string, Currency, string | null, string[]][])('%s', (_name, currency, rate, hints) => {
    expect(cartPromotionHints(cart, currency, rate, list)).toEqual(hints);
  });

  it('nothing selected, nothing said', () => {
    expect(cartPromotionHints([{ ...cart[0], selected: false } as PromotionLine], AUD, '4.7', list)).toEqual(
      [],
    );
  });
});

describe('promotionNameKey: one name however it is typed (ADR 031)', () => {
  it.each([
    ['满500减30', '满500减30'],
    ['满５００减３０', '满500减30'],
    [' 满500 减30 ', '满500减30'],
    ['满500\u3000减30', '满500减30'],
    ['Spring SALE', 'springsale'],
    ['ＳＡＬＥ', 'sale'],
  ])('%j → %j', (name, key) => {
    expect(promotionNameKey(name)).toBe(key);
  });

  it('different names stay different', () => {
    expect(promotionNameKey('满500减30')).not.toBe(promotionNameKey('满500减50'));
  });
});
