import { InvoicePaths, type TaxDocuments } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { invoiceKeys } from '../keys';

/** taxDocuments/: the order's tax invoice, adjustment notes and fapiao request. */
export function getTaxDocuments(orderId: number, signal?: AbortSignal): Promise<TaxDocuments> {
  return request(InvoicePaths.documents, { orderId }, { signal });
}

export function taxDocumentsQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: invoiceKeys.document(orderId),
    queryFn: ({ signal }) => getTaxDocuments(orderId, signal),
    meta: { memberScoped: true },
  });
}

export function useTaxDocuments(orderId: number) {
  return useQuery(taxDocumentsQueryOptions(orderId));
}
