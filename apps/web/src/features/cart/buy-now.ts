import { buyNowPlan, CART_QTY_INVALID_MESSAGE, isValidCartQty, validateCartQuantity } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { useIsLoggedIn } from '@/lib/session';
import { addCartItem } from './api/add-cart-item';
import { batchUpdateCartItems } from './api/batch-update-cart-items';
import { loadCartList } from './api/get-cart-list';
import { saveBuyNowIntent } from './buy-now-intent';
import { type CartProduct, type CartSku, cartSkuRule, guestItemOf } from './cart-item-of';
import { guestCart } from './guest-cart-store';

/**
 * 立即购买: straight to checkout with this SKU alone. Checkout takes the member's selected cart lines (spec §5,
 * §7 cart/summary/), so the SKU's line is set to the quantity and made the only selected line; the buyer's other
 * lines stay in the cart, unselected (they come back at the next visit to the cart). A member's cart changes
 * through addItem/ (a new line, selected) and one batchUpdateItems/; a visitor's local cart changes the same way
 * and the wish is kept for the login checkout asks for, after which the sync selects only that line.
 */
export function useBuyNow() {
  const loggedIn = useIsLoggedIn();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async ({ product, sku, qty }: { product: CartProduct; sku: CartSku; qty: number }) => {
      if (loggedIn) {
        const cart = await loadCartList(queryClient, { refresh: true });
        const plan = buyNowPlan(cart.data, sku.id, qty);
        if (plan.lineId === undefined) await addCartItem({ skuId: sku.id, qty });
        if (plan.updates.length > 0) await batchUpdateCartItems(plan.updates);
        await loadCartList(queryClient, { refresh: true }).catch(() => undefined);
      } else {
        guestCart.buyNow(guestItemOf(product, sku, qty));
        saveBuyNowIntent(sku.id, qty);
      }
    },
    onSuccess: () => navigate(paths.checkout()),
  });
}

/**
 * The checks before buying now: a whole quantity the SKU's stock rule (spec §4) and quantity rule (ADR 050) allow,
 * with the reason when not.
 */
export function buyNowProblem(sku: CartSku, qty: number): string | null {
  if (!isValidCartQty(qty)) return CART_QTY_INVALID_MESSAGE;
  const check = validateCartQuantity(qty, sku, cartSkuRule(sku));
  return check.ok ? null : check.message;
}
