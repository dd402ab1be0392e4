import {
  AdminCreditPaths,
  type AdminCreditPaymentsRequest,
  type AdminCreditPaymentsResponse,
} from '@shop/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { creditKeys } from './keys';

export function listCreditPayments(
  filters: AdminCreditPaymentsRequest,
  signal?: AbortSignal,
): Promise<AdminCreditPaymentsResponse> {
  return request(AdminCreditPaths.payments, filters, signal);
}

export function creditPaymentsQueryOptions(filters: AdminCreditPaymentsRequest) {
  return queryOptions({
    queryKey: creditKeys.payments(filters),
    queryFn: ({ signal }) => listCreditPayments(filters, signal),
    placeholderData: keepPreviousData,
    enabled: filters.companyId > 0,
  });
}

/** One page of the payments a company's account received, with where each went. */
export function useCreditPayments(filters: AdminCreditPaymentsRequest) {
  return useQuery(creditPaymentsQueryOptions(filters));
}
