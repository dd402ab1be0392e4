import type { AmountsByCurrency } from '../cart/pay-currency';
import { Currency, DEFAULT_LOCATION_CODE, PICKUP_LOCATION_CODE } from '../constants';
import { cartTotals } from '../currency-rule';
import { parseProperties } from '../properties';
import { packWeight } from './shipping';

/** A checkout item (spec §3 'Checkout info', Item): prices per unit in minor units, weight in grams per unit. */
export interface CheckoutItem {
  skuId: number;
  goodsId?: number;
  name: string;
  skuName?: string | null;
  qty: number;
  audPrice?: number | null;
  cnyPrice?: number | null;
  /** Warehouse id (spec §3 'Warehouses'). */
  location: number;
  weight?: number | null;
  /** Missing counts as selected: the summary's items are the chosen ones. */
  selected?: boolean;
  property?: unknown;
}

/** A courier offered for a pack (spec §3 'Pack'). */
export interface PackCourier {
  id: number;
  isPublic?: boolean | null;
}

/** A shipping pack (spec §3 'Pack'): the selected items of one warehouse. */
export interface Pack<I extends CheckoutItem = CheckoutItem, C extends PackCourier = PackCourier> {
  index: number;
  location: number;
  items: I[];
  /** Grams. */
  weight: number;
  /** Goods subtotal per currency (spec §5 rule: a line without AUD price is paid in CNY). */
  subtotal: AmountsByCurrency;
  couriers: C[];
  options: { courierId?: number | null };
}

/** Item counts as selected unless it says otherwise. */
export function isItemSelected(item: { selected?: boolean | null }): boolean {
  return item.selected !== false;
}

/**
 * Goods subtotal per currency of the selected items, by cartTotals (spec §5 cart totals): an item with an AUD
 * price counts in AUD, any other in CNY (a quote's items carry the price of its one currency only).
 */
export function goodsSubtotal(
  items: readonly {
    qty: number;
    audPrice?: number | null;
    cnyPrice?: number | null;
    selected?: boolean | null;
  }[],
): AmountsByCurrency {
  // Only what the totals read, field by field (not a spread of the whole item plus a field, docs/scaling.md): each
  // quote builds one per item and pack.
  const { aud, cny } = cartTotals(
    items.map((item) => ({
      qty: item.qty,
      audPrice: item.audPrice,
      cnyPrice: item.cnyPrice,
      selected: isItemSelected(item),
    })),
    Currency.AUD,
  );
  return { aud, cny };
}

/**
 * Groups the selected items into packs, one per warehouse, in warehouse id order with index 0..n-1, each
 * with its weight and subtotal (spec §3 'Pack'; the server builds the packs, DESIGN 'orderBeans by
 * warehouse/pack'). Items keep their order inside a pack; couriers start empty.
 */
export function buildPacks<I extends CheckoutItem>(items: readonly I[]): Pack<I>[] {
  const byLocation = new Map<number, I[]>();
  for (const item of items) {
    if (!isItemSelected(item)) continue;
    const group = byLocation.get(item.location);
    if (group) group.push(item);
    else byLocation.set(item.location, [item]);
  }
  return [...byLocation.entries()]
    .sort(([a], [b]) => a - b)
    .map(([location, packItems], index) => ({
      index,
      location,
      items: packItems,
      weight: packWeight(packItems),
      subtotal: goodsSubtotal(packItems),
      couriers: [],
      options: {},
    }));
}

/** Pack ids are drawn from 1 … PACK_ID_RANGE. */
export const PACK_ID_RANGE = 2_147_483_647;

/**
 * Gives every pack a client packId (spec §3 'Pack': a random number generated on the client) from an
 * injected source of numbers in [0, 1) such as Math.random; ids are positive and unique within the list
 * (a repeat is moved to the next free id). Throws RangeError when the source leaves [0, 1).
 */
export function withClientPackIds<P extends object>(
  packs: readonly P[],
  random: () => number,
): (P & { packId: number })[] {
  const used = new Set<number>();
  return packs.map((pack) => {
    const r = random();
    if (!(r >= 0 && r < 1)) throw new RangeError(`random() must return a number in [0, 1), got ${r}`);
    let packId = Math.floor(r * PACK_ID_RANGE) + 1;
    while (used.has(packId)) packId = (packId % PACK_ID_RANGE) + 1;
    used.add(packId);
    return { ...pack, packId };
  });
}

/**
 * The summary's locationCode (spec §7 'Cart and checkout'): 'Pickup' when picking up, else the receiver's
 * postCode (trimmed), else the default CN11010200.
 */
export function locationCodeFor(options: { isPickup: boolean; receiverPostCode?: string | null }): string {
  if (options.isPickup) return PICKUP_LOCATION_CODE;
  const postCode = options.receiverPostCode?.trim() ?? '';
  return postCode !== '' ? postCode : DEFAULT_LOCATION_CODE;
}

/** Only the couriers with isPublic true are offered (spec §3 'Pack'). */
export function publicCouriers<C extends { isPublic?: boolean | null }>(couriers: readonly C[]): C[] {
  return couriers.filter((courier) => courier.isPublic === true);
}

/**
 * Sets the chosen courier of the pack with this index (spec §4 'Checkout summary loading'); other packs are
 * untouched and an unknown index leaves the list as it is.
 */
export function setPackCourier<P extends { index: number; options?: { courierId?: number | null } }>(
  packs: readonly P[],
  index: number,
  courierId: number,
): P[] {
  if (!packs.some((pack) => pack.index === index)) return [...packs];
  return packs.map((pack) =>
    pack.index === index ? { ...pack, options: { ...pack.options, courierId } } : pack,
  );
}

/** A checkout item's display fields (spec §3 'Item'). */
export interface CheckoutItemDisplay {
  propertyMap: Record<string, string>;
  propertyText: string;
  /** skuName if present, else name plus the property values. */
  displayName: string;
}

/** Display fields of a checkout item (spec §3 'Item'): skuName if present, else name plus the values string. */
export function checkoutItemDisplay(
  item: Pick<CheckoutItem, 'name' | 'skuName' | 'property'>,
): CheckoutItemDisplay {
  const { map, text } = parseProperties(item.property);
  const skuName = item.skuName?.trim() ?? '';
  const displayName = skuName !== '' ? skuName : [item.name, text].filter((part) => part !== '').join(' ');
  return { propertyMap: map, propertyText: text, displayName };
}
