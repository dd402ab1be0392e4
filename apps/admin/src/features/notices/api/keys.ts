import type { NoticeStatus } from '@shop/domain';

/** The outbox list's filters; the page (beforeId) is the infinite query's page parameter. */
export interface NoticeListFilters {
  status: NoticeStatus | undefined;
  pageSize: number;
}

/** Query keys of the outbox of e-mail and SMS and of the sandbox's outbox; every filter is in its key. */
export const noticeKeys = {
  all: ['notices'] as const,
  lists: () => [...noticeKeys.all, 'list'] as const,
  list: (filters: NoticeListFilters) => [...noticeKeys.lists(), filters] as const,
  sandboxes: () => [...noticeKeys.all, 'sandbox'] as const,
  sandbox: (recipient: string | undefined) => [...noticeKeys.sandboxes(), { recipient }] as const,
};
