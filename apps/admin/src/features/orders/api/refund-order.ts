import { type AdminMoneyBackResponse, AdminOrderPaths, type AdminOrderRefundRequest } from '@shop/domain';
import { request } from '@/lib/api-client';
import { useOrderMutation } from './use-order-mutation';

/** Gives part of a paid order back (its channel or the deposit); `refundedBefore` makes a double submit refund once. */
export function refundOrder(body: AdminOrderRefundRequest): Promise<AdminMoneyBackResponse> {
  return request(AdminOrderPaths.refund, body);
}

export const useRefundOrder = () => useOrderMutation(refundOrder);
