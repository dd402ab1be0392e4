import { type BrandListResponse, CataloguePaths, WEBSITE_ID } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { catalogueKeys } from './keys';

export function getBrands(signal?: AbortSignal): Promise<BrandListResponse> {
  return request(CataloguePaths.brandList, { websiteId: WEBSITE_ID }, { signal });
}

export function brandsQueryOptions() {
  return queryOptions({ queryKey: catalogueKeys.brandLists(), queryFn: ({ signal }) => getBrands(signal) });
}

/** Every brand, sorted by initial then name, each with its initial (spec §7 goodsbrand/list/). */
export function useBrands() {
  return useQuery(brandsQueryOptions());
}
