import { Card, Input, Space } from 'antd';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { pageOf } from '@/components/paged-table';
import { useQuoteList } from '@/features/quotes/api/list-quotes';
import { type QuoteStateFilter, quoteStateFilterOf } from '@/features/quotes/components/labels';
import { QuoteStateFilterBar } from '@/features/quotes/components/quote-state-filter';
import { QuoteTable } from '@/features/quotes/components/quote-table';
import { pageFromSearch, pageToSearch } from '@/lib/list-controls';

const DEFAULT_STATE: QuoteStateFilter = 'open';

/** The state, keyword and page in the address bar (?state=answered&keyword=Q2026…); 进行中 unless it says otherwise. */
function useQuoteQuery() {
  const [params, setParams] = useSearchParams();
  const state = quoteStateFilterOf(params.get('state'), DEFAULT_STATE);
  const keyword = params.get('keyword') || undefined;
  const page = pageFromSearch(params);
  const go = (
    next: { state: QuoteStateFilter; keyword: string | undefined },
    pageNo: number,
    pageSize: number,
  ) => {
    const search = new URLSearchParams();
    if (next.state !== DEFAULT_STATE) search.set('state', next.state);
    if (next.keyword) search.set('keyword', next.keyword);
    pageToSearch(search, { pageNo, pageSize });
    setParams(search);
  };
  return { state, keyword, page, go };
}

/**
 * 询价 (issue #38 part 4): every member's quotes, those asked or answered and still holding first (进行中), found by
 * quote number or username; the ones whose member wrote last are tagged 待回复. A row opens the quote to price it.
 */
export default function QuotesPage() {
  const { state, keyword, page, go } = useQuoteQuery();
  const list = useQuoteList({ state, keyword, ...page });
  return (
    <Card title="询价">
      <Space wrap size="middle" style={{ marginBottom: 16 }}>
        <QuoteStateFilterBar
          value={state}
          onChange={(next) => go({ state: next, keyword }, 1, page.pageSize)}
        />
        <Input.Search
          key={keyword ?? ''}
          defaultValue={keyword}
          allowClear
          placeholder="询价单号或会员用户名"
          aria-label="询价单号或会员用户名"
          style={{ width: 260 }}
          onSearch={(value) => go({ state, keyword: value.trim() || undefined }, 1, page.pageSize)}
        />
      </Space>
      {list.isError ? (
        <LoadFailed title="询价加载失败" error={list.error} retry={list.refetch} />
      ) : (
        <QuoteTable {...pageOf(list, page, (pageNo, pageSize) => go({ state, keyword }, pageNo, pageSize))} />
      )}
    </Card>
  );
}
