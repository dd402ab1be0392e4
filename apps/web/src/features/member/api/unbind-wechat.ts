import { WechatPaths, type WechatUnbindRequest } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestEnvelope } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { memberKeys } from './keys';

/** Unbinds the chat app after the member's password (/member/security). */
export function useWechatUnbind() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: WechatUnbindRequest) => {
      const envelope = await requestEnvelope(WechatPaths.unbind, body);
      notify.success(envelope.message);
    },
    onSuccess: () => queryClient.setQueryData(memberKeys.wechatBinding(), null),
  });
}
