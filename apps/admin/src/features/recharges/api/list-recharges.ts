import {
  AdminMemberPaths,
  type AdminRechargeListRequest,
  type AdminRechargeListResponse,
} from '@shop/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { rechargeKeys } from './keys';

export function listRecharges(
  filters: AdminRechargeListRequest,
  signal?: AbortSignal,
): Promise<AdminRechargeListResponse> {
  return request(AdminMemberPaths.rechargeList, filters, signal);
}

/** One page of recharges; the previous page stays on screen while the next one loads. */
export function rechargeListQueryOptions(filters: AdminRechargeListRequest) {
  return queryOptions({
    queryKey: rechargeKeys.list(filters),
    queryFn: ({ signal }) => listRecharges(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRechargeList(filters: AdminRechargeListRequest) {
  return useQuery(rechargeListQueryOptions(filters));
}
