import {
  AdminReconciliationPaths,
  type ReconciliationRun,
  type ReconciliationSettleRequest,
  type ReconciliationStartRequest,
} from '@shop/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { reconciliationKeys } from './keys';

/** How often a running reconciliation is asked about. */
export const RUN_POLL_MS = 1_000;
const RECENT_RUNS = 10;

export function providersQueryOptions() {
  return queryOptions({
    queryKey: reconciliationKeys.providers(),
    queryFn: ({ signal }) => request(AdminReconciliationPaths.providers, {}, signal),
  });
}
export const useReconciliationProviders = () => useQuery(providersQueryOptions());

export function runsQueryOptions() {
  return queryOptions({
    queryKey: reconciliationKeys.runs(),
    queryFn: ({ signal }) =>
      request(AdminReconciliationPaths.runs, { pageNo: 1, pageSize: RECENT_RUNS }, signal),
  });
}
export const useRecentRuns = () => useQuery(runsQueryOptions());

/** A run with its day's differences, asked again every second while it is running. */
export function runQueryOptions(id: number) {
  return queryOptions({
    queryKey: reconciliationKeys.run(id),
    queryFn: ({ signal }) => request(AdminReconciliationPaths.run, { id }, signal),
    refetchInterval: (query) => (query.state.data?.run.status === 'running' ? RUN_POLL_MS : false),
  });
}
export function useRun(id: number | undefined) {
  return useQuery({ ...runQueryOptions(id ?? 0), enabled: id !== undefined });
}

/** Starts a run; the page then follows it by its id. */
export function useStartRun(onStarted: (run: ReconciliationRun) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReconciliationStartRequest) => request(AdminReconciliationPaths.start, body),
    onSuccess: (result) => {
      onStarted(result.run);
      return queryClient.invalidateQueries({ queryKey: reconciliationKeys.runs() });
    },
  });
}

/** Settles one difference with its note; the run is read again. */
export function useSettleDifference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReconciliationSettleRequest) => request(AdminReconciliationPaths.settle, body),
    onSuccess: () => {
      notify.success('已处理');
      return queryClient.invalidateQueries({ queryKey: reconciliationKeys.all });
    },
  });
}
