import { type QuoteDetail, type QuoteMessageRequest, QuotePaths } from '@shop/domain';
import { request } from '@/lib/api-client';
import { useQuoteChange } from './quote-change';

/** quote/message/: the member's message on their quote; staff are told. */
export function sendQuoteMessage(body: QuoteMessageRequest): Promise<QuoteDetail> {
  return request(QuotePaths.message, body);
}

export const useSendQuoteMessage = () => useQuoteChange(sendQuoteMessage, (body) => body.id);
