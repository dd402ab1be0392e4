import { type LogisticsInfo, OrderPaths } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { withActionFailure } from '@/lib/failure-message';
import { OrderFailure } from '../messages';
import { orderKeys } from './keys';

/** The tracking of one parcel (courierinfo/getByLogisticCode/). */
export function getLogistics(logisticCode: string, signal?: AbortSignal): Promise<LogisticsInfo> {
  return withActionFailure(
    request(OrderPaths.logistics, { logisticCode }, { signal }),
    OrderFailure.logistics,
  );
}

export function logisticsQueryOptions(logisticCode: string) {
  return queryOptions({
    queryKey: orderKeys.logistics(logisticCode),
    queryFn: ({ signal }) => getLogistics(logisticCode, signal),
    meta: { memberScoped: true },
  });
}

/** Loaded when the shopper opens a pack's tracking. */
export function useLogistics(logisticCode: string, enabled: boolean) {
  return useQuery({ ...logisticsQueryOptions(logisticCode), enabled });
}
