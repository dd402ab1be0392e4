import { describe, expect, it } from 'vitest';
import { type PastedLine, type PreviewSku, previewPastedLine, SkuStatus, unknownCodeMessage } from '../src';

const sku = (fields: Partial<PreviewSku> = {}): PreviewSku => ({
  id: 7,
  code: 'AU-CASE-01',
  name: '整箱米粉',
  onFlag: true,
  status: SkuStatus.InStock,
  stock: 0,
  minQty: 12,
  stepQty: 6,
  maxQty: 60,
  ...fields,
});
const line = (qty: number | null, problem?: string): PastedLine => ({
  line: 3,
  code: 'AU-CASE-01',
  qty,
  ...(problem ? { problem } : {}),
});

describe('a pasted line against its SKU', () => {
  it.each([
    ['allowed as it is', line(18), sku(), 'ok', 18, ''],
    ['off the case pack', line(20), sku(), 'adjusted', 18, '每箱6件，已调整为18件'],
    ['below the minimum', line(6), sku(), 'adjusted', 12, '12件起订，已调整为12件'],
    ['over the maximum', line(100), sku(), 'adjusted', 60, '每单最多60件，已调整为60件'],
    [
      'sold by stock, over it',
      line(40),
      sku({ status: SkuStatus.ByStock, stock: 32 }),
      'short',
      30,
      '库存不足，最多可购买 32 件，按箱已调整为30件',
    ],
    [
      'the nearest case is over the stock',
      line(29),
      sku({ status: SkuStatus.ByStock, stock: 29 }),
      'short',
      24,
      '库存不足，最多可购买 29 件，按箱已调整为24件',
    ],
    [
      'stock under the smallest case',
      line(12),
      sku({ status: SkuStatus.ByStock, stock: 8 }),
      'short',
      0,
      '库存不足：12件起订，现有8件',
    ],
    ['out of stock', line(12), sku({ status: SkuStatus.OutStock }), 'short', 0, '该商品缺货'],
    ['not for sale', line(12), sku({ status: SkuStatus.NotForSale }), 'notForSale', 0, '该商品不可售'],
    ['off the shelf', line(12), sku({ onFlag: false }), 'notForSale', 0, '商品已下架'],
    [
      'a known code without a quantity',
      line(null, '缺少数量'),
      sku(),
      'adjusted',
      12,
      '缺少数量，已按起订量填为12件',
    ],
    [
      'a known code, no quantity, not for sale',
      line(null, '缺少数量'),
      sku({ status: SkuStatus.NotForSale }),
      'notForSale',
      0,
      '该商品不可售',
    ],
  ] as const)('%s', (_, pasted, matched, status, qty, message) => {
    const preview = previewPastedLine(pasted, matched);
    expect(preview).toMatchObject({ line: 3, status, qty, message });
    // Every row here matches its SKU (unknown codes are the next tests').
    expect(preview).toMatchObject({ skuId: 7, skuCode: 'AU-CASE-01', name: '整箱米粉' });
  });

  it('an unknown code without a quantity says what is missing', () => {
    expect(previewPastedLine(line(null, '缺少数量'), undefined)).toMatchObject({
      status: 'unknown',
      skuId: null,
      message: '缺少数量',
    });
  });

  it('an unknown code names the nearest codes', () => {
    expect(previewPastedLine(line(5), undefined, ['AU-CASE-02', 'AU-CASO-01'])).toEqual({
      line: 3,
      skuId: null,
      skuCode: 'AU-CASE-01',
      name: '',
      qty: 0,
      status: 'unknown',
      message: '未找到编码 AU-CASE-01，是否为：AU-CASE-02、AU-CASO-01',
      suggestions: ['AU-CASE-02', 'AU-CASO-01'],
    });
    expect(unknownCodeMessage('X1', [])).toBe('未找到编码 X1');
  });

  it('a SKU sold by the piece keeps any quantity in stock', () => {
    const piece = sku({ minQty: 1, stepQty: 1, maxQty: null, status: SkuStatus.ByStock, stock: 5 });
    expect(previewPastedLine(line(5), piece)).toMatchObject({ status: 'ok', qty: 5 });
    expect(previewPastedLine(line(9), piece)).toMatchObject({
      status: 'short',
      qty: 5,
      message: '库存不足，最多可购买 5 件',
    });
  });
});
