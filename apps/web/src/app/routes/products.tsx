import { useParams, useSearchParams } from 'react-router';
import { cartBuyActions } from '@/features/cart/components/cart-buy-actions';
import { BuyActionProvider } from '@/features/catalogue/buy-action';
import { ActiveFilters } from '@/features/catalogue/components/active-filters';
import { CategoryNav } from '@/features/catalogue/components/category-nav';
import { ExportPriceButton } from '@/features/catalogue/components/export-price-button';
import { GoodsResults } from '@/features/catalogue/components/goods-results';
import { SortBar } from '@/features/catalogue/components/sort-bar';
import { WarehouseChips } from '@/features/catalogue/components/warehouse-chips';
import { readListFilters } from '@/features/catalogue/list-filters';
import { GoodsSortShortcuts } from '@/features/content/components/goods-sort-shortcuts';

/**
 * Product list (spec §2 /products/{cateId?}, §4 'Product list state'): every filter is in the address, so
 * changing one is a navigation and the list follows it.
 */
export function Component() {
  const { cateId } = useParams();
  const [params] = useSearchParams();
  const filters = readListFilters(cateId, params);
  const { location, brandId, keyword } = filters;

  // Each product and SKU of the list can go into the cart (spec §4 'Guest cart', §7 addItem/).
  return (
    <BuyActionProvider value={cartBuyActions}>
      <div className="container products-page">
        <h1 className="visually-hidden">商品列表</h1>
        <GoodsSortShortcuts />
        <div className="filters panel">
          <CategoryNav filters={filters} />
          <WarehouseChips filters={filters} />
          <ActiveFilters filters={filters} />
        </div>
        <GoodsResults
          filters={filters}
          toolbar={
            <div className="goods-results-tools">
              <SortBar filters={filters} />
              <ExportPriceButton filters={{ cateId: filters.cateId, location, brandId, keyword }} />
            </div>
          }
        />
      </div>
    </BuyActionProvider>
  );
}
