import type { AdminAfterSaleListRequest } from '@shop/domain';

/** Query keys of the console's 售后; every variable a fetcher sends is in its key. */
export const afterSaleKeys = {
  all: ['aftersales'] as const,
  lists: () => [...afterSaleKeys.all, 'list'] as const,
  list: (filters: AdminAfterSaleListRequest) => [...afterSaleKeys.lists(), filters] as const,
  details: () => [...afterSaleKeys.all, 'detail'] as const,
  detail: (id: number) => [...afterSaleKeys.details(), id] as const,
  settings: () => [...afterSaleKeys.all, 'settings'] as const,
};
