import { type AdminMemberListRequest, type AdminMemberListResponse, AdminMemberPaths } from '@shop/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { memberKeys } from './keys';

export function listMembers(
  filters: AdminMemberListRequest,
  signal?: AbortSignal,
): Promise<AdminMemberListResponse> {
  return request(AdminMemberPaths.memberList, filters, signal);
}

/** One page of members; the previous page stays on screen while the next one loads. */
export function memberListQueryOptions(filters: AdminMemberListRequest) {
  return queryOptions({
    queryKey: memberKeys.list(filters),
    queryFn: ({ signal }) => listMembers(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMemberList(filters: AdminMemberListRequest) {
  return useQuery(memberListQueryOptions(filters));
}
