import { AdminPaths, type StaffAccount } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { staffKeys } from './keys';

export function listStaff(signal?: AbortSignal): Promise<{ items: StaffAccount[] }> {
  return request(AdminPaths.staffList, {}, signal);
}

export function staffListQueryOptions() {
  return queryOptions({ queryKey: staffKeys.lists(), queryFn: ({ signal }) => listStaff(signal) });
}

export function useStaffList({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...staffListQueryOptions(), enabled });
}
