import { AdminReportPaths, type ExportJob } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { exportKeys } from './keys';

/** finance/export/list/: the shop's latest exports (everyone's), newest first. */
export async function listExports(signal?: AbortSignal): Promise<ExportJob[]> {
  return (await request(AdminReportPaths.exportList, {}, signal)).list;
}

export function exportListQueryOptions() {
  return queryOptions({ queryKey: exportKeys.lists(), queryFn: ({ signal }) => listExports(signal) });
}

export const useExportList = () => useQuery(exportListQueryOptions());
