import { type AdminOrderBatchRequest, type AdminOrderBatchResponse, AdminOrderPaths } from '@shop/domain';
import { request } from '@/lib/api-client';
import { useOrderMutation } from './use-order-mutation';

/** One step on many orders; the answer says what happened to each. */
export function batchTransition(body: AdminOrderBatchRequest): Promise<AdminOrderBatchResponse> {
  return request(AdminOrderPaths.batchTransition, body);
}

export const useBatchTransition = () => useOrderMutation(batchTransition);
