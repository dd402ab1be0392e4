import { type AdminQuoteDetail, AdminQuotePaths } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { quoteKeys } from './keys';

export function getQuote(id: number, signal?: AbortSignal): Promise<AdminQuoteDetail> {
  return request(AdminQuotePaths.detail, { id }, signal);
}

export function quoteQueryOptions(id: number) {
  return queryOptions({
    queryKey: quoteKeys.detail(id),
    queryFn: ({ signal }) => getQuote(id, signal),
    enabled: id > 0,
  });
}

/** One quote: its lines, prices, thread and the shop's today (nothing is asked for an id that cannot exist). */
export function useQuote(id: number) {
  return useQuery(quoteQueryOptions(id));
}
