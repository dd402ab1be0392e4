import { AdminOrderPaths, type AdminWaitingPacksResponse } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { orderKeys } from './keys';

/** The picked orders' packs waiting to ship (what the lists print and a bulk ship sends), and those left out and why. */
export function getWaitingPacks(
  orderNos: string[],
  signal?: AbortSignal,
): Promise<AdminWaitingPacksResponse> {
  return request(AdminOrderPaths.waitingPacks, { orderNos }, signal);
}

export function waitingPacksQueryOptions(orderNos: string[]) {
  return queryOptions({
    queryKey: orderKeys.waiting(orderNos),
    queryFn: ({ signal }) => getWaitingPacks(orderNos, signal),
  });
}

export const useWaitingPacks = (orderNos: string[]) => useQuery(waitingPacksQueryOptions(orderNos));
