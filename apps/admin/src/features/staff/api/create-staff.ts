import { AdminPaths, type StaffRole } from '@shop/domain';
import { request } from '@/lib/api-client';
import { useStaffMutation } from './use-staff-mutation';

export interface StaffCreateBody {
  username: string;
  name: string;
  role: StaffRole;
  password: string;
}

/** A new account; its first password must be changed at first sign-in. */
export function createStaff(body: StaffCreateBody): Promise<unknown> {
  return request(AdminPaths.staffCreate, body);
}

export const useCreateStaff = () => useStaffMutation(createStaff);
