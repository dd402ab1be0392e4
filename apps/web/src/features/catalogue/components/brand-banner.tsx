import type { BrandDetail } from '@shop/domain';
import { ProductImage } from '@/components/product-image';
import '../catalogue.css';

/** The head of a brand page: banner, logo, name, country and description. */
export function BrandBanner({ brand }: { brand: BrandDetail }) {
  return (
    <section className="brand-banner" aria-label={brand.name}>
      {brand.banner && (
        <ProductImage
          path={brand.banner}
          alt=""
          width={1200}
          height={240}
          lazy={false}
          className="brand-banner-image"
        />
      )}
      <div className="brand-banner-body">
        <ProductImage
          path={brand.logo}
          alt={`${brand.name} 标志`}
          width={96}
          height={96}
          lazy={false}
          className="brand-banner-logo"
        />
        <div>
          <h1 className="brand-banner-name">
            {brand.name}
            {brand.nameEn && brand.nameEn !== brand.name && <span className="muted"> {brand.nameEn}</span>}
          </h1>
          <p className="muted">
            {[brand.country, `在售商品 ${brand.goodsCount} 件`].filter(Boolean).join(' · ')}
          </p>
          {brand.description && <p className="brand-banner-text">{brand.description}</p>}
        </div>
      </div>
    </section>
  );
}
