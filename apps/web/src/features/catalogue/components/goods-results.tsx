import { PRODUCT_PAGE_SIZE } from '@shop/domain';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { lastPageNo, Pager, PastLastPage } from '@/components/pager';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/skeleton';
import { isStandIn } from '@/lib/page-preload';
import { useGoodsList } from '../api/get-goods-list';
import { listHref, listRequest, type ProductListFilters } from '../list-filters';
import { GoodsListItem } from './goods-list-item';
import '../catalogue.css';

function GoodsListSkeleton() {
  return (
    <div role="status" aria-label="商品加载中" className="goods-list-skeleton">
      {['a', 'b', 'c', 'd'].map((k) => (
        <div key={k} className="goods-item goods-item-skeleton">
          <div className="skeleton-card" />
          <Skeleton lines={2} />
        </div>
      ))}
    </div>
  );
}

/**
 * The goods of the current filters, 20 a page (spec §4 'Product list state': list, currentPage, pageSize,
 * totalItems from totalCount), with loading, empty and error states and the page switcher.
 */
export function GoodsResults({ filters, toolbar }: { filters: ProductListFilters; toolbar?: ReactNode }) {
  const navigate = useNavigate();
  const list = useGoodsList(listRequest(filters));
  // A visitor's rows standing in for a member's: drawn where the server drew them, their prices not yet shown.
  const pricesPending = list.isPlaceholderData && isStandIn(list.data);

  return (
    <section
      className="goods-results"
      aria-labelledby="goods-results-title"
      aria-busy={list.isPending || list.isPlaceholderData}
    >
      {/* The level between the page's h1 and each product's h3, so headings go down one step at a time. */}
      <h2 id="goods-results-title" className="visually-hidden">
        商品
      </h2>
      <div className="goods-results-head">
        <span className="muted">{list.data ? `共 ${list.data.totalCount} 件商品` : '\u00a0'}</span>
        {toolbar}
      </div>
      <QueryView
        query={list}
        loading={<GoodsListSkeleton />}
        isEmpty={(data) => data.totalCount === 0}
        empty={<EmptyState title="没有找到相关商品" description="换个关键词，或者减少筛选条件再试试。" />}
      >
        {(data) =>
          // Past the last page (pageNo=99 of 17): the last page instead of 'nothing found' beside a count.
          data.items.length === 0 ? (
            <PastLastPage
              lastPage={lastPageNo(data.totalCount, PRODUCT_PAGE_SIZE)}
              onGo={(pageNo) => navigate(listHref(filters, { pageNo }), { replace: true })}
            />
          ) : (
            <>
              <div className="goods-list">
                {data.items.map((goods, i) => (
                  <GoodsListItem key={goods.id} goods={goods} eager={i < 3} pricesPending={pricesPending} />
                ))}
              </div>
              {data.totalCount > PRODUCT_PAGE_SIZE && (
                <Pager
                  className="goods-pagination"
                  pageNo={filters.pageNo}
                  pageSize={PRODUCT_PAGE_SIZE}
                  totalCount={data.totalCount}
                  compact
                  onChange={(pageNo) => navigate(listHref(filters, { pageNo }))}
                />
              )}
            </>
          )
        }
      </QueryView>
    </section>
  );
}
