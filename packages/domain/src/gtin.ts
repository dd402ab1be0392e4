/**
 * GS1 barcodes (GTIN-8, GTIN-12 as UPC-A, GTIN-13 as EAN-13, GTIN-14 on outer cases) as a SKU carries them (ADR 050):
 * digits only, the last one the check digit. A pasted order line may name its SKU by its barcode.
 */

/** The lengths a GTIN has. */
const GTIN_LENGTH = /^(?:\d{8}|\d{12,14})$/;

/** The GS1 check digit of a GTIN's other digits: weights 3 and 1 alternating from the right. */
function checkDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether `text` is a GTIN with its right check digit (digits only, as normalizeGtin writes them). */
export function isGtin(text: string): boolean {
  if (!GTIN_LENGTH.test(text)) return false;
  return checkDigit(text.slice(0, -1)) === text.charCodeAt(text.length - 1) - 48;
}

/** A barcode as typed (spaces and dashes between digit groups, full-width digits) in its stored form. */
export function normalizeGtin(text: string): string {
  return text.normalize('NFKC').replace(/[\s-]/g, '');
}

/** Why a typed barcode cannot be a SKU's, in the operator's words; null when it can. */
export function gtinProblem(text: string): string | null {
  const digits = normalizeGtin(text);
  if (!/^\d+$/.test(digits)) return '条码只能包含数字';
  if (!GTIN_LENGTH.test(digits)) return '条码须为8、12、13或14位数字';
  if (!isGtin(digits)) return '条码校验位不正确';
  return null;
}

/** A valid GTIN made of `body` (7, 11, 12 or 13 digits) and its check digit: for the demo catalogue's barcodes. */
export function withCheckDigit(body: string): string {
  return `${body}${checkDigit(body)}`;
}
