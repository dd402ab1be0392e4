import { type CartBatchAddItem, type CartChange, CartPaths } from '@shop/domain';
import { request } from '@/lib/api-client';

/**
 * Adds several lines at once (spec §7 batchAddItems/: a bare list of skuId, qty, websiteId). Used only by the
 * login sync, which runs outside React, so there is no hook.
 */
export function batchAddCartItems(items: readonly CartBatchAddItem[]): Promise<CartChange> {
  return request(CartPaths.batchAddItems, items);
}
