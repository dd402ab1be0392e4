import { CURRENCIES, type Currency } from '../constants';
import { parseProperties } from '../properties';
import {
  atBreakPrices,
  type BreakPricedSku,
  breakCounter,
  type NextBreak,
  nextPriceBreak,
  priceBreakAt,
  type QtyRule,
  qtyRuleOrNone,
} from '../quantity-rule';
import { CART_QTY_INVALID_MESSAGE, isValidCartQty } from './quantity';

/**
 * A cart line (spec §3 'Cart'). Prices are per unit in minor units, null when the SKU has no price in that
 * currency. `id` is the server's line id; a line the guest added on this device has none and is fromLocal.
 */
export interface CartLine {
  id?: number;
  skuId: number;
  goodsId: number;
  skuName: string;
  name: string;
  qty: number;
  audPrice: number | null;
  cnyPrice: number | null;
  selected: boolean;
  /** Warehouse id (spec §3 'Warehouses'). */
  location: number;
  property: Record<string, string>;
  currency?: Currency;
  /** Image path on the image host, so a guest's cart can show the product (server lines carry their own). */
  image?: string;
  /** Added on this device and not yet on the server. */
  fromLocal?: boolean;
  /** A server line changed on this device, to be sent with batchUpdateItems at login. */
  needUpdate?: boolean;
  /**
   * The SKU's quantity rule as it was when added (ADR 050), so the guest cart's stepper keeps it; a line stored
   * without one (added before the rule existed) is sold by the piece, and the server checks again at login.
   */
  minQty?: number;
  stepQty?: number;
  maxQty?: number | null;
  /** The SKU's volume prices when added, ascending, minor units like the line's own (ADR 050). */
  priceBreaks?: GuestPriceBreak[];
  /**
   * Whether the product's volume prices count all its SKUs in the cart together (mix and match, ADR 050), as
   * the SKU said when added; a line without it counts its own quantity.
   */
  breaksMixed?: boolean;
}

/** A volume price a guest line keeps: from `minQty` pieces on, these unit prices (minor units; null: none). */
export interface GuestPriceBreak {
  minQty: number;
  audPrice: number | null;
  cnyPrice: number | null;
}

/** The cart a guest keeps in local storage (spec §4 'Guest cart'): lines plus server line ids to delete. */
export interface GuestCart {
  data: CartLine[];
  deleteList: number[];
}

/** What the shopper adds: a line without the bookkeeping flags; selected defaults to true. */
export type GuestCartItem = Omit<CartLine, 'id' | 'fromLocal' | 'needUpdate' | 'selected'> & {
  selected?: boolean;
};

/** A change to one line. */
export interface GuestLinePatch {
  qty?: number;
  selected?: boolean;
}

/** Thrown when a guest cart is asked to hold a quantity that is not a positive integer. */
export class CartQuantityError extends Error {
  override name = 'CartQuantityError';
  /** The rejected quantity. */
  readonly qty: unknown;

  constructor(qty: unknown) {
    super(CART_QTY_INVALID_MESSAGE);
    this.qty = qty;
  }
}

function assertQty(qty: unknown): asserts qty is number {
  if (!isValidCartQty(qty)) throw new CartQuantityError(qty);
}

/** A line the server knows and this device did not create: changes to it must be synced (spec §4). */
export function isServerLine(line: Pick<CartLine, 'id' | 'fromLocal'>): boolean {
  return line.id != null && !line.fromLocal;
}

/** A cart with no lines and nothing queued. */
export function emptyGuestCart(): GuestCart {
  return { data: [], deleteList: [] };
}

/**
 * Adds to the guest cart (spec §4 'Guest cart'): a line with the same skuId gets the quantity added and is
 * selected (needUpdate when it came from the server), keeping its place and its other fields; otherwise a new
 * local line goes to the front. Throws CartQuantityError unless item.qty is a positive integer.
 */
