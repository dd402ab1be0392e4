import { AdminReportPaths, type ExportJob } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { fetchFile } from '@/lib/transfer';

/**
 * finance/export/file/: a finished export's file, saved under the export's own name ('订单_2026-10-01_2026-10-31.csv').
 * The answer's plain `filename` has its Chinese replaced for old clients, so the name is the job's, not the header's.
 */
export async function downloadExport(job: ExportJob): Promise<void> {
  const response = await fetchFile(AdminReportPaths.exportFile, { id: job.id });
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = job.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const useDownloadExport = () => useMutation({ mutationFn: downloadExport });
