import { parseProperties, type QuickOrderRow, skuStatusLabel, toMajor, warehouseName } from '@shop/domain';
import { type SheetColumn as Column, writeXlsx as workbook } from '../../lib/spreadsheet';
import type { ExportRow, PriceCurrency } from './catalogue.repository';

/**
 * The xlsx files of the goods exports (spec §7 exportGoodsPrice/, exportGoodsSkuData/): one sheet, a bold
 * frozen header row, one row per SKU. Amounts are numbers with 2 decimals so the sheet can compute with them.
 */

/** '颜色：红；规格：500g', the SKU's attributes in their display order. */
export function propertyText(property: unknown): string {
  return Object.entries(parseProperties(property).map)
    .map(([key, value]) => `${key}：${value}`)
    .join('；');
}

/** The price list: goods, SKU, state, stock and the caller's price in the currency; empty when none. */
export function goodsPriceWorkbook(rows: readonly ExportRow[], currency: PriceCurrency): Promise<Buffer> {
  const columns: Column[] = [
    { header: '商品编号', width: 16 },
    { header: '商品名称', width: 40 },
    { header: '英文名称', width: 32 },
    { header: '品牌', width: 16 },
    { header: '仓库', width: 12 },
    { header: 'SKU编号', width: 20 },
    { header: '规格', width: 28 },
    { header: '状态', width: 12 },
    { header: '库存', width: 10 },
    { header: `价格（${currency}）`, width: 14, numFmt: '0.00' },
  ];
  return workbook(
    '商品价格',
    columns,
    rows.map((r) => {
      const minor = currency === 'AUD' ? r.aud : r.cny;
      return [
        r.goodsCode,
        r.goodsName,
        r.goodsNameEn,
        r.brandName,
        warehouseName(r.location),
        r.skuCode,
        propertyText(r.property),
        skuStatusLabel(r.status),
        r.stock,
        minor === null ? null : toMajor(minor),
      ];
    }),
  );
}

/** The SKU data sheet: codes, names, attributes, state, stock and weight in grams. */
export function goodsSkuDataWorkbook(rows: readonly ExportRow[]): Promise<Buffer> {
  const columns: Column[] = [
    { header: '商品编号', width: 16 },
    { header: '商品名称', width: 40 },
    { header: 'SKU编号', width: 20 },
    { header: 'SKU名称', width: 32 },
    { header: '规格', width: 28 },
    { header: '状态', width: 12 },
    { header: '库存', width: 10 },
    { header: '重量（克）', width: 12 },
  ];
  return workbook(
    'SKU数据',
    columns,
    rows.map((r) => [
      r.goodsCode,
      r.goodsName,
      r.skuCode,
      r.skuName,
      propertyText(r.property),
      skuStatusLabel(r.status),
      r.stock,
      r.weight,
    ]),
  );
}

/** A row of the quick-order sheet as the buyer sees it, and the quantity typed for it (0 when none). */
export interface QuickOrderSheetRow {
  row: QuickOrderRow;
  qty: number;
}

/** The quick-order sheet (/user/products) in the order the buyer had it: both prices of their level, stock and quantity. */
export function quickOrderWorkbook(rows: readonly QuickOrderSheetRow[]): Promise<Buffer> {
  const columns: Column[] = [
    { header: '商品名称', width: 40 },
    { header: '规格', width: 28 },
    { header: 'SKU编号', width: 20 },
    { header: '品牌', width: 16 },
    { header: '仓库', width: 12 },
    { header: '价格（CNY）', width: 14, numFmt: '0.00' },
    { header: '价格（AUD）', width: 14, numFmt: '0.00' },
    { header: '状态', width: 12 },
    { header: '库存', width: 10 },
    { header: '订购数量', width: 10 },
  ];
  return workbook(
    '快速订货',
    columns,
    rows.map(({ row: r, qty }) => [
      r.name,
      propertyText(r.property) || r.skuName,
      r.code,
      r.brandName,
      warehouseName(r.location),
      r.cnyPrice,
      r.audPrice,
      skuStatusLabel(r.status),
      r.stock,
      qty,
    ]),
  );
}
