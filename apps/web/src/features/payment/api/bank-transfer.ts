import { type BankTransferRequest, DepositPaths, type Recharge } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { paymentKeys } from './keys';

/** bankTransfer/: registers a bank transfer; it waits for the operator's review before the deposit grows. */
export function bankTransfer(input: BankTransferRequest): Promise<Recharge> {
  return request(DepositPaths.bankTransfer, input);
}

/** On success the member's recharge list is asked again. */
export function useBankTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bankTransfer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.recharges() }),
  });
}
