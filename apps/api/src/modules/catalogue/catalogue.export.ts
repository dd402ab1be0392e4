import { parseProperties, skuStatusLabel, toMajor, warehouseName } from '@shop/domain';
import ExcelJS from 'exceljs';
import type { ExportRow, PriceCurrency } from './catalogue.repository';

/**
 * The xlsx files of the goods exports (spec §7 exportGoodsPrice/, exportGoodsSkuData/): one sheet, a bold
 * frozen header row, one row per SKU. Amounts are numbers with 2 decimals so the sheet can compute with them.
 */

interface Column {
  header: string;
  width: number;
  numFmt?: string;
}

/** '颜色：红；规格：500g', the SKU's attributes in their display order. */
export function propertyText(property: unknown): string {
  return Object.entries(parseProperties(property).map)
    .map(([key, value]) => `${key}：${value}`)
    .join('；');
}

async function workbook(sheetName: string, columns: readonly Column[], rows: readonly unknown[][]) {
  const book = new ExcelJS.Workbook();
  book.creator = 'shop';
  const sheet = book.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({
    header: c.header,
    width: c.width,
    ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  const content = await book.xlsx.writeBuffer();
  return Buffer.from(content as ArrayBuffer);
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
