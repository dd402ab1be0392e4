import { EmptyState, ErrorState } from '@/components/empty-state';
import { PageSkeleton } from '@/components/skeleton';
import { useBrands } from '@/features/catalogue/api/get-brands';
import { BrandViewsNav } from '@/features/catalogue/components/brand-views-nav';
import { BrandsByLetter } from '@/features/catalogue/components/brands-by-letter';
import { toApiError } from '@/lib/api-client';

/** Brands one letter at a time (spec §2 /brands/letters). */
export function Component() {
  const { data, isPending, isError, error, refetch } = useBrands();
  return (
    <div className="container brands-page">
      <h1 className="page-title">品牌索引</h1>
      <BrandViewsNav />
      {isPending ? (
        <PageSkeleton />
      ) : isError ? (
        <ErrorState message={toApiError(error).message} onRetry={() => void refetch()} />
      ) : data.items.length === 0 ? (
        <EmptyState title="暂无品牌" />
      ) : (
        <BrandsByLetter brands={data.items} />
      )}
    </div>
  );
}
