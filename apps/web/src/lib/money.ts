import { AMOUNT_DECIMALS, Currency } from '@shop/domain';

const SYMBOL: Record<Currency, string> = { [Currency.AUD]: '$', [Currency.CNY]: '¥' };

/**
 * An amount in major units as '¥12.50' / '$12.50' (spec §5: '$' AUD, '¥' CNY, 2 decimals).
 * Replace with the domain package's formatPrice once it lands, so every screen formats alike.
 */
export function formatAmount(currency: Currency, amount: number): string {
  const rounded = Math.round(amount * 10 ** AMOUNT_DECIMALS) / 10 ** AMOUNT_DECIMALS;
  return `${SYMBOL[currency]}${rounded.toFixed(AMOUNT_DECIMALS)}`;
}
