import { Currency } from '../constants';
import { formatPrice, roundHalfUp } from '../money';
import { Warehouse } from '../warehouse';
import { Destination, destinationOf } from './tax';

/**
 * Australian GST of a checkout (ADR 038; spec §3 'Checkout info' taxPrice, §3 'Order' gst, §5 'Other amount').
 * AUD goods and freight supplied in Australia carry GST at 10 %; exports and CNY orders carry none. GST is
 * computed once per order on its total after promotions, rounded half up to the cent.
 */

/** The GST rate in percent. */
export const GST_PERCENT = 10;

/** The shop's GST settings as the rule reads them (the seller details in the console). */
export interface GstSettings {
  /** Not registered for GST: no GST is charged or shown anywhere. */
  registered: boolean;
  /** AUD prices already include GST (the usual case in Australia); otherwise GST is added on top. */
  pricesIncludeGst: boolean;
}

/** What a shop that has not set anything charges: no GST, prices as they are. */
export const NO_GST: GstSettings = { registered: false, pricesIncludeGst: true };

/** A pack's warehouse with its goods and freight (minor units, goods before promotions). */
export interface GstPack {
  location: number;
  goods: number;
  shipping: number;
}

export interface GstResult {
  /** The Australian GST the order contains (included) or adds (not included), minor units; 0 when none. */
  gst: number;
  /** Whether the prices already include it (so nothing is added to the total). */
  included: boolean;
  /** What is added on top of the goods and freight: the GST when prices exclude it, else 0. */
  added: number;
}

/**
 * The packs supplied in Australia: every pack delivered to an Australian post code, or, on pickup, the packs
 * collected from the Australian warehouse. Delivery elsewhere and pickup outside Australia are exports.
 */
function suppliedInAustralia(locationCode: string, packs: readonly GstPack[]): GstPack[] {
  const destination = destinationOf(locationCode);
  if (destination === Destination.Australia) return [...packs];
  if (destination === Destination.Pickup) return packs.filter((pack) => pack.location === Warehouse.AU);
  return [];
}

/**
 * The Australian GST of an order (ADR 038): for an AUD order by a GST-registered shop, the goods (after their
 * share of the order's promotions, in proportion to their goods, rounded half up) and the freight of the packs
 * supplied in Australia form the base; the GST is one eleventh of it when prices include GST, else 10 % of
 * it, rounded half up to the cent once for the order. CNY orders, unregistered shops and exports: 0.
 */
export function australianGst(input: {
  settings: GstSettings;
  currency: Currency;
  locationCode: string;
  packs: readonly GstPack[];
  /** The promotions taken off the whole order, minor units. */
  promotions: number;
}): GstResult {
  const included = input.settings.pricesIncludeGst;
  const none: GstResult = { gst: 0, included, added: 0 };
  if (!input.settings.registered || input.currency !== Currency.AUD) return none;
  const taxed = suppliedInAustralia(input.locationCode, input.packs);
  if (taxed.length === 0) return none;
  let allGoods = 0;
  for (const pack of input.packs) allGoods += pack.goods;
  let taxedGoods = 0;
  let freight = 0;
  for (const pack of taxed) {
    taxedGoods += pack.goods;
    freight += pack.shipping;
  }
  const promotions = Math.min(Math.max(0, input.promotions), allGoods);
  const share =
    taxedGoods === allGoods ? promotions : roundHalfUp(BigInt(promotions) * BigInt(taxedGoods), allGoods);
  const base = Math.max(0, taxedGoods - share) + Math.max(0, freight);
  const gst = included ? roundHalfUp(base, 100 / GST_PERCENT + 1) : roundHalfUp(base * GST_PERCENT, 100);
  return { gst, included, added: included ? 0 : gst };
}

/**
 * The GST a refund reverses (ADR 038): the order's GST in the proportion the refund bears to what was paid,
 * rounded half up to the cent. Called with the total refunded so far, it gives the GST reversed so far, so a
 * full refund always reverses the whole GST whatever the partial refunds before it. Refund and paid are in
 * the currency paid; the answer is in the order's.
 */
export function gstOfRefund(refund: number, paid: number, gst: number): number {
  if (paid <= 0 || gst <= 0 || refund <= 0) return 0;
  if (refund >= paid) return gst;
  return roundHalfUp(BigInt(refund) * BigInt(gst), paid);
}

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19] as const;

/**
 * Whether a text is a valid Australian Business Number: 11 digits (spaces allowed between them) whose
 * checksum holds: subtract 1 from the first digit, weigh the digits by 10, 1, 3, 5 … 19, and the sum is a
 * multiple of 89 (the Australian Business Register's published method).
 */
export function isValidAbn(text: string): boolean {
  const digits = text.replace(/\s+/g, '');
  if (!/^\d{11}$/.test(digits) || digits[0] === '0') return false;
  let sum = 0;
  for (let i = 0; i < 11; i += 1) {
    const digit = Number(digits[i]) - (i === 0 ? 1 : 0);
    sum += digit * (ABN_WEIGHTS[i] ?? 0);
  }
  return sum % 89 === 0;
}

/** An ABN in its usual grouping: '51824753556' → '51 824 753 556'. */
export function formatAbn(text: string): string {
  const d = text.replace(/\s+/g, '');
  return `${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5, 8)} ${d.slice(8, 11)}`;
}

/** The GST line's label: '含GST' when the prices include it, 'GST' when it is added. */
export function gstLabel(included: boolean): string {
  return included ? '含GST' : 'GST';
}

/**
 * The GST line a buyer reads (ADR 038): '含GST $10.00' when the prices include it, 'GST $10.00' when it is
 * added; null when there is none (export, CNY, a shop not registered), so no line is shown.
 */
export function gstLine(gst: number, included: boolean, currency: Currency = Currency.AUD): string | null {
  if (gst <= 0) return null;
  return `${gstLabel(included)} ${formatPrice(gst, currency)}`;
}

/**
 * The GST in the cart's AUD goods (ADR 038), before freight and promotions, which checkout adds and takes off:
 * the same rule for the cart's AUD total delivered to `locationCode` (the member's receiver), paying AUD.
 * Pickup is not chosen in the cart, so the goods count as delivered; null when unknown or none.
 */
export function cartGst(input: {
  settings: GstSettings | null;
  payCurrency: Currency;
  locationCode: string | null;
  audGoods: number;
}): GstResult | null {
  if (!input.settings || input.locationCode === null) return null;
  const result = australianGst({
    settings: input.settings,
    currency: input.payCurrency,
    locationCode: input.locationCode,
    packs: [{ location: Warehouse.AU, goods: input.audGoods, shipping: 0 }],
    promotions: 0,
  });
  return result.gst > 0 ? result : null;
}
