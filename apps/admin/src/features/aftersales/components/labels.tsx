import {
  AFTER_SALE_OPEN_STATES,
  AFTER_SALE_STATE_LABELS,
  AFTER_SALE_STATES,
  AFTER_SALE_TYPE_LABELS,
  AFTER_SALE_TYPES,
  type AfterSaleEvent,
  type AfterSaleState,
  type AfterSaleType,
  type Currency,
  formatPrice,
  toMinor,
} from '@shop/domain';
import { Tag } from 'antd';

/** An amount of the wire (major units) with its symbol: 1250.5 CNY → '¥1250.50'. */
export const money = (major: number, currency: Currency) => formatPrice(toMinor(major), currency);

/** Which after-sales the queue shows: 待处理 (every open state), one state, or 全部. */
export type AfterSaleStateFilter = 'open' | 'all' | AfterSaleState;

export const AFTER_SALE_STATE_FILTERS: readonly { value: AfterSaleStateFilter; label: string }[] = [
  { value: 'open', label: '待处理' },
  ...AFTER_SALE_STATES.map((s) => ({ value: s, label: AFTER_SALE_STATE_LABELS[s] })),
  { value: 'all', label: '全部' },
];

/** The state filter named in an address (?state=), or `fallback` when it names none. */
export function afterSaleStateFilterOf(
  raw: string | null,
  fallback: AfterSaleStateFilter,
): AfterSaleStateFilter {
  return AFTER_SALE_STATE_FILTERS.find((f) => f.value === raw)?.value ?? fallback;
}

/** Which type the queue shows: one, or all. */
export type AfterSaleTypeFilter = 'all' | AfterSaleType;

export const AFTER_SALE_TYPE_FILTERS: readonly { value: AfterSaleTypeFilter; label: string }[] = [
  { value: 'all', label: '全部类型' },
  ...AFTER_SALE_TYPES.map((t) => ({ value: t, label: AFTER_SALE_TYPE_LABELS[t] })),
];

export function afterSaleTypeFilterOf(raw: string | null): AfterSaleTypeFilter {
  return AFTER_SALE_TYPE_FILTERS.find((f) => f.value === raw)?.value ?? 'all';
}

/** Whether a state still waits for someone (its count is shown on its tab). */
export const isOpenState = (state: AfterSaleStateFilter) =>
  (AFTER_SALE_OPEN_STATES as readonly string[]).includes(state);

const STATE_COLORS: Readonly<Record<AfterSaleState, string>> = {
  pending: 'orange',
  approved: 'blue',
  shippedBack: 'cyan',
  received: 'geekblue',
  refunding: 'purple',
  refunded: 'green',
  exchanged: 'green',
  rejected: 'default',
  cancelled: 'default',
};

export function AfterSaleStateTag({ state }: { state: AfterSaleState }) {
  return <Tag color={STATE_COLORS[state]}>{AFTER_SALE_STATE_LABELS[state]}</Tag>;
}

export function AfterSaleTypeTag({ type }: { type: AfterSaleType }) {
  return (
    <Tag color={type === 'exchange' ? 'blue' : type === 'return' ? 'gold' : 'magenta'}>
      {AFTER_SALE_TYPE_LABELS[type]}
    </Tag>
  );
}

/** Who moved an after-sale. */
export const EVENT_BY_LABELS: Readonly<Record<AfterSaleEvent['by'], string>> = {
  member: '会员',
  staff: '客服',
  system: '系统',
};
