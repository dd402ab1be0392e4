import { type AdminMemberDetailResponse, AdminMemberPaths } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { memberKeys } from './keys';

export function getMember(id: number, signal?: AbortSignal): Promise<AdminMemberDetailResponse> {
  return request(AdminMemberPaths.memberDetail, { id }, signal);
}

export function memberQueryOptions(id: number) {
  return queryOptions({
    queryKey: memberKeys.detail(id),
    queryFn: ({ signal }) => getMember(id, signal),
    enabled: id > 0,
  });
}

/** A member's page: profile, balances, latest orders and tickets. */
export function useMember(id: number) {
  return useQuery(memberQueryOptions(id));
}
