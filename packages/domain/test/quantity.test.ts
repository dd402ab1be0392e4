import { describe, expect, it } from 'vitest';
import {
  CartQuantityProblem,
  clampCartQty,
  isValidCartQty,
  maxCartQty,
  SkuStatus,
  validateCartQuantity,
} from '../src';

const { NotForSale, OutStock, ByStock, ByBook, InStock } = SkuStatus;

describe('validateCartQuantity (spec §4 SKU stock status, stock display)', () => {
  it.each([
    [1, InStock, 0],
    [999, InStock, 0],
    [5, ByBook, 0],
    [500, ByBook, 3],
    [1, ByStock, 1],
    [5, ByStock, 5],
  ])('qty %s of status %s with stock %s is ok', (qty, status, stock) => {
    expect(validateCartQuantity(qty, { status, stock })).toEqual({ ok: true });
  });

  it.each([
    [0, InStock, 10, CartQuantityProblem.NotPositiveInteger, '购买数量须为大于0的整数', undefined],
    [-2, ByBook, 10, CartQuantityProblem.NotPositiveInteger, '购买数量须为大于0的整数', undefined],
    [1.5, InStock, 10, CartQuantityProblem.NotPositiveInteger, '购买数量须为大于0的整数', undefined],
    ['2', InStock, 10, CartQuantityProblem.NotPositiveInteger, '购买数量须为大于0的整数', undefined],
    [Number.NaN, InStock, 10, CartQuantityProblem.NotPositiveInteger, '购买数量须为大于0的整数', undefined],
    [1, NotForSale, 10, CartQuantityProblem.NotForSale, '该商品不可售', undefined],
    [1, 2, 10, CartQuantityProblem.NotForSale, '该商品不可售', undefined],
    [1, OutStock, 10, CartQuantityProblem.OutStock, '该商品缺货', undefined],
    [1, ByStock, 0, CartQuantityProblem.OutStock, '该商品缺货', undefined],
    [1, ByStock, -4, CartQuantityProblem.OutStock, '该商品缺货', undefined],
    [6, ByStock, 5, CartQuantityProblem.OverStock, '库存不足，最多可购买 5 件', 5],
    [2, ByStock, 1, CartQuantityProblem.OverStock, '库存不足，最多可购买 1 件', 1],
  ])('qty %s of status %s with stock %s → %s', (qty, status, stock, problem, message, maxQty) => {
    const check = validateCartQuantity(qty, { status, stock });
    expect(check).toMatchObject({ ok: false, problem, message });
    if (!check.ok) expect(check.maxQty).toBe(maxQty);
  });
});

describe('isValidCartQty', () => {
  it.each([
    [1, true],
    [Number.MAX_SAFE_INTEGER, true],
    [0, false],
    [-1, false],
    [0.5, false],
    [Number.MAX_SAFE_INTEGER + 1, false],
    [null, false],
    ['1', false],
  ])('%s → %s', (qty, expected) => {
    expect(isValidCartQty(qty)).toBe(expected);
  });
});

describe('maxCartQty and clampCartQty (the quantity to buy, as the cart stepper keeps it)', () => {
  it.each([
    [InStock, 0, 9999],
    [ByBook, 3, 9999],
    [ByStock, 283, 283],
    [ByStock, 20_000, 9999],
    [ByStock, 0, 0],
    [OutStock, 50, 0],
    [NotForSale, 50, 0],
  ])('status %s with stock %s allows %s', (status, stock, max) => {
    expect(maxCartQty({ status, stock })).toBe(max);
  });

  it.each([
    [99_999, ByStock, 283, { qty: 283, limitedTo: 283, message: '库存不足，最多可购买 283 件' }],
    [283, ByStock, 283, { qty: 283 }],
    [12, ByStock, 283, { qty: 12 }],
    [99_999, InStock, 5, { qty: 9999, limitedTo: 9999, message: '单个商品最多购买9999件' }],
    [0, ByBook, 0, { qty: 1 }],
    [2.7, InStock, 5, { qty: 2 }],
    [Number.NaN, InStock, 5, { qty: 1 }],
    [40, OutStock, 0, { qty: 40 }],
  ])('%s of status %s with stock %s → %o', (qty, status, stock, clamped) => {
    expect(clampCartQty(qty, { status, stock })).toEqual(clamped);
  });
});
