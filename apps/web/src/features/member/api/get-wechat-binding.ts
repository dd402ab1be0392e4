import { type WechatBinding, WechatPaths } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { useMemberCallsOpen } from '@/lib/session';
import { memberKeys } from './keys';
export function getWechatBinding(signal?: AbortSignal): Promise<WechatBinding | null> {
  return request(WechatPaths.binding, {}, { signal });
}

export function wechatBindingQueryOptions() {
  return queryOptions({
    queryKey: memberKeys.wechatBinding(),
    queryFn: ({ signal }) => getWechatBinding(signal),
    meta: { memberScoped: true },
  });
}

/** The member's chat-app binding (/member/security); idle for a visitor. */
export function useWechatBinding() {
  const loggedIn = useMemberCallsOpen();
  return useQuery({ ...wechatBindingQueryOptions(), enabled: loggedIn });
}
