import {
  type ApprovalListRequest,
  type ApprovalListResponse,
  ApprovalPaths,
  type ApprovalRejectRequest,
} from '@shop/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request, requestEnvelope } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { companyKeys } from './keys';

/**
 * approval/list/: an admin's or a viewer's company's approvals, a buyer's own; newest first. `paging` keeps a page on
 * screen while the next loads (the list); one order's approval never shows another's while it loads.
 */
export function useApprovals(
  params: ApprovalListRequest,
  options: { enabled?: boolean; paging?: boolean } = {},
) {
  return useQuery({
    queryKey: companyKeys.approvals(params),
    queryFn: ({ signal }): Promise<ApprovalListResponse> => request(ApprovalPaths.list, params, { signal }),
    ...(options.paging ? { placeholderData: keepPreviousData } : {}),
    meta: { memberScoped: true },
    enabled: options.enabled ?? true,
  });
}

/**
 * approve/ and reject/: each says the server's message, then the approvals are asked again and `onDecided` tells the
 * page (its route refreshes the orders: one moved to 待支付, or was cancelled). A refusal is shown by the shared
 * handler (spec §8).
 */
function useDecision<V>(send: (variables: V) => Promise<{ message: string }>, onDecided: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (envelope) => {
      if (envelope.message) notify.success(envelope.message);
      onDecided();
      return queryClient.invalidateQueries({ queryKey: companyKeys.all });
    },
  });
}

export const useApproveOrder = (onDecided: () => void) =>
  useDecision((orderId: number) => requestEnvelope(ApprovalPaths.approve, { orderId }), onDecided);

export const useRejectOrder = (onDecided: () => void) =>
  useDecision((body: ApprovalRejectRequest) => requestEnvelope(ApprovalPaths.reject, body), onDecided);
