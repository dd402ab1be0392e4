import { CataloguePaths, type CategoryNode, WEBSITE_ID } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { preloadedData } from '@/lib/page-preload';
import { catalogueKeys } from './keys';

export function getCategories(signal?: AbortSignal): Promise<CategoryNode[]> {
  return request(CataloguePaths.catalogList, { websiteId: WEBSITE_ID }, { signal });
}

/** Spec §4 'Home and general data': categories load only if none are held, so once held they stay. */
export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: catalogueKeys.categories(),
    queryFn: ({ signal }) => getCategories(signal),
    // The page may carry them (ADR 016): the header's menu then needs no call.
    initialData: () =>
      preloadedData<CategoryNode[]>('POST', CataloguePaths.catalogList, { websiteId: WEBSITE_ID }, false),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** The category tree (roots with their children). */
export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
