import { EmptyState, ErrorState } from '@/components/empty-state';
import { PageSkeleton } from '@/components/skeleton';
import { useBrands } from '@/features/catalogue/api/get-brands';
import { BrandLogoWall } from '@/features/catalogue/components/brand-logo-wall';
import { BrandViewsNav } from '@/features/catalogue/components/brand-views-nav';
import { toApiError } from '@/lib/api-client';

/** The brand logo wall (spec §2 /brands/brandsImgScroll). */
export function Component() {
  const { data, isPending, isError, error, refetch } = useBrands();
  return (
    <div className="container brands-page">
      <h1 className="page-title">品牌图集</h1>
      <BrandViewsNav />
      {isPending ? (
        <PageSkeleton />
      ) : isError ? (
        <ErrorState message={toApiError(error).message} onRetry={() => void refetch()} />
      ) : data.items.length === 0 ? (
        <EmptyState title="暂无品牌" />
      ) : (
        <BrandLogoWall brands={data.items} />
      )}
    </div>
  );
}
