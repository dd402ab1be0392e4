import {
  CataloguePaths,
  type GoodsLocationCountsRequest,
  type GoodsLocationCountsResponse,
  WEBSITE_ID,
} from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { catalogueKeys } from './keys';

/** The body of goods/locationCounts/: the list's filters without the warehouse, empty ones left out. */
export function locationCountsPayload(filters: GoodsLocationCountsRequest): GoodsLocationCountsRequest {
  const payload: GoodsLocationCountsRequest = { websiteId: filters.websiteId ?? WEBSITE_ID };
  if (filters.cateId) payload.cateId = filters.cateId;
  if (filters.brandId) payload.brandId = filters.brandId;
  const keyword = filters.keyword?.trim();
  if (keyword) payload.keyword = keyword;
  return payload;
}

export function getGoodsLocationCounts(
  payload: GoodsLocationCountsRequest,
  signal?: AbortSignal,
): Promise<GoodsLocationCountsResponse> {
  return request(CataloguePaths.goodsLocationCounts, payload, { signal });
}

export function goodsLocationCountsQueryOptions(filters: GoodsLocationCountsRequest) {
  const payload = locationCountsPayload(filters);
  return queryOptions({
    queryKey: catalogueKeys.locationCounts(payload),
    queryFn: ({ signal }) => getGoodsLocationCounts(payload, signal),
    // Without the counts the chips offer every warehouse, as before; the list says what went wrong.
    meta: { silentError: true },
  });
}

/** How many goods each warehouse lists for the list's other filters (the warehouse chips). */
export function useGoodsLocationCounts(filters: GoodsLocationCountsRequest) {
  return useQuery(goodsLocationCountsQueryOptions(filters));
}
