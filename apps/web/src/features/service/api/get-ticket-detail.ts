import { SupportTicketPaths, type TicketDetail } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isNotFound, request } from '@/lib/api-client';
import { useLivePollInterval } from '@/lib/live-client';
import { serviceKeys } from './keys';

/** supportticket/detail/: one of the member's tickets with every reply (spec §7); another's answers 404. */
export function getTicketDetail(id: number, signal?: AbortSignal): Promise<TicketDetail> {
  return request(SupportTicketPaths.detail, { id }, { signal });
}

export function ticketDetailQueryOptions(id: number) {
  return queryOptions({
    queryKey: serviceKeys.ticketDetail(id),
    queryFn: ({ signal }) => getTicketDetail(id, signal),
    meta: { memberScoped: true },
  });
}

/**
 * The open thread: a staff reply arrives through the live channel (which invalidates this key), or by polling
 * while the channel is down. A ticket that is not there (or not the member's) is a page state, not a toast.
 */
export function useTicketDetail(id: number | undefined) {
  const refetchInterval = useLivePollInterval();
  return useQuery({
    ...ticketDetailQueryOptions(id ?? 0),
    enabled: id !== undefined,
    refetchInterval: (query) => (isNotFound(query.state.error) ? false : refetchInterval),
    meta: { memberScoped: true, silentError: true },
  });
}
