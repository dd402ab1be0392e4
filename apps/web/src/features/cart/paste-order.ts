import {
  type CartLine,
  type GuestCartItem,
  MAX_CART_LINE_QTY,
  MAX_CART_LINES,
  maxCartQty,
  PasteLineStatus,
  type PastePreviewItem,
  previewPastedLine,
  qtyRuleOf,
  readPastedLines,
  validateCartQuantity,
  WEBSITE_ID,
} from '@shop/domain';
import { guestItemOf } from './cart-item-of';

/**
 * The preview of a pasted order as the buyer works on it (issue #37 'Order by paste or spreadsheet', ADR 050): the
 * server's lines, which the buyer may drop, re-code or re-count before adding them all in one batch.
 */

/** One line of the preview, with what the buyer asked for when the paste said it. */
export interface PasteRow {
  /** Stable across edits (a line's number may repeat after a re-preview of all). */
  key: number;
  item: PastePreviewItem;
  /** The quantity the paste asked for (read again from the text); null when unknown (a file, an unread line). */
  asked: number | null;
  /** The line's price is being fetched again for a new quantity. */
  repricing?: boolean;
}

/** Each status as the buyer reads it. */
export const PASTE_STATUS_LABEL: Record<PastePreviewItem['status'], string> = {
  ok: '可加入',
  adjusted: '已调整',
  unknown: '未找到',
  notForSale: '不可售',
  short: '库存不足',
};

let nextKey = 1;

/** The rows of a preview; `text` (when the buyer pasted) tells each line's asked quantity. */
export function rowsOf(items: readonly PastePreviewItem[], text: string | null): PasteRow[] {
  const askedByLine = new Map<number, number>();
  if (text !== null) {
    const read = readPastedLines(text);
    if ('lines' in read) for (const l of read.lines) if (l.qty !== null) askedByLine.set(l.line, l.qty);
  }
  return items.map((item) => ({ key: nextKey++, item, asked: askedByLine.get(item.line) ?? null }));
}

/** The line may be added: matched, for sale, and a quantity above 0 (ok, adjusted, or short with some stock). */
export function isAddable(item: PastePreviewItem): boolean {
  return (
    item.skuId !== null &&
    item.qty > 0 &&
    (item.status === PasteLineStatus.Ok ||
      item.status === PasteLineStatus.Adjusted ||
      item.status === PasteLineStatus.Short)
  );
}

/** The buyer may change the quantity: the line matched a SKU that is for sale (maybe with no quantity read). */
export function isCountable(item: PastePreviewItem): boolean {
  return item.skuId !== null && item.status !== PasteLineStatus.NotForSale;
}

/** The line's SKU as the domain checks a quantity against its rule and stock. */
function previewSkuOf(item: PastePreviewItem) {
  return {
    id: item.skuId ?? 0,
    code: item.skuCode,
    name: item.name,
    onFlag: true,
    status: item.skuStatus ?? -1,
    stock: item.stock ?? 0,
    minQty: item.minQty,
    stepQty: item.stepQty,
    maxQty: item.maxQty,
  };
}

/**
 * A quantity the buyer typed, brought within the SKU's case pack, minimum, maximum and stock by the same domain rule
 * the server's preview uses (nearestAllowedQty, allowedQtyWithin, qtyAdjustedMessage): '每箱12件，已调整为24件'.
 * Text that is not a whole number from 1 becomes the smallest allowed quantity, and says so.
 */
export function withQty(item: PastePreviewItem, typed: number): PastePreviewItem {
  const asked = Number.isSafeInteger(typed) && typed >= 1 ? typed : 0;
  const checked = previewPastedLine({ line: item.line, code: item.skuCode, qty: asked }, previewSkuOf(item));
  return { ...item, qty: checked.qty, status: checked.status, message: checked.message };
}

/**
 * The most a line of this SKU may hold, by the domain's one rule (maxCartQty): its stock or the line maximum, in
 * whole cases and within its rule's maximum; 0 when not even the smallest case fits.
 */
