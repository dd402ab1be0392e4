import { preOrderText } from '@shop/domain';

/** What the domain's pre-order words start with ('预订 · 预计 12月20日到货'). */
const PRE_ORDER_LEAD = '预订 · ';

/**
 * The expected arrival of a ByBook SKU short of stock (issue #39 '预订'), in the words of preOrderText without its
 * leading 预订, for texts that say 预订 their own way: '预计 12月20日到货', or '到货日期待定' when no day is set.
 */
export function arrivalText(expectedDate: string | null | undefined): string {
  const text = preOrderText(expectedDate);
  return text.startsWith(PRE_ORDER_LEAD) ? text.slice(PRE_ORDER_LEAD.length) : text;
}
