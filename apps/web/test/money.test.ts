import { InvalidAmountError } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { formatMajorPrice, majorToMinor } from '@/lib/money';

describe('majorToMinor: the storefront reads a wire amount exactly or not at all', () => {
  it.each([
    [12.5, 1250],
    [0, 0],
    [19.99, 1999],
    [-5, -500],
    ['159.38', 15938],
    ['0.00', 0],
    [null, null],
    [undefined, null],
  ])('%j → %j', (amount, minor) => {
    expect(majorToMinor(amount)).toBe(minor);
  });

  it.each([[12.345], [0.1 + 0.2], ['abc'], [''], ['1e3'], [Number.NaN]])('refuses %j', (amount) => {
    expect(() => majorToMinor(amount)).toThrow(InvalidAmountError);
  });

  it('formats with the currency symbol, and refuses what it cannot read', () => {
    expect(formatMajorPrice(12.5, 'AUD')).toBe('$12.50');
    expect(formatMajorPrice(1234.5, 'CNY')).toBe('¥1234.50');
    expect(() => formatMajorPrice(1.005, 'CNY')).toThrow(InvalidAmountError);
  });
});
