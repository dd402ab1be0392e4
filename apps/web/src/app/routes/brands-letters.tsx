import { QueryView } from '@/components/query-view';
import { useBrands } from '@/features/catalogue/api/get-brands';
import { BrandViewsNav } from '@/features/catalogue/components/brand-views-nav';
import { BrandsByLetter } from '@/features/catalogue/components/brands-by-letter';

/** Brands one letter at a time (spec §2 /brands/letters). */
export function Component() {
  const query = useBrands();
  return (
    <div className="container brands-page">
      <h1 className="page-title">品牌索引</h1>
      <BrandViewsNav />
      <QueryView query={query} isEmpty={(data) => data.items.length === 0} empty="暂无品牌">
        {(data) => <BrandsByLetter brands={data.items} />}
      </QueryView>
    </div>
  );
}
