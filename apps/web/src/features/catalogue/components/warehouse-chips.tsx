import { Warehouse, warehouseName } from '@shop/domain';
import { Link } from 'react-router';
import { useGoodsLocationCounts } from '../api/get-goods-location-counts';
import { listHref, type ProductListFilters } from '../list-filters';

const ALL_WAREHOUSES: readonly number[] = Object.values(Warehouse);

/**
 * Warehouse filter (spec §3 'Warehouses' 1-9); '全部仓库' clears it (location 0 / absent = all). Only the
 * warehouses that list goods for the other filters are offered, each with its count (goods/locationCounts/),
 * so no chip leads to an empty list; the chosen one stays, with its 0, so the shopper sees why the list is
 * empty. While the counts load only the chosen one shows; without them every warehouse does, as before.
 */
export function WarehouseChips({ filters }: { filters: ProductListFilters }) {
  const counts = useGoodsLocationCounts({
    cateId: filters.cateId,
    brandId: filters.brandId,
    keyword: filters.keyword,
  });
  const countOf = new Map(counts.data?.items.map((i) => [i.location, i.count]));
  const offered = counts.data
    ? ALL_WAREHOUSES.filter((id) => countOf.has(id) || id === filters.location)
    : counts.isError
      ? ALL_WAREHOUSES
      : ALL_WAREHOUSES.filter((id) => id === filters.location);
  return (
    <nav className="chips" aria-label="仓库" aria-busy={counts.isPending}>
      <Link
        className="chip"
        aria-current={filters.location ? undefined : 'true'}
        to={listHref(filters, { location: undefined })}
      >
        全部仓库
        {counts.data && <span className="chip-count"> {counts.data.totalCount}</span>}
      </Link>
      {offered.map((id) => (
        <Link
          key={id}
          className="chip"
          aria-current={filters.location === id ? 'true' : undefined}
          to={listHref(filters, { location: id })}
        >
          {warehouseName(id)}
          {counts.data && <span className="chip-count"> {countOf.get(id) ?? 0}</span>}
        </Link>
      ))}
    </nav>
  );
}
