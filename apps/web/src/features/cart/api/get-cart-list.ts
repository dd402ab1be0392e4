import {
  CART_REFRESH_THROTTLE_MS,
  type CartListResponse,
  CartPaths,
  shouldFetchCart,
  WEBSITE_ID,
} from '@shop/domain';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { useIsLoggedIn } from '@/lib/session';
import { cartKeys } from './keys';

export function getCartList(signal?: AbortSignal): Promise<CartListResponse> {
  return request<CartListResponse>(CartPaths.list, { websiteId: WEBSITE_ID }, { signal });
}

/**
 * The member's server cart. Fresh for 5000 ms (spec §4 'Cart sync on login', §9 cart refresh throttle), so the
 * header badge and the cart page share one fetch; member data, dropped on logout.
 */
export function cartListQueryOptions() {
  return queryOptions({
    queryKey: cartKeys.list(WEBSITE_ID),
    queryFn: ({ signal }) => getCartList(signal),
    staleTime: CART_REFRESH_THROTTLE_MS,
    meta: { memberScoped: true },
  });
}

/** The server cart of the logged-in member; idle for a visitor (their cart is local). */
export function useCartList() {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...cartListQueryOptions(), enabled: loggedIn });
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
  return queryClient.fetchQuery({ ...options, staleTime: 0 });
}
