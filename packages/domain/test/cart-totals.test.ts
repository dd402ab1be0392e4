import { describe, expect, it } from 'vitest';
import { type CartLineForTotals, cartAudTipText, cartTotals } from '../src';

describe('cartTotals (spec §5 cart totals)', () => {
  it.each([
    ['empty cart', [], { aud: 0, cny: 0, cnyOnlySkuNames: [] }],
    [
      'AUD line',
      [{ qty: 2, selected: true, audPrice: 1250, cnyPrice: 6000, skuName: 'A' }],
      { aud: 2500, cny: 0, cnyOnlySkuNames: [] },
    ],
    [
      'CNY-only line is listed',
      [{ qty: 3, selected: true, audPrice: null, cnyPrice: 1000, skuName: '红色' }],
      { aud: 0, cny: 3000, cnyOnlySkuNames: ['红色'] },
    ],
    [
      'unselected lines do not count',
      [
        { qty: 1, selected: false, audPrice: 100, skuName: 'A' },
        { qty: 1, audPrice: 100, skuName: 'B' },
        { qty: 1, selected: false, cnyPrice: 100, skuName: 'C' },
      ],
      { aud: 0, cny: 0, cnyOnlySkuNames: [] },
    ],
    [
      'mixed cart',
      [
        { qty: 1, selected: true, audPrice: 1000, skuName: 'A' },
        { qty: 2, selected: true, cnyPrice: 500, skuName: 'B' },
        { qty: 1, selected: true, audPrice: 0, cnyPrice: 700, name: 'C' },
      ],
      { aud: 1000, cny: 1700, cnyOnlySkuNames: ['B', 'C'] },
    ],
  ] as [string, CartLineForTotals[], ReturnType<typeof cartTotals>][])('%s', (_name, lines, totals) => {
    expect(cartTotals(lines)).toEqual(totals);
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
});
