import {
  REGION_FILES,
  type RegionNode,
  regionFileUrl,
  type StateSuburbFile,
  suburbNodes,
} from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestStaticJson } from '@/lib/api-client';
import { addressKeys } from './keys';

/** The URL of an Australian state's suburb file ('AU-TAS'), or undefined for a code without one. */
export function stateSuburbsUrl(state: string): string | undefined {
  const name = (REGION_FILES.states as Readonly<Record<string, string>>)[state];
  return name ? regionFileUrl(name) : undefined;
}

export async function getStateSuburbs(state: string, signal?: AbortSignal): Promise<RegionNode[]> {
  const url = stateSuburbsUrl(state);
  if (!url) return [];
  return suburbNodes(await requestStaticJson<StateSuburbFile>(url, { signal }));
}

/** One state's suburbs with their postcodes, fetched when the state is chosen and kept for the visit. */
export function stateSuburbsQueryOptions(state: string) {
  return queryOptions({
    queryKey: addressKeys.stateSuburbs(state),
    queryFn: ({ signal }) => getStateSuburbs(state, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** The suburbs of `state` (an Australian state code); idle without one. */
export function useStateSuburbs(state: string | undefined) {
  return useQuery({ ...stateSuburbsQueryOptions(state ?? ''), enabled: Boolean(state) });
}
