import { describe, expect, it } from 'vitest';
import type { Currency } from '../src';
import {
  CURRENCY_SYMBOLS,
  convertMinor,
  type ExchangeRate,
  formatAmount,
  formatPrice,
  formatTotals,
  InvalidAmountError,
  isFirstDigitBelowEight,
  type LegacyPriceFields,
  normalizePriceRecord,
  parseExchangeRate,
  roundHalfUp,
  sumOtherAmount,
  toMajor,
  toMinor,
} from '../src';

describe('toMinor', () => {
  it.each([
    ['19.99', 1999],
    ['0', 0],
    ['0.5', 50],
    ['0.05', 5],
    ['12.5', 1250],
    ['12.50', 1250],
    ['100', 10000],
    ['  7.10 ', 710],
    ['+3.2', 320],
    ['-12.34', -1234],
    ['-0', 0],
    ['-0.00', 0],
    ['007.01', 701],
    ['90071992547409.91', 9007199254740991],
    [19.99, 1999],
    [0.07, 7],
    [1.1, 110],
    [0.3, 30],
    [-2.5, -250],
    [1e3, 100000],
    [-0, 0],
  ])('%j → %i', (input, minor) => {
    expect(Object.is(toMinor(input), minor)).toBe(true);
  });

  it.each([
    ['1.234'],
    ['12.500'],
    [0.1 + 0.2],
    [1.005],
    ['abc'],
    [''],
    ['   '],
    ['1,000.00'],
    ['$12'],
    ['.5'],
    ['5.'],
    ['1e3'],
    ['--1'],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [1e21],
    ['90071992547409.92'],
    [null],
    [undefined],
    [{}],
  ])('rejects %j', (input) => {
    expect(() => toMinor(input as string)).toThrow(InvalidAmountError);
  });

  it('names the rejected input', () => {
    const error = (() => {
      try {
        toMinor('1.234');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(InvalidAmountError);
    expect((error as InvalidAmountError).input).toBe('1.234');
    expect((error as InvalidAmountError).message).toBe('金额格式不正确: 1.234');
    expect((error as InvalidAmountError).name).toBe('InvalidAmountError');
  });
});

describe('toMajor', () => {
  it.each([
    [1999, 19.99],
    [0, 0],
    [-0, 0],
    [5, 0.05],
    [-1250, -12.5],
    [10000, 100],
  ])('%i → %d', (minor, major) => {
    expect(Object.is(toMajor(minor), major)).toBe(true);
  });

  it.each([[1.5], [Number.NaN], [2 ** 60]])('rejects %d', (minor) => {
    expect(() => toMajor(minor)).toThrow(InvalidAmountError);
  });

  it.each([['0.01'], ['19.99'], ['123456.78'], ['-0.10']])('round-trips %s through toMinor', (text) => {
    expect(toMinor(toMajor(toMinor(text)))).toBe(toMinor(text));
  });
});

describe('formatAmount', () => {
  it.each([
    [1250, '12.50'],
    [0, '0.00'],
    [-0, '0.00'],
    [1, '0.01'],
    [10, '0.10'],
    [99, '0.99'],
    [100, '1.00'],
    [123456789, '1234567.89'],
    [-5, '-0.05'],
    [-1250, '-12.50'],
  ])('%i → %s', (minor, text) => {
    expect(formatAmount(minor)).toBe(text);
  });

  it.each([[0.5], [Number.NaN], [Number.POSITIVE_INFINITY]])('rejects %d', (minor) => {
    expect(() => formatAmount(minor)).toThrow(InvalidAmountError);
  });
});

describe('formatPrice and currency symbols (spec §5)', () => {
  it.each([
    [1250, 'AUD', '$12.50'],
    [1250, 'CNY', '¥12.50'],
    [0, 'AUD', '$0.00'],
    [0, 'CNY', '¥0.00'],
    [-1250, 'AUD', '-$12.50'],
    [-1, 'CNY', '-¥0.01'],
    [123456700, 'CNY', '¥1234567.00'],
  ] as [number, Currency, string][])('%i %s → %s', (minor, currency, text) => {
    expect(formatPrice(minor, currency)).toBe(text);
  });

  it.each([
    ['AUD', '$'],
    ['CNY', '¥'],
  ] as [Currency, string][])('%s symbol is %s', (currency, symbol) => {
    expect(CURRENCY_SYMBOLS[currency]).toBe(symbol);
  });

  it('rejects an unknown currency instead of defaulting', () => {
    expect(() => formatPrice(100, 'USD' as Currency)).toThrow(InvalidAmountError);
  });
});

describe('roundHalfUp', () => {
  it.each([
    [5, 2, 3],
    [4, 2, 2],
    [7, 2, 4],
    [-5, 2, -3],
    [-7, 2, -4],
    [1, 3, 0],
    [2, 3, 1],
    [-1, 3, 0],
    [-2, 3, -1],
    [5, -2, -3],
    [15, 10, 2],
    [14, 10, 1],
    [149, 100, 1],
    [150, 100, 2],
    [0, 7, 0],
    [42, 1, 42],
    [123456789n * 47512n, 10000n, 586567896],
  ] as [number | bigint, number | bigint, number][])('%s / %s → %i', (n, d, rounded) => {
    expect(roundHalfUp(n, d)).toBe(rounded);
  });

  it('defaults the denominator to 1', () => {
    expect(roundHalfUp(9)).toBe(9);
  });

  it.each([
    [1, 0],
    [1.5, 1],
    [1, 0.5],
  ])('rejects %d / %d', (n, d) => {
    expect(() => roundHalfUp(n, d)).toThrow(InvalidAmountError);
  });
});

describe('exchange rates and conversion', () => {
  it.each([
    ['4.7512', 47512n, 10000n],
    [' 4.75 ', 475n, 100n],
    ['5', 5n, 1n],
    [4.75, 475n, 100n],
    [{ scaled: 47512, scale: 4 }, 47512n, 10000n],
    [{ scaled: 5n, scale: 0 }, 5n, 1n],
  ] as [ExchangeRate, bigint, bigint][])('parses rate %# (%s)', (rate, numerator, denominator) => {
    expect(parseExchangeRate(rate)).toEqual({ numerator, denominator });
  });

  it.each([
    ['0'],
    ['-4.7'],
    ['abc'],
    [''],
    [0],
    [Number.NaN],
    [1e-7],
    [{ scaled: 0, scale: 2 }],
    [{ scaled: 475, scale: -1 }],
    [{ scaled: 475, scale: 1.5 }],
    [{ scaled: 475, scale: 19 }],
    [{ scaled: 4.75, scale: 2 }],
  ] as [ExchangeRate][])('rejects %j', (rate) => {
    expect(() => parseExchangeRate(rate)).toThrow(InvalidAmountError);
  });

  it.each([
    [1000, '4.75', 4750],
    [1999, '4.7512', 9498],
    [1, '4.75', 5],
    [1, '4.25', 4],
    [2, '0.25', 1],
    [-2, '0.25', -1],
    [10, '0.05', 1],
    [0, '4.75', 0],
    [1999, { scaled: 47512, scale: 4 }, 9498],
    [100, 4.7, 470],
    [1001, '0.5', 501],
  ] as [number, ExchangeRate, number][])('convertMinor(%i, %j) → %i', (minor, rate, converted) => {
    expect(convertMinor(minor, rate)).toBe(converted);
  });

  it('rejects a non-integer amount', () => {
    expect(() => convertMinor(1.5, '4.75')).toThrow(InvalidAmountError);
  });
});

describe('sumOtherAmount (spec §5 other amount)', () => {
  it.each([
    [1000, 150, 1150],
    [1000, null, 1000],
    [null, 150, 150],
    [undefined, undefined, 0],
    [0, 0, 0],
    [1, 2, 3],
  ])('%j + %j → %i', (other, tax, sum) => {
    expect(sumOtherAmount(other, tax)).toBe(sum);
  });

  it('rejects non-integer parts', () => {
    expect(() => sumOtherAmount(0.1, 0.2)).toThrow(InvalidAmountError);
  });

  it('formats to 2 decimals', () => {
    expect(formatAmount(sumOtherAmount(toMinor('0.1'), toMinor('0.2')))).toBe('0.30');
  });
});

describe('formatTotals (spec §5 display totals)', () => {
  it.each([
    [{ aud: 1250, cny: 9900 }, '$12.50 + ¥99.00'],
    [{ aud: 1250 }, '$12.50'],
    [{ cny: 9900 }, '¥99.00'],
    [{ aud: 1250, cny: 0 }, '$12.50'],
    [{ aud: 0, cny: 9900 }, '¥99.00'],
    [{ aud: null, cny: 5 }, '¥0.05'],
    [{ aud: 0, cny: 0 }, '¥0.00'],
    [{ aud: 0 }, '$0.00'],
    [{ cny: 0 }, '¥0.00'],
    [{}, '¥0.00'],
    [{ aud: -100, cny: 100 }, '-$1.00 + ¥1.00'],
  ])('%j → %s', (totals, text) => {
    expect(formatTotals(totals)).toBe(text);
  });
});

describe('isFirstDigitBelowEight (spec §5 odd helper)', () => {
  it.each([
    [0, true],
    [7, true],
    [8, false],
    [9, false],
    [79, true],
    [80, false],
    ['7abc', true],
    ['abc8', false],
    ['-5', true],
    ['x1y9', true],
    [0.9, true],
    ['', false],
    ['abc', false],
    [null, false],
    [undefined, false],
  ])('%j → %s', (value, result) => {
    expect(isFirstDigitBelowEight(value)).toBe(result);
  });
});

describe('normalizePriceRecord (spec §3 price data)', () => {
  it.each([
    [
      { AudPrice: '12.50', RmbPrice: '60.00', skuId: 1 },
      { audPrice: '12.50', cnyPrice: '60.00', skuId: 1 },
    ],
    [
      { audPrice: 1250, cnyPrice: 6000 },
      { audPrice: 1250, cnyPrice: 6000 },
    ],
    [
      { audPrice: 1, AudPrice: 2, RmbPrice: 3 },
      { audPrice: 1, cnyPrice: 3 },
    ],
    [{ audPrice: null, AudPrice: 2 }, { audPrice: 2 }],
    [{ AudPrice: null }, { audPrice: null }],
    [{ name: 'x' }, { name: 'x' }],
  ] as [LegacyPriceFields & Record<string, unknown>, Record<string, unknown>][])(
    '%j → %j',
    (input, output) => {
      expect(normalizePriceRecord(input)).toEqual(output);
    },
  );

  it('does not change its input', () => {
    const input = { AudPrice: 1 };
    normalizePriceRecord(input);
    expect(input).toEqual({ AudPrice: 1 });
  });
});
