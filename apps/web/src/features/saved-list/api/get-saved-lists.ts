import { type SavedListListResponse, SavedListPaths } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { savedListKeys } from './keys';

/** savedList/list/: the member's lists, last changed first. */
export function getSavedLists(signal?: AbortSignal): Promise<SavedListListResponse> {
  return request(SavedListPaths.list, {}, { signal });
}

export function savedListsQueryOptions() {
  return queryOptions({
    queryKey: savedListKeys.lists(),
    queryFn: ({ signal }) => getSavedLists(signal),
    meta: { memberScoped: true },
  });
}

export function useSavedLists() {
  return useQuery(savedListsQueryOptions());
}
