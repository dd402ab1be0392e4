import { type AdminMessageListRequest, type AdminMessageListResponse, AdminServicePaths } from '@shop/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { messageKeys } from './keys';

export function listSentMessages(
  page: AdminMessageListRequest,
  signal?: AbortSignal,
): Promise<AdminMessageListResponse> {
  return request(AdminServicePaths.messageList, page, signal);
}

export function sentMessagesQueryOptions(page: AdminMessageListRequest) {
  return queryOptions({
    queryKey: messageKeys.list(page),
    queryFn: ({ signal }) => listSentMessages(page, signal),
    placeholderData: keepPreviousData,
  });
}

/** What staff have sent, newest first. */
export function useSentMessages(page: AdminMessageListRequest) {
  return useQuery(sentMessagesQueryOptions(page));
}
