import { describe, expect, it } from 'vitest';
import {
  fapiaoRequestSchema,
  invoiceNeedsBuyer,
  pendingAdjustment,
  TaxDocumentSeries,
  TaxNoMessages,
  taxDocumentNo,
  taxNoProblem,
  usccCheckChar,
} from '../src';

describe('taxNoProblem (纳税人识别号)', () => {
  it.each([
    // Unified social credit codes whose check character is right (GB 32100-2015).
    ['91350100M000100Y43', null],
    ['91110000100011743X', null],
    ['91440300708461136T', null],
    // The same with the last character changed.
    ['91350100M000100Y44', TaxNoMessages.check],
    ['911100001000014867', TaxNoMessages.check],
    // Older 15- and 20-character numbers: format only.
    ['110108123456789', null],
    ['11010812345678901234', null],
    ['', TaxNoMessages.empty],
    ['1234', TaxNoMessages.format],
    ['91350100m000100y43', TaxNoMessages.format],
    ['91350100M000100Y4 ', TaxNoMessages.format],
    ['1101081234567890', TaxNoMessages.format],
    // I, O, Z, S, V are not in the code's alphabet.
    ['91350100M000100YO3', TaxNoMessages.check],
  ])('%j → %j', (taxNo, problem) => {
    expect(taxNoProblem(taxNo)).toBe(problem);
  });

  it('computes the check character, refusing characters outside the alphabet', () => {
    expect(usccCheckChar('91350100M000100Y4')).toBe('3');
    expect(usccCheckChar('9135010OM000100Y4')).toBeNull();
    expect(usccCheckChar('short')).toBeNull();
  });
});

describe('fapiaoRequestSchema', () => {
  const base = { orderId: 1, kind: 'normal', title: '上海某某贸易有限公司', taxNo: ' 91350100m000100y43 ' };
  it('upper-cases and checks the 税号', () => {
    expect(fapiaoRequestSchema.parse(base).taxNo).toBe('91350100M000100Y43');
    expect(
      fapiaoRequestSchema.safeParse({ ...base, taxNo: '91350100M000100Y44' }).error?.issues[0]?.message,
    ).toBe(TaxNoMessages.check);
  });
  it('asks 专用 for bank, account, address and phone', () => {
    const result = fapiaoRequestSchema.safeParse({ ...base, kind: 'special', bank: '工商银行' });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      '专用发票须填写银行账号',
      '专用发票须填写注册地址',
      '专用发票须填写注册电话',
    ]);
  });
  it('refuses unknown fields and kinds', () => {
    expect(fapiaoRequestSchema.safeParse({ ...base, extra: 1 }).success).toBe(false);
    expect(fapiaoRequestSchema.safeParse({ ...base, kind: 'paper' }).success).toBe(false);
  });
});

describe('tax invoice rules', () => {
  it.each([
    [99_999, false],
    [100_000, true],
    [250_000, true],
  ])('a total of %i minor units names the buyer: %s', (total, needs) => {
    expect(invoiceNeedsBuyer(total)).toBe(needs);
  });

  it('prints numbers with their series prefix', () => {
    expect(taxDocumentNo(TaxDocumentSeries.taxInvoice, 42)).toBe('INV-000042');
    expect(taxDocumentNo(TaxDocumentSeries.adjustmentNote, 1_234_567)).toBe('ADJ-1234567');
  });

  const invoice = { invoiceTotal: 12_100, invoiceGst: 1_100, paidAmount: 12_100 };
  it.each([
    ['no refund', { refundedAmount: 0, refundedGst: 0, alreadyAdjusted: 0, alreadyAdjustedGst: 0 }, null],
    [
      'a part',
      { refundedAmount: 3_300, refundedGst: 300, alreadyAdjusted: 0, alreadyAdjustedGst: 0 },
      { amount: 3_300, gst: 300 },
    ],
    [
      'the next part only',
      { refundedAmount: 4_400, refundedGst: 400, alreadyAdjusted: 3_300, alreadyAdjustedGst: 300 },
      { amount: 1_100, gst: 100 },
    ],
    [
      'all covered already',
      { refundedAmount: 4_400, refundedGst: 400, alreadyAdjusted: 4_400, alreadyAdjustedGst: 400 },
      null,
    ],
    [
      'everything',
      { refundedAmount: 12_100, refundedGst: 1_100, alreadyAdjusted: 0, alreadyAdjustedGst: 0 },
      { amount: 12_100, gst: 1_100 },
    ],
  ])('adjusts %s', (_name, refunds, expected) => {
    expect(pendingAdjustment({ ...invoice, ...refunds })).toEqual(expected);
  });

  it('turns a refund in another currency paid into the invoice currency by its share', () => {
    // Paid ¥585.00 for an A$121.00 order; ¥292.50 back is half the invoice.
    expect(
      pendingAdjustment({
        invoiceTotal: 12_100,
        invoiceGst: 1_100,
        paidAmount: 58_500,
        refundedAmount: 29_250,
        refundedGst: 550,
        alreadyAdjusted: 0,
        alreadyAdjustedGst: 0,
      }),
    ).toEqual({ amount: 6_050, gst: 550 });
  });
});
