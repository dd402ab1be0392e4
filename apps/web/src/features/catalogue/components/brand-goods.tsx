import { PRODUCT_PAGE_SIZE } from '@shop/domain';
import { EmptyState, ErrorState } from '@/components/empty-state';
import { Pager } from '@/components/pager';
import { CardGridSkeleton } from '@/components/skeleton';
import { toApiError } from '@/lib/api-client';
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
  onPageChange: (pageNo: number) => void;
}) {
  const { data, isPending, isError, error, refetch } = useGoodsList({
    brandId,
    pageNo,
    pageSize: PRODUCT_PAGE_SIZE,
  });
  if (isPending) return <CardGridSkeleton />;
  if (isError) return <ErrorState message={toApiError(error).message} onRetry={() => void refetch()} />;
  if (data.items.length === 0) return <EmptyState title="该品牌暂无在售商品" />;
  return (
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
  );
}
