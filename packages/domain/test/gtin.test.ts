import { describe, expect, it } from 'vitest';
import { gtinProblem, isGtin, normalizeGtin, withCheckDigit } from '../src/gtin';

describe('GS1 barcodes', () => {
  it('accepts real EAN-13, UPC-A, EAN-8 and GTIN-14 codes with their check digits', () => {
    // GS1's own examples: an EAN-13, a UPC-A, an EAN-8, and GTIN-14s of outer cases.
    for (const code of ['4006381333931', '036000291452', '96385074', '00012345600012', '10012345600019']) {
      expect(isGtin(code), code).toBe(true);
      expect(gtinProblem(code), code).toBeNull();
    }
  });

  it('refuses a wrong check digit, a wrong length and letters, each with its reason', () => {
    expect(gtinProblem('4006381333932')).toBe('条码校验位不正确');
    expect(gtinProblem('036000291453')).toBe('条码校验位不正确');
    expect(gtinProblem('96385075')).toBe('条码校验位不正确');
    expect(gtinProblem('9638507')).toBe('条码须为8、12、13或14位数字');
    expect(gtinProblem('10012345600018')).toBe('条码校验位不正确');
    expect(gtinProblem('AB06381333931')).toBe('条码只能包含数字');
    expect(isGtin('')).toBe(false);
  });

  it('reads a barcode typed in groups or with full-width digits', () => {
    expect(normalizeGtin(' 4 006381 333931 ')).toBe('4006381333931');
    expect(normalizeGtin('４００６３８１３３３９３１')).toBe('4006381333931');
    expect(normalizeGtin('400-6381-333931')).toBe('4006381333931');
    expect(gtinProblem('４００６３８１ ３３３９３１')).toBeNull();
  });

  it('completes a body with its check digit', () => {
    expect(withCheckDigit('400638133393')).toBe('4006381333931');
    expect(isGtin(withCheckDigit('6901234567'.padEnd(12, '0')))).toBe(true);
  });
});
