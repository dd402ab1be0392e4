import { type QuoteDetail, QuotePaths } from '@shop/domain';
import { request } from '@/lib/api-client';
import { useQuoteChange } from './quote-change';

/** quote/withdraw/: the member who asked takes back a quote still requested or answered. */
export function withdrawQuote(id: number): Promise<QuoteDetail> {
  return request(QuotePaths.withdraw, { id });
}

export const useWithdrawQuote = () => useQuoteChange(withdrawQuote, (id) => id);
