import {
  Currency,
  type GuestCartItem,
  hasPriceIn,
  hasQtyRule,
  type PriceBreak,
  type QtyRule,
  qtyRuleOrNone,
  type SkuStockFields,
} from '@shop/domain';
import { majorToMinor } from '@/lib/money';

/** The product a SKU belongs to, as the cart line keeps it. */
export interface CartProduct {
  goodsId: number;
  /** The product name without its location prefix (the cart adds it, spec §3). */
  name: string;
  location: number;
  image: string;
}

/**
 * The SKU fields the cart needs; prices in major units as the catalogue sends them. The quantity rule and the
 * volume prices (ADR 050) where the page has them: without a rule the SKU is taken as sold by the piece (the
 * server checks the rule again), and without `breaksMixed` its breaks count its own quantity.
 */
export interface CartSku extends SkuStockFields, Partial<QtyRule> {
  id: number;
  name: string;
  property: Record<string, string>;
  audPrice: number | null;
  cnyPrice: number | null;
  priceBreaks?: readonly PriceBreak[];
  /** Whether the product's breaks count all its SKUs in the cart together (mix and match). */
  breaksMixed?: boolean;
}

/** The quantity rule of a SKU as the cart checks it. */
export const cartSkuRule = (sku: CartSku): QtyRule => qtyRuleOrNone(sku);

/** The SKU as a shopper tells it apart: its attribute values, else its name. */
export const skuLabel = (sku: CartSku) => Object.values(sku.property).join(' ') || sku.name;

/** A visitor's cart line for `qty` units of a SKU (prices to minor units, the currency it is paid in, spec §5). */
export function guestItemOf(product: CartProduct, sku: CartSku, qty: number): GuestCartItem {
  const audPrice = majorToMinor(sku.audPrice);
  const cnyPrice = majorToMinor(sku.cnyPrice);
  const rule = cartSkuRule(sku);
  const mixed = sku.breaksMixed;
  const breaks = (sku.priceBreaks ?? []).map((entry) => ({
    minQty: entry.minQty,
    audPrice: majorToMinor(entry.audPrice),
    cnyPrice: majorToMinor(entry.cnyPrice),
  }));
  return {
    skuId: sku.id,
    goodsId: product.goodsId,
    skuName: sku.name,
    name: product.name,
    qty,
    audPrice,
    cnyPrice,
    location: product.location,
    property: sku.property,
    // The spec's line field: AUD when it has an AUD price (spec §5); the cart bills it in the page currency.
    currency: hasPriceIn({ audPrice, cnyPrice }, Currency.AUD) ? Currency.AUD : Currency.CNY,
    image: product.image,
    // The rule and the breaks go with the line, so the visitor's cart steps and prices it as the server will;
    // a line sold by the piece without breaks is stored as before.
    ...(hasQtyRule(rule) ? { minQty: rule.minQty, stepQty: rule.stepQty, maxQty: rule.maxQty } : {}),
    ...(breaks.length > 0 ? { priceBreaks: breaks } : {}),
    // A product whose breaks count all its SKUs says so on each line, one without breaks of its own too (its
    // pieces count for the others, as in the server's cart); a line with breaks says it either way, so adding
    // it again refreshes it.
    ...(mixed === true || (mixed === false && breaks.length > 0) ? { breaksMixed: mixed } : {}),
  };
}
