import { CheckoutPaths, type GiftProduct } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { checkoutKeys } from './keys';

/** The gift product of an OnTheHouse promotion with its SKUs (spec §7: a gift product detail from a goods id). */
export function getGiftDetail(goodsId: number, signal?: AbortSignal): Promise<GiftProduct> {
  return request(CheckoutPaths.giftDetail, { goodsId }, { signal });
}

export function giftDetailQueryOptions(goodsId: number) {
  return queryOptions({
    queryKey: checkoutKeys.giftDetail(goodsId),
    queryFn: ({ signal }) => getGiftDetail(goodsId, signal),
    meta: { memberScoped: true },
  });
}

/** Loaded when the shopper opens the gift choice (spec §4: selecting a gift product loads its detail). */
export function useGiftDetail(goodsId: number | null) {
  return useQuery({ ...giftDetailQueryOptions(goodsId ?? 0), enabled: goodsId !== null });
}
