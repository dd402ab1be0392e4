import { type AdminQuoteListRequest, type AdminQuoteListResponse, AdminQuotePaths } from '@shop/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { quoteKeys } from './keys';

export function listQuotes(
  filters: AdminQuoteListRequest,
  signal?: AbortSignal,
): Promise<AdminQuoteListResponse> {
  return request(AdminQuotePaths.list, filters, signal);
}

export function quoteListQueryOptions(filters: AdminQuoteListRequest) {
  return queryOptions({
    queryKey: quoteKeys.list(filters),
    queryFn: ({ signal }) => listQuotes(filters, signal),
    placeholderData: keepPreviousData,
  });
}

/** One page of every member's quotes, newest first; the previous page stays on screen while the next loads. */
export function useQuoteList(filters: AdminQuoteListRequest) {
  return useQuery(quoteListQueryOptions(filters));
}
