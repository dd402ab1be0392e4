import { exportFileName, OrderPaths } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { requestBlob } from '@/lib/api-client';
import { saveFile } from '@/lib/download';

/** Downloads the packing lists of the given packs (all ready or shipped ones when none) and saves them as xlsx. */
export async function exportPackingList(ids?: number[]): Promise<string> {
  const { blob, fileName } = await requestBlob(OrderPaths.exportPackingList, ids ? { ids } : {});
  const name = fileName ?? exportFileName('PackingList', new Date());
  saveFile(blob, name);
  return name;
}

export function useExportPackingList() {
  return useMutation({ mutationFn: exportPackingList });
}
