import { type QuoteDetail, QuoteMessages } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';
import { quoteKeys } from './keys';

/**
 * Refusals that mean the quote on screen is out of date: staff answered again (a new version), it lapsed, or it was
 * accepted, withdrawn or closed meanwhile. The contract gives them no code of their own, so they are told by text.
 */
const STALE: readonly string[] = [
  QuoteMessages.changed,
  QuoteMessages.expired,
  QuoteMessages.notAnswered,
  QuoteMessages.accepted,
  QuoteMessages.withdrawn,
  QuoteMessages.closed,
];

export function isQuoteStale(error: unknown): boolean {
  return isApiError(error) && STALE.includes(error.message);
}

/**
 * A change to one quote (message, withdraw): the quote as it left it is shown at once and the lists are marked for
 * refresh. A refusal because the quote changed meanwhile (shown by the shared handler) asks for it again.
 */
export function useQuoteChange<TInput>(
  fn: (input: TInput) => Promise<QuoteDetail>,
  idOf: (input: TInput) => number,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (quote) => {
      queryClient.setQueryData(quoteKeys.detail(quote.id), quote);
      return queryClient.invalidateQueries({ queryKey: quoteKeys.lists() });
    },
    onError: (error, input) => {
      if (isQuoteStale(error))
        void queryClient.invalidateQueries({ queryKey: quoteKeys.detail(idOf(input)) });
    },
  });
}
