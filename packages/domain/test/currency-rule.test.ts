import { describe, expect, it } from 'vitest';
import {
  billLine,
  billNote,
  type CartLineForTotals,
  type CartTotals,
  type Currency,
  canPayOrderIn,
  cartAudTipText,
  cartDisplayTotals,
  cartTotals,
  type LineBill,
  type LinePrices,
  methodsForOrder,
  orderPayCurrencies,
  orderPayCurrencyMessage,
  priceHint,
} from '../src';

// 4.7 CNY per AUD: $139.00 → ¥653.30.
const RATE = '4.7000';
const both: LinePrices = { audPrice: 13_900, cnyPrice: 67_400 };
const audOnly: LinePrices = { audPrice: 13_900, cnyPrice: null };
const cnyOnly: LinePrices = { audPrice: null, cnyPrice: 67_400 };
const zeroAud: LinePrices = { audPrice: 0, cnyPrice: 500 };
const none: LinePrices = {};

describe('billLine: which currency a line is billed in (ADR 013)', () => {
  it.each<[string, LinePrices, Currency, string | null, LineBill]>([
    [
      'both prices, paying AUD',
      both,
      'AUD',
      RATE,
      { kind: 'billed', currency: 'AUD', unit: 13_900, converted: false },
    ],
    [
      'both prices, paying CNY: its own CNY price',
      both,
      'CNY',
      RATE,
      { kind: 'billed', currency: 'CNY', unit: 67_400, converted: false },
    ],
    [
      'AUD only, paying AUD',
      audOnly,
      'AUD',
      RATE,
      { kind: 'billed', currency: 'AUD', unit: 13_900, converted: false },
    ],
    [
      'AUD only, paying CNY: converted',
      audOnly,
      'CNY',
      RATE,
      { kind: 'billed', currency: 'CNY', unit: 65_330, converted: true },
    ],
    [
      'AUD only, paying CNY, rate unknown',
      audOnly,
      'CNY',
      null,
      { kind: 'atRate', currency: 'AUD', unit: 13_900, converted: false },
    ],
    [
      'CNY only, paying AUD: not payable in AUD',
      cnyOnly,
      'AUD',
      RATE,
      { kind: 'notPayableInAud', currency: 'CNY', unit: 67_400, converted: false },
    ],
    [
      'CNY only, paying CNY',
      cnyOnly,
      'CNY',
      RATE,
      { kind: 'billed', currency: 'CNY', unit: 67_400, converted: false },
    ],
    [
      'a zero AUD price is no AUD price',
      zeroAud,
      'AUD',
      RATE,
      { kind: 'notPayableInAud', currency: 'CNY', unit: 500, converted: false },
    ],
    ['no price, paying AUD', none, 'AUD', RATE, { kind: 'unpriced' }],
    ['no price, paying CNY', none, 'CNY', RATE, { kind: 'unpriced' }],
  ])('%s', (_name, line, pay, rate, bill) => {
    expect(billLine(line, pay, rate)).toEqual(bill);
  });

  it.each<[LineBill, string]>([
    [{ kind: 'billed', currency: 'AUD', unit: 1, converted: false }, ''],
    [{ kind: 'billed', currency: 'CNY', unit: 1, converted: true }, '按汇率折合人民币结算'],
    [{ kind: 'atRate', currency: 'AUD', unit: 1, converted: false }, '按汇率折合人民币结算'],
    [{ kind: 'notPayableInAud', currency: 'CNY', unit: 1, converted: false }, '不支持澳币支付'],
    [{ kind: 'unpriced' }, '暂无报价'],
  ])('billNote(%j) → %s', (bill, note) => {
    expect(billNote(bill)).toBe(note);
  });
});

describe('priceHint: the product page says only what is true for the page currency', () => {
  it.each<[string, LinePrices, Currency, string]>([
    ['CNY only under AUD', cnyOnly, 'AUD', '仅支持人民币结算'],
    ['CNY only under CNY', cnyOnly, 'CNY', ''],
    ['AUD only under CNY: converted, never "AUD only"', audOnly, 'CNY', '按汇率折合人民币结算'],
    ['AUD only under AUD', audOnly, 'AUD', ''],
    ['both under either', both, 'AUD', ''],
    ['no price', none, 'AUD', ''],
  ])('%s', (_name, line, page, hint) => {
    expect(priceHint(line, page)).toBe(hint);
  });
});

describe('cartTotals (spec §5 cart totals) billed in the pay currency', () => {
  const mixed: CartLineForTotals[] = [
    { qty: 1, selected: true, ...both, skuName: 'A' },
    { qty: 2, selected: true, ...cnyOnly, skuName: 'Kirkland 鱼油' },
    { qty: 1, selected: true, ...audOnly, name: 'C' },
    { qty: 5, selected: false, ...cnyOnly, skuName: 'not selected' },
    { qty: 1, selected: true, ...none, skuName: 'no price' },
  ];
  it.each<[string, CartLineForTotals[], Currency, string | null, CartTotals]>([
    ['empty cart', [], 'AUD', RATE, { aud: 0, cny: 0, cnyOnlySkuNames: [] }],
    // Paying AUD is spec §5 as written: AUD-priced lines to AUD, the others to CNY and named.
    [
      'paying AUD: CNY-only lines counted in CNY and named',
      mixed,
      'AUD',
      RATE,
      { aud: 27_800, cny: 134_800, cnyOnlySkuNames: ['Kirkland 鱼油', 'no price'] },
    ],
    // Paying CNY: everything in CNY, AUD-only converted, nothing to warn about.
    [
      'paying CNY: all in CNY, no warning',
      mixed,
      'CNY',
      RATE,
      { aud: 0, cny: 67_400 + 134_800 + 65_330, cnyOnlySkuNames: [] },
    ],
    [
      'paying CNY before the rate is known',
      mixed,
      'CNY',
      null,
      { aud: 13_900, cny: 67_400 + 134_800, cnyOnlySkuNames: [] },
    ],
    [
      'the sku name, else the name',
      [{ qty: 1, selected: true, ...cnyOnly, name: 'N' }],
      'AUD',
      RATE,
      { aud: 0, cny: 67_400, cnyOnlySkuNames: ['N'] },
    ],
  ])('%s', (_name, lines, pay, rate, totals) => {
    expect(cartTotals(lines, pay, rate)).toEqual(totals);
  });
});

