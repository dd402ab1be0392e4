import { lookupLabel } from './labels';

/** SKU stock status (spec §4 'SKU stock status'). */
export const SkuStatus = {
  NotForSale: -1,
  OutStock: 0,
  ByStock: 1,
  ByBook: 3,
  InStock: 4,
} as const;
export type SkuStatus = (typeof SkuStatus)[keyof typeof SkuStatus];

export const SKU_STATUS_LABELS: Readonly<Record<SkuStatus, string>> = {
  [SkuStatus.NotForSale]: '不可售',
  [SkuStatus.OutStock]: '缺货',
  [SkuStatus.ByStock]: '按库存销售',
  [SkuStatus.ByBook]: '可预订',
  [SkuStatus.InStock]: '有货',
};

/** Chinese label of a SKU status, '暂无' for an unknown code. */
export function skuStatusLabel(status: number | string | null | undefined): string {
  return lookupLabel(SKU_STATUS_LABELS, status);
}

/** The fields of a SKU that decide whether it can be bought. */
export interface SkuStockFields {
  status: number;
  stock: number;
}

/**
 * Whether a SKU may be added to the cart (spec §4): ByStock only with stock > 0, ByBook always,
 * InStock always (the status itself says it is in stock), NotForSale, OutStock and unknown codes never.
 */
export function isSkuPurchasable(sku: SkuStockFields): boolean {
  switch (sku.status) {
    case SkuStatus.ByStock:
      return sku.stock > 0;
    case SkuStatus.ByBook:
    case SkuStatus.InStock:
      return true;
    default:
      return false;
  }
}

/** A ByBook SKU with no stock is sold as a pre-order (spec §4 'SKU stock status'). */
export function needsPreOrder(sku: SkuStockFields): boolean {
  return sku.status === SkuStatus.ByBook && sku.stock <= 0;
}

/** Texts of the stock display (spec §4 'Stock display by status'). */
export const StockDisplayText = {
  /** 'by stock': enough stock for the needed number. */
  Enough: '现货',
  /** 'insufficient stock'. */
  Insufficient: '库存不足',
  PreOrder: '需预订',
  OutStock: '缺货',
  NotForSale: '不可售',
} as const;
export type StockDisplayText = (typeof StockDisplayText)[keyof typeof StockDisplayText];

/**
 * Stock text for a SKU and a needed quantity (spec §4 'Stock display by status'). ByStock compares
 * needed with stock ('现货' / '库存不足'); the other statuses are not described by the spec and read:
 * ByBook '现货' when stock covers the need, else '需预订'; InStock '现货'; OutStock '缺货';
 * NotForSale and unknown codes '不可售'.
 */
export function stockDisplay(status: number, stock: number, needed = 1): StockDisplayText {
  switch (status) {
    case SkuStatus.ByStock:
      return needed <= stock ? StockDisplayText.Enough : StockDisplayText.Insufficient;
    case SkuStatus.ByBook:
      return stock > 0 && needed <= stock ? StockDisplayText.Enough : StockDisplayText.PreOrder;
    case SkuStatus.InStock:
      return StockDisplayText.Enough;
    case SkuStatus.OutStock:
      return StockDisplayText.OutStock;
    default:
      return StockDisplayText.NotForSale;
  }
}

/**
 * How many units a shopper can take, as a SKU cell shows it beside its stock status (wholesale buyers order many
 * SKUs at once and need the numbers): ByStock '可购 N 件' (its stock is the limit), ByBook the stock in hand and
 * that more is a pre-order, else '不限量' like InStock; nothing when none can be taken (the status says why).
 */
export function availabilityText(sku: SkuStockFields): string {
  const stock = Number.isFinite(sku.stock) ? Math.max(0, Math.floor(sku.stock)) : 0;
  switch (sku.status) {
    case SkuStatus.ByStock:
      return stock > 0 ? `可购 ${stock} 件` : '';
    case SkuStatus.ByBook:
      return stock > 0 ? `现货 ${stock} 件 · 可预订` : '不限量';
    case SkuStatus.InStock:
      return '不限量';
    default:
      return '';
  }
}
