import { QueryView } from '@/components/query-view';
import { useBrands } from '@/features/catalogue/api/get-brands';
import { BrandViewsNav } from '@/features/catalogue/components/brand-views-nav';
import { BrandsAZ } from '@/features/catalogue/components/brands-az';

/** Brands A–Z (spec §2 /brands). */
export function Component() {
  const query = useBrands();
  return (
    <div className="container brands-page">
      <h1 className="page-title">品牌馆</h1>
      <BrandViewsNav />
      <QueryView query={query} isEmpty={(data) => data.items.length === 0} empty="暂无品牌">
        {(data) => <BrandsAZ brands={data.items} />}
      </QueryView>
    </div>
  );
}
