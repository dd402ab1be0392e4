import { describe, expect, it } from 'vitest';
import {
  CartQuantityProblem,
  clampCartQty,
  hasQtyRule,
  maxCartQty,
  NO_QTY_RULE,
  nextBreakText,
  priceBreakText,
  type QtyRule,
  qtyRuleHint,
  qtyRuleMessage,
  qtyRuleOrNone,
  SkuStatus,
  steppedQty,
  validateCartQuantity,
} from '../src';

/** Where a buyer enters a quantity under a SKU's rule (ADR 050): steppers, fields, hints and the cart's checks. */

const rule = (minQty: number, stepQty: number, maxQty: number | null = null): QtyRule => ({
  minQty,
  stepQty,
  maxQty,
});
const CASE_12 = rule(1, 12);
const CASE_6_FROM_12_TO_60 = rule(12, 6, 60);
const { ByStock, InStock, OutStock } = SkuStatus;

describe('steppedQty: + and − move by whole cases', () => {
  it.each([
    // qty, rule, direction, moved to
    [1, NO_QTY_RULE, 1, 2],
    [5, NO_QTY_RULE, -1, 4],
    [1, NO_QTY_RULE, -1, 1],
    [12, CASE_12, 1, 24],
    [24, CASE_12, -1, 12],
    [12, CASE_12, -1, 12],
    // between cases (a line stored before the rule changed): to the case beside it
    [18, CASE_12, 1, 24],
    [18, CASE_12, -1, 12],
    // below the smallest: + goes to the smallest
    [0, CASE_12, 1, 12],
    [6, CASE_6_FROM_12_TO_60, 1, 12],
    [12, CASE_6_FROM_12_TO_60, -1, 12],
    [12, CASE_6_FROM_12_TO_60, 1, 18],
  ] as const)('%i of %o, %i → %i', (qty, r, direction, moved) => {
    expect(steppedQty(qty, r, direction)).toBe(moved);
  });
});

describe('qtyRuleHint: the rule beside a quantity', () => {
  it.each([
    [NO_QTY_RULE, ''],
    [rule(1, 6), '每箱6件'],
    [rule(12, 1), '12件起订'],
    [rule(1, 1, 60), '限购60件'],
    [rule(12, 12), '每箱12件'],
    [rule(24, 12, 120), '每箱12件 · 24件起订 · 限购120件'],
    // the maximum as whole cases
    [rule(1, 12, 50), '每箱12件 · 限购48件'],
  ] as const)('%o → %s', (r, hint) => {
    expect(qtyRuleHint(r)).toBe(hint);
    expect(hasQtyRule(r)).toBe(hint !== '');
  });
});

describe('qtyRuleOrNone: a rule from fields that may be missing', () => {
  it.each([
    [{}, NO_QTY_RULE],
    [{ minQty: 1, stepQty: 12, maxQty: null }, CASE_12],
    [{ minQty: 12, stepQty: 6, maxQty: 60 }, CASE_6_FROM_12_TO_60],
    [{ minQty: 1, stepQty: 0, maxQty: null }, NO_QTY_RULE],
    [{ minQty: 1, stepQty: 6, maxQty: -2 }, rule(1, 6)],
  ] as const)('%o → %o', (fields, expected) => {
    expect(qtyRuleOrNone(fields)).toEqual(expected);
  });
});

describe('qtyRuleMessage: why a quantity is not allowed, in the buyer words', () => {
  it.each([
    [18, CASE_12, '按箱销售，每箱12件，数量须为12的倍数'],
    [6, CASE_6_FROM_12_TO_60, '12件起订'],
    [66, CASE_6_FROM_12_TO_60, '每单最多60件'],
    [24, CASE_12, null],
    [3, NO_QTY_RULE, null],
  ] as const)('%i of %o → %s', (qty, r, message) => {
    expect(qtyRuleMessage(qty, r)).toBe(message);
  });
});

