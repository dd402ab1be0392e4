import { AdminOrderPaths } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/transfer';

/** Which list: packing lists (one page a pack) or the picking list (the SKUs to pick, summed). */
export type PrintList = 'packing' | 'picking';

/** print/packing/ or print/picking/: the picked orders' packs waiting to ship, as a PDF saved under the server's name. */
export function downloadPrintList({ list, orderNos }: { list: PrintList; orderNos: string[] }) {
  return list === 'packing'
    ? downloadFile(AdminOrderPaths.printPacking, { orderNos }, 'PackingList.pdf')
    : downloadFile(AdminOrderPaths.printPicking, { orderNos }, 'PickingList.pdf');
}

export const useDownloadPrintList = () => useMutation({ mutationFn: downloadPrintList });
