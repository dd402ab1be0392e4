import { MemberPaths, type ResetPasswordRequest } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { requestEnvelope } from '@/lib/api-client';

export function resetPassword(body: ResetPasswordRequest) {
  return requestEnvelope(MemberPaths.resetPwd, body);
}

/** 忘记密码 (#31): a new password with a code; the server ends every session of the member. */
export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
