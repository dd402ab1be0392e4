import { Warehouse, warehouseName } from '@shop/domain';
import { Link } from 'react-router';
import { listHref, type ProductListFilters } from '../list-filters';

/** Warehouse filter (spec §3 'Warehouses' 1-9); '全部仓库' clears it (location 0 / absent = all). */
export function WarehouseChips({ filters }: { filters: ProductListFilters }) {
  return (
    <nav className="chips" aria-label="仓库">
      <Link
        className="chip"
        aria-current={filters.location ? undefined : 'true'}
        to={listHref(filters, { location: undefined })}
      >
        全部仓库
      </Link>
      {Object.values(Warehouse).map((id) => (
        <Link
          key={id}
          className="chip"
          aria-current={filters.location === id ? 'true' : undefined}
          to={listHref(filters, { location: id })}
        >
          {warehouseName(id)}
        </Link>
      ))}
    </nav>
  );
}
