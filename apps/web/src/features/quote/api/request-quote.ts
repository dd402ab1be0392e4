import { type QuoteDetail, QuoteMessages, QuotePaths, type QuoteRequest } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestEnvelope } from '@/lib/api-client';
import { withActionFailure } from '@/lib/failure-message';
import { quoteKeys } from './keys';

/** What asking answered: the new quote, and the server's message for the toast. */
export interface QuoteRequested {
  quote: QuoteDetail;
  message: string;
}

/**
 * quote/request/: a quote on the listed lines, or without `lines` on the member's selected cart lines (the cart is
 * left as it is).
 */
export async function requestQuote(body: QuoteRequest): Promise<QuoteRequested> {
  const envelope = await withActionFailure(
    requestEnvelope(QuotePaths.request, body),
    '询价提交失败，请检查网络后重试',
  );
  return { quote: envelope.data, message: envelope.message || QuoteMessages.requested };
}

/** The new quote is cached for its page, and the lists are marked for refresh. */
export function useRequestQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestQuote,
    onSuccess: ({ quote }) => {
      queryClient.setQueryData(quoteKeys.detail(quote.id), quote);
      return queryClient.invalidateQueries({ queryKey: quoteKeys.lists() });
    },
  });
}
