import type { Brand } from '@shop/domain';
import { Link } from 'react-router';
import { ProductImage } from '@/components/product-image';
import { paths } from '@/lib/paths';
import '../catalogue.css';

const ROWS = 3;

/**
 * Brand logos gliding sideways in a few rows (spec §2 /brands/brandsImgScroll). Each row holds its logos twice
 * so the CSS loop is seamless; hovering or focusing pauses it, and with reduced motion the rows stand still and
 * wrap instead (styles in catalogue.css).
 */
export function BrandLogoWall({ brands }: { brands: Brand[] }) {
  const rows = Array.from({ length: Math.min(ROWS, brands.length) }, (_, r) =>
    brands.filter((_, i) => i % ROWS === r),
  );
  return (
    <div className="logo-wall">
      {rows.map((row, r) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
        <div key={r} className={`logo-wall-row${r % 2 === 1 ? ' logo-wall-reverse' : ''}`}>
          <div className="logo-wall-track" style={{ animationDuration: `${Math.max(20, row.length * 4)}s` }}>
            {[false, true].flatMap((copy) =>
              row.map((brand) => (
                <Link
                  key={`${copy ? 'copy' : 'first'}-${brand.id}`}
                  to={paths.brand(brand.id)}
                  className="logo-wall-item"
                  // The second copy is decoration for the loop: hidden from assistive tech and the tab order.
                  aria-hidden={copy ? true : undefined}
                  tabIndex={copy ? -1 : undefined}
                >
                  <ProductImage path={brand.logo} alt={brand.name} width={140} height={70} />
                  <span>{brand.name}</span>
                </Link>
              )),
            )}
          </div>
        </div>
      ))}
    </div>
  );
}
