import { type AdminDepositLogRequest, type AdminDepositLogResponse, AdminMemberPaths } from '@shop/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { memberKeys } from './keys';

export function listDepositLog(
  filters: AdminDepositLogRequest,
  signal?: AbortSignal,
): Promise<AdminDepositLogResponse> {
  return request(AdminMemberPaths.memberDepositLog, filters, signal);
}

export function depositLogQueryOptions(filters: AdminDepositLogRequest) {
  return queryOptions({
    queryKey: memberKeys.depositLog(filters),
    queryFn: ({ signal }) => listDepositLog(filters, signal),
    placeholderData: keepPreviousData,
    enabled: filters.memberId > 0,
  });
}

/** One page of a member's deposit log. */
export function useDepositLog(filters: AdminDepositLogRequest) {
  return useQuery(depositLogQueryOptions(filters));
}
