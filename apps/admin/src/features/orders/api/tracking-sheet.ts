import { AdminOrderPaths, type AdminTrackingSheetResponse } from '@shop/domain';
import { uploadWithProgress } from '@/lib/transfer';

/** trackingSheet/: a preview of the sheet (dryRun) or shipping all of it, reporting how much has been sent (0–1). */
export function sendTrackingSheet(
  file: File,
  dryRun: boolean,
  onProgress: (sent: number) => void,
): Promise<AdminTrackingSheetResponse> {
  const form = new FormData();
  form.append('dryRun', String(dryRun));
  form.append('file', file);
  return uploadWithProgress(AdminOrderPaths.trackingSheet, form, onProgress);
}
