import { type OrderListResponse, OrderPaths } from '@shop/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { type OrderListFilters, orderKeys } from './keys';

/** orderList/: one page of the member's orders, of one status or all (spec §7). */
export function getOrderList(filters: OrderListFilters, signal?: AbortSignal): Promise<OrderListResponse> {
  const body =
    filters.status === undefined
      ? { pageNo: filters.pageNo, pageSize: filters.pageSize }
      : { pageNo: filters.pageNo, pageSize: filters.pageSize, status: filters.status };
  return request(OrderPaths.list, body, { signal });
}

export function orderListQueryOptions(filters: OrderListFilters) {
  return queryOptions({
    queryKey: orderKeys.list(filters),
    queryFn: ({ signal }) => getOrderList(filters, signal),
    meta: { memberScoped: true },
  });
}

/** The page stays on screen while the next one loads. */
export function useOrderList(filters: OrderListFilters) {
  return useQuery({ ...orderListQueryOptions(filters), placeholderData: keepPreviousData });
}
