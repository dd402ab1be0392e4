import { CheckoutPaths } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

export interface GiftChoice {
  promotionId: number;
  skuId: number;
}

/** The gift check's answer (spec §7: the checkout call that returns a success flag). */
export interface GiftCheckResult {
  success: boolean;
  message: string;
}

/** May this SKU be the promotion's gift? */
export function checkGift(choice: GiftChoice): Promise<GiftCheckResult> {
  return request<GiftCheckResult>(CheckoutPaths.giftCheck, choice);
}

export function useCheckGift() {
  return useMutation({ mutationFn: checkGift });
}
