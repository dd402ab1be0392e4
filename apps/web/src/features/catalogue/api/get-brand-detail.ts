import { type BrandDetail, CataloguePaths, WEBSITE_ID } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { catalogueKeys } from './keys';

export function getBrandDetail(id: number, signal?: AbortSignal): Promise<BrandDetail> {
  return request(CataloguePaths.brandDetail, { id, websiteId: WEBSITE_ID }, { signal });
}

export function brandDetailQueryOptions(id: number) {
  return queryOptions({
    queryKey: catalogueKeys.brandDetail(id),
    queryFn: ({ signal }) => getBrandDetail(id, signal),
    // The brand page shows its own not-found and retry states.
    meta: { silentError: true },
  });
}

/** One brand with its banner and description (spec §7 goodsbrand/detail/). */
export function useBrandDetail(id: number | undefined) {
  return useQuery({ ...brandDetailQueryOptions(id ?? 0), enabled: id !== undefined });
}
