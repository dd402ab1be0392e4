import { SupportTicketPaths, type TicketListResponse } from '@shop/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { useLivePollInterval } from '@/lib/live-client';
import { serviceKeys, type TicketListFilters } from './keys';

/** supportticket/list/: one page of the member's tickets, of one status or all (spec §7). */
export function getTicketList(filters: TicketListFilters, signal?: AbortSignal): Promise<TicketListResponse> {
  const body =
    filters.status === undefined
      ? { pageNo: filters.pageNo, pageSize: filters.pageSize }
      : { pageNo: filters.pageNo, pageSize: filters.pageSize, status: filters.status };
  return request(SupportTicketPaths.list, body, { signal });
}

export function ticketListQueryOptions(filters: TicketListFilters) {
  return queryOptions({
    queryKey: serviceKeys.ticketList(filters),
    queryFn: ({ signal }) => getTicketList(filters, signal),
    meta: { memberScoped: true },
  });
}

/** The page stays on screen while the next one loads; refreshed by live events, or polled while they are off. */
export function useTicketList(filters: TicketListFilters) {
  const refetchInterval = useLivePollInterval();
  return useQuery({ ...ticketListQueryOptions(filters), placeholderData: keepPreviousData, refetchInterval });
}
