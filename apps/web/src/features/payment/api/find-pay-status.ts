import { PaymentPaths, type PayStatusResult } from '@shop/domain';
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { type PayStatusTarget, paymentKeys } from './keys';

/**
 * findPayStatus/: where a payment stands (spec §7 'Payment'): pending, paid, or — an expected outcome, not an
 * error — cancelled or failed, with PayCancel (1021) or PayFailed (1022) in `failure` (spec §8).
 */
export function findPayStatus(target: PayStatusTarget, signal?: AbortSignal): Promise<PayStatusResult> {
  return request(PaymentPaths.findPayStatus, target, { signal });
}

export function findPayStatusQueryOptions(target: PayStatusTarget) {
  return queryOptions({
    queryKey: paymentKeys.status(target),
    queryFn: ({ signal }) => findPayStatus(target, signal),
    // Always asked afresh, never kept: the answer changes while the shopper waits.
    staleTime: 0,
    gcTime: 0,
    // The pages show cancelled, failed and unreadable statuses themselves.
    meta: { silentError: true, memberScoped: true },
  });
}
