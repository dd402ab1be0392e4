import { Badge, Tabs } from 'antd';
import { AFTER_SALE_STATE_FILTERS, type AfterSaleStateFilter, isOpenState } from './labels';

/**
 * The queue's states as tabs: 待处理 (every open state) first, each state, then 全部. An open state carries the
 * count waiting in it (the server's `counts`, under the queue's other filters), 待处理 their sum.
 */
export function AfterSaleStateTabs({
  value,
  counts,
  onChange,
}: {
  value: AfterSaleStateFilter;
  counts: Readonly<Record<string, number>> | undefined;
  onChange: (next: AfterSaleStateFilter) => void;
}) {
  const countOf = (state: AfterSaleStateFilter): number | null => {
    if (!counts) return null;
    if (state === 'open')
      return AFTER_SALE_STATE_FILTERS.reduce(
        (sum, f) => sum + (isOpenState(f.value) ? (counts[f.value] ?? 0) : 0),
        0,
      );
    return isOpenState(state) ? (counts[state] ?? 0) : null;
  };
  return (
    <Tabs
      aria-label="售后状态"
      activeKey={value}
      onChange={(key) => onChange(key as AfterSaleStateFilter)}
      items={AFTER_SALE_STATE_FILTERS.map((f) => {
        const count = countOf(f.value);
        return {
          key: f.value,
          label: (
            <span>
              {f.label}
              {count ? (
                <Badge
                  count={count}
                  overflowCount={999}
                  size="small"
                  className="tab-badge"
                  title={`${f.label} ${count}`}
                />
              ) : null}
            </span>
          ),
        };
      })}
    />
  );
}
