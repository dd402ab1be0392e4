import type { CompanyLimit, CompanyLimits, Currency } from '@shop/domain';
import { formatMajorPrice } from '@/lib/money';

const CURRENCIES: readonly { key: keyof CompanyLimits; currency: Currency }[] = [
  { key: 'aud', currency: 'AUD' },
  { key: 'cny', currency: 'CNY' },
];

const amount = (value: number | null, currency: Currency) =>
  value === null ? '不限' : formatMajorPrice(value, currency);

/** One currency's limit in words: '单笔 $500.00 · 每月 $2,000.00', or '不限' when it has none. */
function limitText(limit: CompanyLimit, currency: Currency): string {
  if (limit.perOrder === null && limit.perMonth === null) return '不限';
  return `单笔 ${amount(limit.perOrder, currency)} · 每月 ${amount(limit.perMonth, currency)}`;
}

/** A buyer's limits, one line per currency: [['澳币', '单笔 …'], ['人民币', '不限']]. */
export function limitLines(limits: CompanyLimits): [label: string, text: string][] {
  return CURRENCIES.map(({ key, currency }) => [
    currency === 'AUD' ? '澳币' : '人民币',
    limitText(limits[key], currency),
  ]);
}
