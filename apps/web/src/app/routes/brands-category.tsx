import { QueryView } from '@/components/query-view';
import { useBrandsByCatalog } from '@/features/catalogue/api/get-brands-by-catalog';
import { BrandViewsNav } from '@/features/catalogue/components/brand-views-nav';
import { BrandsByCategory } from '@/features/catalogue/components/brands-by-category';

/** Brands by top category (spec §2 /brands/category). */
export function Component() {
  const query = useBrandsByCatalog();
  return (
    <div className="container brands-page">
      <h1 className="page-title">品牌分类</h1>
      <BrandViewsNav />
      <QueryView query={query} isEmpty={(data) => data.items.length === 0} empty="暂无品牌">
        {(data) => <BrandsByCategory groups={data.items} />}
      </QueryView>
    </div>
  );
}
