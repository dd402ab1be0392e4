import { type OrderListResponse, OrderPaths } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { serviceKeys } from './keys';

/** How many of the member's latest orders the new-ticket form offers (orderList/ allows 50 a page). */
export const ORDER_CHOICES = 50;

/** orderList/: the member's latest orders, for the order a ticket is about (spec §7). */
export function getOrderChoices(signal?: AbortSignal): Promise<OrderListResponse> {
  return request(OrderPaths.list, { pageNo: 1, pageSize: ORDER_CHOICES }, { signal });
}

export function orderChoicesQueryOptions() {
  return queryOptions({
    queryKey: serviceKeys.orderChoices(),
    queryFn: ({ signal }) => getOrderChoices(signal),
    meta: { memberScoped: true },
  });
}

export function useOrderChoices() {
  return useQuery(orderChoicesQueryOptions());
}
