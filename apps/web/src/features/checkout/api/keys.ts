import type { CheckoutSummaryRequest } from '@shop/domain';

/** Query keys of the checkout feature (docs/conventions.md key factory). */
export const checkoutKeys = {
  all: ['checkout'] as const,
  /** One summary request (cart/summary/): every field of the body is in the key. */
  summary: (request: CheckoutSummaryRequest) => [...checkoutKeys.all, 'summary', request] as const,
  /** The gift product of an OnTheHouse promotion (giftDetail/). */
  giftDetail: (goodsId: number) => [...checkoutKeys.all, 'gift-detail', goodsId] as const,
};
