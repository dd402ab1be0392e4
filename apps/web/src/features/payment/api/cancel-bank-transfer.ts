import { type CancelBankTransferRequest, DepositPaths, type Recharge } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { paymentKeys } from './keys';

/** cancelBankTransfer/: withdraws the member's own pending bank-transfer registration. */
export function cancelBankTransfer(input: CancelBankTransferRequest): Promise<Recharge> {
  return request(DepositPaths.cancelBankTransfer, input);
}

/** Whatever the answer (an approval may have come first), the member's recharge list is asked again. */
export function useCancelBankTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBankTransfer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentKeys.recharges() }),
  });
}
