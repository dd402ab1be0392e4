import {
  type AfterSaleCreateRequest,
  type AfterSaleDetail,
  AfterSaleMessages,
  AfterSalePaths,
} from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestEnvelope } from '@/lib/api-client';
import { withActionFailure } from '@/lib/failure-message';
import { afterSaleKeys } from './keys';

/** What asking answered: the new after-sale, and the server's message for the toast. */
export interface AfterSaleCreated {
  afterSale: AfterSaleDetail;
  message: string;
}

/** aftersale/create/: the chosen lines and pieces, the type, the reason, the text and the uploaded photos' ids. */
export async function createAfterSale(body: AfterSaleCreateRequest): Promise<AfterSaleCreated> {
  const envelope = await withActionFailure(
    requestEnvelope(AfterSalePaths.create, body),
    '售后申请提交失败，请检查网络后重试',
  );
  return { afterSale: envelope.data, message: envelope.message || AfterSaleMessages.created };
}

/**
 * The new request is asked for again on its own page (only its id is read here), the lists and the order's 售后 block
 * are marked for refresh, and so is what the order may still claim.
 */
export function useCreateAfterSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAfterSale,
    onSuccess: (_created, { orderId }) => {
      void queryClient.invalidateQueries({ queryKey: afterSaleKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: afterSaleKeys.claimable(orderId) });
    },
  });
}
