import { type CompanyMembersResponse, CompanyPaths } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { companyKeys } from './keys';

/** company/members/: the members, admins first; the open invites for an admin. */
export function getCompanyMembers(signal?: AbortSignal): Promise<CompanyMembersResponse> {
  return request(CompanyPaths.members, {}, { signal });
}

export function companyMembersQueryOptions() {
  return queryOptions({
    queryKey: companyKeys.members(),
    queryFn: ({ signal }) => getCompanyMembers(signal),
    meta: { memberScoped: true },
  });
}

/** Asked by the company's own page only, once the member is known to belong to one. */
export function useCompanyMembers() {
  return useQuery(companyMembersQueryOptions());
}
