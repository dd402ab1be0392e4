import { type Currency, formatPrice, toMinor } from '@shop/domain';

/**
 * The storefront's one way from a wire amount to minor units. The API sends major units with at most 2 decimals
 * (12.5 = 12.50, docs/design.md 'Money'); the domain's toMinor reads them exactly. Anything else (more decimals, text
 * that is not a number) is not an amount the API sends, so it throws InvalidAmountError: the caller shows a
 * failure instead of a wrong price, and never a silent 0. null and undefined (a SKU without a price in that
 * currency) stay null.
 */
export function majorToMinor(amount: number | string): number;
export function majorToMinor(amount: number | string | null | undefined): number | null;
export function majorToMinor(amount: number | string | null | undefined): number | null {
  return amount == null ? null : toMinor(amount);
}

/** A wire amount (major units) with its symbol: 12.5 AUD → '$12.50' (spec §5); throws like majorToMinor. */
export function formatMajorPrice(amount: number, currency: Currency): string {
  return formatPrice(majorToMinor(amount), currency);
}
