import type { AdminMessageListRequest } from '@shop/domain';

/** Query keys of the messages staff sent; the page is in the key. */
export const messageKeys = {
  all: ['messages'] as const,
  lists: () => [...messageKeys.all, 'list'] as const,
  list: (page: AdminMessageListRequest) => [...messageKeys.lists(), page] as const,
};
