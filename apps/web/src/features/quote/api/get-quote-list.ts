import { type QuoteListResponse, QuotePaths } from '@shop/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { type QuoteListFilters, quoteKeys } from './keys';

/**
 * quote/list/ (我的询价): the member's quotes, newest first; a company's admin or viewer also gets its members'
 * (`mine` false, `requester` names who asked). 'open' is requested or answered and not yet expired.
 */
export function getQuoteList(filters: QuoteListFilters, signal?: AbortSignal): Promise<QuoteListResponse> {
  return request(QuotePaths.list, filters, { signal });
}

/** One page of the list; the page on screen stays while another tab or page loads. */
export function quoteListQueryOptions(filters: QuoteListFilters) {
  return queryOptions({
    queryKey: quoteKeys.list(filters),
    queryFn: ({ signal }) => getQuoteList(filters, signal),
    placeholderData: keepPreviousData,
    meta: { memberScoped: true },
  });
}

export function useQuoteList(filters: QuoteListFilters) {
  return useQuery(quoteListQueryOptions(filters));
}
