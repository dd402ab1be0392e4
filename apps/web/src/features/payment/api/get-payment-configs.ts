import { type PaymentConfig, PaymentPaths } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { paymentKeys } from './keys';

/**
 * paymentConfigList/: the payment methods of this website (spec §7 'Payment': supportWebsite true). It depends on who
 * asks (账期支付 and its credit are listed only for a company's admin or buyer), so it is dropped at logout.
 */
export function getPaymentConfigs(signal?: AbortSignal): Promise<PaymentConfig[]> {
  return request(PaymentPaths.configList, { supportWebsite: true }, { signal });
}

export function paymentConfigsQueryOptions() {
  return queryOptions({
    queryKey: paymentKeys.configs(),
    queryFn: ({ signal }) => getPaymentConfigs(signal),
    meta: { memberScoped: true },
  });
}

export function usePaymentConfigs() {
  return useQuery(paymentConfigsQueryOptions());
}
