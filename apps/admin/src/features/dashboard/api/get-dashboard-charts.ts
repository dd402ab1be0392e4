import { AdminReportPaths, type CHART_DAY_CHOICES, type DashboardCharts } from '@shop/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { dashboardKeys } from './keys';

/** The ranges the charts cover: the last 30 or 90 shop days. */
export type ChartDays = (typeof CHART_DAY_CHOICES)[number];

/** dashboard/charts/: sales, orders by status, top SKUs, new members and waiting tickets over the range. */
export function getDashboardCharts(days: ChartDays, signal?: AbortSignal): Promise<DashboardCharts> {
  return request(AdminReportPaths.charts, { days }, signal);
}

export function dashboardChartsQueryOptions(days: ChartDays) {
  return queryOptions({
    queryKey: dashboardKeys.charts(days),
    queryFn: ({ signal }) => getDashboardCharts(days, signal),
  });
}

/** The charts of a range; switching ranges keeps the last one drawn until the new one arrives. */
export const useDashboardCharts = (days: ChartDays) =>
  useQuery({ ...dashboardChartsQueryOptions(days), placeholderData: keepPreviousData });
