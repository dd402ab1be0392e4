import {
  StatementPaths,
  type StatementPayByDepositRequest,
  type StatementPayByDepositResponse,
} from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { companyKeys } from './keys';

/** statement/payByDeposit/: a company admin settles an invoice, in part or in full, from their own deposit. */
export function payInvoiceByDeposit(
  body: StatementPayByDepositRequest,
): Promise<StatementPayByDepositResponse> {
  return request(StatementPaths.payByDeposit, body);
}

/**
 * Settles an invoice; the statement is asked again and `onPaid` tells the route (which refreshes the admin's
 * balances and the payment methods: paying may lift the block on paying on account). A refusal is shown by the
 * shared handler (spec §8).
 */
export function usePayInvoiceByDeposit(onPaid: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payInvoiceByDeposit,
    onSuccess: () => {
      onPaid();
      return queryClient.invalidateQueries({ queryKey: companyKeys.statements() });
    },
  });
}
