import {
  addManyToGuestCart,
  addToGuestCart,
  buyNowInGuestCart,
  emptyGuestCart,
  type GuestCart,
  type GuestCartItem,
  type GuestLinePatch,
  parseStoredGuestCart,
  removeGuestLines,
  restoreGuestLines,
  StorageKey,
  selectAllGuestLines,
  updateGuestLine,
} from '@shop/domain';
import { create } from 'zustand';
import { readLocal, removeLocal, writeLocal } from '@/lib/storage';

/**
 * The visitor's cart (spec §4 'Guest cart'): held in local storage under the cart-info key as
 * { data: lines, deleteList: server line ids removed here }. Every change goes through the domain's guest-cart
 * rules and is written back at once, so another tab or a reload sees the same cart. Kept free of the component
 * library and of zod: the header badge reads it on every page.
 */
export const useGuestCart = create<{ cart: GuestCart }>(() => ({ cart: readStoredGuestCart() }));

function readStoredGuestCart(): GuestCart {
  return parseStoredGuestCart(readLocal(StorageKey.cartInfo));
}

function commit(next: GuestCart): void {
  if (next === useGuestCart.getState().cart) return;
  writeLocal(StorageKey.cartInfo, JSON.stringify(next));
  useGuestCart.setState({ cart: next });
}

/** The guest cart's actions; each throws CartQuantityError for a quantity that is not a positive integer. */
export const guestCart = {
  get(): GuestCart {
    return useGuestCart.getState().cart;
  },
  /** Same sku: quantity added and the line selected; otherwise a new local line at the front. */
  add(item: GuestCartItem): void {
    commit(addToGuestCart(guestCart.get(), item));
  },
  /** Several SKUs at once (a product's grid), each as add does; all or nothing. */
  addMany(items: readonly GuestCartItem[]): void {
    commit(addManyToGuestCart(guestCart.get(), items));
  },
  /** 立即购买: the SKU's line holds exactly item.qty and is the only selected line; the others stay. */
  buyNow(item: GuestCartItem): void {
    commit(buyNowInGuestCart(guestCart.get(), item));
  },
  update(skuId: number, patch: GuestLinePatch): void {
    commit(updateGuestLine(guestCart.get(), skuId, patch));
  },
  /** Server lines among them are queued in deleteList for the next login. Returns the lines removed. */
  remove(skuIds: readonly number[]): GuestCart['data'] {
    const before = guestCart.get();
    commit(removeGuestLines(before, skuIds));
    return before.data.filter((line) => skuIds.includes(line.skuId));
  },
  /** 撤销 of a removal: the lines come back as they were. */
  restore(lines: GuestCart['data']): void {
    commit(restoreGuestLines(guestCart.get(), lines));
  },
  selectAll(selected: boolean): void {
    commit(selectAllGuestLines(guestCart.get(), selected));
  },
  /** Replaces the whole cart (after part of a login sync went through). */
  replace(next: GuestCart): void {
    commit(next);
  },
  /** Empties the cart after it has been synced to the member's server cart (spec §4 'Cart sync on login'). */
  clear(): void {
    removeLocal(StorageKey.cartInfo);
    useGuestCart.setState({ cart: emptyGuestCart() });
  },
  /** Re-reads storage (another tab changed the cart; tests). */
  reload(): void {
    useGuestCart.setState({ cart: readStoredGuestCart() });
  },
};
