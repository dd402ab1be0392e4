import { Currency } from '../constants';

/** An amount in each currency, in minor units. */
export interface AmountsByCurrency {
  aud: number;
  cny: number;
}

/** The key of a currency in AmountsByCurrency. */
export function currencyKey(currency: Currency): keyof AmountsByCurrency {
  return currency === Currency.AUD ? 'aud' : 'cny';
}
