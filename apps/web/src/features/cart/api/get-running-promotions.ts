import { CheckoutPaths, type CheckoutPromotion, type Currency } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { majorToMinor } from '@/lib/money';
import { cartKeys } from './keys';

/** salespromotions/running/: the promotions running now in `currency` (ADR 031), amounts in minor units. */
export async function getRunningPromotions(
  currency: Currency,
  signal?: AbortSignal,
): Promise<CheckoutPromotion[]> {
  const { list } = await request(CheckoutPaths.runningPromotions, { currency }, { signal });
  return list.map((p) => ({
    id: p.id,
    name: p.name,
    promotionsMehtod: p.promotionsMehtod,
    currency: p.currency,
    threshold: majorToMinor(p.threshold),
    reduce: majorToMinor(p.reduce),
    discountPercent: p.discountPercent,
    skuIds: p.skuIds,
    pairSkuIds: p.pairSkuIds,
    stackable: p.stackable,
    priority: p.priority,
  }));
}

export function runningPromotionsQueryOptions(currency: Currency) {
  return queryOptions({
    queryKey: cartKeys.promotions(currency),
    queryFn: ({ signal }) => getRunningPromotions(currency, signal),
    // A hint only: without it the cart reads as before, and checkout says what applies.
    meta: { silentError: true },
  });
}

/** The running promotions for the cart's notes; asked only while the cart has lines. */
export function useRunningPromotions(currency: Currency, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...runningPromotionsQueryOptions(currency), enabled });
}
