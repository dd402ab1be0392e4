import { type AdminMoneyBackResponse, type AdminOrderCancelPaidRequest, AdminOrderPaths } from '@shop/domain';
import { request } from '@/lib/api-client';
import { useOrderMutation } from './use-order-mutation';

/** Cancels a paid, unshipped order: stock back, the money to the member's deposit. */
export function cancelPaid(body: AdminOrderCancelPaidRequest): Promise<AdminMoneyBackResponse> {
  return request(AdminOrderPaths.cancelPaid, body);
}

export const useCancelPaid = () => useOrderMutation(cancelPaid);
