import { OrderPaths, type PackingListResponse } from '@shop/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { orderKeys } from './keys';

/** packingList/: one page of the member's ready or shipped packs with their items (ADR 018). */
export function getPackingList(
  page: { pageNo: number; pageSize: number },
  signal?: AbortSignal,
): Promise<PackingListResponse> {
  return request(OrderPaths.packingList, page, { signal });
}

export function packingListQueryOptions(page: { pageNo: number; pageSize: number }) {
  return queryOptions({
    queryKey: orderKeys.packingList(page),
    queryFn: ({ signal }) => getPackingList(page, signal),
    meta: { memberScoped: true },
  });
}

export function usePackingList(page: { pageNo: number; pageSize: number }) {
  return useQuery({ ...packingListQueryOptions(page), placeholderData: keepPreviousData });
}
