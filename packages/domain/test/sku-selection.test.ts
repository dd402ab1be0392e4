import { describe, expect, it } from 'vitest';
import { isOptionAvailable, type SkuSelection, selectionOfSku, skuOfSelection, toggleOption } from '../src';

const sku = (id: number, 颜色: string, 规格: string) => ({ id, property: { 颜色, 规格 } });
// 红 comes in S and M, 蓝 only in M.
const skus = [sku(1, '红', 'S'), sku(2, '红', 'M'), sku(3, '蓝', 'M')];
const keys = ['颜色', '规格'];

describe('isOptionAvailable (a combination with no SKU is disabled)', () => {
  it.each<[SkuSelection, string, string, boolean]>([
    [{}, '颜色', '蓝', true],
    [{ 规格: 'S' }, '颜色', '蓝', false],
    [{ 规格: 'S' }, '颜色', '红', true],
    [{ 颜色: '蓝', 规格: 'M' }, '规格', 'S', false],
    [{ 颜色: '红', 规格: 'M' }, '规格', 'S', true],
    [{ 颜色: '红', 规格: 'S' }, '颜色', '蓝', false],
    [{}, '颜色', '绿', false],
  ])('selection %o: %s=%s → %s', (selection, key, value, available) => {
    expect(isOptionAvailable(skus, selection, key, value)).toBe(available);
  });
});

describe('skuOfSelection', () => {
  it.each<[SkuSelection, number | undefined]>([
    [{ 颜色: '红', 规格: 'M' }, 2],
    [{ 颜色: '蓝', 规格: 'M' }, 3],
    [{ 颜色: '蓝', 规格: 'S' }, undefined],
    [{ 颜色: '红' }, undefined],
    [{}, undefined],
  ])('%o → sku %s', (selection, id) => {
    expect(skuOfSelection(skus, keys, selection)?.id).toBe(id);
  });

  it('a product without attributes has its single SKU selected', () => {
    expect(skuOfSelection([{ id: 9, property: {} }], [], {})?.id).toBe(9);
  });
});

describe('selectionOfSku and toggleOption', () => {
  it('the selection of a SKU is its value of every key', () => {
    expect(selectionOfSku(sku(3, '蓝', 'M'), keys)).toEqual({ 颜色: '蓝', 规格: 'M' });
  });

  it.each<[SkuSelection, string, string, SkuSelection]>([
    [{}, '颜色', '红', { 颜色: '红' }],
    [{ 颜色: '红' }, '颜色', '蓝', { 颜色: '蓝' }],
    [{ 颜色: '红', 规格: 'S' }, '颜色', '红', { 规格: 'S' }],
  ])('%o + %s=%s → %o', (selection, key, value, next) => {
    expect(toggleOption(selection, key, value)).toEqual(next);
  });
});
