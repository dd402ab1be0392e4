import { PICKUP_LOCATION_CODE } from '../constants';
import { roundHalfUp } from '../money';
import { Warehouse } from '../warehouse';

/**
 * Cross-border tax of a checkout (spec §3 'Checkout info' taxPrice, §5 'Other amount'). Goods shipped into
 * China from a warehouse outside China pay the cross-border e-commerce tax; goods from the China warehouse,
 * goods picked up and goods delivered outside China pay none.
 */

/** The cross-border e-commerce tax rate in per mille: 9.1%. */
export const CROSS_BORDER_TAX_PERMILLE = 91;

/** Where a checkout's goods go, read from its locationCode (spec §7 summary locationCode). */
export const Destination = { Pickup: 'Pickup', China: 'CN', Australia: 'AU', Other: 'Other' } as const;
export type Destination = (typeof Destination)[keyof typeof Destination];

/**
 * The destination of a locationCode: 'Pickup' → pickup; a 6-digit Chinese post code or a 'CN…' service
 * location (the default CN11010200) → China; a 4-digit Australian post code → Australia; anything else →
 * other (no tax is charged on what cannot be placed).
 */
export function destinationOf(locationCode: string): Destination {
  const code = locationCode.trim();
  if (code === PICKUP_LOCATION_CODE) return Destination.Pickup;
  if (/^\d{6}$/.test(code) || /^CN\w*$/i.test(code)) return Destination.China;
  if (/^\d{4}$/.test(code)) return Destination.Australia;
  return Destination.Other;
}

/** A pack's warehouse and its goods amount (minor units, before promotions). */
export interface TaxablePack {
  location: number;
  goods: number;
}

/**
 * The cross-border tax in minor units: 9.1% (round half up) of the goods after promotions of the packs
 * shipping from a warehouse other than CN, when the destination is China. Promotions apply to the whole
 * order, so the taxed packs carry their share of it in proportion to their goods (rounded half up); the
 * taxed base never goes below 0. Zero for pickup, Australian or other destinations.
 */
export function crossBorderTax(input: {
  locationCode: string;
  packs: readonly TaxablePack[];
  /** The promotions taken off the whole order, minor units. */
  promotions: number;
}): number {
  if (destinationOf(input.locationCode) !== Destination.China) return 0;
  let allGoods = 0;
  let taxedGoods = 0;
  for (const pack of input.packs) {
    allGoods += pack.goods;
    if (pack.location !== Warehouse.CN) taxedGoods += pack.goods;
  }
  if (taxedGoods <= 0) return 0;
  const promotions = Math.min(Math.max(0, input.promotions), allGoods);
  const share = roundHalfUp(BigInt(promotions) * BigInt(taxedGoods), allGoods);
  const base = Math.max(0, taxedGoods - share);
  return roundHalfUp(base * CROSS_BORDER_TAX_PERMILLE, 1000);
}
