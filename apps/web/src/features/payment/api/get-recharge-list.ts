import { DepositPaths, type Recharge } from '@shop/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { type PageQuery, paymentKeys } from './keys';

export interface RechargePage {
  items: Recharge[];
  pageNo: number;
  pageSize: number;
  totalCount: number;
}

/** rechargeList/: the member's recharges with their review status, newest first. */
export function getRechargeList(page: PageQuery, signal?: AbortSignal): Promise<RechargePage> {
  return request<RechargePage>(DepositPaths.rechargeList, page, { signal });
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
