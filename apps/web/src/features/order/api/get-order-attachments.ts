import { type OrderAttachment, OrderPaths } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { withActionFailure } from '@/lib/failure-message';
import { OrderFailure } from '../messages';
import { orderKeys } from './keys';

/** getAttach/: the photos of an order's packages (spec §3 'Order' detail extras). */
export function getOrderAttachments(id: number, signal?: AbortSignal): Promise<OrderAttachment[]> {
  return withActionFailure(request(OrderPaths.attachments, { id }, { signal }), OrderFailure.attachments);
}

export function orderAttachmentsQueryOptions(id: number) {
  return queryOptions({
    queryKey: orderKeys.attachments(id),
    queryFn: ({ signal }) => getOrderAttachments(id, signal),
    meta: { memberScoped: true },
  });
}

export function useOrderAttachments(id: number) {
  return useQuery(orderAttachmentsQueryOptions(id));
}
