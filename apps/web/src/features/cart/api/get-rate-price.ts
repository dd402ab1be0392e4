import { CartPaths, type RatePriceResponse } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { cartKeys } from './keys';

/** The shop's exchange rate: CNY per 1 AUD as a decimal string (docs/design.md 'Money'). */
export function getRatePrice(signal?: AbortSignal): Promise<RatePriceResponse> {
  return request(CartPaths.ratePrice, {}, { signal });
}

export function ratePriceQueryOptions() {
  return queryOptions({ queryKey: cartKeys.rate(), queryFn: ({ signal }) => getRatePrice(signal) });
}

/**
 * The rate for the guest cart's 'all CNY' total (spec §5 display totals). Public; a member's cart list brings
 * its own rate, so members do not ask for it.
 */
export function useRatePrice({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...ratePriceQueryOptions(), enabled });
}
