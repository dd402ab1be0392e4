import { CataloguePaths, type GoodsDetail, WEBSITE_ID } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { preloadedData } from '@/lib/page-preload';
import { hasToken } from '@/lib/session';
import { catalogueKeys, type GoodsRef } from './keys';

export function getGoodsDetail(ref: GoodsRef, signal?: AbortSignal): Promise<GoodsDetail> {
  return request(CataloguePaths.goodsDetail, { ...ref, websiteId: WEBSITE_ID }, { signal });
}

export function goodsDetailQueryOptions(ref: GoodsRef) {
  return queryOptions({
    queryKey: catalogueKeys.goodsDetail(ref),
    queryFn: ({ signal }) => getGoodsDetail(ref, signal),
    // A visitor's product page carries the product (ADR 016); a member's prices are fetched for the member.
    initialData: () =>
      preloadedData<GoodsDetail>(
        'POST',
        CataloguePaths.goodsDetail,
        { ...ref, websiteId: WEBSITE_ID },
        hasToken(),
      ),
    initialDataUpdatedAt: () => Date.now(),
    // The page shows '商品不存在' or a retry itself; member-level prices leave with the session.
    meta: { silentError: true, memberScoped: true },
  });
}

/** One product (spec §3 'Product detail'); idle until an id or SKU id is known. */
export function useGoodsDetail(ref: GoodsRef | undefined) {
  return useQuery({
    ...goodsDetailQueryOptions(ref ?? { id: 0 }),
    enabled: ref !== undefined,
  });
}
