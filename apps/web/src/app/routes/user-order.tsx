import { AddManyToCartButton } from '@/features/cart/components/add-many-to-cart-button';
import { BoughtSkuList } from '@/features/order/components/bought-sku-list';
import { UserPageHead } from '../layouts/user-page-nav';

/** 常购清单 (spec §2 /user/order, login by the route guard; ADR 018): what the member bought, to buy again. */
export function Component() {
  return (
    <div className="container user-page">
      <UserPageHead title="常购清单" />
      <BoughtSkuList AddAction={AddManyToCartButton} />
    </div>
  );
}
