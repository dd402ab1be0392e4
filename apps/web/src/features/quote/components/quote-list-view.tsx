import type { QuoteSummary } from '@shop/domain';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Pager } from '@/components/pager';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/skeleton';
import { StateTabs } from '@/components/state-tabs';
import { formatDateTime } from '@/lib/date';
import { formatMajorPrice } from '@/lib/money';
import { listQuery, positiveIntParam } from '@/lib/params';
import { paths } from '@/lib/paths';
import { useQuoteList } from '../api/get-quote-list';
import { QUOTE_STATE_TABS, type QuoteListState, quoteStateParam } from '../quote-state';
import { QuoteStateBadge } from './quote-state-badge';
import '../quote.css';

const PAGE_SIZE = 20;

/**
 * 我的询价 (/member/quotes, issue #38): the member's quotes by state, one page at a time (the tab and page live in the
 * address); a company's admin or viewer also sees its members' quotes, with who asked. Each opens its page.
 */
export function QuoteListView() {
  const [params, setParams] = useSearchParams();
  const state = quoteStateParam(params.get('state'));
  const pageNo = positiveIntParam(params.get('pageNo')) ?? 1;
  const list = useQuoteList({ pageNo, pageSize: PAGE_SIZE, state });

  const go = (next: QuoteListState, page?: number) =>
    setParams(listQuery({ state: next === 'all' ? undefined : next }, page));

  return (
    <section className="panel quote-list" aria-label="询价列表">
      <StateTabs label="询价状态" tabs={QUOTE_STATE_TABS} value={state} onChange={(tab) => go(tab)} />
      <QueryView
        query={list}
        loading={<Skeleton lines={6} title={false} />}
        isEmpty={(answer) => answer.items.length === 0}
        empty={
          <EmptyState
            title="暂无询价"
            description={
              state === 'all'
                ? '在购物车中勾选商品后点击“申请报价”，客服会为您报价。'
                : '没有符合筛选条件的询价。'
            }
            actions={
              state === 'all' && (
                <Link to={paths.cart()} className="btn btn-primary">
                  去购物车
                </Link>
              )
            }
          />
        }
      >
        {(answer) => (
          <>
            <div aria-busy={list.isFetching}>
              <QuoteTable items={answer.items} />
            </div>
            <Pager
              pageNo={pageNo}
              pageSize={PAGE_SIZE}
              totalCount={answer.totalCount}
              onChange={(page) => go(state, page)}
              compact
            />
          </>
        )}
      </QueryView>
    </section>
  );
}

/**
 * The quotes: a table on a wide screen (scrolling sideways when the column is narrow); on a phone each row reads as
 * a card (quote.css). 询价人 is shown when some quote on the page is a company member's.
 */
function QuoteTable({ items }: { items: readonly QuoteSummary[] }) {
  const company = items.some((quote) => !quote.mine);
  return (
    <div className="record-scroll">
      <table className="record-table quote-table card-table">
        <thead>
          <tr>
            <th scope="col">询价单号</th>
            <th scope="col" className="num">
              商品
            </th>
            <th scope="col" className="num">
              报价合计
            </th>
            <th scope="col">有效期至</th>
            {company && <th scope="col">询价人</th>}
            <th scope="col">提交时间</th>
            <th scope="col">状态</th>
          </tr>
        </thead>
        <tbody>
          {items.map((quote) => (
            <tr key={quote.id} data-testid="quote-row">
              <td data-label="询价单号">
                <Link to={paths.member.quote(quote.id)}>{quote.quoteNo}</Link>
              </td>
              <td data-label="商品" className="num">
                {quote.lineCount} 种
              </td>
              <td data-label="报价合计" className="num">
                {quote.total === null ? (
                  <span className="muted">待报价</span>
                ) : (
                  <span className="quote-total">{formatMajorPrice(quote.total, quote.currency)}</span>
                )}
              </td>
              <td data-label="有效期至">{quote.validUntil ?? '—'}</td>
              {company && (
                <td data-label="询价人">{quote.mine ? `${quote.requester}（我）` : quote.requester}</td>
              )}
              <td data-label="提交时间">{formatDateTime(quote.createdAt)}</td>
              <td data-label="状态">
                <QuoteStateBadge state={quote.state} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
