import { type CartChange, CartPaths } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { loadCartList } from './get-cart-list';

export function removeCartItem({ id }: { id: number }): Promise<CartChange> {
  return request(CartPaths.removeItem, { id });
}

/** Removes one server line (spec §7 removeItem/), then reloads the cart. */
export function useRemoveCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCartItem,
    onSettled: () => loadCartList(queryClient, { refresh: true }).catch(() => undefined),
  });
}