describe('cartDisplayTotals: one cart, one CNY total in both page currencies (ADR 030)', () => {
  // Five units of an AUD-only line at $10.26 and 4.7123: per unit ¥48.348198 → ¥48.35, ×5 = ¥241.75;
  // converting the total $51.30 would give ¥241.74 — the two totals the cart used to show.
  const rate = '4.7123';
  const lines: CartLineForTotals[] = [
    { audPrice: 1026, cnyPrice: null, qty: 5, selected: true, skuName: '400粒' },
    { ...both, qty: 2, selected: true, skuName: 'both' },
    { ...cnyOnly, qty: 1, selected: true, skuName: 'cny only' },
    { ...audOnly, qty: 9, selected: false, skuName: 'not selected' },
  ];
  const split = { aud: 1026 * 5 + 13_900 * 2, cny: 67_400 };
  // Each line billed in CNY: 4835 × 5, its own CNY price for 'both', the CNY-only line.
  const allCny = 4835 * 5 + 67_400 * 2 + 67_400;

  it.each<Currency>(['AUD', 'CNY'])('paying %s: the split as spec §5 writes it and the CNY bill', (pay) => {
    const totals = cartDisplayTotals(lines, pay, rate);
    expect({ aud: totals.aud, cny: totals.cny, allCny: totals.allCny }).toEqual({ ...split, allCny });
  });

  it('the all-CNY total is what paying CNY bills, never the AUD total converted at once', () => {
    expect(cartDisplayTotals(lines, 'AUD', rate).allCny).toBe(cartTotals(lines, 'CNY', rate).cny);
    const one = [{ audPrice: 1026, cnyPrice: null, qty: 5, selected: true }];
    expect(cartDisplayTotals(one, 'AUD', rate).allCny).toBe(24_175);
  });

  it('names the lines that cannot be paid in AUD only when paying AUD', () => {
    expect(cartDisplayTotals(lines, 'AUD', rate).cnyOnlySkuNames).toEqual(['cny only']);
    expect(cartDisplayTotals(lines, 'CNY', rate).cnyOnlySkuNames).toEqual([]);
  });

  it('has no all-CNY total while the rate an AUD-only line needs is unknown', () => {
    expect(cartDisplayTotals(lines, 'CNY', null).allCny).toBeNull();
    expect(cartDisplayTotals([{ ...both, qty: 1, selected: true }], 'AUD', null).allCny).toBe(67_400);
  });
});

describe('cartAudTipText', () => {
  it.each([
    [[], ''],
    [['红色'], '以下商品不支持澳币支付，请重新选择：红色'],
    [['A', 'B'], '以下商品不支持澳币支付，请重新选择：A、B'],
    [[''], '部分商品不支持澳币支付，请重新选择'],
  ])('%j → %s', (names, text) => {
    expect(cartAudTipText(names)).toBe(text);
  });

  it('is empty whenever the buyer pays in CNY, whatever the lines', () => {
    const lines = [{ qty: 1, selected: true, ...cnyOnly, skuName: 'X' }];
    expect(cartAudTipText(cartTotals(lines, 'CNY', RATE).cnyOnlySkuNames)).toBe('');
    expect(cartAudTipText(cartTotals(lines, 'AUD', RATE).cnyOnlySkuNames)).toContain('X');
  });
});

describe('which payment methods an order can use', () => {
  it.each<[Currency, Currency, boolean]>([
    ['AUD', 'AUD', true],
    ['AUD', 'CNY', true],
    ['CNY', 'CNY', true],
    ['CNY', 'AUD', false],
  ])('an order in %s paid in %s → %s', (order, pay, ok) => {
    expect(canPayOrderIn(order, pay)).toBe(ok);
    expect(orderPayCurrencies(order).includes(pay)).toBe(ok);
  });

  it('a CNY order is offered no AUD method (deposit AUD, Supay AUD)', () => {
    const methods = [
      { code: 'DepositPay', currency: 'CNY' as const },
      { code: 'DepositPayAUD', currency: 'AUD' as const },
      { code: 'A01', currency: 'CNY' as const },
      { code: 'SupayAlipay', currency: 'AUD' as const },
      { code: 'SupayWechat', currency: 'AUD' as const },
    ];
    expect(methodsForOrder(methods, 'CNY').map((m) => m.code)).toEqual(['DepositPay', 'A01']);
    expect(methodsForOrder(methods, 'AUD')).toHaveLength(5);
  });

  it('says why in Chinese', () => {
    expect(orderPayCurrencyMessage('CNY', 'AUD')).toBe(
      '该订单以人民币结算，不能使用澳币支付，请选择人民币支付方式',
    );
  });
});
