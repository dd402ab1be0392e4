import { DepositPaths, type RechargeListResponse } from '@shop/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { type PageQuery, paymentKeys } from './keys';

/** rechargeList/: the member's recharges with their review status, newest first. */
export function getRechargeList(page: PageQuery, signal?: AbortSignal): Promise<RechargeListResponse> {
  return request(DepositPaths.rechargeList, page, { signal });
}

export function rechargeListQueryOptions(page: PageQuery) {
  return queryOptions({
    queryKey: paymentKeys.rechargeList(page),
    queryFn: ({ signal }) => getRechargeList(page, signal),
    meta: { memberScoped: true },
  });
}

export function useRechargeList(page: PageQuery) {
  return useQuery({ ...rechargeListQueryOptions(page), placeholderData: keepPreviousData });
}
