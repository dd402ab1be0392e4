import { Card } from 'antd';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { pageOf } from '@/components/paged-table';
import { useCreditInvoices } from '@/features/credit/api/list-credit-invoices';
import { InvoiceStateFilterBar } from '@/features/credit/components/invoice-state-filter';
import { InvoiceTable } from '@/features/credit/components/invoice-table';
import { type InvoiceStateFilter, invoiceStateFilterOf } from '@/features/credit/components/labels';
import { pageFromSearch, pageToSearch } from '@/lib/list-controls';

const DEFAULT_STATE: InvoiceStateFilter = 'unpaid';

/**
 * 账单 (issue #38 part 3): every company's account invoices, the unpaid ones unless ?state= says otherwise, each
 * linked to its company's 账期 where payments are recorded.
 */
export default function AccountInvoicesPage() {
  const [params, setParams] = useSearchParams();
  const state = invoiceStateFilterOf(params.get('state'), DEFAULT_STATE);
  const page = pageFromSearch(params);
  const list = useCreditInvoices({ state, ...page });
  const go = (next: InvoiceStateFilter, pageNo: number, pageSize: number) => {
    const search = new URLSearchParams();
    if (next !== DEFAULT_STATE) search.set('state', next);
    pageToSearch(search, { pageNo, pageSize });
    setParams(search);
  };
  return (
    <Card title="账单">
      <InvoiceStateFilterBar value={state} onChange={(next) => go(next, 1, page.pageSize)} />
      {list.isError ? (
        <LoadFailed title="账单加载失败" error={list.error} retry={list.refetch} />
      ) : (
        <InvoiceTable
          showCompany
          {...pageOf(list, page, (pageNo, pageSize) => go(state, pageNo, pageSize))}
        />
      )}
    </Card>
  );
}
