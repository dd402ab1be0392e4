import {
  CheckoutPaths,
  type MemberRemarkResponse,
  OrderPaths,
  type RepurchaseResponse,
  type UpdateMemberRemarkRequest,
  WEBSITE_ID,
} from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request, requestEnvelope } from '@/lib/api-client';
import { withActionFailure } from '@/lib/failure-message';
import { OrderFailure } from '../messages';
import { orderKeys } from './keys';

/** The envelope message of a status change ('订单已取消'), shown as the success toast. */
async function statusChange(
  path: typeof OrderPaths.cancel | typeof OrderPaths.finish,
  id: number,
  failure: string,
): Promise<string> {
  const envelope = await withActionFailure(requestEnvelope(path, { id }), failure);
  return envelope.message;
}

/** cancel/: an order not yet paid is cancelled and its stock returned. */
export function cancelOrder(id: number): Promise<string> {
  return statusChange(OrderPaths.cancel, id, OrderFailure.cancel);
}

/** finishOrder/: the member confirms receipt of a shipped order. */
export function finishOrder(id: number): Promise<string> {
  return statusChange(OrderPaths.finish, id, OrderFailure.finish);
}

/** updateMemberRemark/: the member's remark on the order (at most 500 characters). */
export function updateMemberRemark(input: UpdateMemberRemarkRequest): Promise<MemberRemarkResponse> {
  return withActionFailure(request(OrderPaths.updateRemark, input), OrderFailure.remark);
}

/**
 * What repurchase/ did: the server's message, how many cart lines it wrote (none when the goods are sold out:
 * an answer, not a failure), and the goods it could not put back with the reason.
 */
export interface RepurchaseResult {
  message: string;
  added: number;
  unavailable: RepurchaseResponse['unavailable'];
}

/** repurchase/: the order's goods go back into the cart. */
export async function repurchase(orderId: number): Promise<RepurchaseResult> {
  const envelope = await withActionFailure(
    requestEnvelope(CheckoutPaths.repurchase, {
      orderId,
      websiteId: WEBSITE_ID,
    }),
    OrderFailure.repurchase,
  );
  return {
    message: envelope.message,
    added: envelope.data?.ids.length ?? 0,
    unavailable: envelope.data?.unavailable ?? [],
  };
}

/** After a change of status the lists and this order are marked for refresh (spec §4 'Order actions'). */
function useRefreshOrder() {
  const queryClient = useQueryClient();
  return (id: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: orderKeys.detail(id) }),
    ]);
}

export function useCancelOrder() {
  const refresh = useRefreshOrder();
  return useMutation({ mutationFn: cancelOrder, onSuccess: (_data, id) => refresh(id) });
}

export function useFinishOrder() {
  const refresh = useRefreshOrder();
  return useMutation({ mutationFn: finishOrder, onSuccess: (_data, id) => refresh(id) });
}

export function useUpdateMemberRemark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMemberRemark,
    onSuccess: (_data, { id }) => queryClient.invalidateQueries({ queryKey: orderKeys.detail(id) }),
  });
}

export function useRepurchase() {
  return useMutation({ mutationFn: repurchase });
}
