import { AdminPaths } from '@shop/domain';
import { request } from '@/lib/api-client';

/** Ends this device's session (its token is revoked on the server). */
export function logout(): Promise<unknown> {
  return request(AdminPaths.logout);
}
