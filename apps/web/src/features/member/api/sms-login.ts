import { MemberPaths, type SmsLoginRequest, type TokenResponse } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { completeLogin } from '../session-actions';

export function smsLogin(body: SmsLoginRequest): Promise<TokenResponse> {
  return request(MemberPaths.smsLogin, body);
}

/** 短信登录 (#31): the token is kept and the member signed in exactly as after a password login. */
export function useSmsLogin(bindTicket?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: smsLogin,
    onSuccess: ({ token }) => completeLogin(queryClient, token, '登录成功', bindTicket),
  });
}
