import {
  CheckoutPaths,
  type CheckoutSummary,
  type CheckoutSummaryRequest,
  currencyKey,
  type SummaryResponse,
} from '@shop/domain';
import type { QueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { majorToMinor } from '@/lib/money';
import { checkoutKeys } from './keys';

export function getCheckoutSummary(
  body: CheckoutSummaryRequest,
  signal?: AbortSignal,
): Promise<CheckoutSummary> {
  return request(CheckoutPaths.summary, body, { signal });
}

/**
 * Loads one summary through the query cache, so a failure goes through the shared handler like every read
 * (spec §8) and the call can be cancelled. Always a fresh call: the checkout decides when to reload (spec §4).
 */
export function fetchCheckoutSummary(
  queryClient: QueryClient,
  body: CheckoutSummaryRequest,
): Promise<CheckoutSummary> {
  return queryClient.fetchQuery({
    queryKey: checkoutKeys.summary(body),
    queryFn: ({ signal }) => getCheckoutSummary(body, signal),
    staleTime: 0,
    gcTime: 0,
    meta: { memberScoped: true },
  });
}

/**
 * The wire summary (major units) as the domain's checkout reducer reads it (minor units, promotionsSum per
 * currency). Every other field of items, packs and promotions is carried along unchanged.
 */
export function toSummaryResponse(summary: CheckoutSummary): SummaryResponse {
  return {
    valid: summary.valid,
    notForSaleMsg: summary.notForSaleMsg,
    otherPrice: majorToMinor(summary.otherPrice),
    taxPrice: majorToMinor(summary.taxPrice),
    promotionsSum: { [currencyKey(summary.currency)]: majorToMinor(summary.promotionsSum) },
    items: summary.items.map((item) => ({
      ...item,
      audPrice: majorToMinor(item.audPrice),
      cnyPrice: majorToMinor(item.cnyPrice),
    })),
    packs: summary.packs.map((pack) => ({
      index: pack.index,
      location: pack.location,
      items: pack.items.map((item) => ({
        ...item,
        audPrice: majorToMinor(item.audPrice),
        cnyPrice: majorToMinor(item.cnyPrice),
      })),
      couriers: pack.couriers,
      options: pack.options,
    })),
    promotions: summary.promotions.map((promotion) => ({
      id: promotion.id,
      name: promotion.name,
      promotionsMehtod: promotion.promotionsMehtod,
      currency: promotion.currency,
      threshold: majorToMinor(promotion.threshold),
      reduce: majorToMinor(promotion.reduce),
      discountPercent: promotion.discountPercent,
      goodsSku: promotion.goodsSku === null ? null : { id: promotion.goodsSku.goodsId },
    })),
  };
}
