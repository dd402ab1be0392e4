import { type AdminFapiaoList, type AdminFapiaoListRequest, AdminInvoicePaths } from '@shop/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { fapiaoKeys } from './keys';

export function listFapiao(filters: AdminFapiaoListRequest, signal?: AbortSignal): Promise<AdminFapiaoList> {
  return request(AdminInvoicePaths.fapiaoList, filters, signal);
}

/** One page of fapiao requests; the previous page stays on screen while the next one loads. */
export function fapiaoListQueryOptions(filters: AdminFapiaoListRequest) {
  return queryOptions({
    queryKey: fapiaoKeys.list(filters),
    queryFn: ({ signal }) => listFapiao(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useFapiaoList(filters: AdminFapiaoListRequest) {
  return useQuery(fapiaoListQueryOptions(filters));
}
