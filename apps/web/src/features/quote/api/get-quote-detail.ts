import { type QuoteDetail, QuotePaths } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { quoteKeys } from './keys';

/** quote/detail/: one quote with its lines, prices, messages and version; another member's answers 404. */
export function getQuoteDetail(id: number, signal?: AbortSignal): Promise<QuoteDetail> {
  return request(QuotePaths.detail, { id }, { signal });
}

export function quoteDetailQueryOptions(id: number) {
  return queryOptions({
    queryKey: quoteKeys.detail(id),
    queryFn: ({ signal }) => getQuoteDetail(id, signal),
    meta: { memberScoped: true },
  });
}

/** The quote on screen. One that is not there (or not the member's) is a page state, not a toast. */
export function useQuoteDetail(id: number | undefined) {
  return useQuery({
    ...quoteDetailQueryOptions(id ?? 0),
    enabled: id !== undefined,
    meta: { memberScoped: true, silentError: true },
  });
}
