import { Segmented } from 'antd';
import { INVOICE_STATE_FILTERS, type InvoiceStateFilter } from './labels';

/** The invoice list's state buttons: 未付 (open, due and overdue), each state, or 全部. */
export function InvoiceStateFilterBar({
  value,
  onChange,
}: {
  value: InvoiceStateFilter;
  onChange: (next: InvoiceStateFilter) => void;
}) {
  return (
    <Segmented<InvoiceStateFilter>
      aria-label="账单状态"
      options={[...INVOICE_STATE_FILTERS]}
      value={value}
      onChange={onChange}
      style={{ marginBottom: 16 }}
    />
  );
}
