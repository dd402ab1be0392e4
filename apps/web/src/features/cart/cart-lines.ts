import {
  type CartLine,
  type GuestLineAtBreak,
  guestLineRule,
  guestLinesAtBreaks,
  type NextBreak,
  type PriceBreak,
  priceBreakAt,
  type QtyRule,
  qtyRuleOf,
  type ServerCartLine,
  type SkuStockFields,
  toWarehouseId,
  warehouseName,
} from '@shop/domain';
import { majorToMinor } from '@/lib/money';

/**
 * One line of the cart as the page shows it, whether it lives in local storage (a visitor) or on the server
 * (a member). Prices are per unit in minor units (spec §3 'Cart'; docs/design.md 'Money').
 */
export interface CartViewLine {
  /** React key: the server line id, else the sku. */
  key: string;
  /** Server line id; absent for a line added on this device. */
  id?: number;
  skuId: number;
  goodsId: number;
  name: string;
  skuName: string;
  qty: number;
  audPrice: number | null;
  cnyPrice: number | null;
  selected: boolean;
  location: number;
  property: Record<string, string>;
  image: string;
  /** Status and stock now, known for server lines (spec §4 'Stock display by status'). */
  stock?: SkuStockFields;
  /**
   * A ByBook SKU's expected arrival day ('YYYY-MM-DD', issue #39 '预订'), told with its pre-order; null when none is
   * set or not known (a visitor's line keeps no stock).
   */
  expectedDate: string | null;
  /** False when the product has left the shelf since it was added. */
  onFlag?: boolean;
  /** The SKU's quantity rule (ADR 050): the line's stepper moves by its case pack. */
  rule: QtyRule;
  /** The volume price the line's prices are at (its starting quantity), or null at the single price. */
  breakReached: number | null;
  /** The next volume price and the pieces still missing (minor units), or null at the top or without breaks. */
  nextBreak: NextBreak | null;
}

/**
 * A guest cart's lines at the volume prices they reach (the domain's guestLinesAtBreaks, counting a product's
 * SKUs together where its breaks do): the visitor sees the prices the server will charge once the cart is
 * theirs.
 */
export function fromGuestLines(lines: readonly CartLine[]): CartViewLine[] {
  const priced = guestLinesAtBreaks(lines);
  return lines.map((line, i) => fromGuestLine(line, priced[i]));
}

/** A guest line as the page shows it, at the prices it reaches (its own prices when none are given). */
function fromGuestLine(line: CartLine, priced: GuestLineAtBreak | undefined): CartViewLine {
  return {
    key: line.id != null ? `line-${line.id}` : `sku-${line.skuId}`,
    ...(line.id != null ? { id: line.id } : {}),
    skuId: line.skuId,
    goodsId: line.goodsId,
    name: line.name,
    skuName: line.skuName,
    qty: line.qty,
    audPrice: priced ? priced.audPrice : line.audPrice,
    cnyPrice: priced ? priced.cnyPrice : line.cnyPrice,
    selected: line.selected,
    location: line.location,
    property: line.property,
    image: line.image ?? '',
    expectedDate: null,
    rule: guestLineRule(line),
    breakReached: priced?.breakReached ?? null,
    nextBreak: priced?.nextBreak ?? null,
  };
}

/**
 * The volume price a server line is at. The quantity its breaks count is the line's own, or for a product whose
 * breaks count all its SKUs the product's, which the next break tells (its start less the pieces missing); at
 * the top a line whose price is the top break's has reached it.
 */
function serverBreakReached(line: ServerCartLine): number | null {
  const breaks: readonly PriceBreak[] = line.priceBreaks;
  if (line.nextBreak)
    return priceBreakAt(breaks, line.nextBreak.minQty - line.nextBreak.missing)?.minQty ?? null;
  const top = breaks.at(-1);
  if (!top) return null;
  const atTop =
    line.qty >= top.minQty ||
    (top.audPrice !== null && top.audPrice === line.audPrice) ||
    (top.cnyPrice !== null && top.cnyPrice === line.cnyPrice);
  return atTop ? top.minQty : (priceBreakAt(breaks, line.qty)?.minQty ?? null);
}

/** A server line (major units on the wire) in minor units. */
export function fromServerLine(line: ServerCartLine): CartViewLine {
  return {
    key: `line-${line.id}`,
    id: line.id,
    skuId: line.skuId,
    goodsId: line.goodsId,
    name: line.name,
    skuName: line.skuName,
    qty: line.qty,
    audPrice: majorToMinor(line.audPrice),
    cnyPrice: majorToMinor(line.cnyPrice),
    selected: line.selected,
    location: line.location,
    property: line.property,
    image: line.image,
    stock: { status: line.status, stock: line.stock },
    expectedDate: line.expectedDate,
    onFlag: line.onFlag,
    rule: qtyRuleOf(line),
    breakReached: serverBreakReached(line),
    nextBreak: line.nextBreak
      ? {
          minQty: line.nextBreak.minQty,
          missing: line.nextBreak.missing,
          audPrice: majorToMinor(line.nextBreak.audPrice),
          cnyPrice: majorToMinor(line.nextBreak.cnyPrice),
        }
      : null,
  };
}

/** The lines of one warehouse under its name (orders are split by warehouse, docs/design.md 'Stock and orders'). */
export interface CartGroup {
  location: number;
  warehouseName: string;
  lines: CartViewLine[];
}

/** Groups lines by warehouse, in the order each warehouse first appears in the cart. */
export function groupByWarehouse(lines: readonly CartViewLine[]): CartGroup[] {
  const groups = new Map<number, CartGroup>();
  for (const line of lines) {
    const location = toWarehouseId(line.location) ?? 0;
    let group = groups.get(location);
    if (!group) {
      group = { location, warehouseName: warehouseName(location) || '其他仓库', lines: [] };
      groups.set(location, group);
    }
    group.lines.push(line);
  }
  return [...groups.values()];
}
