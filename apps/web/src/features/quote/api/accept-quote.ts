import { type CreatedOrder, type QuoteAcceptRequest, QuotePaths } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { withActionFailure } from '@/lib/failure-message';
import { quoteKeys } from './keys';
import { isQuoteStale } from './quote-change';

/** The action's own words when the server did not explain a failure (spec §8 custom failure messages). */
export const ACCEPT_QUOTE_FAILED = '下单失败，请检查网络后重试';

/**
 * quote/accept/: the answered quote, at the version the member saw, becomes an order at its prices and freight
 * (stock is checked then). The same requestId answers the order already made.
 */
export function acceptQuote(body: QuoteAcceptRequest): Promise<CreatedOrder> {
  return withActionFailure(request(QuotePaths.accept, body), ACCEPT_QUOTE_FAILED);
}

/**
 * 按报价下单. Once the order exists the quote is accepted: it and the lists are asked again. A quote that changed in
 * between ('报价已更新…': answered again; lapsed, closed) is refused, shown by the shared handler, and asked again,
 * so the member sees its prices and state as they now are.
 */
export function useAcceptQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptQuote,
    // Not waited for: the member goes on to payment (or the order) at once.
    onSuccess: (_order, { id }) => {
      void queryClient.invalidateQueries({ queryKey: quoteKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: quoteKeys.lists() });
    },
    onError: (error, { id }) => {
      if (isQuoteStale(error)) void queryClient.invalidateQueries({ queryKey: quoteKeys.detail(id) });
    },
  });
}
