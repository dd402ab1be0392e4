import { AddressPaths, type ParsedAddress } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

export function parseAddress(text: string): Promise<ParsedAddress> {
  return request(AddressPaths.receiverIntelligent, { text });
}

/** 智能识别: a pasted receiver address split into the form's fields (spec §7 addressReceiver/intelligent/). */
export function useParseAddress() {
  return useMutation({ mutationFn: parseAddress });
}
