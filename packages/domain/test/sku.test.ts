import { describe, expect, it } from 'vitest';
import {
  availabilityText,
  availableUnits,
  defaultSelectedSku,
  isExpandable,
  isSkuPurchasable,
  MAX_CART_LINE_QTY,
  maxCartQty,
  needsPreOrder,
  type SkuLike,
  type SkuListContext,
  SkuStatus,
  StockDisplayText,
  skuGridLayout,
  skuStockView,
  stockDisplay,
  stockNumberHint,
  stockNumberNote,
  stockUse,
  validateCartQuantity,
  visibleSkus,
} from '../src';

const { NotForSale, OutStock, ByStock, ByBook, InStock } = SkuStatus;

describe('isSkuPurchasable and needsPreOrder (spec §4 SKU stock status)', () => {
  it.each([
    [NotForSale, 10, false, false],
    [OutStock, 10, false, false],
    [OutStock, 0, false, false],
    [ByStock, 5, true, false],
    [ByStock, 1, true, false],
    [ByStock, 0, false, false],
    [ByStock, -1, false, false],
    [ByBook, 0, true, true],
    [ByBook, -2, true, true],
    [ByBook, 3, true, false],
    [InStock, 0, true, false],
    [InStock, 8, true, false],
    [2, 10, false, false],
  ])('status %i, stock %i → purchasable %s, pre-order %s', (status, stock, purchasable, preOrder) => {
    expect(isSkuPurchasable({ status, stock })).toBe(purchasable);
    expect(needsPreOrder({ status, stock })).toBe(preOrder);
  });
});

describe('stockDisplay (spec §4 stock display by status)', () => {
  it.each([
    [ByStock, 5, 5, '现货'],
    [ByStock, 5, 1, '现货'],
    [ByStock, 5, 6, '库存不足'],
    [ByStock, 0, 1, '库存不足'],
    [ByBook, 5, 2, '现货'],
    [ByBook, 1, 2, '需预订'],
    [ByBook, 0, 1, '需预订'],
    [InStock, 0, 3, '现货'],
    [OutStock, 10, 1, '缺货'],
    [NotForSale, 10, 1, '不可售'],
    [99, 10, 1, '不可售'],
  ])('status %i, stock %i, needed %i → %s', (status, stock, needed, text) => {
    expect(stockDisplay(status, stock, needed)).toBe(text);
  });

  it.each([
    [ByStock, 1, '现货'],
    [ByStock, 0, '库存不足'],
  ])('needs 1 by default (status %i, stock %i → %s)', (status, stock, text) => {
    expect(stockDisplay(status, stock)).toBe(text);
  });

  it('exposes the texts', () => {
    expect(StockDisplayText).toEqual({
      Enough: '现货',
      Insufficient: '库存不足',
      PreOrder: '需预订',
      OutStock: '缺货',
      NotForSale: '不可售',
    });
  });
});

const sku = (id: number, status: number, stock: number, property?: unknown): SkuLike => ({
  id,
  status,
  stock,
  property,
});

describe('defaultSelectedSku (spec §4)', () => {
  it.each([
    [
      'first purchasable',
      [sku(1, OutStock, 0), sku(2, ByStock, 0), sku(3, ByStock, 2), sku(4, InStock, 1)],
      3,
    ],
    ['first when none is purchasable', [sku(1, OutStock, 0), sku(2, NotForSale, 5)], 1],
    ['a pre-order sku is purchasable', [sku(1, ByStock, 0), sku(2, ByBook, 0)], 2],
    ['only sku', [sku(9, InStock, 1)], 9],
    ['none for no skus', [], undefined],
  ] as [string, SkuLike[], number | undefined][])('%s', (_name, skus, id) => {
    expect(defaultSelectedSku(skus)?.id).toBe(id);
  });
});

describe('visibleSkus (spec §4: not-for-sale dropped; in checkout only when several)', () => {
  it.each([
    ['list', [sku(1, NotForSale, 0), sku(2, ByStock, 1)], [2]],
    ['list', [sku(1, NotForSale, 0)], []],
    ['list', [sku(1, OutStock, 0), sku(2, ByBook, 0)], [1, 2]],
    ['list', [], []],
    ['checkout', [sku(1, NotForSale, 0), sku(2, ByStock, 1)], [2]],
    ['checkout', [sku(1, NotForSale, 0), sku(2, NotForSale, 1)], []],
    ['checkout', [sku(1, NotForSale, 0)], [1]],
    ['checkout', [sku(1, ByStock, 1)], [1]],
    ['checkout', [], []],
  ] as [SkuListContext, SkuLike[], number[]][])('%s %#', (context, skus, ids) => {
    expect(visibleSkus(skus, { context }).map((s) => s.id)).toEqual(ids);
  });

  it('returns a new array', () => {
    const skus = [sku(1, NotForSale, 0)];
    expect(visibleSkus(skus, { context: 'checkout' })).not.toBe(skus);
  });
});

describe('isExpandable (spec §4)', () => {
  it.each([
    [[], false],
    [[sku(1, InStock, 1)], false],
    [[sku(1, InStock, 1), sku(2, InStock, 1)], true],
  ])('%# → %s', (skus, expandable) => {
    expect(isExpandable(skus)).toBe(expandable);
  });
});

