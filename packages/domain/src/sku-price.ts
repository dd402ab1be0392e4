import { Currency as Currencies, type Currency } from './constants';
import { formatPrice, toMinor } from './money';

/** The two single prices a SKU carries, in major units; null when it has no price in that currency. */
export interface SkuPriceFields {
  audPrice?: number | string | null;
  cnyPrice?: number | string | null;
}

/** A price ready to show: its currency, its amount in minor units and its text with the right symbol. */
export interface DisplayPrice {
  currency: Currency;
  minor: number;
  text: string;
  /** False when the page currency had no price and this is the other currency's (spec §5). */
  inPageCurrency: boolean;
}

const OTHER: Readonly<Record<Currency, Currency>> = {
  [Currencies.AUD]: Currencies.CNY,
  [Currencies.CNY]: Currencies.AUD,
};

function priceIn(sku: SkuPriceFields, currency: Currency): number | undefined {
  const value = currency === Currencies.AUD ? sku.audPrice : sku.cnyPrice;
  if (value === null || value === undefined || value === '') return undefined;
  return toMinor(value);
}

function display(minor: number, currency: Currency, pageCurrency: Currency): DisplayPrice {
  return { currency, minor, text: formatPrice(minor, currency), inPageCurrency: currency === pageCurrency };
}

/**
 * Every price of a SKU, the page currency first (spec §5: '$' AUD, '¥' CNY, 2 decimals). A currency the SKU
 * has no price in is left out, so a symbol never stands before another currency's amount.
 */
export function skuPrices(sku: SkuPriceFields, pageCurrency: Currency): DisplayPrice[] {
  const prices: DisplayPrice[] = [];
  for (const currency of [pageCurrency, OTHER[pageCurrency]]) {
    const minor = priceIn(sku, currency);
    if (minor !== undefined) prices.push(display(minor, currency, pageCurrency));
  }
  return prices;
}

/**
 * The one price a list shows for a SKU: in the page currency, else the other currency's price with its own
 * symbol (a SKU without AUD can only be paid in CNY, DESIGN 'Money'), else null when it has no price at all.
 */
export function skuDisplayPrice(sku: SkuPriceFields, pageCurrency: Currency): DisplayPrice | null {
  return skuPrices(sku, pageCurrency)[0] ?? null;
}
