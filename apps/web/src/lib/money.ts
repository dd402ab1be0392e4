import { AMOUNT_DECIMALS, Currency, formatPrice, toMinor } from '@shop/domain';

const SYMBOL: Record<Currency, string> = { [Currency.AUD]: '$', [Currency.CNY]: '¥' };

/**
 * An amount in major units as '¥12.50' / '$12.50' (spec §5: '$' AUD, '¥' CNY, 2 decimals).
 * Replace with the domain package's formatPrice once it lands, so every screen formats alike.
 */
export function formatAmount(currency: Currency, amount: number): string {
  const rounded = Math.round(amount * 10 ** AMOUNT_DECIMALS) / 10 ** AMOUNT_DECIMALS;
  return `${SYMBOL[currency]}${rounded.toFixed(AMOUNT_DECIMALS)}`;
}

/**
 * An amount as the API sends it (major units, 12.5) formatted by the domain's formatPrice: '$12.50' / '¥12.50'
 * (spec §5). The API rounds to 2 decimals; anything longer is rounded here rather than breaking the page.
 */
export function formatMajorPrice(amount: number, currency: Currency): string {
  return formatPrice(majorToMinor(amount), currency);
}

/** A major-unit amount of the API (12.5) in minor units (1250), exactly when it has at most 2 decimals. */
export function majorToMinor(amount: number): number {
  try {
    return toMinor(amount);
  } catch {
    return toMinor(amount.toFixed(AMOUNT_DECIMALS));
  }
}
