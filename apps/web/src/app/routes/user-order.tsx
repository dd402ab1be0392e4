import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { loadCartList } from '@/features/cart/api/get-cart-list';
import { AddManyToCartButton } from '@/features/cart/components/add-many-to-cart-button';
import { BoughtSkuList } from '@/features/order/components/bought-sku-list';
import { SavedListCards } from '@/features/saved-list/components/saved-list-cards';
import { SavedListDetailView } from '@/features/saved-list/components/saved-list-detail';
import { positiveIntParam } from '@/lib/params';
import { UserPageHead } from '../layouts/user-page-nav';

/**
 * 常购清单 (spec §2 /user/order, login by the route guard; ADR 018, issue #37): '我的清单', the member's saved lists
 * (`?list=<id>` opens one), above '买过的商品', the SKUs they bought, to buy again.
 */
export function Component() {
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const listId = positiveIntParam(search.get('list'));
  const refreshCart = () => void loadCartList(queryClient, { refresh: true }).catch(() => undefined);
  return (
    <div className="container user-page">
      <UserPageHead title="常购清单" />
      {listId !== undefined ? (
        <SavedListDetailView id={listId} onCartChanged={refreshCart} />
      ) : (
        <>
          <section className="saved-lists-section" aria-labelledby="saved-lists-heading">
            <h2 id="saved-lists-heading" className="user-section-title">
              我的清单
            </h2>
            <SavedListCards />
          </section>
          <section className="bought-section" aria-labelledby="bought-heading">
            <h2 id="bought-heading" className="user-section-title">
              买过的商品
            </h2>
            <BoughtSkuList AddAction={AddManyToCartButton} />
          </section>
        </>
      )}
    </div>
  );
}
