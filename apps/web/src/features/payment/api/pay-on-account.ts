import { PaymentPaths, type PayOnAccountRequest, type PayOnAccountResponse } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

/**
 * payOnAccount/ (issue #38): a company member's order paid on the company's credit, in the order's own currency;
 * the order ships at once and an account invoice falls due at the company's terms.
 */
export function payOnAccount(input: PayOnAccountRequest): Promise<PayOnAccountResponse> {
  return request(PaymentPaths.payOnAccount, input);
}

/** A refusal (credit short, an overdue invoice, a viewer) shows the server's message as a toast (spec §8). */
export function usePayOnAccount() {
  return useMutation({ mutationFn: payOnAccount });
}