export function addToGuestCart(cart: GuestCart, item: GuestCartItem): GuestCart {
  assertQty(item.qty);
  const existing = cart.data.find((line) => line.skuId === item.skuId);
  if (existing) {
    const qty = existing.qty + item.qty;
    assertQty(qty);
    return {
      ...cart,
      data: cart.data.map((line) =>
        line === existing
          ? {
              ...line,
              ...wholesaleOf(item),
              qty,
              selected: true,
              ...(isServerLine(line) ? { needUpdate: true } : {}),
            }
          : line,
      ),
    };
  }
  const line: CartLine = { ...item, selected: item.selected ?? true, fromLocal: true };
  delete line.id;
  delete line.needUpdate;
  return { ...cart, data: [line, ...cart.data] };
}

/**
 * Adds several SKUs at once (ordering many SKUs of a product from its grid): each as addToGuestCart does, the
 * first item ending at the front so the cart lists them in the grid's order. Throws CartQuantityError (and
 * changes nothing) unless every quantity is a positive integer.
 */
export function addManyToGuestCart(cart: GuestCart, items: readonly GuestCartItem[]): GuestCart {
  return [...items].reverse().reduce(addToGuestCart, cart);
}

/**
 * Buying one SKU now (立即购买): its line holds exactly that quantity (new lines go to the front) and is the only
 * selected line, so checkout, which takes the selected lines (spec §5), has only it; the other lines stay in the
 * cart, unselected (server lines among them become needUpdate). Throws CartQuantityError unless item.qty is a
 * positive integer.
 */
export function buyNowInGuestCart(cart: GuestCart, item: GuestCartItem): GuestCart {
  assertQty(item.qty);
  const withLine = cart.data.some((line) => line.skuId === item.skuId)
    ? cart
    : addToGuestCart(cart, { ...item, selected: true });
  return {
    ...withLine,
    data: withLine.data.map((line) => {
      const isIt = line.skuId === item.skuId;
      const qty = isIt ? item.qty : line.qty;
      if (line.selected === isIt && line.qty === qty) return line;
      return { ...line, qty, selected: isIt, ...(isServerLine(line) ? { needUpdate: true } : {}) };
    }),
  };
}

/**
 * Changes the quantity and/or selection of the line with this skuId (spec §4 'Guest cart'); a server line
 * becomes needUpdate. An unknown skuId or an empty patch leaves the cart as it is. Throws CartQuantityError
 * unless a given qty is a positive integer.
 */
export function updateGuestLine(cart: GuestCart, skuId: number, patch: GuestLinePatch): GuestCart {
  if (patch.qty !== undefined) assertQty(patch.qty);
  const changes: Partial<CartLine> = {};
  if (patch.qty !== undefined) changes.qty = patch.qty;
  if (patch.selected !== undefined) changes.selected = patch.selected;
  if (Object.keys(changes).length === 0 || !cart.data.some((line) => line.skuId === skuId)) return cart;
  return {
    ...cart,
    data: cart.data.map((line) =>
      line.skuId === skuId
        ? { ...line, ...changes, ...(isServerLine(line) ? { needUpdate: true } : {}) }
        : line,
    ),
  };
}

/**
 * Removes the lines of these skuIds (spec §4 'Guest cart'); every removed line that carries a server id is
 * queued once in deleteList for batchRemoveItems at login.
 */
export function removeGuestLines(cart: GuestCart, skuIds: readonly number[]): GuestCart {
  const remove = new Set(skuIds);
  const deleteList = [...cart.deleteList];
  const data: CartLine[] = [];
  for (const line of cart.data) {
    if (!remove.has(line.skuId)) data.push(line);
    else if (line.id != null && !deleteList.includes(line.id)) deleteList.push(line.id);
  }
  return data.length === cart.data.length ? cart : { data, deleteList };
}

/**
 * Puts removed lines back (the 撤销 of a removal): each at the front with its quantity, selection and server id,
 * which leaves the deletion queue again. A SKU added again meanwhile keeps its line and gains the quantity.
 */
