import { type AccountPayment, AdminCreditPaths, type AdminCreditRecordPaymentRequest } from '@shop/domain';
import { request } from '@/lib/api-client';
import { useCreditMutation } from './use-credit-mutation';

/** Records a bank transfer received from a company, allocated to its invoices in part or in full. */
export function recordPayment(body: AdminCreditRecordPaymentRequest): Promise<AccountPayment> {
  return request(AdminCreditPaths.recordPayment, body);
}

export const useRecordPayment = () => useCreditMutation(recordPayment);
