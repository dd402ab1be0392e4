import {
  type AdminAfterSaleListRequest,
  type AdminAfterSaleListResponse,
  AdminAfterSalePaths,
} from '@shop/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { afterSaleKeys } from './keys';

export function listAfterSales(
  filters: AdminAfterSaleListRequest,
  signal?: AbortSignal,
): Promise<AdminAfterSaleListResponse> {
  return request(AdminAfterSalePaths.list, filters, signal);
}

export function afterSaleListQueryOptions(filters: AdminAfterSaleListRequest) {
  return queryOptions({
    queryKey: afterSaleKeys.list(filters),
    queryFn: ({ signal }) => listAfterSales(filters, signal),
    placeholderData: keepPreviousData,
  });
}

/** One page of the after-sales queue with the counts of each open state; the previous page stays while the next loads. */
export function useAfterSaleList(filters: AdminAfterSaleListRequest) {
  return useQuery(afterSaleListQueryOptions(filters));
}
