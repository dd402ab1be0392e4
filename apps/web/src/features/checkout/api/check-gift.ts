import { CheckoutPaths, type GiftCheckResponse, type GiftChoice } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

/** May this SKU be the promotion's gift? (spec §7: the checkout call that returns a success flag) */
export function checkGift(choice: GiftChoice): Promise<GiftCheckResponse> {
  return request(CheckoutPaths.giftCheck, choice);
}

export function useCheckGift() {
  return useMutation({ mutationFn: checkGift });
}
