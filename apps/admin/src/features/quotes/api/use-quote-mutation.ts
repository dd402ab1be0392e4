import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quoteKeys } from './keys';

/**
 * A change to a quote: the list and the quote are read again once the server has answered, whether it took the
 * change or refused it (an answer over a newer version is refused: staff then see the newer one).
 */
export function useQuoteMutation<TBody, TResult>(mutationFn: (body: TBody) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: quoteKeys.all }),
  });
}
