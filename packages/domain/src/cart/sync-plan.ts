import { CART_REFRESH_THROTTLE_MS, WEBSITE_ID } from '../constants';
import { type GuestCart, isServerLine } from './guest-cart';

/** The calls that bring a guest cart onto the server at login (spec §4 'Cart sync on login', §7). */
export interface LoginSyncPlan {
  /** batchAddItems/: the lines added on this device. */
  batchAdd: { skuId: number; qty: number; websiteId: number }[];
  /** batchUpdateItems/: the server lines changed on this device. */
  batchUpdate: { id: number; qty: number; selected: boolean }[];
  /** batchRemoveItems/: the server line ids removed on this device. */
  batchRemove: number[];
  /** Nothing to send; the cart is just reloaded. */
  isEmpty: boolean;
}

/**
 * What to send at login (spec §4 'Cart sync on login'): local-only lines are batch-added with the website id,
 * server lines marked needUpdate are batch-updated, queued deletions are batch-removed.
 */
export function loginSyncPlan(cart: GuestCart, websiteId: number = WEBSITE_ID): LoginSyncPlan {
  const batchAdd: LoginSyncPlan['batchAdd'] = [];
  const batchUpdate: LoginSyncPlan['batchUpdate'] = [];
  for (const line of cart.data) {
    if (!isServerLine(line)) batchAdd.push({ skuId: line.skuId, qty: line.qty, websiteId });
    else if (line.needUpdate && line.id != null) {
      batchUpdate.push({ id: line.id, qty: line.qty, selected: line.selected });
    }
  }
  const batchRemove = [...new Set(cart.deleteList)];
  return {
    batchAdd,
    batchUpdate,
    batchRemove,
    isEmpty: batchAdd.length === 0 && batchUpdate.length === 0 && batchRemove.length === 0,
  };
}

/**
 * Whether to fetch the cart list now (spec §4, §9 throttle 5000 ms): always when refresh is demanded or it
 * was never fetched; otherwise only when at least 5000 ms have passed. A last fetch in the future (clock
 * moved back) does not block the fetch.
 */
export function shouldFetchCart(
  lastFetchAt: number | null | undefined,
  now: number,
  refresh = false,
): boolean {
  if (refresh || lastFetchAt == null) return true;
  const elapsed = now - lastFetchAt;
  return elapsed < 0 || elapsed >= CART_REFRESH_THROTTLE_MS;
}
