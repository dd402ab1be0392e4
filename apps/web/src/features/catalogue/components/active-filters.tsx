import { Link } from 'react-router';
import { useBrandDetail } from '../api/get-brand-detail';
import { listHref, type ProductListFilters } from '../list-filters';

/** The search word and brand the list is narrowed to, each removable. */
export function ActiveFilters({ filters }: { filters: ProductListFilters }) {
  const { data: brand } = useBrandDetail(filters.brandId);
  if (!filters.keyword && !filters.brandId) return null;
  return (
    <nav className="chips active-filters" aria-label="已选条件">
      {filters.keyword && (
        <Link
          className="chip chip-removable"
          to={listHref(filters, { keyword: undefined })}
          aria-label={`清除搜索：${filters.keyword}`}
        >
          搜索：{filters.keyword} <span aria-hidden="true">×</span>
        </Link>
      )}
      {filters.brandId && (
        <Link
          className="chip chip-removable"
          to={listHref(filters, { brandId: undefined })}
          aria-label={`清除品牌：${brand?.name ?? filters.brandId}`}
        >
          品牌：{brand?.name ?? filters.brandId} <span aria-hidden="true">×</span>
        </Link>
      )}
    </nav>
  );
}
