import { type MessageListResponse, MessagePaths, type UnreadCount } from '@shop/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { useLivePollInterval } from '@/lib/live-client';
import { useMemberCallsOpen } from '@/lib/session';
import { type MessageListFilters, serviceKeys } from './keys';

/** message/list/: one page of the member's messages, of one type or all, with the unread counts (spec §7). */
export function getMessageList(
  filters: MessageListFilters,
  signal?: AbortSignal,
): Promise<MessageListResponse> {
  const body =
    filters.type === undefined
      ? { pageNo: filters.pageNo, pageSize: filters.pageSize }
      : { pageNo: filters.pageNo, pageSize: filters.pageSize, type: filters.type };
  return request(MessagePaths.list, body, { signal });
}

export function messageListQueryOptions(filters: MessageListFilters) {
  return queryOptions({
    queryKey: serviceKeys.messageList(filters),
    queryFn: ({ signal }) => getMessageList(filters, signal),
    meta: { memberScoped: true },
  });
}

export function useMessageList(filters: MessageListFilters) {
  const refetchInterval = useLivePollInterval();
  return useQuery({
    ...messageListQueryOptions(filters),
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

/** message/unreadCount/: the member's unread messages, in all and per type. */
export function getUnreadCount(signal?: AbortSignal): Promise<UnreadCount> {
  return request(MessagePaths.unreadCount, {}, { signal });
}

export function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: serviceKeys.unread(),
    queryFn: ({ signal }) => getUnreadCount(signal),
    // A badge that cannot load stays away quietly; the pages say what failed.
    meta: { memberScoped: true, silentError: true },
  });
}

/** The unread count of the header and the member menu: pushed by the live channel, polled while it is down. */
export function useUnreadCount() {
  const loggedIn = useMemberCallsOpen();
  const refetchInterval = useLivePollInterval();
  return useQuery({ ...unreadCountQueryOptions(), enabled: loggedIn, refetchInterval });
}

/** read/: marks messages read; the answer is the new unread count. */
export function readMessages(ids: number[]): Promise<UnreadCount> {
  return request(MessagePaths.read, { ids });
}

/** readAll/: every message of one type (or of all types) read. */
export function readAllMessages(type: number | undefined): Promise<UnreadCount> {
  return request(MessagePaths.readAll, type === undefined ? {} : { type });
}

function useReadChange<TInput>(fn: (input: TInput) => Promise<UnreadCount>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (unread) => {
      queryClient.setQueryData(serviceKeys.unread(), unread);
      return queryClient.invalidateQueries({ queryKey: serviceKeys.messageLists() });
    },
  });
}

export const useReadMessages = () => useReadChange(readMessages);
export const useReadAllMessages = () => useReadChange(readAllMessages);
