import { type BodyOf, InvoicePaths } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestBlob } from '@/lib/api-client';
import { saveFile } from '@/lib/download';
import { invoiceKeys } from '../keys';

type TaxDocumentPath =
  | typeof InvoicePaths.taxInvoice
  | typeof InvoicePaths.adjustmentNote
  | typeof InvoicePaths.fapiaoFile;

async function download<P extends TaxDocumentPath>(
  path: P,
  body: BodyOf<P>,
  fallbackName: string,
): Promise<string> {
  const { blob, fileName } = await requestBlob(path, body);
  const name = fileName ?? fallbackName;
  saveFile(blob, name);
  return name;
}

/** The tax invoice PDF (issued and numbered at the first download), saved under the server's file name. */
export function downloadTaxInvoice(orderId: number): Promise<string> {
  return download(InvoicePaths.taxInvoice, { orderId }, `TaxInvoice_${orderId}.pdf`);
}

/** An adjustment note: the one numbered, or (none) a new one for refunds not yet covered, else the newest. */
export function downloadAdjustmentNote(orderId: number, noteNo?: string): Promise<string> {
  return download(
    InvoicePaths.adjustmentNote,
    noteNo ? { orderId, noteNo } : { orderId },
    `AdjustmentNote_${noteNo ?? orderId}.pdf`,
  );
}

/** The issued fapiao staff attached. */
export function downloadFapiao(orderId: number): Promise<string> {
  return download(InvoicePaths.fapiaoFile, { orderId }, `Fapiao_${orderId}.pdf`);
}

export type TaxDownload =
  | { kind: 'invoice'; orderId: number }
  | { kind: 'note'; orderId: number; noteNo?: string | undefined }
  | { kind: 'fapiao'; orderId: number };

/** Any of the order's downloads; the document list is read again after, since a download may issue one. */
export function useTaxDownload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (what: TaxDownload) =>
      what.kind === 'invoice'
        ? downloadTaxInvoice(what.orderId)
        : what.kind === 'note'
          ? downloadAdjustmentNote(what.orderId, what.noteNo)
          : downloadFapiao(what.orderId),
    onSettled: (_name, _error, what) =>
      queryClient.invalidateQueries({ queryKey: invoiceKeys.document(what.orderId) }),
  });
}
