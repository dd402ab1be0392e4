import {
  allCnyTotal,
  CART_QTY_INVALID_MESSAGE,
  CartQuantityError,
  Currency,
  cartAudTipText,
  cartTotals,
  formatPrice,
  formatTotals,
  isValidCartQty,
  toMinor,
  validateCartQuantity,
} from '@shop/domain';
import { useMemo } from 'react';
import { notify } from '@/lib/notify';
import { useIsLoggedIn } from '@/lib/session';
import { useBatchRemoveCartItems } from './api/batch-remove-cart-items';
import { useBatchUpdateCartItems } from './api/batch-update-cart-items';
import { useCartList } from './api/get-cart-list';
import { useRatePrice } from './api/get-rate-price';
import { useRemoveCartItem } from './api/remove-cart-item';
import { useUpdateCartItem } from './api/update-cart-item';
import { type CartViewLine, fromGuestLine, fromServerLine } from './cart-lines';
import { guestCart, useGuestCart } from './guest-cart-store';

/** The selected lines' totals as the cart shows them (spec §5 'Cart totals', 'Display totals'). */
export interface CartTotalsView {
  /** '$x.xx + ¥y.yy' (formatTotals). */
  text: string;
  /** Everything in CNY at the shop's rate ('¥z.zz'), null while the rate is unknown. */
  allCnyText: string | null;
  /** The warning listing selected products that cannot be paid in AUD; empty when there are none. */
  audTipText: string;
}

export interface CartModel {
  isMember: boolean;
  /** A member's cart is still loading. */
  isPending: boolean;
  error: Error | null;
  refetch: () => void;
  lines: CartViewLine[];
  selectedCount: number;
  totals: CartTotalsView;
  /** A change is on its way to the server. */
  busy: boolean;
  setQty: (line: CartViewLine, qty: number) => void;
  /** Selects or clears one line, a warehouse group or the whole cart. */
  setSelected: (lines: readonly CartViewLine[], selected: boolean) => void;
  remove: (lines: readonly CartViewLine[]) => void;
}

/** The rate may be missing or malformed; the 'all CNY' total is then left out rather than wrong. */
function safeAllCny(aud: number, cny: number, rate: string | undefined): string | null {
  if (!rate) return null;
  try {
    return formatPrice(allCnyTotal(aud, cny, rate), Currency.CNY);
  } catch {
    return null;
  }
}

/** A major-unit amount string of the server ('12.50') in minor units; 0 when unreadable. */
function minorOf(amount: string): number {
  try {
    return toMinor(amount);
  } catch {
    return 0;
  }
}

/**
 * The cart of whoever is looking: a visitor's local cart (totals computed here with the domain's cartTotals)
 * or a member's server cart (totals as the server sent them; both follow spec §5, so they agree).
 */
export function useCart(): CartModel {
  const loggedIn = useIsLoggedIn();
  const guest = useGuestCart((s) => s.cart);
  const list = useCartList();
  const rate = useRatePrice({ enabled: !loggedIn && guest.data.length > 0 });
  const update = useUpdateCartItem();
  const batchUpdate = useBatchUpdateCartItems();
  const removeOne = useRemoveCartItem();
  const batchRemove = useBatchRemoveCartItems();

  const guestView = useMemo(() => {
    const totals = cartTotals(guest.data);
    return {
      lines: guest.data.map(fromGuestLine),
      totals: {
        text: formatTotals({ aud: totals.aud, cny: totals.cny }),
        allCnyText: safeAllCny(totals.aud, totals.cny, rate.data?.rate),
        audTipText: cartAudTipText(totals.cnyOnlySkuNames),
      },
    };
  }, [guest, rate.data?.rate]);

  const memberView = useMemo(() => {
    const data = list.data;
    if (!data) return { lines: [], totals: { text: formatTotals({}), allCnyText: null, audTipText: '' } };
    return {
      lines: data.data.map(fromServerLine),
      totals: {
        text: formatTotals({
          aud: minorOf(data.totalPrice.audPrice),
          cny: minorOf(data.totalPrice.cnyPrice),
        }),
        allCnyText: formatPrice(minorOf(data.totalPrice.allCnyPrice), Currency.CNY),
        audTipText: data.cartAudTipText,
      },
    };
  }, [list.data]);

  if (!loggedIn) {
    return {
      isMember: false,
      isPending: false,
      error: null,
      refetch: () => guestCart.reload(),
      ...guestView,
      selectedCount: guestView.lines.filter((l) => l.selected).length,
      busy: false,
      setQty: (line, qty) => {
        try {
          guestCart.update(line.skuId, { qty });
        } catch (error) {
          if (error instanceof CartQuantityError) notify.warn(error.message);
          else throw error;
        }
      },
      setSelected: (lines, selected) => {
        if (lines.length === guest.data.length) guestCart.selectAll(selected);
        else for (const line of lines) guestCart.update(line.skuId, { selected });
      },
      remove: (lines) => guestCart.remove(lines.map((l) => l.skuId)),
    };
  }

  return {
    isMember: true,
    isPending: list.isPending,
    error: list.error,
    refetch: () => void list.refetch(),
    ...memberView,
    selectedCount: memberView.lines.filter((l) => l.selected).length,
    busy:
      list.isFetching ||
      update.isPending ||
      batchUpdate.isPending ||
      removeOne.isPending ||
      batchRemove.isPending,
    setQty: (line, qty) => {
      if (line.id === undefined || qty === line.qty) return;
      if (!isValidCartQty(qty)) {
        notify.warn(CART_QTY_INVALID_MESSAGE);
        return;
      }
      // Spec §4 'Stock display by status': the server's status and stock of the line decide what may be asked.
      const check = line.stock ? validateCartQuantity(qty, line.stock) : { ok: true as const };
      if (!check.ok) {
        notify.warn(check.message);
        if (check.maxQty !== undefined && check.maxQty !== line.qty) {
          update.mutate({ id: line.id, qty: check.maxQty });
        }
        return;
      }
      update.mutate({ id: line.id, qty });
    },
    setSelected: (lines, selected) => {
      const changing = lines.filter((l) => l.selected !== selected && l.id !== undefined);
      const [only] = changing;
      if (!only || only.id === undefined) return;
      // One line: updateItem/; a warehouse group or the whole cart: one batchUpdateItems/ call.
      if (lines.length === 1) update.mutate({ id: only.id, selected });
      else {
        batchUpdate.mutate(changing.map((l) => ({ id: l.id as number, qty: l.qty, selected })));
      }
    },
    remove: (lines) => {
      const ids = lines.flatMap((l) => (l.id === undefined ? [] : [l.id]));
      const [only] = ids;
      if (only === undefined) return;
      if (ids.length === 1) removeOne.mutate({ id: only });
      else batchRemove.mutate(ids);
    },
  };
}
