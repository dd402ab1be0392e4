import { type AfterSaleListResponse, AfterSalePaths } from '@shop/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { type AfterSaleListFilters, afterSaleKeys } from './keys';

/**
 * aftersale/list/ (我的售后): the member's after-sales, newest first; 'open' is every state that still waits for
 * someone (AFTER_SALE_OPEN_STATES). With `orderId`, only that order's.
 */
export function getAfterSaleList(
  filters: AfterSaleListFilters,
  signal?: AbortSignal,
): Promise<AfterSaleListResponse> {
  return request(AfterSalePaths.list, filters, { signal });
}

/** One page of the list; the page on screen stays while another tab or page loads. */
export function afterSaleListQueryOptions(filters: AfterSaleListFilters) {
  return queryOptions({
    queryKey: afterSaleKeys.list(filters),
    queryFn: ({ signal }) => getAfterSaleList(filters, signal),
    placeholderData: keepPreviousData,
    meta: { memberScoped: true },
  });
}

export function useAfterSaleList(filters: AfterSaleListFilters) {
  return useQuery(afterSaleListQueryOptions(filters));
}

/** The most after-sales an order's page lists (a request names up to 200 lines; members rarely ask twice). */
export const ORDER_AFTER_SALES_MAX = 50;

/**
 * An order's after-sales, for the 售后 block of its page. A failure is shown in the block (with 重新加载), not
 * as a toast: the order itself is what the page is about.
 */
export function useOrderAfterSales(orderId: number, enabled: boolean) {
  return useQuery({
    ...afterSaleListQueryOptions({ pageNo: 1, pageSize: ORDER_AFTER_SALES_MAX, state: 'all', orderId }),
    placeholderData: undefined,
    enabled,
    meta: { memberScoped: true, silentError: true },
  });
}
