import { Currency } from '../constants';

/** The price fields that decide how a line is paid (minor units per unit). */
export interface LinePrices {
  audPrice?: number | null;
  cnyPrice?: number | null;
}

/**
 * The currency a line is paid in, the same rule as cartTotals (spec §5): AUD when it has an AUD price above 0,
 * otherwise CNY (a SKU without AUD can only be paid in CNY, DESIGN 'Money').
 */
export function payCurrencyOf(line: LinePrices): Currency {
  return line.audPrice != null && line.audPrice > 0 ? Currency.AUD : Currency.CNY;
}

/** The unit price of a line in its pay currency, in minor units (0 when missing). */
export function payUnitPrice(line: LinePrices): number {
  return payCurrencyOf(line) === Currency.AUD ? (line.audPrice ?? 0) : (line.cnyPrice ?? 0);
}

/** An amount in each currency, in minor units. */
export interface AmountsByCurrency {
  aud: number;
  cny: number;
}

/** The key of a currency in AmountsByCurrency. */
export function currencyKey(currency: Currency): keyof AmountsByCurrency {
  return currency === Currency.AUD ? 'aud' : 'cny';
}
