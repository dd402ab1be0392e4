import { type AdminSupplierDetail, AdminSupplierPaths } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { supplierKeys } from './keys';

export function getApplication(id: number, signal?: AbortSignal): Promise<AdminSupplierDetail> {
  return request(AdminSupplierPaths.detail, { id }, signal);
}

export function applicationQueryOptions(id: number) {
  return queryOptions({
    queryKey: supplierKeys.detail(id),
    queryFn: ({ signal }) => getApplication(id, signal),
    enabled: id > 0,
  });
}

/** One application with its contact history. */
export function useApplication(id: number) {
  return useQuery(applicationQueryOptions(id));
}
