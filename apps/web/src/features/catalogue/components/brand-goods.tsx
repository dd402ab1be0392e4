import { PRODUCT_PAGE_SIZE } from '@shop/domain';
import { lastPageNo, Pager, PastLastPage } from '@/components/pager';
import { QueryView } from '@/components/query-view';
import { CardGridSkeleton } from '@/components/skeleton';
import { useGoodsList } from '../api/get-goods-list';
import { ProductCard } from './product-card';

/** A brand's goods, 20 a page (goods/list/ with brandId). */
export function BrandGoods({
  brandId,
  pageNo,
  onPageChange,
}: {
  brandId: number;
  pageNo: number;
  /** `replace` when the page is corrected (past the last one) rather than chosen. */
  onPageChange: (pageNo: number, options?: { replace: boolean }) => void;
}) {
  const list = useGoodsList({ brandId, pageNo, pageSize: PRODUCT_PAGE_SIZE });
  return (
    <QueryView
      query={list}
      loading={<CardGridSkeleton />}
      isEmpty={(data) => data.totalCount === 0}
      empty="该品牌暂无在售商品"
    >
      {(data) =>
        data.items.length === 0 ? (
          <PastLastPage
            lastPage={lastPageNo(data.totalCount, PRODUCT_PAGE_SIZE)}
            onGo={(next) => onPageChange(next, { replace: true })}
          />
        ) : (
          <>
            <div className="product-card-grid">
              {data.items.map((goods) => (
                <ProductCard key={goods.id} goods={goods} />
              ))}
            </div>
            {data.totalCount > PRODUCT_PAGE_SIZE && (
              <Pager
                className="goods-pagination"
                pageNo={pageNo}
                pageSize={PRODUCT_PAGE_SIZE}
                totalCount={data.totalCount}
                onChange={onPageChange}
              />
            )}
          </>
        )
      }
    </QueryView>
  );
}
