import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderKeys } from './keys';

/** A change to orders: the lists and details are read again once the server has it. */
export function useOrderMutation<TBody, TResult>(mutationFn: (body: TBody) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
