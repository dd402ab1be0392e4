import { useMutation, useQueryClient } from '@tanstack/react-query';
import { creditKeys } from './keys';

/**
 * A change to a company's account: its credit, invoices and payments (and the console-wide 账单) are read again once
 * the server has it, since a payment moves all three.
 */
export function useCreditMutation<TBody, TResult>(mutationFn: (body: TBody) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creditKeys.all }),
  });
}
