import { type CheckQrScanResponse, QR_POLL_INTERVAL_MS, type QrScanStatus, WechatPaths } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { memberKeys } from './keys';

export function checkQrScan(ticket: string, signal?: AbortSignal): Promise<CheckQrScanResponse> {
  return request(WechatPaths.checkQrScan, { ticket }, { signal });
}

/** States after which the page stops asking (spec §4 'QR scan check'). */
const FINAL: ReadonlySet<QrScanStatus> = new Set(['cancelled', 'invalid', 'needBind', 'success']);

export function qrScanQueryOptions(ticket: string) {
  return queryOptions({
    queryKey: memberKeys.qrScan(ticket),
    queryFn: ({ signal }) => checkQrScan(ticket, signal),
    // Every answer is news: polled every 2 s until it is final or fails (a token is answered only once).
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (query) =>
      query.state.status === 'error' || (query.state.data && FINAL.has(query.state.data.status))
        ? false
        : QR_POLL_INTERVAL_MS,
  });
}

/** Polls one QR code's state while `enabled` (the code is showing and has not expired). */
export function useQrScan(ticket: string | undefined, enabled: boolean) {
  return useQuery({ ...qrScanQueryOptions(ticket ?? ''), enabled: enabled && ticket !== undefined });
}