export function restoreGuestLines(cart: GuestCart, lines: readonly CartLine[]): GuestCart {
  let data = [...cart.data];
  const restored: CartLine[] = [];
  for (const line of lines) {
    const existing = data.find((l) => l.skuId === line.skuId);
    if (existing) {
      data = data.map((l) =>
        l === existing ? { ...l, qty: l.qty + line.qty, ...(l.fromLocal ? {} : { needUpdate: true }) } : l,
      );
    } else restored.push(line);
  }
  const ids = new Set(restored.flatMap((l) => (l.id == null ? [] : [l.id])));
  return { data: [...restored, ...data], deleteList: cart.deleteList.filter((id) => !ids.has(id)) };
}

/** Selects or clears every line; server lines whose selection changes become needUpdate (spec §4). */
export function selectAllGuestLines(cart: GuestCart, selected: boolean): GuestCart {
  return {
    ...cart,
    data: cart.data.map((line) =>
      line.selected === selected
        ? line
        : { ...line, selected, ...(isServerLine(line) ? { needUpdate: true } : {}) },
    ),
  };
}

/** The rule and breaks an added item carries (the SKU as the page has it now), to refresh its line with. */
function wholesaleOf(item: GuestCartItem): Partial<CartLine> {
  const fields: Partial<CartLine> = {};
  if (item.stepQty !== undefined) fields.stepQty = item.stepQty;
  if (item.minQty !== undefined) fields.minQty = item.minQty;
  if (item.maxQty !== undefined) fields.maxQty = item.maxQty;
  if (item.priceBreaks !== undefined) fields.priceBreaks = item.priceBreaks;
  if (item.breaksMixed !== undefined) fields.breaksMixed = item.breaksMixed;
  return fields;
}

/** A guest line's quantity rule: the one it was added with, else sold by the piece. */
export function guestLineRule(line: Pick<CartLine, 'minQty' | 'stepQty' | 'maxQty'>): QtyRule {
  return qtyRuleOrNone(line);
}

/** A guest line's SKU as the one pricing rule reads it: its single prices, breaks and product (ADR 050). */
function breakPricedOf(line: CartLine): BreakPricedSku {
  return {
    goodsId: line.goodsId,
    aud: line.audPrice,
    cny: line.cnyPrice,
    breaks: (line.priceBreaks ?? []).map((b) => ({ minQty: b.minQty, aud: b.audPrice, cny: b.cnyPrice })),
    breaksMixed: line.breaksMixed === true,
  };
}

/** A guest line's unit prices at the volume price it reaches, that break and the next one (minor units). */
export interface GuestLineAtBreak {
  audPrice: number | null;
  cnyPrice: number | null;
  /** The starting quantity of the break the line is priced at, or null at the single price. */
  breakReached: number | null;
  /** The next break and the pieces still missing, or null at the top or without breaks. */
  nextBreak: NextBreak | null;
}

/**
 * The guest cart's lines at the volume prices they reach (ADR 050), in the cart's order, by the server cart's
 * rule (atBreakPrices, breakCounter): a line counts its own quantity, or for a product whose breaks count all
 * its SKUs the selected quantity of the product's lines; the next break counts the same pieces.
 */
export function guestLinesAtBreaks(lines: readonly CartLine[]): GuestLineAtBreak[] {
  const skus = new Map(lines.map((line) => [line.skuId, breakPricedOf(line)]));
  const priced = atBreakPrices(lines, skus);
  const counted = breakCounter(lines, skus);
  return lines.map((line) => {
    const breaks = line.priceBreaks ?? [];
    const sku = skus.get(line.skuId);
    if (breaks.length === 0 || !sku)
      return { audPrice: line.audPrice, cnyPrice: line.cnyPrice, breakReached: null, nextBreak: null };
    const qty = counted(line, sku);
    const reached = priced.get(line.skuId) ?? sku;
    const next = nextPriceBreak(breaks, qty);
    return {
      audPrice: reached.aud,
      cnyPrice: reached.cny,
      breakReached: priceBreakAt(breaks, qty)?.minQty ?? null,
      nextBreak: next ? { ...next.next, missing: next.missing } : null,
    };
  });
}

