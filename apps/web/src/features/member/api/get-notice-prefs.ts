import { MemberPaths, type NoticePrefs } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { memberKeys } from './keys';

/** noticePrefs/ (#31): which notices go by e-mail and SMS, and their language. */
export function getNoticePrefs(signal?: AbortSignal): Promise<NoticePrefs> {
  return request(MemberPaths.noticePrefs, {}, { signal });
}

export function noticePrefsQueryOptions() {
  return queryOptions({
    queryKey: memberKeys.noticePrefs(),
    queryFn: ({ signal }) => getNoticePrefs(signal),
    meta: { memberScoped: true },
  });
}

export function useNoticePrefs() {
  return useQuery(noticePrefsQueryOptions());
}
