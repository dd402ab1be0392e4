import { type AdminCreditDetail, type AdminCreditGrantRequest, AdminCreditPaths } from '@shop/domain';
import { request } from '@/lib/api-client';
import { useCreditMutation } from './use-credit-mutation';

/** Sets a company's limit and terms in one currency; 0 stops new on-account orders. Answers the detail again. */
export function grantCredit(body: AdminCreditGrantRequest): Promise<AdminCreditDetail> {
  return request(AdminCreditPaths.grant, body);
}

export const useGrantCredit = () => useCreditMutation(grantCredit);
