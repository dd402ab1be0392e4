import type { AdminDepositLogRequest, AdminMemberListRequest } from '@shop/domain';

/** Query keys of the console's members; every variable a fetcher sends is in its key. */
export const memberKeys = {
  all: ['members'] as const,
  lists: () => [...memberKeys.all, 'list'] as const,
  list: (filters: AdminMemberListRequest) => [...memberKeys.lists(), filters] as const,
  details: () => [...memberKeys.all, 'detail'] as const,
  detail: (id: number) => [...memberKeys.details(), id] as const,
  depositLog: (filters: AdminDepositLogRequest) =>
    [...memberKeys.detail(filters.memberId), 'depositLog', filters] as const,
};
