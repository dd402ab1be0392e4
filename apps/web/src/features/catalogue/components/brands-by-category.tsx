import type { BrandsOfCategory } from '@shop/domain';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { BrandTile } from './brand-tile';

/** The brands of each top category (spec §7 goodsbrand/brandByCatalog/). */
export function BrandsByCategory({ groups }: { groups: BrandsOfCategory[] }) {
  return (
    <div className="brands-by-category">
      {groups.map(({ category, brands }) => (
        <section key={category.id} className="brand-group" aria-label={category.name}>
          <h2 className="brand-group-title">
            {category.name}
            <Link to={paths.products(category.id)} className="brand-group-more">
              查看该分类商品 ›
            </Link>
          </h2>
          {brands.length === 0 ? (
            <p className="muted">暂无品牌</p>
          ) : (
            <div className="brand-tiles">
              {brands.map((brand) => (
                <BrandTile key={brand.id} brand={brand} />
              ))}
            </div>
          )}
        </section>
      ))}
    </div>
  );
}
