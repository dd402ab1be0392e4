import { type CompanyDetail, CompanyPaths } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { companyKeys } from './keys';

/** company/detail/: the member's company and role (null when none), and the invites waiting for them. */
export function getCompany(signal?: AbortSignal): Promise<CompanyDetail> {
  return request(CompanyPaths.detail, {}, { signal });
}

export function companyQueryOptions() {
  return queryOptions({
    queryKey: companyKeys.detail(),
    queryFn: ({ signal }) => getCompany(signal),
    meta: { memberScoped: true },
  });
}

export function useCompany() {
  return useQuery(companyQueryOptions());
}
