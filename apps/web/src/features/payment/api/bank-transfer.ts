import { type Currency, DepositPaths } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { paymentKeys } from './keys';

export interface BankTransferInput {
  currency: Currency;
  /** Major units, at most 2 decimals. */
  money: number;
  /** The payer's name or the bank's reference, so the operator can match the statement. */
  reference: string;
  note: string;
}

/** bankTransfer/: registers a bank transfer; it waits for the operator's review before the deposit grows. */
export function bankTransfer(input: BankTransferInput): Promise<unknown> {
  return request<unknown>(DepositPaths.bankTransfer, input);
}

/** On success the member's recharge list is asked again. */
export function useBankTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bankTransfer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.recharges() }),
  });
}
