import { AdminOrderPaths, type DashboardResponse } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { dashboardKeys } from './keys';

export function getDashboard(signal?: AbortSignal): Promise<DashboardResponse> {
  return request(AdminOrderPaths.dashboard, {}, signal);
}

export function dashboardQueryOptions() {
  return queryOptions({ queryKey: dashboardKeys.overview(), queryFn: ({ signal }) => getDashboard(signal) });
}

export const useDashboard = () => useQuery(dashboardQueryOptions());
