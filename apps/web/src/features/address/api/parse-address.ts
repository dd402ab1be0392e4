import { AddressPaths } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

/** What the intelligent fill recognised; a field it could not find is an empty string. */
export interface ParsedAddress {
  name: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  detail: string;
  postCode: string;
}

export function parseAddress(text: string): Promise<ParsedAddress> {
  return request<ParsedAddress>(AddressPaths.receiverIntelligent, { text });
}

/** 智能识别: a pasted receiver address split into the form's fields (spec §7 addressReceiver/intelligent/). */
export function useParseAddress() {
  return useMutation({ mutationFn: parseAddress });
}
