import { AdminPaths, type StaffSession } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { sessionKeys } from './keys';

export function getCurrentStaff(signal?: AbortSignal): Promise<StaffSession> {
  return request(AdminPaths.current, {}, signal);
}

/** Who is signed in, their permissions and the gates they must pass first (second factor, new password). */
export function currentStaffQueryOptions(token: string) {
  return queryOptions({
    queryKey: sessionKeys.current(token),
    queryFn: ({ signal }) => getCurrentStaff(signal),
    staleTime: 60_000,
  });
}

export function useCurrentStaff(token: string) {
  return useQuery(currentStaffQueryOptions(token));
}
