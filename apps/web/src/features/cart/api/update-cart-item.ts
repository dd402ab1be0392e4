import { type CartChange, type CartListResponse, CartPaths, type CartUpdateItemRequest } from '@shop/domain';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { cartListQueryOptions, loadCartList } from './get-cart-list';

export function updateCartItem(input: CartUpdateItemRequest): Promise<CartChange> {
  return request(CartPaths.updateItem, input);
}

/**
 * Shows line changes at once in the cached cart while the call runs; totals follow with the reload that ends
 * every change (they are the server's, spec §5).
 */
export async function patchCachedLines(
  queryClient: QueryClient,
  patches: readonly { id: number; qty?: number | undefined; selected?: boolean | undefined }[],
): Promise<void> {
  const { queryKey } = cartListQueryOptions();
  await queryClient.cancelQueries({ queryKey });
  queryClient.setQueryData<CartListResponse>(queryKey, (old) => {
    if (!old) return old;
    const byId = new Map(patches.map((p) => [p.id, p]));
    return {
      ...old,
      data: old.data.map((line) => {
        const patch = byId.get(line.id);
        if (!patch) return line;
        return { ...line, qty: patch.qty ?? line.qty, selected: patch.selected ?? line.selected };
      }),
    };
  });
}

/**
 * Changes one server line's quantity or selection (spec §7 updateItem/). The list is reloaded either way:
 * after a refusal (over stock) it shows what the server holds again.
 */
export function useUpdateCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCartItem,
    onMutate: (input) => patchCachedLines(queryClient, [input]),
    onSettled: () => loadCartList(queryClient, { refresh: true }).catch(() => undefined),
  });
}
