import { MemberPaths, type UpdatePasswordRequest } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestEnvelope } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { memberKeys } from './keys';

export function updatePassword(body: UpdatePasswordRequest) {
  return requestEnvelope<unknown>(MemberPaths.updatePwd, body);
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
      await queryClient.invalidateQueries({ queryKey: memberKeys.current() });
    },
  });
}
