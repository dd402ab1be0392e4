import { type AdminOrderListRequest, type AdminOrderListResponse, AdminOrderPaths } from '@shop/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { orderKeys } from './keys';

export function listOrders(
  filters: AdminOrderListRequest,
  signal?: AbortSignal,
): Promise<AdminOrderListResponse> {
  return request(AdminOrderPaths.list, filters, signal);
}

/** One page of every member's orders; the previous page stays on screen while the next one loads. */
export function orderListQueryOptions(filters: AdminOrderListRequest) {
  return queryOptions({
    queryKey: orderKeys.list(filters),
    queryFn: ({ signal }) => listOrders(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOrderList(filters: AdminOrderListRequest) {
  return useQuery(orderListQueryOptions(filters));
}
