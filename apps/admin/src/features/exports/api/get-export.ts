import { AdminReportPaths, type ExportJob } from '@shop/domain';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { exportKeys } from './keys';

/** How often a running export is asked about. */
export const EXPORT_POLL_MS = 1_000;

/** finance/export/detail/: one export's progress. */
export function getExport(id: number, signal?: AbortSignal): Promise<ExportJob> {
  return request(AdminReportPaths.exportDetail, { id }, signal);
}

/** An export, asked again every second while it runs; it stops when it is done or failed, or nobody looks. */
export function exportQueryOptions(id: number) {
  return queryOptions({
    queryKey: exportKeys.detail(id),
    queryFn: ({ signal }) => getExport(id, signal),
    refetchInterval: (query) => (query.state.data?.state === 'running' ? EXPORT_POLL_MS : false),
  });
}

/** Of two answers about one export, the later: an ended one, else the one with more rows written. */
function later(a: ExportJob, b: ExportJob | undefined): ExportJob {
  if (!b || a.state !== 'running') return a;
  if (b.state !== 'running') return b;
  return b.rows > a.rows ? b : a;
}

/**
 * The list's exports with the running ones followed: each running export is asked about every second until it
 * ends, and its row shows the latest answer. Leaving the page ends the asking.
 */
export function useFollowedExports(jobs: readonly ExportJob[]): ExportJob[] {
  const running = jobs.filter((job) => job.state === 'running');
  const followed = useQueries({ queries: running.map((job) => exportQueryOptions(job.id)) });
  const latest = new Map<number, ExportJob>();
  for (const query of followed) if (query.data) latest.set(query.data.id, query.data);
  return jobs.map((job) => later(job, latest.get(job.id)));
}
