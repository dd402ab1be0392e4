import { WECHAT_BOUND_MESSAGE, type WechatBinding, type WechatBindRequest, WechatPaths } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestEnvelope } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { memberKeys } from './keys';

/** Binds the identity of a confirmed scan to the current member (spec §7 wechatBind/); toasts the spec's message. */
export async function wechatBind(body: WechatBindRequest): Promise<WechatBinding> {
  const envelope = await requestEnvelope(WechatPaths.wechatBind, body);
  notify.success(envelope.message || WECHAT_BOUND_MESSAGE);
  return envelope.data;
}

export function useWechatBind() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: wechatBind,
    onSuccess: (binding) => queryClient.setQueryData(memberKeys.wechatBinding(), binding),
  });
}
