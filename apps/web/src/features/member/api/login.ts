import { type LoginRequest, MemberPaths, type TokenResponse } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { completeLogin } from '../session-actions';

export function login(body: LoginRequest): Promise<TokenResponse> {
  return request(MemberPaths.login, body);
}

/**
 * Password login (spec §4 'Login'); the shared handler toasts the server message on failure. With `bindTicket`
 * the chat-app identity of that confirmed scan is bound to the member before the page reloads (登录并绑定).
 */
export function useLogin(bindTicket?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ token }) => completeLogin(queryClient, token, '登录成功', bindTicket),
  });
}
