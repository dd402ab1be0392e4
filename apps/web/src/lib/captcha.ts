import { type CaptchaResponse, MemberPaths } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './api-client';

/**
 * The picture captcha (spec §7 captcha/), shared by the forms that ask for it: registration, login after a few
 * failures, the supplier application.
 */

export const captchaKey = ['captcha'] as const;

export function getCaptcha(signal?: AbortSignal): Promise<CaptchaResponse> {
  return request(MemberPaths.captcha, {}, { signal });
}

/** A fresh image each time: never served from cache, replaced when it expires. */
export function captchaQueryOptions() {
  return queryOptions({
    queryKey: captchaKey,
    queryFn: ({ signal }) => getCaptcha(signal),
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => {
      const seconds = query.state.data?.expiresIn;
      return seconds && seconds > 0 ? seconds * 1000 : false;
    },
  });
}

/** The captcha image; `enabled: false` fetches none until it is needed (login after a few failures). */
export function useCaptcha({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...captchaQueryOptions(), enabled });
}
