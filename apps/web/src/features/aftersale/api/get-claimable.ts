import { type AfterSaleClaimable, AfterSalePaths } from '@shop/domain';
import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { afterSaleKeys } from './keys';

/** aftersale/claimable/: an order's lines with the pieces still claimable, and whether the window is open. */
export function getClaimable(orderId: number, signal?: AbortSignal): Promise<AfterSaleClaimable> {
  return request(AfterSalePaths.claimable, { orderId }, { signal });
}

/**
 * What the 申请售后 form may offer, asked afresh each time the form opens (another request may have claimed pieces
 * meanwhile). A failure is the page's state, not a toast.
 */
export function useClaimable(orderId: number | undefined) {
  return useQuery({
    queryKey: afterSaleKeys.claimable(orderId ?? 0),
    queryFn: ({ signal }) => getClaimable(orderId ?? 0, signal),
    enabled: orderId !== undefined,
    staleTime: 0,
    meta: { memberScoped: true, silentError: true },
  });
}
