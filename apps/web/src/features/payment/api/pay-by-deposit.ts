import { type PayByDepositRequest, type PayByDepositResponse, PaymentPaths } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

/**
 * payByDeposit/: pays the order from the member's deposit in that currency (spec §7 'Payment'). `deposit` is the
 * amount shown to the shopper, in major units: the server refuses it if the amount due has moved.
 */
export function payByDeposit(input: PayByDepositRequest): Promise<PayByDepositResponse> {
  return request(PaymentPaths.payByDeposit, input);
}

/** A failure shows the server's message as a toast (the shared handler, spec §8). */
export function usePayByDeposit() {
  return useMutation({ mutationFn: payByDeposit });
}
