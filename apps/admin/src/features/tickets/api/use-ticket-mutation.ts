import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ticketKeys } from './keys';

/** A change to a ticket: the queue and the thread are read again once the server has it. */
export function useTicketMutation<TBody, TResult>(mutationFn: (body: TBody) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}
