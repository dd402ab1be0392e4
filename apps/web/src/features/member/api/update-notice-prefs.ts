import { MemberPaths, type NoticePrefs } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestEnvelope } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { memberKeys } from './keys';

export function updateNoticePrefs(body: NoticePrefs) {
  return requestEnvelope(MemberPaths.updateNoticePrefs, body);
}

/** Saves the member's notice choices; the answer is what the server now holds. */
export function useUpdateNoticePrefs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNoticePrefs,
    onSuccess: (envelope) => {
      queryClient.setQueryData(memberKeys.noticePrefs(), envelope.data);
      notify.success(envelope.message || '通知设置已保存');
    },
  });
}
