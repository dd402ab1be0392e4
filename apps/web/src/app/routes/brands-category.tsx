import { EmptyState, ErrorState } from '@/components/empty-state';
import { PageSkeleton } from '@/components/skeleton';
import { useBrandsByCatalog } from '@/features/catalogue/api/get-brands-by-catalog';
import { BrandViewsNav } from '@/features/catalogue/components/brand-views-nav';
import { BrandsByCategory } from '@/features/catalogue/components/brands-by-category';
import { toApiError } from '@/lib/api-client';

/** Brands by top category (spec §2 /brands/category). */
export function Component() {
  const { data, isPending, isError, error, refetch } = useBrandsByCatalog();
  return (
    <div className="container brands-page">
      <h1 className="page-title">品牌分类</h1>
      <BrandViewsNav />
      {isPending ? (
        <PageSkeleton />
      ) : isError ? (
        <ErrorState message={toApiError(error).message} onRetry={() => void refetch()} />
      ) : data.items.length === 0 ? (
        <EmptyState title="暂无品牌" />
      ) : (
        <BrandsByCategory groups={data.items} />
      )}
    </div>
  );
}
