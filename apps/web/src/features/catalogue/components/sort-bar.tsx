import { firstOrderByTendency, GOODS_ORDER_BY_LABELS, GoodsOrderByType, OrderByTendency } from '@shop/domain';
import { Link } from 'react-router';
import { listHref, type ProductListFilters } from '../list-filters';

const ARROW: Record<OrderByTendency, string> = { ASC: '↑', DESC: '↓' };
const TENDENCY_LABEL: Record<OrderByTendency, string> = { ASC: '升序', DESC: '降序' };

/**
 * Sort of the product list (spec §7 goods/list/ orderByType, orderByTendency; default Comprehensive DESC).
 * Choosing another sort starts in its first direction (价格 low to high, the others descending); choosing the
 * active one again flips the direction.
 */
export function SortBar({ filters }: { filters: ProductListFilters }) {
  return (
    <nav className="sort-bar" aria-label="排序">
      {Object.values(GoodsOrderByType).map((type) => {
        const active = filters.orderByType === type;
        const nextTendency = active
          ? filters.orderByTendency === OrderByTendency.DESC
            ? OrderByTendency.ASC
            : OrderByTendency.DESC
          : firstOrderByTendency(type);
        return (
          <Link
            key={type}
            className="sort-option"
            aria-current={active ? 'true' : undefined}
            aria-label={`${GOODS_ORDER_BY_LABELS[type]}${active ? `（${TENDENCY_LABEL[filters.orderByTendency]}）` : ''}`}
            to={listHref(filters, { orderByType: type, orderByTendency: nextTendency })}
          >
            {GOODS_ORDER_BY_LABELS[type]}
            {active && <span aria-hidden="true"> {ARROW[filters.orderByTendency]}</span>}
          </Link>
        );
      })}
    </nav>
  );
}
