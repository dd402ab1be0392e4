import { AddressPaths, type RegionRoot } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestStaticJson } from '@/lib/api-client';
import { addressKeys } from './keys';

export function getRegionTree(signal?: AbortSignal): Promise<RegionRoot[]> {
  return requestStaticJson<RegionRoot[]>(AddressPaths.regionTree, { signal });
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
