import type { AuditListRequest } from '@shop/domain';

/** Query keys of the audit log; the filters and page are in the key. */
export const auditKeys = {
  all: ['audit'] as const,
  lists: () => [...auditKeys.all, 'list'] as const,
  list: (filters: AuditListRequest) => [...auditKeys.lists(), filters] as const,
};
