import { CheckoutPaths, type GstSettingResponse } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { cartKeys } from './keys';

/** cart/gst/: whether the shop charges GST and whether its AUD prices include it (ADR 038). */
export function getGstSetting(signal?: AbortSignal): Promise<GstSettingResponse> {
  return request(CheckoutPaths.gstSetting, {}, { signal });
}

export function gstSettingQueryOptions() {
  return queryOptions({
    queryKey: cartKeys.gst(),
    queryFn: ({ signal }) => getGstSetting(signal),
    staleTime: 60_000,
    // A line of information only: without it the cart reads as before, and checkout states the GST.
    meta: { silentError: true },
  });
}

/** The GST setting for the cart's GST line; asked only while the cart has AUD goods. */
export function useGstSetting({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...gstSettingQueryOptions(), enabled });
}
