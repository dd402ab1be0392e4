import { cartBuyActions } from '@/features/cart/components/cart-buy-actions';
import { PasteOrderPanel } from '@/features/cart/components/paste-order-panel';
import { BuyActionProvider } from '@/features/catalogue/buy-action';
import { QuickOrderSheet } from '@/features/catalogue/components/quick-order-sheet';
import { UserPageHead } from '../layouts/user-page-nav';

/** 快速订货 (spec §2 /user/products, no login; ADR 018): the whole shelf as one sheet, added to the cart at once. */
export function Component() {
  return (
    <BuyActionProvider value={cartBuyActions}>
      <div className="container user-page">
        <UserPageHead title="快速订货" />
        <PasteOrderPanel />
        <QuickOrderSheet />
      </div>
    </BuyActionProvider>
  );
}
