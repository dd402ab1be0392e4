import { type AdminQuoteDetail, type AdminQuoteMessageRequest, AdminQuotePaths } from '@shop/domain';
import { request } from '@/lib/api-client';
import { useQuoteMutation } from './use-quote-mutation';

/** A message to the member in the quote's thread. */
export function sendQuoteMessage(body: AdminQuoteMessageRequest): Promise<AdminQuoteDetail> {
  return request(AdminQuotePaths.message, body);
}

export const useSendQuoteMessage = () => useQuoteMutation(sendQuoteMessage);
