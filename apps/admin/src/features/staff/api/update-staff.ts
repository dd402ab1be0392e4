import { AdminPaths, type StaffRole } from '@shop/domain';
import { request } from '@/lib/api-client';
import { useStaffMutation } from './use-staff-mutation';

export interface StaffUpdateBody {
  id: number;
  name?: string;
  role?: StaffRole;
  disabled?: boolean;
  email?: string;
}

/** Name, role, or disabled (a disabled account cannot sign in and its sessions end). */
export function updateStaff(body: StaffUpdateBody): Promise<unknown> {
  return request(AdminPaths.staffUpdate, body);
}

export const useUpdateStaff = () => useStaffMutation(updateStaff);
