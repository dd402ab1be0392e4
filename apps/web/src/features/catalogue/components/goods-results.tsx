import { PRODUCT_PAGE_SIZE } from '@shop/domain';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState, ErrorState } from '@/components/empty-state';
import { Pager } from '@/components/pager';
import { Skeleton } from '@/components/skeleton';
import { toApiError } from '@/lib/api-client';
import { useGoodsList } from '../api/get-goods-list';
import { listHref, listRequest, type ProductListFilters } from '../list-filters';
import { GoodsListItem } from './goods-list-item';
import '../catalogue.css';

/**
 * The goods of the current filters, 20 a page (spec §4 'Product list state': list, currentPage, pageSize,
 * totalItems from totalCount), with loading, empty and error states and the page switcher.
 */
export function GoodsResults({ filters, toolbar }: { filters: ProductListFilters; toolbar?: ReactNode }) {
  const navigate = useNavigate();
  const { data, isPending, isError, error, refetch, isPlaceholderData } = useGoodsList(listRequest(filters));

  return (
    <section className="goods-results" aria-label="商品" aria-busy={isPending || isPlaceholderData}>
      <div className="goods-results-head">
        <span className="muted">{data ? `共 ${data.totalCount} 件商品` : '\u00a0'}</span>
        {toolbar}
      </div>
      {isPending ? (
        <div role="status" aria-label="商品加载中" className="goods-list-skeleton">
          {['a', 'b', 'c', 'd'].map((k) => (
            <div key={k} className="goods-item goods-item-skeleton">
              <div className="skeleton-card" />
              <Skeleton lines={2} />
            </div>
          ))}
        </div>
      ) : isError ? (
        <ErrorState message={toApiError(error).message} onRetry={() => void refetch()} />
      ) : data.items.length === 0 ? (
        <EmptyState title="没有找到相关商品" description="换个关键词，或者减少筛选条件再试试。" />
      ) : (
        <>
          <div className="goods-list">
            {data.items.map((goods, i) => (
              <GoodsListItem key={goods.id} goods={goods} eager={i < 3} />
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
      )}
    </section>
  );
}
