import { AMOUNT_DECIMALS, type Currency, formatPrice, toMinor } from '@shop/domain';

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
