import type { Sku } from './contracts/catalogue';
import type { OfferBreak, QtyRule } from './quantity-rule';

/**
 * What the catalogue offers for sale, as the cart, checkout and order placement read it on the server (the
 * catalogue module answers these; the others declare them in their ports). Amounts are minor units.
 */

/** A SKU as offered now at one member price level. */
export interface SkuOffer extends QtyRule {
  id: number;
  goodsId: number;
  goodsName: string;
  /** The SKU's code, by which the server's refusals name it. */
  code: string;
  name: string;
  property: Record<string, string>;
  status: number;
  stock: number;
  /** A ByBook SKU's expected arrival day ('YYYY-MM-DD', issue #39 '预订'); null when none. */
  expectedDate: string | null;
  onFlag: boolean;
  /** Warehouse id (spec §3 'Warehouses'). */
  location: number;
  image: string;
  aud: number | null;
  cny: number | null;
  /** Grams per unit, for shipping fees. */
  weight: number;
  /** Volume prices at the same level, ascending by quantity (empty when none; ADR 050). */
  breaks: readonly OfferBreak[];
  /** Whether the breaks count the quantities of all the product's SKUs in the cart together. */
  breaksMixed: boolean;
}

/** A goods' name, main image, warehouse and shelf state (checkout's gift lines). */
export interface GoodsBrief {
  id: number;
  name: string;
  image: string;
  location: number;
  onFlag: boolean;
}

/** A product with its SKUs priced at a level (checkout gift products, spec §7 promotionsList/). */
export interface ProductOffer {
  id: number;
  name: string;
  image: string;
  location: number;
  onFlag: boolean;
  skus: Sku[];
}

/** The shop's AUD→CNY exchange rate as stored (4 decimals) and when it was set. */
export interface RateSetting {
  rate: string;
  updatedAt: string;
}

/** A line of a member's server cart. */
export interface CartLineRef {
  id: number;
  skuId: number;
  qty: number;
  selected: boolean;
}
