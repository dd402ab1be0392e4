import type { Permission } from '@shop/domain';
import { Result } from 'antd';
import { Outlet } from 'react-router';
import { PERMISSION_DENIED_MESSAGE } from '@/lib/error-handler';
import { useCan } from './session-context';

/** A page the staff member's role may not open says so, rather than failing call by call. */
export function RequirePermission({ permission }: { permission: Permission }) {
  if (!useCan(permission)) return <Result status="403" title="无权限" subTitle={PERMISSION_DENIED_MESSAGE} />;
  return <Outlet />;
}
