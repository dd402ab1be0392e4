import { type AdminOrderDetail, AdminOrderPaths } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { orderKeys } from './keys';

export function getOrder(orderNo: string, signal?: AbortSignal): Promise<AdminOrderDetail> {
  return request(AdminOrderPaths.detail, { orderNo }, signal);
}

export function orderDetailQueryOptions(orderNo: string) {
  return queryOptions({
    queryKey: orderKeys.detail(orderNo),
    queryFn: ({ signal }) => getOrder(orderNo, signal),
  });
}

/** One order whole; nothing is asked while no order is open. */
export function useOrderDetail(orderNo: string | undefined) {
  return useQuery({ ...orderDetailQueryOptions(orderNo ?? ''), enabled: orderNo !== undefined });
}
