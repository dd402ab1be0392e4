import { type CartChange, CartPaths } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { loadCartList } from './get-cart-list';

/** Removes several server lines at once (spec §7 batchRemoveItems/: a bare list of ids). */
export function batchRemoveCartItems(ids: readonly number[]): Promise<CartChange> {
  return request(CartPaths.batchRemoveItems, ids);
}

/** Removes the selected lines ('删除选中'), then reloads the cart. */
export function useBatchRemoveCartItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: batchRemoveCartItems,
    onSettled: () => loadCartList(queryClient, { refresh: true }).catch(() => undefined),
  });
}
