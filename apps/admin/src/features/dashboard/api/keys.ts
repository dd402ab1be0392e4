/** Query keys of the 工作台: today's counts, and the charts of a range of days. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  overview: () => [...dashboardKeys.all, 'overview'] as const,
  charts: (days: number) => [...dashboardKeys.all, 'charts', days] as const,
};
