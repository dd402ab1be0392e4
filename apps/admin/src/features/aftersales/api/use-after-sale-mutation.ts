import { useMutation, useQueryClient } from '@tanstack/react-query';
import { afterSaleKeys } from './keys';

/**
 * A step of an after-sale: the queue and the after-sale are read again once the server has answered, whether it
 * took the step or refused it (a step over an older version is refused: staff then see the newer one).
 */
export function useAfterSaleMutation<TBody, TResult>(mutationFn: (body: TBody) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: afterSaleKeys.all }),
  });
}
