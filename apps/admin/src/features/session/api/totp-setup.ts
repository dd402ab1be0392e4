import { AdminPaths, type TotpSetupResponse } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { sessionKeys } from './keys';

export function getTotpSetup(signal?: AbortSignal): Promise<TotpSetupResponse> {
  return request(AdminPaths.totpSetup, {}, signal);
}

/**
 * A new secret for the authenticator app. Asked once per screen: a refetch would replace the secret the
 * staff member is scanning, so it never goes stale and never refetches by itself.
 */
export function totpSetupQueryOptions(token: string) {
  return queryOptions({
    queryKey: sessionKeys.totpSetup(token),
    queryFn: ({ signal }) => getTotpSetup(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}

export function useTotpSetup(token: string) {
  return useQuery(totpSetupQueryOptions(token));
}
