import { describe, expect, it } from 'vitest';
import { formatWeight, InvalidWeightError } from '../src';

describe('formatWeight', () => {
  it.each([
    [0, '0 g'],
    [1, '1 g'],
    [850, '850 g'],
    [999, '999 g'],
    [1000, '1 kg'],
    [1004, '1 kg'],
    [1005, '1.01 kg'],
    [1250, '1.25 kg'],
    [1500, '1.5 kg'],
    [2000, '2 kg'],
    [12_345, '12.35 kg'],
    [1_999_995, '2000 kg'],
  ])('%d g → %s', (grams, text) => {
    expect(formatWeight(grams)).toBe(text);
  });

  it.each([[-1], [0.5], [Number.NaN], [Number.POSITIVE_INFINITY]])('refuses %d', (grams) => {
    expect(() => formatWeight(grams)).toThrow(InvalidWeightError);
  });
});
