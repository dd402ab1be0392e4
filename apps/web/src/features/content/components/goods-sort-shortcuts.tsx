import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { useGoodsSortTemplate } from '../api/get-template';

/** The curated shortcuts of the goods-sort template above the product list (spec §3 'General state'). */
export function GoodsSortShortcuts() {
  const { data } = useGoodsSortTemplate();
  const shortcuts = data?.sortProducts ?? [];
  if (shortcuts.length === 0) return null;
  return (
    <nav className="chips shortcuts" aria-label="精选分类">
      {shortcuts.map(({ title, query }) => (
        <Link
          key={title}
          className="chip chip-shortcut"
          to={paths.products(query.cateId, {
            brandId: query.brandId,
            location: query.location || undefined,
            keyword: query.keyword,
            orderByType: query.orderByType,
            orderByTendency: query.orderByTendency,
          })}
        >
          {title}
        </Link>
      ))}
    </nav>
  );
}