describe('clampCartQty and maxCartQty under a rule (the quantity a field or a stepper settles on)', () => {
  it.each([
    // qty, status, stock, rule, settled, message
    [18, InStock, 0, CASE_12, 24, '每箱12件，已调整为24件'],
    [24, InStock, 0, CASE_12, 24, undefined],
    [5, InStock, 0, CASE_6_FROM_12_TO_60, 12, '12件起订，已调整为12件'],
    [100, InStock, 0, CASE_6_FROM_12_TO_60, 60, '每单最多60件，已调整为60件'],
    // the stock in whole cases
    [40, ByStock, 30, CASE_12, 24, '库存不足，最多可购买 24 件'],
    [18, ByStock, 30, CASE_12, 24, '每箱12件，已调整为24件'],
    [12, ByStock, 10, CASE_12, 12, '库存仅 10 件，不足12件起订'],
    // by the piece: as before
    [9, ByStock, 5, NO_QTY_RULE, 5, '库存不足，最多可购买 5 件'],
    [3, ByStock, 5, NO_QTY_RULE, 3, undefined],
    [Number.NaN, ByStock, 5, NO_QTY_RULE, 1, undefined],
    [Number.NaN, ByStock, 50, CASE_12, 12, undefined],
    [18, OutStock, 0, CASE_12, 24, undefined],
  ] as const)('%i (status %i, stock %i, %o) → %i', (qty, status, stock, r, settled, message) => {
    const clamped = clampCartQty(qty, { status, stock }, r);
    expect(clamped.qty).toBe(settled);
    expect(clamped.message).toBe(message);
  });

  it.each([
    [InStock, 0, CASE_12, 9996],
    [InStock, 0, CASE_6_FROM_12_TO_60, 60],
    [ByStock, 30, CASE_12, 24],
    [ByStock, 10, CASE_12, 0],
    [ByStock, 5, NO_QTY_RULE, 5],
    [OutStock, 50, CASE_12, 0],
  ] as const)('the most (status %i, stock %i, %o): %i', (status, stock, r, most) => {
    expect(maxCartQty({ status, stock }, r)).toBe(most);
  });
});

describe('validateCartQuantity under a rule (a cart line, a batch add)', () => {
  it('refuses a quantity the rule does not allow, in the buyer words', () => {
    expect(validateCartQuantity(18, { status: InStock, stock: 0 }, CASE_12)).toEqual({
      ok: false,
      problem: CartQuantityProblem.QtyRule,
      message: '按箱销售，每箱12件，数量须为12的倍数',
    });
    expect(validateCartQuantity(72, { status: InStock, stock: 0 }, CASE_6_FROM_12_TO_60)).toMatchObject({
      problem: CartQuantityProblem.QtyRule,
      message: '每单最多60件',
    });
  });

  it('over stock, offers the stock in whole cases', () => {
    expect(validateCartQuantity(36, { status: ByStock, stock: 30 }, CASE_12)).toEqual({
      ok: false,
      problem: CartQuantityProblem.OverStock,
      message: '库存不足，最多可购买 24 件',
      maxQty: 24,
    });
    expect(validateCartQuantity(12, { status: ByStock, stock: 10 }, CASE_12)).toEqual({
      ok: false,
      problem: CartQuantityProblem.OverStock,
      message: '库存仅 10 件，不足12件起订',
    });
    expect(validateCartQuantity(24, { status: ByStock, stock: 30 }, CASE_12)).toEqual({ ok: true });
  });
});

describe('break texts', () => {
  it.each([
    [{ minQty: 12, audPrice: 5.5, cnyPrice: 27 }, 'CNY', '12件起 ¥27.00'],
    [{ minQty: 12, audPrice: 5.5, cnyPrice: 27 }, 'AUD', '12件起 $5.50'],
    // no price in the page currency: the other with its own symbol
    [{ minQty: 48, audPrice: null, cnyPrice: 25 }, 'AUD', '48件起 ¥25.00'],
    [{ minQty: 48, audPrice: null, cnyPrice: null }, 'AUD', null],
  ] as const)('%o in %s → %s', (entry, currency, text) => {
    expect(priceBreakText(entry, currency)).toBe(text);
  });

  it.each([
    [{ minQty: 24, missing: 12, audPrice: 500, cnyPrice: 2500 }, 'CNY', '再买12件享 ¥25.00'],
    [{ minQty: 24, missing: 12, audPrice: 500, cnyPrice: 2500 }, 'AUD', '再买12件享 $5.00'],
    [{ minQty: 24, missing: 3, audPrice: null, cnyPrice: 2500 }, 'AUD', '再买3件享 ¥25.00'],
    [{ minQty: 24, missing: 3, audPrice: null, cnyPrice: null }, 'AUD', null],
  ] as const)('%o billed in %s → %s', (next, currency, text) => {
    expect(nextBreakText(next, currency)).toBe(text);
  });
});
