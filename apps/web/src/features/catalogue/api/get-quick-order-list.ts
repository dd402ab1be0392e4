import { CataloguePaths, type QuickOrderListResponse, WEBSITE_ID } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { catalogueKeys } from './keys';

/** quickOrderList/: every SKU on the shelf for sale, priced at the caller's level (ADR 018). */
export function getQuickOrderList(signal?: AbortSignal): Promise<QuickOrderListResponse> {
  return request(CataloguePaths.quickOrderList, { websiteId: WEBSITE_ID }, { signal });
}

export function quickOrderListQueryOptions() {
  return queryOptions({
    queryKey: catalogueKeys.quickOrder(),
    queryFn: ({ signal }) => getQuickOrderList(signal),
    // Prices are those of the member's level: dropped on logout.
    meta: { memberScoped: true },
    // Stock moves with every order; a minute old is fresh enough for a sheet the buyer fills in.
    staleTime: 60_000,
  });
}

/** The quick-order sheet. */
export function useQuickOrderList() {
  return useQuery(quickOrderListQueryOptions());
}
