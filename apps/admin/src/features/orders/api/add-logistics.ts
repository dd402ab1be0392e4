import { type AdminLogisticsAddRequest, AdminOrderPaths } from '@shop/domain';
import { request } from '@/lib/api-client';
import { useOrderMutation } from './use-order-mutation';

/** A tracking event of a shipped parcel. */
export function addLogistics(body: AdminLogisticsAddRequest): Promise<unknown> {
  return request(AdminOrderPaths.logisticsAdd, body);
}

export const useAddLogistics = () => useOrderMutation(addLogistics);
