import { AdminNoticePaths, type AdminSandboxListResponse } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { noticeKeys } from './keys';

/** How many of the sandbox's latest messages the console shows. */
const SANDBOX_PAGE_SIZE = 30;

export function listSandboxMessages(
  recipient: string | undefined,
  signal?: AbortSignal,
): Promise<AdminSandboxListResponse> {
  return request(AdminNoticePaths.sandbox, { recipient, pageSize: SANDBOX_PAGE_SIZE }, signal);
}

export function sandboxMessagesQueryOptions(recipient: string | undefined) {
  return queryOptions({
    queryKey: noticeKeys.sandbox(recipient),
    queryFn: ({ signal }) => listSandboxMessages(recipient, signal),
  });
}

/** What the sandbox 'sent' (to one recipient, or to anyone), newest first; `on` false when no sandbox runs. */
export function useSandboxMessages(recipient: string | undefined) {
  return useQuery(sandboxMessagesQueryOptions(recipient));
}
