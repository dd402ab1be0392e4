import { type Member, MemberPaths } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { useIsLoggedIn } from '@/lib/session';
import { memberKeys } from './keys';

export function getCurrentMember(signal?: AbortSignal): Promise<Member> {
  return request<Member>(MemberPaths.current, {}, { signal });
}

export function currentMemberQueryOptions() {
  return queryOptions({
    queryKey: memberKeys.current(),
    queryFn: ({ signal }) => getCurrentMember(signal),
    meta: { memberScoped: true },
  });
}

/** The logged-in member; idle for a visitor (no token, no call). */
export function useCurrentMember() {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...currentMemberQueryOptions(), enabled: loggedIn });
}
