import { type AdminNoticeListRequest, type AdminNoticeListResponse, AdminNoticePaths } from '@shop/domain';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { type NoticeListFilters, noticeKeys } from './keys';

export function listNotices(
  filters: AdminNoticeListRequest,
  signal?: AbortSignal,
): Promise<AdminNoticeListResponse> {
  return request(AdminNoticePaths.list, filters, signal);
}

/**
 * The outbox newest first, a page at a time: each next page starts below the oldest notice shown (beforeId), so
 * notices queued meanwhile neither repeat nor push rows between pages.
 */
export function noticeListQueryOptions(filters: NoticeListFilters) {
  return infiniteQueryOptions({
    queryKey: noticeKeys.list(filters),
    queryFn: ({ pageParam, signal }) => listNotices({ ...filters, beforeId: pageParam }, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) =>
      last.list.length < filters.pageSize ? undefined : (last.list.at(-1)?.id ?? undefined),
    placeholderData: keepPreviousData,
  });
}

export function useNoticeList(filters: NoticeListFilters) {
  return useInfiniteQuery(noticeListQueryOptions(filters));
}
