import { type AdminCreditDetail, AdminCreditPaths } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { creditKeys } from './keys';

export function getCreditDetail(companyId: number, signal?: AbortSignal): Promise<AdminCreditDetail> {
  return request(AdminCreditPaths.detail, { companyId }, signal);
}

export function creditDetailQueryOptions(companyId: number) {
  return queryOptions({
    queryKey: creditKeys.detail(companyId),
    queryFn: ({ signal }) => getCreditDetail(companyId, signal),
    enabled: companyId > 0,
  });
}

/** A company's credit per currency, what it owes, whether it is blocked, and its newest ledger lines. */
export function useCreditDetail(companyId: number) {
  return useQuery(creditDetailQueryOptions(companyId));
}
