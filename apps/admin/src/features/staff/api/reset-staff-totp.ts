import { AdminPaths } from '@shop/domain';
import { request } from '@/lib/api-client';
import { useStaffMutation } from './use-staff-mutation';

/** Clears the second factor (a lost phone); it is set up again at the next sign-in. */
export function resetStaffTotp(body: { id: number }): Promise<unknown> {
  return request(AdminPaths.staffResetTotp, body);
}

export const useResetStaffTotp = () => useStaffMutation(resetStaffTotp);
