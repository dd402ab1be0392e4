import { AdminPaths } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

export interface ChangePasswordBody {
  oldPassword: string;
  newPassword: string;
}

export function changePassword(body: ChangePasswordBody): Promise<unknown> {
  return request(AdminPaths.changePassword, body);
}

/** The form shows a refused old password itself. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, meta: { quiet: true } });
}
