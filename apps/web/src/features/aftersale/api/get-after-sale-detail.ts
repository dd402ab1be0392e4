import { type AfterSaleDetail, AfterSalePaths } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { afterSaleKeys } from './keys';

/** aftersale/detail/: one after-sale with its lines, photos, steps and what the member may do next. */
export function getAfterSaleDetail(id: number, signal?: AbortSignal): Promise<AfterSaleDetail> {
  return request(AfterSalePaths.detail, { id }, { signal });
}

export function afterSaleDetailQueryOptions(id: number) {
  return queryOptions({
    queryKey: afterSaleKeys.detail(id),
    queryFn: ({ signal }) => getAfterSaleDetail(id, signal),
    meta: { memberScoped: true },
  });
}

/** The after-sale on screen. One that is not there (or not the member's) is a page state, not a toast. */
export function useAfterSaleDetail(id: number | undefined) {
  return useQuery({
    ...afterSaleDetailQueryOptions(id ?? 0),
    enabled: id !== undefined,
    meta: { memberScoped: true, silentError: true },
  });
}
