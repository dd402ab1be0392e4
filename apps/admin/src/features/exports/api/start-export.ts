import { AdminReportPaths, type ExportJob, type ExportStartRequest } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { exportKeys } from './keys';

/** How many exports the list holds (the server's latest 20). */
const LIST_LENGTH = 20;

/** finance/export/start/: starts an export; it runs on in the server and the list follows it. */
export function startExport(body: ExportStartRequest): Promise<ExportJob> {
  return request(AdminReportPaths.exportStart, body);
}

export function useStartExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startExport,
    onSuccess: (job) => {
      notify.success(`已开始导出${job.kindName}`);
      // The new export on top of the list at once; its row then follows its progress.
      queryClient.setQueryData(exportKeys.detail(job.id), job);
      queryClient.setQueryData<ExportJob[]>(exportKeys.lists(), (list = []) =>
        [job, ...list.filter((other) => other.id !== job.id)].slice(0, LIST_LENGTH),
      );
    },
  });
}
