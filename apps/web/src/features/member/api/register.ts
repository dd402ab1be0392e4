import { MemberPaths, type RegisterRequest, type TokenResponse } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestEnvelope } from '@/lib/api-client';
import { completeLogin } from '../session-actions';

export async function register(body: RegisterRequest) {
  const envelope = await requestEnvelope<TokenResponse>(MemberPaths.register, body);
  return { token: envelope.data.token, message: envelope.message };
}

/** Registration logs the new member in with the returned token (spec §7: its message is the success toast). */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: ({ token, message }) => completeLogin(queryClient, token, message || '注册成功'),
  });
}
