import type { AdminNotice } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '@/lib/notify';
import { noticeKeys } from './keys';

/**
 * A resend or discard of a failed notice: once the server has it the outbox and its counts are read again (a
 * resend may also put a message in the sandbox). A refusal (no longer failed) is the shared error toast.
 */
export function useNoticeAction(mutationFn: (body: { id: number }) => Promise<AdminNotice>, done: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      notify.success(done);
      return queryClient.invalidateQueries({ queryKey: noticeKeys.all });
    },
  });
}
