import { describe, expect, it } from 'vitest';
import {
  type CourierFeeRule,
  Currency,
  InvalidShippingRuleError,
  OVER_MAX_WEIGHT_MESSAGE,
  packWeight,
  shippingFee,
  type WeighedItem,
} from '../src';

const rule: CourierFeeRule = {
  firstWeight: 1000,
  firstFee: 1000,
  extraWeight: 500,
  extraFee: 300,
  currency: Currency.AUD,
  maxWeight: 20_000,
};

describe('shippingFee: first block, then each started extra block', () => {
  it.each([
    [0, 0],
    [1, 1000],
    [999, 1000],
    [1000, 1000],
    [1001, 1300],
    [1499, 1300],
    [1500, 1300],
    [1501, 1600],
    [2000, 1600],
    [2001, 1900],
    [20_000, 1000 + 38 * 300],
  ])('%s g → %s', (grams, fee) => {
    expect(shippingFee(rule, grams)).toEqual({ applicable: true, fee, currency: Currency.AUD });
  });

  it.each([20_001, 1_000_000])('%s g is over maxWeight → not applicable', (grams) => {
    expect(shippingFee(rule, grams)).toEqual({ applicable: false, message: OVER_MAX_WEIGHT_MESSAGE });
  });

  it.each([
    ['no maxWeight', { ...rule, maxWeight: undefined }, 100_000, 1000 + 198 * 300],
    ['null maxWeight', { ...rule, maxWeight: null }, 100_000, 1000 + 198 * 300],
    ['free courier', { ...rule, firstFee: 0, extraFee: 0 }, 5000, 0],
    ['maxWeight 0 still takes an empty pack', { ...rule, maxWeight: 0 }, 0, 0],
    ['CNY rule', { ...rule, currency: Currency.CNY }, 1, 1000],
  ] as [string, CourierFeeRule, number, number][])('%s', (_name, r, grams, fee) => {
    expect(shippingFee(r, grams)).toEqual({ applicable: true, fee, currency: r.currency });
  });

  it.each([
    ['firstWeight 0', { ...rule, firstWeight: 0 }, 10],
    ['extraWeight 0', { ...rule, extraWeight: 0 }, 10],
    ['negative fee', { ...rule, firstFee: -1 }, 10],
    ['fractional fee', { ...rule, extraFee: 1.5 }, 10],
    ['negative maxWeight', { ...rule, maxWeight: -1 }, 10],
    ['negative weight', rule, -1],
    ['fractional weight', rule, 1.5],
    ['NaN weight', rule, Number.NaN],
  ] as [string, CourierFeeRule, number][])('%s throws InvalidShippingRuleError', (_name, r, grams) => {
    expect(() => shippingFee(r, grams)).toThrow(InvalidShippingRuleError);
  });
});

describe('packWeight', () => {
  it.each([
    [[], 0],
    [[{ weight: 250, qty: 2 }], 500],
    [[{ weight: 250, qty: 2 }, { weight: null, qty: 3 }, { qty: 1 }, { weight: 1000, qty: 1 }], 1500],
  ] as [WeighedItem[], number][])('%j → %s g', (items, grams) => {
    expect(packWeight(items)).toBe(grams);
  });

  it('feeds shippingFee', () => {
    expect(shippingFee(rule, packWeight([{ weight: 600, qty: 2 }]))).toMatchObject({ fee: 1300 });
  });
});
