import type { AdminFapiaoListRequest } from '@shop/domain';

/** Query keys of the fapiao requests; the filters and page are in the key. */
export const fapiaoKeys = {
  all: ['fapiao'] as const,
  lists: () => [...fapiaoKeys.all, 'list'] as const,
  list: (filters: AdminFapiaoListRequest) => [...fapiaoKeys.lists(), filters] as const,
};
