import { Segmented } from 'antd';
import { QUOTE_STATE_FILTERS, type QuoteStateFilter } from './labels';

/** The quote list's state buttons: 进行中, each state, or 全部. */
export function QuoteStateFilterBar({
  value,
  onChange,
}: {
  value: QuoteStateFilter;
  onChange: (next: QuoteStateFilter) => void;
}) {
  return (
    <Segmented<QuoteStateFilter>
      aria-label="询价状态"
      options={[...QUOTE_STATE_FILTERS]}
      value={value}
      onChange={onChange}
    />
  );
}
