import { type OrderDetail, OrderPaths } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { orderKeys } from './keys';

/** detail/: one of the member's orders with its packs, gifts, addresses, remark and attachments (spec §3 'Order'). */
export function getOrderDetail(id: number, signal?: AbortSignal): Promise<OrderDetail> {
  return request(OrderPaths.detail, { id }, { signal });
}

export function orderDetailQueryOptions(id: number) {
  return queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => getOrderDetail(id, signal),
    // The page shows '订单不存在' or a retry itself.
    meta: { silentError: true, memberScoped: true },
  });
}

/** Idle until the id is known. */
export function useOrderDetail(id: number | undefined) {
  return useQuery({ ...orderDetailQueryOptions(id ?? 0), enabled: id !== undefined });
}
