import { type Currency, type OrderPrice, PaymentPaths, ResultCode } from '@shop/domain';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { ApiError, request } from '@/lib/api-client';
import { paymentKeys } from './keys';

/** ratePrice/ with an order and a currency: what paying in that currency costs (spec §7 'Payment'). */
export async function getOrderPrice(
  orderId: number,
  currency: Currency,
  signal?: AbortSignal,
): Promise<OrderPrice> {
  const answer = await request(PaymentPaths.ratePrice, { orderId, currency }, { signal });
  if (!answer.order) throw new ApiError(ResultCode.InternalServiceError, '暂时无法计算应付金额，请稍后重试');
  return answer.order;
}

export function orderPriceQueryOptions(orderId: number, currency: Currency) {
  return queryOptions({
    queryKey: paymentKeys.orderPrice(orderId, currency),
    queryFn: ({ signal }) => getOrderPrice(orderId, currency, signal),
    // The rate may move: a payment page always asks again.
    staleTime: 0,
    meta: { memberScoped: true, silentError: true },
  });
}

/** The amount due in each of the currencies, keyed by currency (undefined while loading or failed). */
export function useOrderPrices(orderId: number, currencies: readonly Currency[]) {
  return useQueries({
    queries: currencies.map((currency) => orderPriceQueryOptions(orderId, currency)),
    combine: (results) => ({
      byCurrency: Object.fromEntries(currencies.map((c, i) => [c, results[i]?.data])) as Partial<
        Record<Currency, OrderPrice>
      >,
      isPending: results.some((r) => r.isPending),
      error: results.find((r) => r.isError)?.error ?? null,
      refetch: () => Promise.all(results.map((r) => r.refetch())),
    }),
  });
}
