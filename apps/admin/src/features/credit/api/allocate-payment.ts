import { type AccountPayment, type AdminCreditAllocateRequest, AdminCreditPaths } from '@shop/domain';
import { request } from '@/lib/api-client';
import { useCreditMutation } from './use-credit-mutation';

/** Allocates what an earlier payment left unallocated to the company's invoices. */
export function allocatePayment(body: AdminCreditAllocateRequest): Promise<AccountPayment> {
  return request(AdminCreditPaths.allocate, body);
}

export const useAllocatePayment = () => useCreditMutation(allocatePayment);
