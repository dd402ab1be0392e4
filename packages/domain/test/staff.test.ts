import { describe, expect, it } from 'vitest';
import {
  PERMISSIONS,
  Permission,
  ROLE_PERMISSIONS,
  roleCan,
  roleNeedsTwoFactor,
  STAFF_ROLES,
  StaffRole,
  staffCreateRequestSchema,
} from '../src';

describe('staff roles', () => {
  it('gives the owner every permission', () => {
    expect([...ROLE_PERMISSIONS.owner].sort()).toEqual([...PERMISSIONS].sort());
  });

  it.each([
    [StaffRole.service, Permission.ticketHandle, true],
    [StaffRole.service, Permission.orderRefund, false],
    [StaffRole.service, Permission.depositAdjust, false],
    [StaffRole.warehouse, Permission.orderFulfil, true],
    [StaffRole.warehouse, Permission.depositAdjust, false],
    [StaffRole.warehouse, Permission.orderRefund, false],
    [StaffRole.finance, Permission.orderRefund, true],
    [StaffRole.finance, Permission.rechargeReview, true],
    [StaffRole.finance, Permission.staffManage, false],
    [StaffRole.content, Permission.orderRead, false],
    [StaffRole.content, Permission.contentEdit, true],
  ])('%s may %s: %s', (role, permission, allowed) => {
    expect(roleCan(role, permission)).toBe(allowed);
  });

  it('asks a second factor of the roles that move money only', () => {
    expect(STAFF_ROLES.filter(roleNeedsTwoFactor)).toEqual([StaffRole.owner, StaffRole.finance]);
  });

  it('takes staff passwords of at least 10 characters with a letter and a digit', () => {
    const base = { username: 'wh.li', name: '李仓管', role: 'warehouse' };
    expect(staffCreateRequestSchema.safeParse({ ...base, password: 'abc12345' }).success).toBe(false);
    expect(staffCreateRequestSchema.safeParse({ ...base, password: 'abcdefghij' }).success).toBe(false);
    expect(staffCreateRequestSchema.safeParse({ ...base, password: 'abcdefgh12' }).success).toBe(true);
    expect(
      staffCreateRequestSchema.safeParse({ ...base, role: 'boss', password: 'abcdefgh12' }).success,
    ).toBe(false);
  });
});
