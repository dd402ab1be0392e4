import { QUOTE_STATE_LABELS, QUOTE_STATES, type QuoteListRequest, type QuoteState } from '@shop/domain';

/** Which quotes 我的询价 lists: all, the open ones (requested, or answered and not expired), or one state. */
export type QuoteListState = NonNullable<QuoteListRequest['state']>;

/** The state tabs, in the order a member looks for them. */
export const QUOTE_STATE_TABS: readonly { value: QuoteListState; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'open', label: '进行中' },
  ...QUOTE_STATES.map((state) => ({ value: state, label: QUOTE_STATE_LABELS[state] })),
];

/** The state in the address (?state=), or 'all' when it is missing or not one. */
export function quoteStateParam(value: string | null): QuoteListState {
  return QUOTE_STATE_TABS.find((tab) => tab.value === value)?.value ?? 'all';
}

/** Days from one shop day ('yyyy-MM-dd') to another; NaN when either is not a day. */
function daysBetween(from: string, to: string): number {
  const at = (day: string) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
    return match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  };
  return Math.round((at(to) - at(from)) / 86_400_000);
}

/**
 * How long an answered quote still holds, as the member reads it beside its last day: '还剩 N 天', '今日到期' on the
 * last day, '已过期' after it; null for a quote that is not waiting on the member (not answered yet, or done with).
 */
export function quoteValidityText(
  quote: { state: QuoteState; validUntil: string | null },
  today: string,
): string | null {
  if (quote.state === 'expired') return '已过期';
  if (quote.state !== 'answered' || quote.validUntil === null) return null;
  const left = daysBetween(today, quote.validUntil);
  if (Number.isNaN(left)) return null;
  if (left < 0) return '已过期';
  return left === 0 ? '今日到期' : `还剩 ${left} 天`;
}

/** Whether the member who asked may still withdraw it: requested, or answered and not expired. */
export function quoteIsOpen(state: QuoteState): boolean {
  return state === 'requested' || state === 'answered';
}
