import { type CaptchaResponse, MemberPaths } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { memberKeys } from './keys';

export function getCaptcha(signal?: AbortSignal): Promise<CaptchaResponse> {
  return request<CaptchaResponse>(MemberPaths.captcha, {}, { signal });
}

/** A fresh image each time: never served from cache, replaced when it expires. */
export function captchaQueryOptions() {
  return queryOptions({
    queryKey: memberKeys.captcha(),
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
