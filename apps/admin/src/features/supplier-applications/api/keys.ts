import type { AdminSupplierListRequest } from '@shop/domain';

/** Query keys of the console's supplier applications; every variable a fetcher sends is in its key. */
export const supplierKeys = {
  all: ['supplierApplications'] as const,
  lists: () => [...supplierKeys.all, 'list'] as const,
  list: (filters: AdminSupplierListRequest) => [...supplierKeys.lists(), filters] as const,
  details: () => [...supplierKeys.all, 'detail'] as const,
  detail: (id: number) => [...supplierKeys.details(), id] as const,
};
