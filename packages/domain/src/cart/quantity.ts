import { SkuStatus, type SkuStockFields } from '../sku-status';

/** Why a quantity cannot go into the cart. */
export const CartQuantityProblem = {
  NotPositiveInteger: 'NotPositiveInteger',
  NotForSale: 'NotForSale',
  OutStock: 'OutStock',
  OverStock: 'OverStock',
} as const;
export type CartQuantityProblem = (typeof CartQuantityProblem)[keyof typeof CartQuantityProblem];

/** Shown when a cart quantity is not a whole number of at least 1. */
export const CART_QTY_INVALID_MESSAGE = '购买数量须为大于0的整数';
/** Shown for a NotForSale (or unknown-status) SKU. */
export const CART_NOT_FOR_SALE_MESSAGE = '该商品不可售';
/** Shown for an OutStock SKU, or a ByStock SKU with no stock left. */
export const CART_OUT_OF_STOCK_MESSAGE = '该商品缺货';

/** The shopper-facing text when a ByStock SKU has fewer units than asked (spec §4 'Stock display by status'). */
export function overStockMessage(stock: number): string {
  return `库存不足，最多可购买 ${stock} 件`;
}

/** The outcome of a quantity check: ok, or the problem with a Chinese message (and the most one may buy). */
export type CartQuantityCheck =
  | { ok: true }
  | { ok: false; problem: CartQuantityProblem; message: string; maxQty?: number };

/** A cart quantity is a safe integer of at least 1. */
export function isValidCartQty(qty: unknown): qty is number {
  return typeof qty === 'number' && Number.isSafeInteger(qty) && qty >= 1;
}

/**
 * Whether `qty` units of a SKU may be in the cart (spec §4 'SKU stock status', 'Stock display by status'):
 * NotForSale, OutStock and unknown codes never; ByStock up to its stock; ByBook any quantity (the part
 * beyond stock is a pre-order); InStock any quantity.
 */
export function validateCartQuantity(qty: unknown, sku: SkuStockFields): CartQuantityCheck {
  if (!isValidCartQty(qty)) {
    return { ok: false, problem: CartQuantityProblem.NotPositiveInteger, message: CART_QTY_INVALID_MESSAGE };
  }
  switch (sku.status) {
    case SkuStatus.ByBook:
    case SkuStatus.InStock:
      return { ok: true };
    case SkuStatus.ByStock: {
      const stock = Number.isFinite(sku.stock) ? Math.max(0, Math.floor(sku.stock)) : 0;
      if (stock === 0) {
        return { ok: false, problem: CartQuantityProblem.OutStock, message: CART_OUT_OF_STOCK_MESSAGE };
      }
      if (qty > stock) {
        return {
          ok: false,
          problem: CartQuantityProblem.OverStock,
          message: overStockMessage(stock),
          maxQty: stock,
        };
      }
      return { ok: true };
    }
    case SkuStatus.OutStock:
      return { ok: false, problem: CartQuantityProblem.OutStock, message: CART_OUT_OF_STOCK_MESSAGE };
    default:
      return { ok: false, problem: CartQuantityProblem.NotForSale, message: CART_NOT_FOR_SALE_MESSAGE };
  }
}
