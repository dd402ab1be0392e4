import { AdminPaths, type StaffLoginRequest, type StaffLoginResponse } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

export function login(body: StaffLoginRequest): Promise<StaffLoginResponse> {
  return request(AdminPaths.login, body);
}

/** The login form shows its own failures (wrong password, captcha, authenticator code). */
export function useLogin() {
  return useMutation({ mutationFn: login, meta: { quiet: true } });
}
