import { type BoughtSkusResponse, OrderPaths } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { orderKeys } from './keys';

/** Most SKUs the 常购清单 shows. */
export const BOUGHT_SKUS_LIMIT = 200;

/** boughtSkus/: the SKUs the member bought, with today's price and stock (ADR 018). */
export function getBoughtSkus(limit: number, signal?: AbortSignal): Promise<BoughtSkusResponse> {
  return request(OrderPaths.boughtSkus, { limit }, { signal });
}

export function boughtSkusQueryOptions(limit = BOUGHT_SKUS_LIMIT) {
  return queryOptions({
    queryKey: orderKeys.bought(limit),
    queryFn: ({ signal }) => getBoughtSkus(limit, signal),
    meta: { memberScoped: true },
  });
}

export function useBoughtSkus() {
  return useQuery(boughtSkusQueryOptions());
}
