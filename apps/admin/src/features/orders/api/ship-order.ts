import { AdminOrderPaths, type AdminOrderShipRequest, type AdminOrderTransitionResponse } from '@shop/domain';
import { request } from '@/lib/api-client';
import { useOrderMutation } from './use-order-mutation';

/** A pack leaves with its courier and tracking number. */
export function shipOrder(body: AdminOrderShipRequest): Promise<AdminOrderTransitionResponse> {
  return request(AdminOrderPaths.ship, body);
}

export const useShipOrder = () => useOrderMutation(shipOrder);
