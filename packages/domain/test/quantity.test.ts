import { describe, expect, it } from 'vitest';
import { CartQuantityProblem, isValidCartQty, SkuStatus, validateCartQuantity } from '../src';

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
