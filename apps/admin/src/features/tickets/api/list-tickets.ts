import { AdminServicePaths, type AdminTicketListRequest, type AdminTicketListResponse } from '@shop/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { ticketKeys } from './keys';

export function listTickets(
  filters: AdminTicketListRequest,
  signal?: AbortSignal,
): Promise<AdminTicketListResponse> {
  return request(AdminServicePaths.ticketList, filters, signal);
}

/** One page of the queue; the previous page stays on screen while the next one loads. */
export function ticketListQueryOptions(filters: AdminTicketListRequest) {
  return queryOptions({
    queryKey: ticketKeys.list(filters),
    queryFn: ({ signal }) => listTickets(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTicketList(filters: AdminTicketListRequest) {
  return useQuery(ticketListQueryOptions(filters));
}
