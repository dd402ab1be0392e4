import { type CartBatchUpdateItem, type CartChange, CartPaths } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { loadCartList } from './get-cart-list';
import { patchCachedLines } from './update-cart-item';

/** Changes several server lines at once (spec §7 batchUpdateItems/: a bare list of id, qty, selected). */
export function batchUpdateCartItems(items: readonly CartBatchUpdateItem[]): Promise<CartChange> {
  return request(CartPaths.batchUpdateItems, items);
}

/** Select or clear a warehouse group or the whole cart in one call, then reload it. */
export function useBatchUpdateCartItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: batchUpdateCartItems,
    onMutate: (items) => patchCachedLines(queryClient, items),
    onSettled: () => loadCartList(queryClient, { refresh: true }).catch(() => undefined),
  });
}
