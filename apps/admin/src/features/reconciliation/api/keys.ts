/** Query keys of reconciliation: the channels, the recent runs, and one run with its day's differences. */
export const reconciliationKeys = {
  all: ['reconciliation'] as const,
  providers: () => [...reconciliationKeys.all, 'providers'] as const,
  runs: () => [...reconciliationKeys.all, 'runs'] as const,
  run: (id: number) => [...reconciliationKeys.all, 'run', id] as const,
};
