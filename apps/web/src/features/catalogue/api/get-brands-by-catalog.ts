import { type BrandByCatalogResponse, CataloguePaths, WEBSITE_ID } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { catalogueKeys } from './keys';

export function getBrandsByCatalog(signal?: AbortSignal): Promise<BrandByCatalogResponse> {
  return request(CataloguePaths.brandByCatalog, { websiteId: WEBSITE_ID }, { signal });
}

export function brandsByCatalogQueryOptions() {
  return queryOptions({
    queryKey: catalogueKeys.brandsByCatalog(),
    queryFn: ({ signal }) => getBrandsByCatalog(signal),
  });
}

/** The brands of each top category (spec §7 goodsbrand/brandByCatalog/). */
export function useBrandsByCatalog() {
  return useQuery(brandsByCatalogQueryOptions());
}
