import { exportFileName, SavedListPaths } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { requestBlob } from '@/lib/api-client';
import { saveFile } from '@/lib/download';
import { withActionFailure } from '@/lib/failure-message';
import { SavedListFailure } from '../messages';

/** savedList/export/: downloads the list as xlsx (unit prices now at the member's level) and saves it. */
export async function exportSavedList(id: number): Promise<string> {
  const { blob, fileName } = await withActionFailure(
    requestBlob(SavedListPaths.export, { id }),
    SavedListFailure.export,
  );
  const name = fileName ?? exportFileName('SavedList', new Date());
  saveFile(blob, name);
  return name;
}

export function useExportSavedList() {
  return useMutation({ mutationFn: exportSavedList });
}
