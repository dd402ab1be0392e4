import { type SavedListDetail, SavedListPaths } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { savedListKeys } from './keys';

/** savedList/detail/: one list with each SKU today (rule, stock, prices of the member's level). */
export function getSavedList(id: number, signal?: AbortSignal): Promise<SavedListDetail> {
  return request(SavedListPaths.detail, { id }, { signal });
}

export function savedListQueryOptions(id: number) {
  return queryOptions({
    queryKey: savedListKeys.detail(id),
    queryFn: ({ signal }) => getSavedList(id, signal),
    meta: { memberScoped: true },
  });
}

export function useSavedList(id: number) {
  return useQuery(savedListQueryOptions(id));
}
