import { type AdminAfterSaleDetail, AdminAfterSalePaths } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { afterSaleKeys } from './keys';

export function getAfterSale(id: number, signal?: AbortSignal): Promise<AdminAfterSaleDetail> {
  return request(AdminAfterSalePaths.detail, { id }, signal);
}

export function afterSaleQueryOptions(id: number) {
  return queryOptions({
    queryKey: afterSaleKeys.detail(id),
    queryFn: ({ signal }) => getAfterSale(id, signal),
    enabled: id > 0,
  });
}

/** One after-sale: its lines, photos, events, parcels and the refund the rule gives (nothing asked for an impossible id). */
export function useAfterSale(id: number) {
  return useQuery(afterSaleQueryOptions(id));
}
