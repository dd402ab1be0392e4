import { CartPaths, WEBSITE_ID } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestEnvelope } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { loadCartList } from './get-cart-list';

export interface AddCartItemInput {
  skuId: number;
  qty: number;
}

/** Shown when the server confirms without a message of its own. */
export const ADDED_TO_CART_MESSAGE = '已加入购物车';

export function addCartItem({ skuId, qty }: AddCartItemInput) {
  return requestEnvelope(CartPaths.addItem, { skuId, qty, websiteId: WEBSITE_ID });
}

/**
 * A member adds to the server cart (spec §7 addItem/: website id plus the item). The server's message is the
 * success toast; a refusal (over stock, not for sale) is shown by the shared handler (spec §8).
 */
export function useAddCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCartItem,
    onSuccess: (envelope) => {
      notify.success(envelope.message || ADDED_TO_CART_MESSAGE);
      void loadCartList(queryClient, { refresh: true }).catch(() => undefined);
    },
  });
}
