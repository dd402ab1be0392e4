import { CART_NOT_FOR_SALE_MESSAGE, CART_OUT_OF_STOCK_MESSAGE, maxCartQty } from './cart/quantity';
import type { PastedLine } from './pasted-lines';
import {
  allowedQtyWithin,
  nearestAllowedQty,
  type QtyRule,
  qtyAdjustedMessage,
  qtyRuleOf,
  smallestQty,
} from './quantity-rule';
import { SkuStatus, type SkuStockFields } from './sku-status';

/**
 * The preview of a pasted order (issue #37 'Order by paste or spreadsheet', contract `cart/parseLines/`): each line
 * matched to its SKU, its quantity brought within the SKU's rule and stock, and said in Chinese, before anything
 * is added. The server answers it; the storefront shows it and adds the lines the buyer keeps in one batch.
 */

/** What became of a pasted line (the contract's `status`). */
export const PasteLineStatus = {
  /** Matched, and the quantity may be bought as it is. */
  Ok: 'ok',
  /** Matched; the quantity was brought to the SKU's rule (case pack, minimum, maximum). */
  Adjusted: 'adjusted',
  /** No SKU has that code, or the line could not be read. */
  Unknown: 'unknown',
  /** The SKU is not for sale, or its product is off the shelf. */
  NotForSale: 'notForSale',
  /** The SKU has less stock than asked; the quantity is what may be had (0: none). */
  Short: 'short',
} as const;
export type PasteLineStatus = (typeof PasteLineStatus)[keyof typeof PasteLineStatus];

/** A SKU as the preview checks it: its code, name, shelf state, stock rule and quantity rule. */
export interface PreviewSku extends QtyRule, SkuStockFields {
  id: number;
  code: string;
  /** The name the buyer knows it by (the SKU's, else its product's). */
  name: string;
  onFlag: boolean;
}

/** One line of the preview, as `cart/parseLines/` answers it. */
export interface PastePreviewLine {
  /** The line's number in the paste or the sheet's row, from 1. */
  line: number;
  /** Null when no SKU matched. */
  skuId: number | null;
  /** The SKU's code as the shop writes it, or the code as pasted when none matched. */
  skuCode: string;
  name: string;
  /** The quantity that would be added (after the rule and the stock); 0 when none can be. */
  qty: number;
  status: PasteLineStatus;
  /** Why the line is not 'ok', in Chinese; '' when it is. */
  message: string;
  /** Codes near an unknown one ('是否为'), nearest first; empty otherwise. */
  suggestions: string[];
}

/** The message of an unknown code, with the codes near it. */
export function unknownCodeMessage(code: string, suggestions: readonly string[]): string {
  return suggestions.length > 0
    ? `未找到编码 ${code}，是否为：${suggestions.join('、')}`
    : `未找到编码 ${code}`;
}

/**
 * A pasted line checked against its SKU (`sku` undefined: no SKU has the code): unreadable or unknown lines, a SKU
 * off the shelf or not for sale, out of stock or with less stock than the rule's smallest quantity, a quantity over
 * the stock (cut to the whole cases in stock) or off the rule (to the nearest allowed, qtyAdjustedMessage).
 */
export function previewPastedLine(
  pasted: PastedLine,
  sku: PreviewSku | undefined,
  suggestions: readonly string[] = [],
): PastePreviewLine {
  const base = { line: pasted.line, suggestions: [] as string[] };
  // A known code without a usable quantity: the smallest the rule allows, said so, for the buyer to change.
  if (sku && pasted.qty === null) {
    const smallest = smallestQty(qtyRuleOf(sku));
    const filled = previewPastedLine({ line: pasted.line, code: pasted.code, qty: smallest }, sku);
    if (filled.status !== PasteLineStatus.Ok && filled.status !== PasteLineStatus.Adjusted) return filled;
    const message = `${pasted.problem ?? '缺少数量'}，已按起订量填为${smallest}件`;
    return { ...filled, status: PasteLineStatus.Adjusted, message };
  }
  if (pasted.problem !== undefined || pasted.qty === null) {
    return {
      ...base,
      skuId: sku?.id ?? null,
      skuCode: sku?.code ?? pasted.code,
      name: sku?.name ?? '',
      qty: 0,
      status: PasteLineStatus.Unknown,
      message: pasted.problem ?? '缺少数量',
    };
  }
  if (!sku) {
    return {
      ...base,
      skuId: null,
      skuCode: pasted.code,
      name: '',
      qty: 0,
      status: PasteLineStatus.Unknown,
      message: unknownCodeMessage(pasted.code, suggestions),
      suggestions: [...suggestions],
    };
  }
  const matched = { ...base, skuId: sku.id, skuCode: sku.code, name: sku.name };
  const limit = maxCartQty(sku);
  if (!sku.onFlag || (limit === 0 && sku.status !== SkuStatus.ByStock && sku.status !== SkuStatus.OutStock)) {
    const message = sku.onFlag ? CART_NOT_FOR_SALE_MESSAGE : '商品已下架';
    return { ...matched, qty: 0, status: PasteLineStatus.NotForSale, message };
  }
  if (limit === 0)
    return { ...matched, qty: 0, status: PasteLineStatus.Short, message: CART_OUT_OF_STOCK_MESSAGE };
  const rule = qtyRuleOf(sku);
  const allowed = allowedQtyWithin(pasted.qty, rule, limit);
  if (allowed === null) {
    const message = `库存不足：${smallestQty(rule)}件起订，现有${limit}件`;
    return { ...matched, qty: 0, status: PasteLineStatus.Short, message };
  }
  // Over the stock, or the nearest whole case is: what the stock allows, in whole cases.
  if (pasted.qty > limit || (nearestAllowedQty(pasted.qty, rule) ?? 0) > limit) {
    const message = `库存不足，最多可购买 ${limit} 件${allowed === limit ? '' : `，按箱已调整为${allowed}件`}`;
    return { ...matched, qty: allowed, status: PasteLineStatus.Short, message };
  }
  if (allowed !== pasted.qty) {
    const message = qtyAdjustedMessage(pasted.qty, rule) ?? `已调整为${allowed}件`;
    return { ...matched, qty: allowed, status: PasteLineStatus.Adjusted, message };
  }
  return { ...matched, qty: allowed, status: PasteLineStatus.Ok, message: '' };
}
