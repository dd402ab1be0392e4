import type { AdminQuoteListRequest } from '@shop/domain';

/** Query keys of the console's 询价; every variable a fetcher sends is in its key. */
export const quoteKeys = {
  all: ['quotes'] as const,
  lists: () => [...quoteKeys.all, 'list'] as const,
  list: (filters: AdminQuoteListRequest) => [...quoteKeys.lists(), filters] as const,
  details: () => [...quoteKeys.all, 'detail'] as const,
  detail: (id: number) => [...quoteKeys.details(), id] as const,
};
