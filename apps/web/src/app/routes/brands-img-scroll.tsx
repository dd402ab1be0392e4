import { QueryView } from '@/components/query-view';
import { useBrands } from '@/features/catalogue/api/get-brands';
import { BrandLogoWall } from '@/features/catalogue/components/brand-logo-wall';
import { BrandViewsNav } from '@/features/catalogue/components/brand-views-nav';

/** The brand logo wall (spec §2 /brands/brandsImgScroll). */
export function Component() {
  const query = useBrands();
  return (
    <div className="container brands-page">
      <h1 className="page-title">品牌图集</h1>
      <BrandViewsNav />
      <QueryView query={query} isEmpty={(data) => data.items.length === 0} empty="暂无品牌">
        {(data) => <BrandLogoWall brands={data.items} />}
      </QueryView>
    </div>
  );
}
