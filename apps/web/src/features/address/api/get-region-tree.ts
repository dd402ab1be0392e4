import { REGION_FILES, type RegionRoot, regionFileUrl } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestStaticJson } from '@/lib/api-client';
import { addressKeys } from './keys';

/** The tree's URL carries a hash of its content, so the browser keeps it for a year (docs/regions.md). */
export const REGION_TREE_URL = regionFileUrl(REGION_FILES.tree);

export function getRegionTree(signal?: AbortSignal): Promise<RegionRoot[]> {
  return requestStaticJson<RegionRoot[]>(REGION_TREE_URL, { signal });
}

/** The static region tree: fetched once and kept for the whole visit (spec §7 'fetched once and cached'). */
export function regionTreeQueryOptions() {
  return queryOptions({
    queryKey: addressKeys.regionTree(),
    queryFn: ({ signal }) => getRegionTree(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

export function useRegionTree() {
  return useQuery(regionTreeQueryOptions());
}
