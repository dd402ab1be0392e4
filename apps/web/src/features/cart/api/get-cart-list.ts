import {
  CART_REFRESH_THROTTLE_MS,
  type CartListResponse,
  CartPaths,
  type Currency,
  shouldFetchCart,
  WEBSITE_ID,
} from '@shop/domain';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { usePageCurrency } from '@/lib/page-currency';
import { useMemberCallsOpen } from '@/lib/session';
import { cartKeys } from './keys';

/** cart/list/ billed in the currency the buyer pays in (ADR 013). */
export function getCartList(currency: Currency, signal?: AbortSignal): Promise<CartListResponse> {
  return request(CartPaths.list, { websiteId: WEBSITE_ID, currency }, { signal });
}

/**
 * The member's server cart billed in `currency` (default: the page currency now). Fresh for 5000 ms (spec §4
 * 'Cart sync on login', §9 cart refresh throttle), so the header badge and the cart page share one fetch;
 * member data, dropped on logout.
 */
export function cartListQueryOptions(currency: Currency = usePageCurrency.getState().currency) {
  return queryOptions({
    queryKey: cartKeys.list(WEBSITE_ID, currency),
    queryFn: ({ signal }) => getCartList(currency, signal),
    staleTime: CART_REFRESH_THROTTLE_MS,
    meta: { memberScoped: true },
  });
}

/** The server cart of the logged-in member; idle for a visitor (their cart is local). */
export function useCartList() {
  const loggedIn = useMemberCallsOpen();
  const currency = usePageCurrency((s) => s.currency);
  return useQuery({ ...cartListQueryOptions(currency), enabled: loggedIn });
}

/**
 * Loads the server cart unless it was fetched under 5000 ms ago; `refresh` demands a fetch anyway (spec §4:
 * 'A cart list fetch is skipped when refresh is not demanded and the last fetch was under 5 seconds ago').
 */
export async function loadCartList(
  queryClient: QueryClient,
  { refresh = false }: { refresh?: boolean } = {},
): Promise<CartListResponse> {
  const options = cartListQueryOptions();
  const state = queryClient.getQueryState(options.queryKey);
  const lastFetchAt = state?.data !== undefined ? state.dataUpdatedAt : null;
  if (state?.data !== undefined && !shouldFetchCart(lastFetchAt, Date.now(), refresh)) return state.data;
  // The cart changed: the copy billed in the other currency is out of date too, fetched when next shown.
  if (refresh) await queryClient.invalidateQueries({ queryKey: cartKeys.lists(), refetchType: 'none' });
  return queryClient.fetchQuery({ ...options, staleTime: 0 });
}
