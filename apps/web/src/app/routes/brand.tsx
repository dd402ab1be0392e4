import { FIRST_PAGE } from '@shop/domain';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { QueryView } from '@/components/query-view';
import { useBrandDetail } from '@/features/catalogue/api/get-brand-detail';
import { BrandBanner } from '@/features/catalogue/components/brand-banner';
import { BrandGoods } from '@/features/catalogue/components/brand-goods';
import { positiveIntParam } from '@/lib/params';
import { paths } from '@/lib/paths';
import { usePageTitle } from '../route-handle';

/** A brand's page (spec §2 /brand/{id}): banner, logo, description and its goods, pageNo in the address. */
export function Component() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const brandId = positiveIntParam(id);
  const pageNo = positiveIntParam(params.get('pageNo')) ?? FIRST_PAGE;
  const brand = useBrandDetail(brandId);
  usePageTitle(brand.data?.name);
  const notFound = (
    <EmptyState
      title="品牌不存在"
      actions={
        <Link to={paths.brands()} className="btn btn-primary">
          逛逛品牌馆
        </Link>
      }
    />
  );
  if (!brandId) return <div className="container">{notFound}</div>;

  return (
    <div className="container brand-page">
      <QueryView query={brand} notFound={notFound}>
        {(data) => (
          <>
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
                onPageChange={(next, options) =>
                  navigate(
                    next === FIRST_PAGE ? paths.brand(brandId) : `${paths.brand(brandId)}?pageNo=${next}`,
                    options,
                  )
                }
              />
            </section>
          </>
        )}
      </QueryView>
    </div>
  );
}
