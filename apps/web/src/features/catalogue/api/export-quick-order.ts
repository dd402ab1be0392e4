import { CataloguePaths, type ExportQuickOrderRequest, exportFileName } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { requestBlob } from '@/lib/api-client';
import { saveFile } from '@/lib/download';

/** Downloads the quick-order sheet as the buyer sees it (rows in order, with quantities) and saves it as xlsx. */
export async function exportQuickOrder(items: ExportQuickOrderRequest['items']): Promise<string> {
  const { blob, fileName } = await requestBlob(CataloguePaths.exportQuickOrder, { items });
  const name = fileName ?? exportFileName('QuickOrder', new Date());
  saveFile(blob, name);
  return name;
}

export function useExportQuickOrder() {
  return useMutation({ mutationFn: exportQuickOrder });
}
