import { FIRST_PAGE, ResultCode } from '@shop/domain';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { EmptyState, ErrorState } from '@/components/empty-state';
import { PageSkeleton } from '@/components/skeleton';
import { useBrandDetail } from '@/features/catalogue/api/get-brand-detail';
import { BrandBanner } from '@/features/catalogue/components/brand-banner';
import { BrandGoods } from '@/features/catalogue/components/brand-goods';
import { isApiError, toApiError } from '@/lib/api-client';
import { positiveIntParam } from '@/lib/params';
import { paths } from '@/lib/paths';

/** A brand's page (spec §2 /brand/{id}): banner, logo, description and its goods, pageNo in the address. */
export function Component() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const brandId = positiveIntParam(id);
  const pageNo = positiveIntParam(params.get('pageNo')) ?? FIRST_PAGE;
  const { data, isPending, isError, error, refetch } = useBrandDetail(brandId);

  if (!brandId || (isError && isApiError(error) && error.code === ResultCode.NotFound)) {
    return (
      <div className="container">
        <EmptyState
          title="品牌不存在"
          actions={
            <Link to={paths.brands()} className="btn btn-primary">
              逛逛品牌馆
            </Link>
          }
        />
      </div>
    );
  }
  if (isPending)
    return (
      <div className="container">
        <PageSkeleton />
      </div>
    );
  if (isError) {
    return (
      <div className="container">
        <ErrorState message={toApiError(error).message} onRetry={() => void refetch()} />
      </div>
    );
  }

  return (
    <div className="container brand-page">
      <BrandBanner brand={data} />
      <section aria-label={`${data.name} 的商品`}>
        <h2 className="section-title">
          品牌商品
          <Link to={paths.products(undefined, { brandId })} className="section-more">
            按条件筛选 ›
          </Link>
        </h2>
        <BrandGoods
          brandId={brandId}
          pageNo={pageNo}
          onPageChange={(next) =>
            navigate(next === FIRST_PAGE ? paths.brand(brandId) : `${paths.brand(brandId)}?pageNo=${next}`)
          }
        />
      </section>
    </div>
  );
}
