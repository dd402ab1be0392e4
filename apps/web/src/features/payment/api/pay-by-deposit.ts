import { type Currency, PaymentPaths, type payByDepositResponseSchema } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '@/lib/api-client';

export type PayByDepositResult = z.infer<typeof payByDepositResponseSchema>;

export interface PayByDepositInput {
  orderId: number;
  currency: Currency;
  /** The amount shown to the shopper, in major units: the server refuses it if the amount due has moved. */
  deposit: number;
}

/** payByDeposit/: pays the order from the member's deposit in that currency (spec §7 'Payment'). */
export function payByDeposit(input: PayByDepositInput): Promise<PayByDepositResult> {
  return request<PayByDepositResult>(PaymentPaths.payByDeposit, input);
}

/** A failure shows the server's message as a toast (the shared handler, spec §8). */
export function usePayByDeposit() {
  return useMutation({ mutationFn: payByDeposit });
}
