import { MemberPaths, type UpdatePasswordRequest } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestEnvelope } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { runAfterLoginTasks, useSession } from '@/lib/session';
import { memberKeys } from './keys';

export function updatePassword(body: UpdatePasswordRequest) {
  return requestEnvelope(MemberPaths.updatePwd, body);
}

/**
 * Password change; the server keeps this device's token and revokes the others. The member is read again: a
 * password staff reset is now replaced, and the hold on /member/security lifts.
 */
export function useUpdatePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePassword,
    onSuccess: async (envelope) => {
      notify.success(envelope.message || '密码已修改');
      const wasHeld = useSession.getState().passwordChangeRequired;
      // current/ read again opens the member's other calls and lifts the hold on /member/security.
      await queryClient.invalidateQueries({ queryKey: memberKeys.current() });
      // The login's cart sync waited for the new password (session-actions.ts).
      if (wasHeld) await runAfterLoginTasks();
    },
  });
}
