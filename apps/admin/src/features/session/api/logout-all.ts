import { AdminPaths } from '@shop/domain';
import { request } from '@/lib/api-client';

/** Ends every session of the staff member, this one included (a lost laptop). */
export function logoutAll(): Promise<unknown> {
  return request(AdminPaths.logoutAll);
}
