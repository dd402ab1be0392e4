import { type QrCodeResponse, type QrPurpose, WechatPaths } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { memberKeys } from './keys';

export function getQrCode(purpose: QrPurpose, signal?: AbortSignal): Promise<QrCodeResponse> {
  return request(WechatPaths.getQrCode, { purpose }, { signal });
}

/** A QR code is good once and for five minutes: never refetched by itself, a new `round` asks for a new one. */
export function qrCodeQueryOptions(purpose: QrPurpose, round: number) {
  return queryOptions({
    queryKey: memberKeys.qrCode(purpose, round),
    queryFn: ({ signal }) => getQrCode(purpose, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useQrCode(purpose: QrPurpose, round: number) {
  return useQuery(qrCodeQueryOptions(purpose, round));
}
