import { useMutation, useQueryClient } from '@tanstack/react-query';
import { afterSaleKeys } from './keys';

/**
 * A change to one after-sale (cancel, ship back). Done or refused, the after-sale is asked for again: done, it shows
 * its new state and step; refused because it moved on meanwhile (staff approved, received or refunded it: 售后单状态已
 * 变化…, 不能撤销…), it shows where it now is. The lists, and what its order may claim, are marked for refresh.
 */
export function useAfterSaleChange<TInput>(
  fn: (input: TInput) => Promise<string>,
  idOf: (input: TInput) => number,
) {
  const queryClient = useQueryClient();
  const refresh = (id: number) => {
    void queryClient.invalidateQueries({ queryKey: afterSaleKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: afterSaleKeys.claimables() });
    return queryClient.invalidateQueries({ queryKey: afterSaleKeys.detail(id) });
  };
  return useMutation({
    mutationFn: fn,
    onSuccess: (_message, input) => refresh(idOf(input)),
    onError: (_error, input) => void refresh(idOf(input)),
  });
}
