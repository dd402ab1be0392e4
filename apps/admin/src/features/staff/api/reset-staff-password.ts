import { AdminPaths } from '@shop/domain';
import { request } from '@/lib/api-client';
import { useStaffMutation } from './use-staff-mutation';

/** A new password the staff member must change at next sign-in; their sessions end. */
export function resetStaffPassword(body: { id: number; password: string }): Promise<unknown> {
  return request(AdminPaths.staffResetPassword, body);
}

export const useResetStaffPassword = () => useStaffMutation(resetStaffPassword);