export function lineLimit(item: PastePreviewItem): number {
  return maxCartQty({ status: item.skuStatus ?? -1, stock: item.stock ?? 0 }, qtyRuleOf(item));
}

/** One SKU to add, the quantities of its lines added together (a paste may name a SKU twice). */
export interface PasteAddLine {
  skuId: number;
  qty: number;
  /** The first line naming it, for the guest cart's line and for a refusal's words. */
  item: PastePreviewItem;
}

/** The lines to add, one per SKU in the order first named, quantities merged. */
export function mergedLines(rows: readonly PasteRow[]): PasteAddLine[] {
  const bySku = new Map<number, PasteAddLine>();
  for (const { item } of rows) {
    if (!isAddable(item) || item.skuId === null) continue;
    const held = bySku.get(item.skuId);
    if (held) held.qty += item.qty;
    else bySku.set(item.skuId, { skuId: item.skuId, qty: item.qty, item });
  }
  return [...bySku.values()];
}

/** The cart's most kinds of goods, which is also the most one batch may add (batchAddItems/). */
export const PASTE_BATCH_MAX = MAX_CART_LINES;

/** The body of batchAddItems/ for the merged lines. */
export const batchBodyOf = (lines: readonly PasteAddLine[]) =>
  lines.map((l) => ({ skuId: l.skuId, qty: l.qty, websiteId: WEBSITE_ID }));

/**
 * A visitor's cart line for a merged SKU, as the product page would make it (guestItemOf): its single prices, its
 * rule and its volume prices go with it, so the local cart steps and prices it as the server's cart will.
 */
export function guestItemOfPaste(line: PasteAddLine): GuestCartItem {
  const { item } = line;
  return guestItemOf(
    {
      goodsId: item.goodsId ?? 0,
      name: item.goodsName || item.name,
      location: item.location ?? 0,
      image: item.image,
    },
    {
      id: line.skuId,
      name: item.name,
      property: item.property,
      audPrice: item.singleAudPrice,
      cnyPrice: item.singleCnyPrice,
      status: item.skuStatus ?? -1,
      stock: item.stock ?? 0,
      ...qtyRuleOf(item),
      priceBreaks: item.priceBreaks,
      breaksMixed: item.breaksMixed,
    },
    line.qty,
  );
}

/**
 * Why a visitor's local cart cannot take the lines as they are, naming the SKU by its code, or null when it can:
 * each SKU's quantity with what the cart holds of it within its stock, rule maximum and the line maximum, and the
 * cart's kinds within its limit. All or nothing, as a member's batch is.
 */
export function guestRefusal(cart: readonly CartLine[], lines: readonly PasteAddLine[]): string | null {
  const held = new Map(cart.map((l) => [l.skuId, l.qty]));
  for (const line of lines) {
    const inCart = held.get(line.skuId) ?? 0;
    const total = inCart + line.qty;
    const stock = validateCartQuantity(total, {
      status: line.item.skuStatus ?? -1,
      stock: line.item.stock ?? 0,
    });
    const already = inCart > 0 ? `（购物车中已有${inCart}件）` : '';
    if (!stock.ok) return `${line.item.skuCode}：${stock.message}${already}`;
    if (line.item.maxQty !== null && total > line.item.maxQty)
      return `${line.item.skuCode}：每单最多${line.item.maxQty}件${already}`;
    if (total > MAX_CART_LINE_QTY)
      return `${line.item.skuCode}：单个商品最多购买${MAX_CART_LINE_QTY}件${already}`;
  }
  const kinds = new Set([...held.keys(), ...lines.map((l) => l.skuId)]).size;
  if (kinds > MAX_CART_LINES)
    return `购物车最多可放${MAX_CART_LINES}种商品，加入后将有${kinds}种，请先删除部分商品或分批下单`;
  return null;
}

/** The text of lines to preview again: each line's code and quantity, one a line, as a spreadsheet copies them. */
export function pasteTextOf(lines: readonly { code: string; qty: number | null }[]): string {
  return lines.map((l) => (l.qty === null ? l.code : `${l.code}\t${l.qty}`)).join('\n');
}
