import { AdminPaths, type AuditListRequest, type AuditListResponse } from '@shop/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { auditKeys } from './keys';

export function listAudit(filters: AuditListRequest, signal?: AbortSignal): Promise<AuditListResponse> {
  return request(AdminPaths.auditList, filters, signal);
}

/** One page of the log; the previous page stays on screen while the next one loads. */
export function auditListQueryOptions(filters: AuditListRequest) {
  return queryOptions({
    queryKey: auditKeys.list(filters),
    queryFn: ({ signal }) => listAudit(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAuditList(filters: AuditListRequest) {
  return useQuery(auditListQueryOptions(filters));
}
