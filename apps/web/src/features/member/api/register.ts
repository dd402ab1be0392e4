import { MemberPaths, type RegisterRequest } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestEnvelope } from '@/lib/api-client';
import { completeLogin } from '../session-actions';

export async function register(body: RegisterRequest) {
  const envelope = await requestEnvelope(MemberPaths.register, body);
  return { token: envelope.data.token, message: envelope.message };
}

/**
 * Registration logs the new member in with the returned token (spec §7: its message is the success toast); with
 * `bindTicket` the scanned chat-app identity is bound to the new member too (注册并绑定).
 */
export function useRegister(bindTicket?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: ({ token, message }) => completeLogin(queryClient, token, message || '注册成功', bindTicket),
  });
}
