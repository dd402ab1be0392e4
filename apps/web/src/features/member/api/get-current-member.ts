import { type Member, MemberPaths } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { setPasswordChangeRequired, useIsLoggedIn } from '@/lib/session';
import { memberKeys } from './keys';

/** current/; what it says of a pending password change opens or holds the member's other calls. */
export async function getCurrentMember(signal?: AbortSignal): Promise<Member> {
  const member = await request(MemberPaths.current, {}, { signal });
  setPasswordChangeRequired(member.mustChangePassword === true);
  return member;
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
