import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@shop/domain';

/**
 * The contract's role field is typed as a string (its zod enum is built from a list); these narrow it to the
 * domain's StaffRole, and a role this console does not know yet shows as the server spelled it.
 */
export function isStaffRole(role: string): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role);
}

export function roleLabel(role: string): string {
  return isStaffRole(role) ? STAFF_ROLE_LABELS[role] : role;
}
