import { MemberPaths, type ResetPasswordByLinkRequest } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { requestEnvelope } from '@/lib/api-client';

export function resetPasswordByLink(body: ResetPasswordByLinkRequest) {
  return requestEnvelope(MemberPaths.resetPwdByLink, body);
}

/** A new password with the one-time link (used once); the server ends every session of the member. */
export function useResetPasswordByLink() {
  return useMutation({ mutationFn: resetPasswordByLink, meta: { silentError: true } });
}
