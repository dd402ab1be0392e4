import { describe, expect, it } from 'vitest';
import {
  chooseOption,
  OptionState,
  optionState,
  type PickableSku,
  type SkuSelection,
  SkuStatus,
  type SkuStockFields,
  selectionOfSku,
  skuOfSelection,
} from '../src';

const buyable: SkuStockFields = { status: SkuStatus.InStock, stock: 10 };
const soldOut: SkuStockFields = { status: SkuStatus.ByStock, stock: 0 };
const sku = (id: number, 颜色: string, 规格: string, stock = buyable) => ({
  id,
  property: { 颜色, 规格 },
  ...stock,
});
// 红 comes in S and M, 蓝 only in M; 绿 exists only sold out.
const skus = [sku(1, '红', 'S'), sku(2, '红', 'M'), sku(3, '蓝', 'M'), sku(4, '绿', 'S', soldOut)];
const keys = ['颜色', '规格'];

describe('optionState (only a value no purchasable SKU has is disabled)', () => {
  it.each<[SkuSelection, string, string, OptionState]>([
    [{}, '颜色', '蓝', OptionState.Available],
    [{ 颜色: '红', 规格: 'S' }, '颜色', '蓝', OptionState.WithOtherChoices],
    [{ 颜色: '红', 规格: 'S' }, '规格', 'M', OptionState.Available],
    [{ 颜色: '蓝', 规格: 'M' }, '规格', 'S', OptionState.WithOtherChoices],
    [{ 颜色: '红', 规格: 'M' }, '规格', 'S', OptionState.Available],
    [{ 颜色: '红', 规格: 'S' }, '颜色', '绿', OptionState.Unavailable],
    [{}, '颜色', '紫', OptionState.Unavailable],
  ])('selection %o: %s=%s → %s', (selection, key, value, state) => {
    expect(optionState(skus, selection, key, value)).toBe(state);
  });

  it('a value whose only SKU with the chosen values is sold out is offered with other choices', () => {
    const shirts = [
      sku(1, '燕麦色', '圆领'),
      sku(2, '炭灰色', '圆领', soldOut),
      sku(3, '炭灰色', 'V领'),
      sku(4, '燕麦色', 'V领'),
    ];
    expect(optionState(shirts, { 颜色: '燕麦色', 规格: '圆领' }, '颜色', '炭灰色')).toBe(
      OptionState.WithOtherChoices,
    );
  });
});

describe('chooseOption (a click always lands on a SKU that can be bought when one has the value)', () => {
  it.each<[string, SkuSelection, string, string, SkuSelection]>([
    [
      'keeps the other choice when it fits',
      { 颜色: '红', 规格: 'M' },
      '颜色',
      '蓝',
      { 颜色: '蓝', 规格: 'M' },
    ],
    [
      'moves the other key when it does not',
      { 颜色: '红', 规格: 'S' },
      '颜色',
      '蓝',
      { 颜色: '蓝', 规格: 'M' },
    ],
    ['moves the first key for the second', { 颜色: '蓝', 规格: 'M' }, '规格', 'S', { 颜色: '红', 规格: 'S' }],
    ['completes a partial selection', { 颜色: '红' }, '规格', 'M', { 颜色: '红', 规格: 'M' }],
    ['a chosen value stays chosen', { 颜色: '红', 规格: 'S' }, '颜色', '红', { 颜色: '红', 规格: 'S' }],
    [
      'a value only sold out goes to its SKU',
      { 颜色: '红', 规格: 'S' },
      '颜色',
      '绿',
      { 颜色: '绿', 规格: 'S' },
    ],
    ['an unknown value is just chosen', { 颜色: '红', 规格: 'S' }, '颜色', '紫', { 颜色: '紫', 规格: 'S' }],
  ])('%s', (_, selection, key, value, next) => {
    expect(chooseOption(skus, keys, selection, key, value)).toEqual(next);
  });

  it('skips a sold-out combination for a purchasable one with the clicked value', () => {
    const shirts = [sku(1, '燕麦色', '圆领'), sku(2, '炭灰色', '圆领', soldOut), sku(3, '炭灰色', 'V领')];
    expect(chooseOption(shirts, keys, { 颜色: '燕麦色', 规格: '圆领' }, '颜色', '炭灰色')).toEqual({
      颜色: '炭灰色',
      规格: 'V领',
    });
  });

  it('with three keys keeps as many choices as it can, the earlier key first', () => {
    const three: PickableSku[] = [
      { property: { 产地: '杭州', 等级: '特级', 重量: '250g' }, ...buyable },
      { property: { 产地: '云南', 等级: '一级', 重量: '250g' }, ...buyable },
      { property: { 产地: '云南', 等级: '特级', 重量: '500g' }, ...buyable },
    ];
    const k = ['产地', '等级', '重量'];
    // From 杭州/特级/250g, 云南 keeps either 特级 (earlier key) or 250g: 特级 wins.
    expect(chooseOption(three, k, { 产地: '杭州', 等级: '特级', 重量: '250g' }, '产地', '云南')).toEqual({
      产地: '云南',
      等级: '特级',
      重量: '500g',
    });
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

describe('selectionOfSku', () => {
  it('the selection of a SKU is its value of every key', () => {
    expect(selectionOfSku(sku(3, '蓝', 'M'), keys)).toEqual({ 颜色: '蓝', 规格: 'M' });
  });
});
