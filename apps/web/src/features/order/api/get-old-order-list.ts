import { type OldOrderListResponse, OrderPaths } from '@shop/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { orderKeys } from './keys';

/** oldOrderList/: one page of the member's orders from the old system (spec §2 /member/oldOrder, §7). */
export function getOldOrderList(
  page: { pageNo: number; pageSize: number },
  signal?: AbortSignal,
): Promise<OldOrderListResponse> {
  return request(OrderPaths.oldList, page, { signal });
}

export function oldOrderListQueryOptions(page: { pageNo: number; pageSize: number }) {
  return queryOptions({
    queryKey: orderKeys.oldList(page),
    queryFn: ({ signal }) => getOldOrderList(page, signal),
    meta: { memberScoped: true },
  });
}

export function useOldOrderList(page: { pageNo: number; pageSize: number }) {
  return useQuery({ ...oldOrderListQueryOptions(page), placeholderData: keepPreviousData });
}
