import { OrderPaths } from '@shop/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { orderKeys } from './keys';

/** An order of the old system (spec §2 /member/oldOrder, §4 'Old-order status'). */
export interface OldOrder {
  id: number;
  orderNo: string;
  status: number;
  currency: string;
  totalPrice: number;
  receiverName: string;
  items: { name: string; skuName: string; qty: number; price: number }[];
  orderedAt: string;
}

export interface OldOrderListResponse {
  items: OldOrder[];
  pageNo: number;
  pageSize: number;
  totalCount: number;
}

/** oldOrderList/: one page of the member's orders from the old system (spec §7). */
export function getOldOrderList(
  page: { pageNo: number; pageSize: number },
  signal?: AbortSignal,
): Promise<OldOrderListResponse> {
  return request<OldOrderListResponse>(OrderPaths.oldList, page, { signal });
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
