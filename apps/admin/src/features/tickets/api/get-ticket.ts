import { AdminServicePaths, type AdminTicketDetailResponse } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { ticketKeys } from './keys';

export function getTicket(id: number, signal?: AbortSignal): Promise<AdminTicketDetailResponse> {
  return request(AdminServicePaths.ticketDetail, { id }, signal);
}

export function ticketQueryOptions(id: number) {
  return queryOptions({ queryKey: ticketKeys.detail(id), queryFn: ({ signal }) => getTicket(id, signal) });
}

/** The thread with its member and their orders (nothing is asked for an id that cannot exist). */
export function useTicket(id: number) {
  return useQuery({ ...ticketQueryOptions(id), enabled: id > 0 });
}
