import { MemberPaths } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { memberKeys } from './keys';

/** resetLinkStatus/: whether the one-time link staff handed over can still be used, and for which account. */
export function getResetLinkStatus(token: string, signal?: AbortSignal) {
  return request(MemberPaths.resetLinkStatus, { token }, { signal });
}

export function resetLinkStatusQueryOptions(token: string) {
  return queryOptions({
    queryKey: memberKeys.resetLink(token),
    queryFn: ({ signal }) => getResetLinkStatus(token, signal),
    // A used or expired link is said on the page itself, not in a toast; and asked once, never from a cache.
    meta: { silentError: true },
    staleTime: 0,
    gcTime: 0,
  });
}

export function useResetLinkStatus(token: string) {
  return useQuery(resetLinkStatusQueryOptions(token));
}
