import { AdminInvoicePaths } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/transfer';

/** invoice/taxInvoice/ or invoice/adjustmentNote/: the order's tax invoice or newest adjustment note, as the member gets it. */
export function downloadTaxDocument({ orderNo, kind }: { orderNo: string; kind: 'invoice' | 'note' }) {
  return kind === 'invoice'
    ? downloadFile(AdminInvoicePaths.taxInvoice, { orderNo }, `TaxInvoice_${orderNo}.pdf`)
    : downloadFile(AdminInvoicePaths.adjustmentNote, { orderNo }, `AdjustmentNote_${orderNo}.pdf`);
}

export const useDownloadTaxDocument = () => useMutation({ mutationFn: downloadTaxDocument });
