import { type AdminQuoteCloseRequest, type AdminQuoteDetail, AdminQuotePaths } from '@shop/domain';
import { request } from '@/lib/api-client';
import { useQuoteMutation } from './use-quote-mutation';

/** Closes a quote nobody should accept any more, with a reason. */
export function closeQuote(body: AdminQuoteCloseRequest): Promise<AdminQuoteDetail> {
  return request(AdminQuotePaths.close, body);
}

export const useCloseQuote = () => useQuoteMutation(closeQuote);
