import type { Brand } from '@shop/domain';
import { Link } from 'react-router';
import { ProductImage } from '@/components/product-image';
import { paths } from '@/lib/paths';
import '../catalogue.css';

/** A brand's logo and name, leading to its page. */
export function BrandTile({ brand }: { brand: Brand }) {
  return (
    <Link to={paths.brand(brand.id)} className="brand-tile">
      <ProductImage path={brand.logo} alt="" width={96} height={48} className="brand-tile-logo" />
      <span className="brand-tile-name">{brand.name}</span>
      {brand.nameEn && brand.nameEn !== brand.name && <span className="brand-tile-en">{brand.nameEn}</span>}
    </Link>
  );
}
