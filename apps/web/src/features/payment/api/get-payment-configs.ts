import { type PaymentConfig, PaymentPaths } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { paymentKeys } from './keys';

/** paymentConfigList/: the payment methods of this website (spec §7 'Payment': supportWebsite true). */
export function getPaymentConfigs(signal?: AbortSignal): Promise<PaymentConfig[]> {
  return request(PaymentPaths.configList, { supportWebsite: true }, { signal });
}

export function paymentConfigsQueryOptions() {
  return queryOptions({
    queryKey: paymentKeys.configs(),
    queryFn: ({ signal }) => getPaymentConfigs(signal),
  });
}

export function usePaymentConfigs() {
  return useQuery(paymentConfigsQueryOptions());
}
