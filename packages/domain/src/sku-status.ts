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

/**
 * When a ByBook SKU short of stock is expected (issue #39 '预订'), from the day the operator set ('YYYY-MM-DD'):
 * '预计 12月20日到货', or '到货日期待定' when none is set.
 */
export function arrivalText(expectedDate: string | null | undefined): string {
  const day = /^\d{4}-(\d{2})-(\d{2})$/.exec(expectedDate ?? '');
  return day ? `预计 ${Number(day[1])}月${Number(day[2])}日到货` : '到货日期待定';
}

/** The pre-order words of a ByBook SKU short of stock: '预订 · 预计 12月20日到货' (or '预订 · 到货日期待定'). */
export function preOrderText(expectedDate: string | null | undefined): string {
  return `预订 · ${arrivalText(expectedDate)}`;
}

/**
 * An order line's pre-ordered pieces still waiting for stock, as the member's order and the console's say it:
 * '预订 · 等待到货 2 件 · 预计 12月20日到货'; '' when none waits.
 */
export function waitingText(line: { waiting: number; expectedDate: string | null }): string {
  return line.waiting > 0 ? `预订 · 等待到货 ${line.waiting} 件 · ${arrivalText(line.expectedDate)}` : '';
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
 * What a status does with the SKU's stock number (spec §4 'SKU stock status'). Only ByStock sells by the number
 * ('sellable only if stock > 0', and the needed number is compared with it); ByBook reads it as the units in
 * hand, the rest being a pre-order; InStock sells whatever the number says, and OutStock and NotForSale sell
 * nothing whatever it says. The console tells staff which it is beside the number (stockNumberNote).
 */
export const StockUse = {
  /** The number is the most that can be bought (ByStock). */
  Limit: 'limit',
  /** The number is what ships from stock; more is taken as a pre-order (ByBook). */
  InHand: 'inHand',
  /** The number changes nothing the shop sells (InStock, OutStock, NotForSale and unknown codes). */
  Ignored: 'ignored',
} as const;
export type StockUse = (typeof StockUse)[keyof typeof StockUse];

/** What `status` does with the stock number (StockUse). */
export function stockUse(status: number): StockUse {
  switch (status) {
    case SkuStatus.ByStock:
      return StockUse.Limit;
    case SkuStatus.ByBook:
      return StockUse.InHand;
    default:
      return StockUse.Ignored;
  }
}

/**
 * The console's plain words, beside a SKU's stock number, on what the shop does with it under each status
 * (StockUse): staff who set 600 on an 有货 SKU are told that the shop sells it without limit.
 */
export const STOCK_NUMBER_NOTES: Readonly<Record<SkuStatus, string>> = {
  [SkuStatus.ByStock]: '按库存数销售：最多可购买库存数，库存为 0 时不能购买',
  [SkuStatus.ByBook]: '库存数内为现货，超出部分作为预订，不限购买数量',
  [SkuStatus.InStock]: '「有货」不看库存数，不限购买数量；要按库存数限购，请选「按库存销售」',
  [SkuStatus.OutStock]: '「缺货」不能购买，库存数不起作用',
  [SkuStatus.NotForSale]: '「不可售」不在商城展示，库存数不起作用',
};

/** The console's note for a SKU's stock number under `status` (STOCK_NUMBER_NOTES); unknown codes sell nothing. */
export function stockNumberNote(status: number | string | null | undefined): string {
  return lookupLabel(STOCK_NUMBER_NOTES, status, STOCK_NUMBER_NOTES[SkuStatus.NotForSale]);
}

/** The same in a few words, for the console's narrow stock cells (the whole note is their title). */
export const STOCK_NUMBER_HINTS: Readonly<Record<SkuStatus, string>> = {
  [SkuStatus.ByStock]: '按此数限购',
  [SkuStatus.ByBook]: '此数内现货，超出预订',
  [SkuStatus.InStock]: '不看此数，不限量',
  [SkuStatus.OutStock]: '不看此数，不能购买',
  [SkuStatus.NotForSale]: '不看此数，不可售',
};

/** The few words of STOCK_NUMBER_HINTS for `status`; unknown codes sell nothing. */
export function stockNumberHint(status: number | string | null | undefined): string {
  return lookupLabel(STOCK_NUMBER_HINTS, status, STOCK_NUMBER_HINTS[SkuStatus.NotForSale]);
}

/** The stock number as a count: a whole number, never below 0 (a missing or broken one is 0). */
function units(stock: number): number {
  return Number.isFinite(stock) ? Math.max(0, Math.floor(stock)) : 0;
}

/**
 * How many units a shopper can take, as a SKU cell shows it beside its stock status (wholesale buyers order many
 * SKUs at once and need the numbers): ByStock '可购 N 件' (its stock is the limit), ByBook the stock in hand and
 * that more is a pre-order, else '不限量' like InStock; nothing when none can be taken (the status says why).
 */
export function availabilityText(sku: SkuStockFields): string {
  const stock = units(sku.stock);
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

/**
 * How many units a shopper can take now, for ordering SKUs by it: Infinity when the status sets no limit (ByBook,
 * InStock), a ByStock SKU's stock, 0 when none can be taken (whatever the stock number says).
 */
export function availableUnits(sku: SkuStockFields): number {
  switch (sku.status) {
    case SkuStatus.ByStock:
      return units(sku.stock);
    case SkuStatus.ByBook:
    case SkuStatus.InStock:
      return Number.POSITIVE_INFINITY;
    default:
      return 0;
  }
}

/** A SKU's stock as every screen and file of the shop shows it (skuStockView). */
export interface SkuStockView {
  /** The stock display of spec §4 for the quantity needed: 现货, 库存不足, 需预订, 缺货 or 不可售. */
  text: StockDisplayText;
  /** Whether the needed quantity can be bought (现货, or 需预订 for a pre-order). */
  ok: boolean;
  /** What can be taken: '可购 N 件', '现货 N 件 · 可预订', '不限量', or '' when nothing can. */
  available: string;
}

/**
 * The one meaning of a SKU's status and stock, shown alike on the product page, the SKU matrix, the quick-order
 * sheet, the cart and the goods exports (spec §4 'SKU stock status', 'Stock display by status'); the cart and
 * the order allow what validateCartQuantity, built on the same rule, allows.
 */
export function skuStockView(sku: SkuStockFields, needed = 1): SkuStockView {
  const text = stockDisplay(sku.status, sku.stock, needed);
  return {
    text,
    ok: text === StockDisplayText.Enough || text === StockDisplayText.PreOrder,
    available: availabilityText(sku),
  };
}
