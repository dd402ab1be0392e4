import { CART_QTY_INVALID_MESSAGE, isValidCartQty } from './quantity';

/** A line of a member's server cart, as 立即购买 needs it. */
export interface BuyNowCartLine {
  id: number;
  skuId: number;
  qty: number;
  selected: boolean;
}

/** How 立即购买 changes a member's server cart. */
export interface BuyNowPlan {
  /** The SKU's line already in the cart; without one the caller adds it first (addItem/ selects it). */
  lineId: number | undefined;
  /** batchUpdateItems/: the SKU's line set to the quantity and selected, every other selected line cleared. */
  updates: { id: number; qty?: number; selected: boolean }[];
}

/** A buy-now visitor's wish kept across the login checkout needs: which SKU, how many, since when (ms). */
export interface BuyNowIntent {
  skuId: number;
  qty: number;
  at: number;
}

/** How long a visitor's buy-now waits for their login before it is dropped (a login much later is unrelated). */
export const BUY_NOW_INTENT_TTL_MS = 30 * 60 * 1000;

/**
 * 立即购买 on a member's server cart: checkout takes the selected lines (spec §5 'Cart totals count only selected
 * lines'), so the SKU's line holds exactly the quantity bought now and is the only selected one; the other
 * lines stay in the cart, unselected. Throws unless qty is a positive integer.
 */
export function buyNowPlan(lines: readonly BuyNowCartLine[], skuId: number, qty: number): BuyNowPlan {
  if (!isValidCartQty(qty)) throw new RangeError(CART_QTY_INVALID_MESSAGE);
  const line = lines.find((l) => l.skuId === skuId);
  const updates: BuyNowPlan['updates'] = [];
  if (line && (line.qty !== qty || !line.selected)) updates.push({ id: line.id, qty, selected: true });
  for (const other of lines) {
    if (other !== line && other.selected) updates.push({ id: other.id, selected: false });
  }
  return { lineId: line?.id, updates };
}

/** A stored buy-now intent read back (local storage may hold anything), or null when unreadable or too old. */
export function parseBuyNowIntent(json: unknown, now: number): BuyNowIntent | null {
  let value: unknown = json;
  if (typeof json === 'string') {
    try {
      value = JSON.parse(json);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null) return null;
  const { skuId, qty, at } = value as Record<string, unknown>;
  if (!isValidCartQty(skuId) || !isValidCartQty(qty) || typeof at !== 'number') return null;
  if (at > now || now - at > BUY_NOW_INTENT_TTL_MS) return null;
  return { skuId, qty, at };
}
