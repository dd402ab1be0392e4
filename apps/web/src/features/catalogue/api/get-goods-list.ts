import {
  CataloguePaths,
  type Currency,
  FIRST_PAGE,
  type GoodsListRequest,
  type GoodsListResponse,
  PRODUCT_PAGE_SIZE,
  WEBSITE_ID,
} from '@shop/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { usePageCurrency } from '@/lib/page-currency';
import { preloadedData, standInFor } from '@/lib/page-preload';
import { hasToken } from '@/lib/session';
import { catalogueKeys } from './keys';

/**
 * The body of goods/list/ (spec §7): websiteId defaulted, pageNo 1 and pageSize 20 unless given, location
 * dropped when 0 (every warehouse), empty filters left out; the page currency only with the Price sort, the one
 * order it changes (so the other lists stay cached across a currency switch).
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
  if (filters.goodsIds?.length) payload.goodsIds = filters.goodsIds;
  if (filters.orderByType) payload.orderByType = filters.orderByType;
  if (filters.orderByTendency) payload.orderByTendency = filters.orderByTendency;
  if (filters.orderByType === 'Price' && filters.currency) payload.currency = filters.currency;
  return payload;
}

export function getGoodsList(filters: GoodsListRequest, signal?: AbortSignal): Promise<GoodsListResponse> {
  return request(CataloguePaths.goodsList, goodsListPayload(filters), { signal });
}

export function goodsListQueryOptions(filters: GoodsListRequest) {
  const payload = goodsListPayload(filters);
  return queryOptions({
    queryKey: catalogueKeys.goodsList(payload),
    queryFn: ({ signal }) => getGoodsList(payload, signal),
    // A visitor's product list carries its first page (ADR 016): drawn in the first render, no loading state.
    initialData: () =>
      preloadedData<GoodsListResponse>('POST', CataloguePaths.goodsList, payload, hasToken()),
    initialDataUpdatedAt: () => Date.now(),
    // Prices are those of the member's level (a bearer token gives member prices): dropped on logout.
    meta: { memberScoped: true },
  });
}

/**
 * A page of goods; the previous page stays on screen while the next one loads. The Price sort compares prices
 * in the page currency (spec §4 'Currency'), so the request carries it.
 */
export function useGoodsList(filters: GoodsListRequest, { enabled = true }: { enabled?: boolean } = {}) {
  const currency: Currency = usePageCurrency((s) => s.currency);
  const options = goodsListQueryOptions({ ...filters, currency: filters.currency ?? currency });
  return useQuery({
    ...options,
    // A member's first page: the visitor's rows the page carries stand in, prices hidden, until theirs arrive.
    placeholderData: (previous) =>
      keepPreviousData(previous) ??
      standInFor<GoodsListResponse>(
        'POST',
        CataloguePaths.goodsList,
        goodsListPayload({ ...filters, currency: filters.currency ?? currency }),
      ),
    enabled,
  });
}
