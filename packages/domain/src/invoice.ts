/**
 * Tax documents of an order (docs/invoices.md, ADR 039): the Australian tax invoice and adjustment note of an
 * AUD order, and the Chinese 发票 (fapiao) a member asks for on a CNY order. Pure rules shared by the API, the
 * storefront's forms and the console.
 */

/**
 * From this GST-inclusive total (minor units, A$1,000.00) a tax invoice must also show the buyer's identity
 * or ABN (ATO: tax invoices of A$1,000 or more).
 */
export const TAX_INVOICE_BUYER_THRESHOLD = 100_000;

/** Whether a tax invoice of this GST-inclusive total (AUD minor units) must name the buyer. */
export function invoiceNeedsBuyer(totalInclGst: number): boolean {
  return totalInclGst >= TAX_INVOICE_BUYER_THRESHOLD;
}

/** The document series, each numbered without gaps by its own counter (ADR 039). */
export const TaxDocumentSeries = {
  taxInvoice: 'tax_invoice',
  adjustmentNote: 'adjustment_note',
} as const;
export type TaxDocumentSeries = (typeof TaxDocumentSeries)[keyof typeof TaxDocumentSeries];

const SERIES_PREFIX: Record<TaxDocumentSeries, string> = { tax_invoice: 'INV', adjustment_note: 'ADJ' };

/** A document's number as printed: 'INV-000042', 'ADJ-000007' (six digits at least, more when it grows). */
export function taxDocumentNo(series: TaxDocumentSeries, n: number): string {
  return `${SERIES_PREFIX[series]}-${String(n).padStart(6, '0')}`;
}

/**
 * What the refunds of an order adjust on its tax invoice, in the order's currency: the refunded share of the
 * invoice total (refunds are recorded in the currency paid, which may differ) less what earlier adjustment
 * notes already covered, and the GST in it: the GST the refunds reversed as checkout's rule recorded it
 * (`refundedGst`) less what earlier notes reversed. All amounts are minor units; null when nothing is new.
 */
export function pendingAdjustment(input: {
  invoiceTotal: number;
  invoiceGst: number;
  paidAmount: number;
  refundedAmount: number;
  refundedGst: number;
  alreadyAdjusted: number;
  alreadyAdjustedGst: number;
}): { amount: number; gst: number } | null {
  if (input.paidAmount <= 0 || input.refundedAmount <= 0) return null;
  const share = Math.min(1, input.refundedAmount / input.paidAmount);
  const amount = Math.round(input.invoiceTotal * share) - input.alreadyAdjusted;
  if (amount <= 0) return null;
  const reversed = Math.min(input.refundedGst, input.invoiceGst) - input.alreadyAdjustedGst;
  return { amount, gst: Math.min(amount, Math.max(0, reversed)) };
}

/** The kinds of 发票 a member may ask for. */
export const FapiaoKind = {
  normal: 'normal',
  special: 'special',
} as const;
export type FapiaoKind = (typeof FapiaoKind)[keyof typeof FapiaoKind];
export const FAPIAO_KIND_LABELS: Record<FapiaoKind, string> = {
  normal: '增值税普通发票',
  special: '增值税专用发票',
};

/** A fapiao request waits for staff (待开票) until they attach the issued fapiao (已开票). */
export const FapiaoStatus = {
  pending: 'pending',
  issued: 'issued',
} as const;
export type FapiaoStatus = (typeof FapiaoStatus)[keyof typeof FapiaoStatus];
export const FAPIAO_STATUS_LABELS: Record<FapiaoStatus, string> = {
  pending: '待开票',
  issued: '已开票',
};

// GB 32100-2015: the 31 characters of the unified social credit code (no I, O, Z, S, V) and the weights
// of its first 17 characters; the 18th is the check character.
const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;

/** The check character of a unified social credit code's first 17 characters; null when one is not allowed. */
export function usccCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i += 1) {
    const value = USCC_CHARS.indexOf(first17.charAt(i));
    if (value < 0) return null;
    sum += value * (USCC_WEIGHTS[i] ?? 0);
  }
  return USCC_CHARS.charAt((31 - (sum % 31)) % 31);
}

export const TaxNoMessages = {
  empty: '请输入纳税人识别号（税号）',
  format: '税号须为15、18或20位大写字母或数字',
  check: '统一社会信用代码校验位不正确，请核对税号',
} as const;

/**
 * Why a 纳税人识别号 (税号) is refused, or null when it is well formed: 15 or 20 characters of uppercase
 * letters and digits (older registrations), or an 18-character unified social credit code whose check
 * character matches (GB 32100-2015).
 */
export function taxNoProblem(taxNo: string): string | null {
  if (taxNo === '') return TaxNoMessages.empty;
  if (!/^[0-9A-Z]+$/.test(taxNo) || ![15, 18, 20].includes(taxNo.length)) return TaxNoMessages.format;
  if (taxNo.length === 18 && usccCheckChar(taxNo.slice(0, 17)) !== taxNo.charAt(17))
    return TaxNoMessages.check;
  return null;
}
