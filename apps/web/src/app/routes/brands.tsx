import { EmptyState, ErrorState } from '@/components/empty-state';
import { PageSkeleton } from '@/components/skeleton';
import { useBrands } from '@/features/catalogue/api/get-brands';
import { BrandViewsNav } from '@/features/catalogue/components/brand-views-nav';
import { BrandsAZ } from '@/features/catalogue/components/brands-az';
import { toApiError } from '@/lib/api-client';

/** Brands A–Z (spec §2 /brands). */
export function Component() {
  const { data, isPending, isError, error, refetch } = useBrands();
  return (
    <div className="container brands-page">
      <h1 className="page-title">品牌馆</h1>
      <BrandViewsNav />
      {isPending ? (
        <PageSkeleton />
      ) : isError ? (
        <ErrorState message={toApiError(error).message} onRetry={() => void refetch()} />
      ) : data.items.length === 0 ? (
        <EmptyState title="暂无品牌" />
      ) : (
        <BrandsAZ brands={data.items} />
      )}
    </div>
  );
}
