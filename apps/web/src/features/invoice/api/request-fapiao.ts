import { type FapiaoRequestInput, InvoicePaths } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestEnvelope } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { invoiceKeys } from '../keys';

/** fapiaoRequest/: asks for a 发票 of a paid CNY order, or changes the request while 待开票. */
export function requestFapiao(body: FapiaoRequestInput) {
  return requestEnvelope(InvoicePaths.fapiaoRequest, body);
}

export function useRequestFapiao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestFapiao,
    onSuccess: (envelope, body) => {
      notify.success(envelope.message || '发票申请已提交');
      return queryClient.invalidateQueries({ queryKey: invoiceKeys.document(body.orderId) });
    },
  });
}
