import {
  billLine,
  billNote,
  type ExchangeRate,
  type OfferBreak,
  parseProperties,
  type QuickOrderRow,
  qtyRuleHint,
  qtyRuleOf,
  type SkuStockFields,
  skuStockView,
  toMajor,
  warehouseName,
} from '@shop/domain';
import { type SheetColumn as Column, writeXlsx as workbook } from '../../lib/spreadsheet';
import type { ExportRow } from './catalogue.exports.repository';
import type { PriceCurrency } from './catalogue.query-parts';

/**
 * The xlsx files of the goods exports (spec §7 exportGoodsPrice/, exportGoodsSkuData/): one sheet, a bold
 * frozen header row, one row per SKU. Amounts are numbers with 2 decimals so the sheet can compute with them.
 * A SKU's stock reads as the storefront says it (the domain's skuStockView: 现货, 需预订 … and 可购 283 件,
 * 不限量 …), never a raw number a status does not sell by.
 */

/** The status and what can be taken of a SKU, as the storefront shows them for `needed` units (empty: none). */
function stockCells(sku: SkuStockFields, needed = 1): [string, string | null] {
  const view = skuStockView(sku, needed);
  return [view.text, view.available || null];
}

/** '颜色：红；规格：500g', the SKU's attributes in their display order. */
export function propertyText(property: unknown): string {
  return Object.entries(parseProperties(property).map)
    .map(([key, value]) => `${key}：${value}`)
    .join('；');
}

/**
 * The price list: goods, SKU, stock as the storefront says it, and the caller's price in the currency billed by
 * the shop's one currency rule (ADR 013, billLine): in CNY a SKU with an AUD price only is converted at `rate`
 * (CNY per AUD) and marked 按汇率折合人民币结算, as the cart marks it; in AUD a SKU with a CNY price only has no
 * AUD price and is marked 不支持澳币支付. Without a rate the AUD-only cells of a CNY list stay empty, marked.
 */
export function goodsPriceWorkbook(
  rows: readonly ExportRow[],
  currency: PriceCurrency,
  rate: ExchangeRate | null,
): Promise<Buffer> {
  const columns: Column[] = [
    { header: '商品编号', width: 16 },
    { header: '商品名称', width: 40 },
    { header: '英文名称', width: 32 },
    { header: '品牌', width: 16 },
    { header: '仓库', width: 12 },
    { header: 'SKU编号', width: 20 },
    { header: '规格', width: 28 },
    { header: '状态', width: 10 },
    { header: '可购', width: 18 },
    { header: `价格（${currency}）`, width: 14, numFmt: '0.00' },
    { header: '价格说明', width: 22 },
    { header: '订购规则', width: 24 },
    { header: `批量价（${currency}）`, width: 32 },
  ];
  return workbook(
    '商品价格',
    columns,
    rows.map((r) => {
      const bill = billLine({ audPrice: r.aud, cnyPrice: r.cny }, currency, rate);
      const price = bill.kind === 'billed' ? toMajor(bill.unit) : null;
      return [
        r.goodsCode,
        r.goodsName,
        r.goodsNameEn,
        r.brandName,
        warehouseName(r.location),
        r.skuCode,
        propertyText(r.property),
        ...stockCells(r),
        price,
        billNote(bill) || null,
        qtyRuleHint(qtyRuleOf(r)) || null,
        breaksText(r.breaks, currency, rate) || null,
      ];
    }),
  );
}

/**
 * A SKU's volume prices in the list's currency by the same currency rule as its single price ('12件起 27.00；48件起
 * 25.00'); a break with no price in that currency (nor a rate to convert) is left out.
 */
function breaksText(
  breaks: readonly OfferBreak[],
  currency: PriceCurrency,
  rate: ExchangeRate | null,
): string {
  return breaks
    .flatMap((b) => {
      const bill = billLine({ audPrice: b.aud, cnyPrice: b.cny }, currency, rate);
      return bill.kind === 'billed' ? [`${b.minQty}件起 ${toMajor(bill.unit).toFixed(2)}`] : [];
    })
    .join('；');
}

/** The SKU data sheet: codes, names, attributes, stock as the storefront says it, and weight in grams. */
export function goodsSkuDataWorkbook(rows: readonly ExportRow[]): Promise<Buffer> {
  const columns: Column[] = [
    { header: '商品编号', width: 16 },
    { header: '商品名称', width: 40 },
    { header: 'SKU编号', width: 20 },
    { header: 'SKU名称', width: 32 },
    { header: '规格', width: 28 },
    { header: '状态', width: 10 },
    { header: '可购', width: 18 },
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
      ...stockCells(r),
      r.weight,
    ]),
  );
}

/** A row of the quick-order sheet as the buyer sees it, and the quantity typed for it (0 when none). */
export interface QuickOrderSheetRow {
  row: QuickOrderRow;
  qty: number;
}

/**
 * The quick-order sheet (/user/products) in the order the buyer had it: both prices of their level, the stock as
 * the sheet says it for the quantity typed, and that quantity.
 */
export function quickOrderWorkbook(rows: readonly QuickOrderSheetRow[]): Promise<Buffer> {
  const columns: Column[] = [
    { header: '商品名称', width: 40 },
    { header: '规格', width: 28 },
    { header: 'SKU编号', width: 20 },
    { header: '品牌', width: 16 },
    { header: '仓库', width: 12 },
    { header: '价格（CNY）', width: 14, numFmt: '0.00' },
    { header: '价格（AUD）', width: 14, numFmt: '0.00' },
    { header: '状态', width: 10 },
    { header: '可购', width: 18 },
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
      ...stockCells(r, Math.max(1, qty)),
      qty,
    ]),
  );
}
