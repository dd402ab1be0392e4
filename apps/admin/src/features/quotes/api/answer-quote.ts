import { type AdminQuoteAnswerRequest, type AdminQuoteDetail, AdminQuotePaths } from '@shop/domain';
import { request } from '@/lib/api-client';
import { useQuoteMutation } from './use-quote-mutation';

/** Prices the quote (every line, or a discount on the list prices), with freight and its last day. */
export function answerQuote(body: AdminQuoteAnswerRequest): Promise<AdminQuoteDetail> {
  return request(AdminQuotePaths.answer, body);
}

export const useAnswerQuote = () => useQuoteMutation(answerQuote);
