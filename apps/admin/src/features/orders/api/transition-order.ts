import {
  AdminOrderPaths,
  type AdminOrderTransitionRequest,
  type AdminOrderTransitionResponse,
} from '@shop/domain';
import { request } from '@/lib/api-client';
import { useOrderMutation } from './use-order-mutation';

/** A warehouse step on an order or one of its packs (push, processing, ready, pickup-ready, finish). */
export function transitionOrder(body: AdminOrderTransitionRequest): Promise<AdminOrderTransitionResponse> {
  return request(AdminOrderPaths.transition, body);
}

export const useTransitionOrder = () => useOrderMutation(transitionOrder);
