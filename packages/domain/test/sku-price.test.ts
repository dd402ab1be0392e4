import { describe, expect, it } from 'vitest';
import { type Currency, type SkuPriceFields, skuDisplayPrice, skuPrices } from '../src';

describe('skuDisplayPrice (spec §5 price display, page currency first)', () => {
  it.each<[string, SkuPriceFields, Currency, string | null, boolean | null]>([
    ['CNY page, both prices', { audPrice: 12.5, cnyPrice: 60 }, 'CNY', '¥60.00', true],
    ['AUD page, both prices', { audPrice: 12.5, cnyPrice: 60 }, 'AUD', '$12.50', true],
    ['AUD page, CNY only: the CNY price with ¥', { audPrice: null, cnyPrice: 60.1 }, 'AUD', '¥60.10', false],
    ['CNY page, AUD only: the AUD price with $', { audPrice: 9.99, cnyPrice: null }, 'CNY', '$9.99', false],
    ['no price at all', { audPrice: null, cnyPrice: null }, 'CNY', null, null],
    ['missing fields', {}, 'AUD', null, null],
    ['zero is a price', { audPrice: 0, cnyPrice: null }, 'AUD', '$0.00', true],
    ['decimal strings', { audPrice: '3.5', cnyPrice: '' }, 'CNY', '$3.50', false],
  ])('%s', (_name, sku, currency, text, inPage) => {
    const price = skuDisplayPrice(sku, currency);
    expect(price?.text ?? null).toBe(text);
    expect(price?.inPageCurrency ?? null).toBe(inPage);
  });
});

describe('skuPrices (both currencies, page currency first)', () => {
  it.each<[SkuPriceFields, Currency, string[]]>([
    [{ audPrice: 1, cnyPrice: 5 }, 'CNY', ['¥5.00', '$1.00']],
    [{ audPrice: 1, cnyPrice: 5 }, 'AUD', ['$1.00', '¥5.00']],
    [{ audPrice: null, cnyPrice: 5 }, 'AUD', ['¥5.00']],
    [{ audPrice: null, cnyPrice: null }, 'AUD', []],
  ])('%o in %s → %o', (sku, currency, texts) => {
    expect(skuPrices(sku, currency).map((p) => p.text)).toEqual(texts);
  });
});
