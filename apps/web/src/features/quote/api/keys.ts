import type { QuoteListRequest } from '@shop/domain';

/** One page of 我的询价: its state tab and page. */
export type QuoteListFilters = Required<Pick<QuoteListRequest, 'pageNo' | 'pageSize' | 'state'>>;

/** Query keys of the member's quotes (询价, issue #38; docs/conventions.md key factory). */
export const quoteKeys = {
  all: ['quote'] as const,
  lists: () => [...quoteKeys.all, 'list'] as const,
  list: (filters: QuoteListFilters) => [...quoteKeys.lists(), filters] as const,
  details: () => [...quoteKeys.all, 'detail'] as const,
  detail: (id: number) => [...quoteKeys.details(), id] as const,
};
