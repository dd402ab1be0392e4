import {
  CataloguePaths,
  FIRST_PAGE,
  type GoodsListRequest,
  type GoodsListResponse,
  PRODUCT_PAGE_SIZE,
  WEBSITE_ID,
} from '@shop/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { catalogueKeys } from './keys';

/**
 * The body of goods/list/ (spec §7): websiteId defaulted, pageNo 1 and pageSize 20 unless given, location
 * dropped when 0 (every warehouse), empty filters left out.
 */
export function goodsListPayload(filters: GoodsListRequest): GoodsListRequest {
  const payload: GoodsListRequest = {
    websiteId: filters.websiteId ?? WEBSITE_ID,
    pageNo: filters.pageNo ?? FIRST_PAGE,
    pageSize: filters.pageSize ?? PRODUCT_PAGE_SIZE,
  };
  if (filters.location) payload.location = filters.location;
  if (filters.cateId) payload.cateId = filters.cateId;
  if (filters.brandId) payload.brandId = filters.brandId;
  const keyword = filters.keyword?.trim();
  if (keyword) payload.keyword = keyword;
  if (filters.orderByType) payload.orderByType = filters.orderByType;
  if (filters.orderByTendency) payload.orderByTendency = filters.orderByTendency;
  return payload;
}

export function getGoodsList(filters: GoodsListRequest, signal?: AbortSignal): Promise<GoodsListResponse> {
  return request<GoodsListResponse>(CataloguePaths.goodsList, goodsListPayload(filters), { signal });
}

export function goodsListQueryOptions(filters: GoodsListRequest) {
  const payload = goodsListPayload(filters);
  return queryOptions({
    queryKey: catalogueKeys.goodsList(payload),
    queryFn: ({ signal }) => getGoodsList(payload, signal),
    // Prices are those of the member's level (a bearer token gives member prices): dropped on logout.
    meta: { memberScoped: true },
  });
}

/** A page of goods; the previous page stays on screen while the next one loads. */
export function useGoodsList(filters: GoodsListRequest) {
  return useQuery({ ...goodsListQueryOptions(filters), placeholderData: keepPreviousData });
}