function storedBreaks(raw: unknown): GuestPriceBreak[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  const breaks: GuestPriceBreak[] = [];
  for (const entry of raw) {
    if (!isRecord(entry)) continue;
    const minQty = positiveInt(entry.minQty);
    if (minQty === undefined) continue;
    const audPrice = price(entry.audPrice);
    const cnyPrice = price(entry.cnyPrice);
    if (audPrice === null && cnyPrice === null) continue;
    breaks.push({ minQty, audPrice, cnyPrice });
  }
  return breaks.sort((a, b) => a.minQty - b.minQty);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function positiveInt(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

function price(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

function storedLine(raw: unknown): CartLine | undefined {
  if (!isRecord(raw)) return undefined;
  const skuId = positiveInt(raw.skuId);
  if (skuId === undefined || !isValidCartQty(raw.qty)) return undefined;
  const line: CartLine = {
    skuId,
    goodsId: typeof raw.goodsId === 'number' && Number.isSafeInteger(raw.goodsId) ? raw.goodsId : 0,
    skuName: typeof raw.skuName === 'string' ? raw.skuName : '',
    name: typeof raw.name === 'string' ? raw.name : '',
    qty: raw.qty,
    audPrice: price(raw.audPrice),
    cnyPrice: price(raw.cnyPrice),
    selected: typeof raw.selected === 'boolean' ? raw.selected : true,
    location: typeof raw.location === 'number' && Number.isSafeInteger(raw.location) ? raw.location : 0,
    property: parseProperties(raw.property).map,
  };
  const id = positiveInt(raw.id);
  if (id !== undefined) line.id = id;
  if (CURRENCIES.includes(raw.currency as Currency)) line.currency = raw.currency as Currency;
  if (typeof raw.image === 'string' && raw.image !== '') line.image = raw.image;
  if (raw.fromLocal === true || id === undefined) line.fromLocal = true;
  if (raw.needUpdate === true && id !== undefined) line.needUpdate = true;
  // The rule is kept only whole (a case pack and a minimum, the maximum or none); anything else is by the piece.
  const rule = qtyRuleOrNone({
    minQty: raw.minQty as number,
    stepQty: raw.stepQty as number,
    maxQty: raw.maxQty as number | null,
  });
  if (positiveInt(raw.stepQty) !== undefined && positiveInt(raw.minQty) !== undefined) {
    line.minQty = rule.minQty;
    line.stepQty = rule.stepQty;
    line.maxQty = rule.maxQty;
  }
  const breaks = storedBreaks(raw.priceBreaks);
  if (breaks !== undefined) line.priceBreaks = breaks;
  if (typeof raw.breaksMixed === 'boolean') line.breaksMixed = raw.breaksMixed;
  return line;
}

/**
 * Reads a guest cart back from local storage (spec §4 'Guest cart'), as JSON text or an already parsed
 * value. Anything unreadable gives an empty cart; unreadable lines and ids are dropped, a line without a
 * server id is treated as local, and a repeated skuId keeps its first line.
 */
export function parseStoredGuestCart(json: unknown): GuestCart {
  let value: unknown = json;
  if (typeof json === 'string') {
    try {
      value = JSON.parse(json);
    } catch {
      return emptyGuestCart();
    }
  }
  if (!isRecord(value)) return emptyGuestCart();
  const cart = emptyGuestCart();
  if (Array.isArray(value.data)) {
    for (const raw of value.data) {
      const line = storedLine(raw);
      if (line && !cart.data.some((l) => l.skuId === line.skuId)) cart.data.push(line);
    }
  }
  if (Array.isArray(value.deleteList)) {
    for (const raw of value.deleteList) {
      const id = positiveInt(raw);
      if (id !== undefined && !cart.deleteList.includes(id)) cart.deleteList.push(id);
    }
  }
  return cart;
}
