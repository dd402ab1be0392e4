import {
  type AdminOrderMarkPaidRequest,
  AdminOrderPaths,
  type AdminOrderTransitionResponse,
} from '@shop/domain';
import { request } from '@/lib/api-client';
import { useOrderMutation } from './use-order-mutation';

/** The money came outside the shop: the order becomes paid (offline payment). */
export function markPaid(body: AdminOrderMarkPaidRequest): Promise<AdminOrderTransitionResponse> {
  return request(AdminOrderPaths.markPaid, body);
}

export const useMarkPaid = () => useOrderMutation(markPaid);
