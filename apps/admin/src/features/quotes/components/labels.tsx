import {
  type Currency,
  formatPrice,
  QUOTE_STATE_LABELS,
  QUOTE_STATES,
  type QuoteState,
  toMinor,
} from '@shop/domain';
import { Tag } from 'antd';

/** An amount of the wire (major units) with its symbol: 1250.5 CNY → '¥1250.50'. */
export const money = (major: number, currency: Currency) => formatPrice(toMinor(major), currency);

/** Which quotes the list shows: 进行中 (asked or answered and still holding), one state, or 全部. */
export type QuoteStateFilter = 'open' | 'all' | QuoteState;

export const QUOTE_STATE_FILTERS: readonly { value: QuoteStateFilter; label: string }[] = [
  { value: 'open', label: '进行中' },
  ...QUOTE_STATES.map((s) => ({ value: s, label: QUOTE_STATE_LABELS[s] })),
  { value: 'all', label: '全部' },
];

/** The filter named in an address (?state=), or `fallback` when it names none. */
export function quoteStateFilterOf(raw: string | null, fallback: QuoteStateFilter): QuoteStateFilter {
  return QUOTE_STATE_FILTERS.find((f) => f.value === raw)?.value ?? fallback;
}

const STATE_COLORS: Readonly<Record<QuoteState, string>> = {
  requested: 'orange',
  answered: 'blue',
  expired: 'default',
  accepted: 'green',
  withdrawn: 'default',
  closed: 'default',
};

export function QuoteStateTag({ state }: { state: QuoteState }) {
  return <Tag color={STATE_COLORS[state]}>{QUOTE_STATE_LABELS[state]}</Tag>;
}

/** The member wrote last and no staff answer followed. */
export function AwaitingTag() {
  return <Tag color="red">待回复</Tag>;
}
