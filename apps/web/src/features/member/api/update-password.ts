import { MemberPaths, type UpdatePasswordRequest } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { requestEnvelope } from '@/lib/api-client';
import { notify } from '@/lib/notify';

export function updatePassword(body: UpdatePasswordRequest) {
  return requestEnvelope<unknown>(MemberPaths.updatePwd, body);
}

/** Password change; the server keeps this device's token and revokes the others. */
export function useUpdatePassword() {
  return useMutation({
    mutationFn: updatePassword,
    onSuccess: (envelope) => notify.success(envelope.message || '密码已修改'),
  });
}
