import { type CaptchaResponse, MemberPaths } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { sessionKeys } from './keys';

/** The storefront's picture captcha (MemberPaths.captcha): every staff sign-in carries a fresh one. */
export function getCaptcha(signal?: AbortSignal): Promise<CaptchaResponse> {
  return request(MemberPaths.captcha, {}, signal);
}

/** Never from cache (each answer is used once), replaced when it expires. */
export function captchaQueryOptions() {
  return queryOptions({
    queryKey: sessionKeys.captcha(),
    queryFn: ({ signal }) => getCaptcha(signal),
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (query) => {
      const seconds = query.state.data?.expiresIn;
      return seconds && seconds > 0 ? seconds * 1000 : false;
    },
  });
}

export function useCaptcha() {
  return useQuery(captchaQueryOptions());
}