describe('skuGridLayout (spec §4)', () => {
  it('lays out more than two keys as a flat grid', () => {
    const skus = [
      sku(1, InStock, 1, { 颜色: '红', 尺码: 'S', 款式: '长' }),
      sku(2, InStock, 1, '[{"颜色":"蓝"},{"尺码":"M"},{"款式":"短"}]'),
    ];
    expect(skuGridLayout(skus)).toEqual({
      kind: 'grid',
      isGridList: true,
      keys: ['颜色', '尺码', '款式'],
      skus,
    });
  });

  it('counts keys across skus', () => {
    const skus = [sku(1, InStock, 1, { a: '1', b: '1' }), sku(2, InStock, 1, { a: '2', c: '1' })];
    expect(skuGridLayout(skus)).toMatchObject({ kind: 'grid', isGridList: true, keys: ['a', 'b', 'c'] });
  });

  it('lays out two keys as a matrix: rows from the first key, columns from the second', () => {
    const red = sku(1, InStock, 1, { 颜色: '红', 尺码: 'S' });
    const redM = sku(2, InStock, 1, { 颜色: '红', 尺码: 'M' });
    const blueS = sku(3, InStock, 1, [{ 颜色: '蓝' }, { 尺码: 'S' }]);
    expect(skuGridLayout([red, redM, blueS])).toEqual({
      kind: 'matrix',
      isGridList: false,
      keys: ['颜色', '尺码'],
      rows: ['红', '蓝'],
      columns: ['S', 'M'],
      cells: [
        [red, redM],
        [blueS, undefined],
      ],
    });
  });

  it.each([
    [
      'one key → single row',
      [sku(1, InStock, 1, { 颜色: '红' }), sku(2, InStock, 1, { 颜色: '蓝' })],
      ['颜色'],
      ['红', '蓝'],
    ],
    [
      'a sku without the key',
      [sku(1, InStock, 1, { 颜色: '红' }), sku(2, InStock, 1, null)],
      ['颜色'],
      ['红', ''],
    ],
    ['no keys → single row', [sku(1, InStock, 1), sku(2, InStock, 1, 'bad json')], [], ['', '']],
    ['no skus', [], [], []],
  ] as [string, SkuLike[], string[], string[]][])('%s', (_name, skus, keys, columns) => {
    expect(skuGridLayout(skus)).toEqual({ kind: 'row', isGridList: false, keys, columns, skus });
  });
});

describe('availabilityText (what a SKU cell says a buyer can take)', () => {
  it.each([
    [ByStock, 283, '可购 283 件'],
    [ByStock, 0, ''],
    [ByBook, 12, '现货 12 件 · 可预订'],
    [ByBook, 0, '不限量'],
    [InStock, 0, '不限量'],
    [OutStock, 0, ''],
    [NotForSale, 5, ''],
  ])('status %s with stock %s → %s', (status, stock, text) => {
    expect(availabilityText({ status, stock })).toBe(text);
  });
});

describe('one meaning of a status and its stock (spec §4), shown and enforced alike', () => {
  // status, stock, needed → what every screen says, what can be taken, whether the cart and order take it
  it.each([
    [ByStock, 600, 600, '现货', '可购 600 件', 600, true],
    [ByStock, 600, 700, '库存不足', '可购 600 件', 600, false],
    [ByStock, 0, 1, '库存不足', '', 0, false],
    [ByBook, 12, 5, '现货', '现货 12 件 · 可预订', Infinity, true],
    [ByBook, 12, 40, '需预订', '现货 12 件 · 可预订', Infinity, true],
    [ByBook, 0, 1, '需预订', '不限量', Infinity, true],
    // InStock sells whatever its number says: 600 set by staff limits nothing, and every screen says 不限量.
    [InStock, 600, 700, '现货', '不限量', Infinity, true],
    [InStock, 0, 3, '现货', '不限量', Infinity, true],
    [OutStock, 50, 1, '缺货', '', 0, false],
    [NotForSale, 50, 1, '不可售', '', 0, false],
    [2, 50, 1, '不可售', '', 0, false],
  ])(
    'status %s, stock %s, needing %s → %s, %s, %s units, cart takes it: %s',
    (status, stock, needed, text, available, unitsNow, takes) => {
      const sku = { status, stock };
      expect(skuStockView(sku, needed)).toEqual({ text, ok: takes, available });
      expect(availableUnits(sku)).toBe(unitsNow);
      expect(validateCartQuantity(needed, sku).ok).toBe(takes);
      expect(maxCartQty(sku)).toBe(Math.min(unitsNow, MAX_CART_LINE_QTY));
    },
  );

  it('says in the console what each status does with the stock number', () => {
    expect(
      [ByStock, ByBook, InStock, OutStock, NotForSale, 2].map((s) => [
        stockUse(s),
        stockNumberHint(s),
        stockNumberNote(s),
      ]),
    ).toEqual([
      ['limit', '按此数限购', '按库存数销售：最多可购买库存数，库存为 0 时不能购买'],
      ['inHand', '此数内现货，超出预订', '库存数内为现货，超出部分作为预订，不限购买数量'],
      ['ignored', '不看此数，不限量', '「有货」不看库存数，不限购买数量；要按库存数限购，请选「按库存销售」'],
      ['ignored', '不看此数，不能购买', '「缺货」不能购买，库存数不起作用'],
      ['ignored', '不看此数，不可售', '「不可售」不在商城展示，库存数不起作用'],
      ['ignored', '不看此数，不可售', '「不可售」不在商城展示，库存数不起作用'],
    ]);
  });
});
