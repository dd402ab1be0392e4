import {
  allowedQtyWithin,
  NO_QTY_RULE,
  nearestAllowedQty,
  type QtyRule,
  qtyAdjustedMessage,
  qtyRuleMessage,
  smallestQty,
} from '../quantity-rule';
import { availableUnits, SkuStatus, type SkuStockFields } from '../sku-status';

/** Why a quantity cannot go into the cart. */
export const CartQuantityProblem = {
  NotPositiveInteger: 'NotPositiveInteger',
  NotForSale: 'NotForSale',
  OutStock: 'OutStock',
  OverStock: 'OverStock',
  /** Not a whole number of cases, below the minimum or above the maximum of the SKU's rule (ADR 050). */
  QtyRule: 'QtyRule',
} as const;
export type CartQuantityProblem = (typeof CartQuantityProblem)[keyof typeof CartQuantityProblem];

/** Most units of one SKU a cart line may hold (the cart contract and the API's line check). */
export const MAX_CART_LINE_QTY = 9999;

/** Shown when a cart quantity is not a whole number of at least 1. */
export const CART_QTY_INVALID_MESSAGE = '购买数量须为大于0的整数';
/** Shown when a line would hold more than MAX_CART_LINE_QTY units. */
export const CART_LINE_QTY_MAX_MESSAGE = `单个商品最多购买${MAX_CART_LINE_QTY}件`;
/** Shown for a NotForSale (or unknown-status) SKU. */
export const CART_NOT_FOR_SALE_MESSAGE = '该商品不可售';
/** Shown for an OutStock SKU, or a ByStock SKU with no stock left. */
export const CART_OUT_OF_STOCK_MESSAGE = '该商品缺货';

/** The shopper-facing text when a ByStock SKU has fewer units than asked (spec §4 'Stock display by status'). */
export function overStockMessage(stock: number): string {
  return `库存不足，最多可购买 ${stock} 件`;
}

/** Shown when a SKU sold by the case has less in stock than its smallest allowed quantity (ADR 050). */
export function shortOfSmallestMessage(stock: number, smallest: number): string {
  return `库存仅 ${stock} 件，不足${smallest}件起订`;
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
 * Whether `qty` units of a SKU may be in the cart (spec §4 'SKU stock status', 'Stock display by status'), by the
 * one rule of sku-status.ts (availableUnits): NotForSale, OutStock and unknown codes never; ByStock up to its
 * stock; ByBook any quantity (the part beyond stock is a pre-order); InStock any quantity, whatever its stock.
 * With the SKU's quantity rule (ADR 050) the quantity must also be allowed by it, and the most a ByStock SKU
 * offers is its stock in whole cases.
 */
export function validateCartQuantity(
  qty: unknown,
  sku: SkuStockFields,
  rule: QtyRule = NO_QTY_RULE,
): CartQuantityCheck {
  if (!isValidCartQty(qty)) {
    return { ok: false, problem: CartQuantityProblem.NotPositiveInteger, message: CART_QTY_INVALID_MESSAGE };
  }
  const available = availableUnits(sku);
  if (available === 0) {
    return sku.status === SkuStatus.ByStock || sku.status === SkuStatus.OutStock
      ? { ok: false, problem: CartQuantityProblem.OutStock, message: CART_OUT_OF_STOCK_MESSAGE }
      : { ok: false, problem: CartQuantityProblem.NotForSale, message: CART_NOT_FOR_SALE_MESSAGE };
  }
  const broken = qtyRuleMessage(qty, rule);
  if (broken !== null) return { ok: false, problem: CartQuantityProblem.QtyRule, message: broken };
  if (qty > available) {
    const most = allowedQtyWithin(available, rule, available);
    if (most === null) {
      return {
        ok: false,
        problem: CartQuantityProblem.OverStock,
        message: shortOfSmallestMessage(available, smallestQty(rule)),
      };
    }
    return {
      ok: false,
      problem: CartQuantityProblem.OverStock,
      message: overStockMessage(most),
      maxQty: most,
    };
  }
  return { ok: true };
}

/**
 * The most units of a SKU one cart line may hold (spec §4 'SKU stock status'): a ByStock SKU its stock, ByBook
 * and InStock the line maximum (beyond stock is a pre-order, or a status that sells without counting), a SKU
 * that cannot be bought 0. Under a quantity rule (ADR 050): the largest allowed quantity within that, 0 when not
 * even the smallest fits.
 */
export function maxCartQty(sku: SkuStockFields, rule: QtyRule = NO_QTY_RULE): number {
  const limit = Math.min(availableUnits(sku), MAX_CART_LINE_QTY);
  return allowedQtyWithin(limit, rule, limit) ?? 0;
}

/** A quantity to buy brought within 1 … maxCartQty, and the limit that cut it down (for the shopper's notice). */
export interface ClampedQty {
  qty: number;
  /** Set when the quantity asked for was over what the SKU allows; the quantity is then this limit. */
  limitedTo?: number;
  /** Why it was cut down: overStockMessage for a ByStock SKU, the line maximum otherwise. */
  message?: string;
}

/**
 * The quantity to buy of a SKU as the cart's stepper keeps it (spec §4 'Stock display by status'): a whole
 * number from 1, at most maxCartQty; over it, the limit with the message the cart shows ('库存不足，最多可购买 283
 * 件'). A SKU that cannot be bought keeps the quantity (its buy button is disabled anyway). Under a quantity rule
 * (ADR 050) a quantity the rule does not allow becomes the nearest one it does, with the message saying so
 * ('每箱12件，已调整为24件'), and the limit is the stock in whole cases.
 */
export function clampCartQty(qty: number, sku: SkuStockFields, rule: QtyRule = NO_QTY_RULE): ClampedQty {
  const whole = Number.isFinite(qty) ? Math.max(1, Math.floor(qty)) : 1;
  const nearest = nearestAllowedQty(whole, rule) ?? whole;
  const adjusted = Number.isFinite(qty) ? qtyAdjustedMessage(whole, rule) : null;
  const limit = Math.min(availableUnits(sku), MAX_CART_LINE_QTY);
  if (limit === 0) return { qty: nearest };
  if (nearest <= limit) return adjusted ? { qty: nearest, message: adjusted } : { qty: nearest };
  const within = allowedQtyWithin(whole, rule, limit);
  if (within === null) return { qty: nearest, limitedTo: 0, message: shortOfSmallestMessage(limit, nearest) };
  const message = sku.status === SkuStatus.ByStock ? overStockMessage(within) : CART_LINE_QTY_MAX_MESSAGE;
  return { qty: within, limitedTo: within, message };
}
