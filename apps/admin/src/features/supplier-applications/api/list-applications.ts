import {
  type AdminSupplierListRequest,
  type AdminSupplierListResponse,
  AdminSupplierPaths,
} from '@shop/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { supplierKeys } from './keys';

export function listApplications(
  filters: AdminSupplierListRequest,
  signal?: AbortSignal,
): Promise<AdminSupplierListResponse> {
  return request(AdminSupplierPaths.list, filters, signal);
}

/** One page of applications; the previous page stays on screen while the next one loads. */
export function applicationListQueryOptions(filters: AdminSupplierListRequest) {
  return queryOptions({
    queryKey: supplierKeys.list(filters),
    queryFn: ({ signal }) => listApplications(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useApplicationList(filters: AdminSupplierListRequest) {
  return useQuery(applicationListQueryOptions(filters));
}
