import type { AdminOrderListRequest } from '@shop/domain';

/** Query keys of the console's orders; the filters and page are in the key. */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (filters: AdminOrderListRequest) => [...orderKeys.lists(), filters] as const,
  details: () => [...orderKeys.all, 'detail'] as const,
  detail: (orderNo: string) => [...orderKeys.details(), orderNo] as const,
  /** The picked orders' packs waiting to ship. */
  waiting: (orderNos: readonly string[]) => [...orderKeys.all, 'waiting', [...orderNos]] as const,
};
