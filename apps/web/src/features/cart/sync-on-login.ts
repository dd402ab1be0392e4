import {
  type BuyNowIntent,
  buyNowPlan,
  type GuestCart,
  isServerLine,
  loginSyncPlan,
  WEBSITE_ID,
} from '@shop/domain';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { registerAfterLoginTask } from '@/lib/session';
import { batchAddCartItems } from './api/batch-add-cart-items';
import { batchRemoveCartItems } from './api/batch-remove-cart-items';
import { batchUpdateCartItems } from './api/batch-update-cart-items';
import { loadCartList } from './api/get-cart-list';
import { takeBuyNowIntent } from './buy-now-intent';
import { guestCart } from './guest-cart-store';

/**
 * Brings the guest cart onto the member's server cart right after login (spec §4 'Cart sync on login'):
 * local-only lines batch-added with the website id, changed server lines batch-updated, queued deletions
 * batch-removed, in that order; then the cart is reloaded and the local cart emptied. A failed call shows its
 * message and keeps what is not yet on the server, so nothing the visitor chose is lost (and nothing that
 * already went through is sent twice at the next login). A visitor who pressed 立即购买 before logging in then
 * has only that line selected, so checkout (where the login reloads to) has it alone (buy-now.ts).
 */
export async function syncGuestCartOnLogin(queryClient: QueryClient): Promise<void> {
  // Taken whatever happens below: a wish that could not be carried out is not replayed at a later login.
  const buyNow = takeBuyNowIntent();
  const cart = guestCart.get();
  const plan = loginSyncPlan(cart, WEBSITE_ID);
  let remaining: GuestCart = cart;
  try {
    if (plan.batchAdd.length > 0) {
      await batchAddCartItems(plan.batchAdd);
      remaining = { ...remaining, data: remaining.data.filter(isServerLine) };
      guestCart.replace(remaining);
    }
    if (plan.batchUpdate.length > 0) {
      await batchUpdateCartItems(plan.batchUpdate);
      // Unchanged server lines are copies of what the server holds: nothing of them is left to send.
      remaining = { ...remaining, data: [] };
      guestCart.replace(remaining);
    }
    if (plan.batchRemove.length > 0) await batchRemoveCartItems(plan.batchRemove);
  } catch (error) {
    notify.error(toApiError(error).message);
    return;
  }
  guestCart.clear();
  if (buyNow) await selectOnlyBuyNow(queryClient, buyNow);
  await loadCartList(queryClient, { refresh: true }).catch(() => undefined);
}

/** The member's cart after the merge with only the buy-now SKU selected, at the quantity bought now. */
async function selectOnlyBuyNow(queryClient: QueryClient, intent: BuyNowIntent): Promise<void> {
  try {
    const cart = await loadCartList(queryClient, { refresh: true });
    const plan = buyNowPlan(cart.data, intent.skuId, intent.qty);
    // The line did not make it into the cart: the other lines keep their selection.
    if (plan.lineId === undefined || plan.updates.length === 0) return;
    await batchUpdateCartItems(plan.updates);
  } catch (error) {
    notify.error(toApiError(error).message);
  }
}

/** Registers the sync as an after-login task for as long as the shop frame is mounted. */
export function useCartLoginSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => registerAfterLoginTask(() => syncGuestCartOnLogin(queryClient)), [queryClient]);
}
