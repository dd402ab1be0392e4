import { type BuyNowIntent, parseBuyNowIntent, StorageKey } from '@shop/domain';
import { readLocal, removeLocal, writeLocal } from '@/lib/storage';

/**
 * A visitor's 立即购买 waits here for the login checkout needs (spec §2 route guard): the login reloads the page,
 * so the wish is kept in local storage and the after-login sync selects only that line (sync-on-login.ts).
 */
export function saveBuyNowIntent(skuId: number, qty: number): void {
  const intent: BuyNowIntent = { skuId, qty, at: Date.now() };
  writeLocal(StorageKey.buyNow, JSON.stringify(intent));
}

/** The waiting intent, removed as it is read (it is acted on once), or null when none or too old. */
export function takeBuyNowIntent(): BuyNowIntent | null {
  const stored = readLocal(StorageKey.buyNow);
  if (stored === null) return null;
  removeLocal(StorageKey.buyNow);
  return parseBuyNowIntent(stored, Date.now());
}
