import {
  CART_QTY_INVALID_MESSAGE,
  CartQuantityError,
  type CheckoutPromotion,
  Currency,
  cartAudTipText,
  cartDisplayTotals,
  cartPromotionHints,
  clampCartQty,
  type ExchangeRate,
  formatPrice,
  formatTotals,
  InvalidAmountError,
  InvalidPromotionError,
  isValidCartQty,
  nearestAllowedQty,
  qtyAdjustedMessage,
  qtyBreach,
  validateCartQuantity,
  WEBSITE_ID,
} from '@shop/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { majorToMinor } from '@/lib/money';
import { notify } from '@/lib/notify';
import { usePageCurrency } from '@/lib/page-currency';
import { useIsLoggedIn } from '@/lib/session';
import { batchAddCartItems } from './api/batch-add-cart-items';
import { useBatchRemoveCartItems } from './api/batch-remove-cart-items';
import { useBatchUpdateCartItems } from './api/batch-update-cart-items';
import { loadCartList, useCartList } from './api/get-cart-list';
import { useRatePrice } from './api/get-rate-price';
import { useRunningPromotions } from './api/get-running-promotions';
import { useRemoveCartItem } from './api/remove-cart-item';
import { useUpdateCartItem } from './api/update-cart-item';
import { type CartViewLine, fromGuestLines, fromServerLine } from './cart-lines';
import { guestCart, useGuestCart } from './guest-cart-store';

/**
 * The selected lines' totals as the cart shows them (spec §5 'Cart totals', 'Display totals'; ADR 030): the
 * same amounts in both page currencies, only the one the buyer pays is put first.
 */
export interface CartTotalsView {
  /** Spec §5's split, '$x.xx + ¥y.yy' (formatTotals): AUD-priced lines in AUD, the others in CNY. */
  splitText: string;
  /** The split has an AUD part (without one it is the all-CNY total already). */
  hasAud: boolean;
  /** The AUD part in cents (the goods whose GST the cart shows, ADR 038). */
  aud: number;
  /** The 'all CNY' total ('¥z.zz'): the lines billed in CNY one by one; null while the rate is unknown. */
  allCnyText: string | null;
  /** The warning listing selected products that cannot be paid in AUD; empty when there are none. */
  audTipText: string;
}

/**
 * What the selected lines would get at checkout and what is worth buying more for, by the domain's rule
 * (ADR 031): '已享 满1000减60（-¥60.00）；满500减30 不与其同享', '再买 ¥x 可享 …'. Empty while unknown.
 */
function promotionHintsOf(
  lines: readonly CartViewLine[],
  payCurrency: Currency,
  rate: ExchangeRate | null,
  promotions: readonly CheckoutPromotion[] | undefined,
): string[] {
  if (!promotions || promotions.length === 0) return [];
  try {
    return cartPromotionHints(lines, payCurrency, rate, promotions);
  } catch (error) {
    // A promotion the rule cannot read, or a malformed rate: no note rather than a wrong one.
    if (error instanceof InvalidPromotionError || error instanceof InvalidAmountError) return [];
    throw error;
  }
}

export interface CartModel {
  isMember: boolean;
  /** The currency the buyer is about to pay in: the page currency (ADR 013). */
  payCurrency: Currency;
  /** CNY per AUD, for lines with an AUD price only when paying CNY; null while unknown. */
  rate: string | null;
  /** A member's cart is still loading. */
  isPending: boolean;
  error: Error | null;
  refetch: () => void;
  lines: CartViewLine[];
  selectedCount: number;
  totals: CartTotalsView;
  /** What the promotions give the selected lines, and why another does not (ADR 031). */
  promotionHints: string[];
  /** A change is on its way to the server. */
  busy: boolean;
  setQty: (line: CartViewLine, qty: number) => void;
  /** Selects or clears one line, a warehouse group or the whole cart. */
  setSelected: (lines: readonly CartViewLine[], selected: boolean) => void;
  remove: (lines: readonly CartViewLine[]) => void;
}

/** How long a removal can be taken back (the toast with 撤销). */
export const UNDO_REMOVE_MS = 6000;

const removedText = (count: number) => (count === 1 ? '已删除 1 种商品' : `已删除 ${count} 种商品`);

/**
 * The totals of a visitor's selected lines by the domain's one rule (cartDisplayTotals, ADR 013 and 030). A
 * malformed rate leaves the all-CNY total out rather than a made-up amount.
 */
function totalsView(
  lines: readonly CartViewLine[],
  payCurrency: Currency,
  rate: string | null,
): CartTotalsView {
  let totals: ReturnType<typeof cartDisplayTotals>;
  try {
    totals = cartDisplayTotals(lines, payCurrency, rate);
  } catch (error) {
    if (!(error instanceof InvalidAmountError)) throw error;
    totals = cartDisplayTotals(lines, payCurrency, null);
  }
  return {
    splitText: formatTotals({ aud: totals.aud, cny: totals.cny }),
    hasAud: totals.aud !== 0,
    aud: totals.aud,
    allCnyText: totals.allCny === null ? null : formatPrice(totals.allCny, Currency.CNY),
    audTipText: cartAudTipText(totals.cnyOnlySkuNames),
  };
}

/**
 * The cart of whoever is looking, billed in the page currency: the header switch changes how every line and
 * the totals are billed (ADR 013). A visitor's local cart is totalled here with the domain's cartTotals; a
 * member's server cart is asked for in the page currency and shows the server's totals (the same rule).
 */
export function useCart(): CartModel {
  const loggedIn = useIsLoggedIn();
  const payCurrency = usePageCurrency((s) => s.currency);
  const guest = useGuestCart((s) => s.cart);
  const list = useCartList();
  const rate = useRatePrice({ enabled: !loggedIn && guest.data.length > 0 });
  const update = useUpdateCartItem();
  const batchUpdate = useBatchUpdateCartItems();
  const removeOne = useRemoveCartItem();
  const batchRemove = useBatchRemoveCartItems();
  const queryClient = useQueryClient();
  const hasLines = loggedIn ? (list.data?.data.length ?? 0) > 0 : guest.data.length > 0;
  const promotions = useRunningPromotions(payCurrency, { enabled: hasLines });

  const guestRate = rate.data?.rate ?? null;
  const guestView = useMemo(() => {
    const lines = fromGuestLines(guest.data);
    return { lines, rate: guestRate, totals: totalsView(lines, payCurrency, guestRate) };
  }, [guest, guestRate, payCurrency]);

  const memberView = useMemo((): {
    lines: CartViewLine[];
    rate: string | null;
    totals: CartTotalsView;
    unreadable?: Error;
  } => {
    const empty = {
      lines: [],
      rate: null,
      totals: { splitText: formatTotals({}), hasAud: false, aud: 0, allCnyText: null, audTipText: '' },
    };
    const data = list.data;
    if (!data) return empty;
    try {
      const aud = majorToMinor(data.totalPrice.audPrice);
      const cny = majorToMinor(data.totalPrice.cnyPrice);
      return {
        lines: data.data.map(fromServerLine),
        rate: data.rate,
        // The server's totals (cart/list/): the same rule, computed there; the warning is for the page currency.
        totals: {
          splitText: formatTotals({ aud, cny }),
          hasAud: aud !== 0,
          aud,
          allCnyText: formatPrice(majorToMinor(data.totalPrice.allCnyPrice), Currency.CNY),
          audTipText: data.cartAudTipText,
        },
      };
    } catch (error) {
      // An amount the cart cannot read is shown as a failed load with its retry, never as a made-up total.
      if (error instanceof InvalidAmountError) return { ...empty, unreadable: error };
      throw error;
    }
  }, [list.data]);

  const view = loggedIn ? memberView : guestView;
  const promotionHints = useMemo(
    () => promotionHintsOf(view.lines, payCurrency, view.rate, promotions.data),
    [view.lines, view.rate, payCurrency, promotions.data],
  );

  if (!loggedIn) {
    return {
      isMember: false,
      payCurrency,
      isPending: false,
      error: null,
      refetch: () => guestCart.reload(),
      ...guestView,
      promotionHints,
      selectedCount: guestView.lines.filter((l) => l.selected).length,
      busy: false,
      setQty: (line, asked) => {
        // A quantity the line's rule does not allow becomes the nearest one it does, and the visitor is told.
        const adjusted = isValidCartQty(asked) ? qtyAdjustedMessage(asked, line.rule) : null;
        const qty = adjusted ? (nearestAllowedQty(asked, line.rule) ?? asked) : asked;
        if (adjusted) notify.warn(adjusted);
        if (adjusted && qty === line.qty) return;
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
      remove: (lines) => {
        const removed = guestCart.remove(lines.map((l) => l.skuId));
        if (removed.length === 0) return;
        notify.withAction(
          'success',
          removedText(removed.length),
          { label: '撤销', run: () => guestCart.restore(removed) },
          UNDO_REMOVE_MS,
        );
      },
    };
  }

  return {
    isMember: true,
    payCurrency,
    rate: memberView.rate,
    isPending: list.isPending,
    error: list.error ?? memberView.unreadable ?? null,
    refetch: () => void list.refetch(),
    lines: memberView.lines,
    totals: memberView.totals,
    promotionHints,
    selectedCount: memberView.lines.filter((l) => l.selected).length,
    busy:
      list.isFetching ||
      update.isPending ||
      batchUpdate.isPending ||
      removeOne.isPending ||
      batchRemove.isPending,
    setQty: (line, asked) => {
      if (line.id === undefined || asked === line.qty) return;
      if (!isValidCartQty(asked)) {
        notify.warn(CART_QTY_INVALID_MESSAGE);
        return;
      }
      let qty = asked;
      if (qtyBreach(asked, line.rule) !== null) {
        // ADR 050: a quantity the SKU's rule does not allow becomes the nearest one it does within the stock,
        // and the buyer is told ('每箱12件，已调整为24件').
        const clamped = line.stock
          ? clampCartQty(asked, line.stock, line.rule)
          : {
              qty: nearestAllowedQty(asked, line.rule) ?? asked,
              message: qtyAdjustedMessage(asked, line.rule),
            };
        if (clamped.message) notify.warn(clamped.message);
        qty = clamped.qty;
        if (qty === line.qty) return;
      }
      // Spec §4 'Stock display by status': the server's status and stock of the line decide what may be asked.
      const check = line.stock ? validateCartQuantity(qty, line.stock, line.rule) : { ok: true as const };
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
      // Deleted on the server at once, so leaving the page loses nothing; 撤销 adds the same SKUs and
      // quantities back (batchAddItems/), and the reloaded cart shows them.
      const again = lines.map((l) => ({ skuId: l.skuId, qty: l.qty, websiteId: WEBSITE_ID }));
      const offerUndo = () =>
        notify.withAction(
          'success',
          removedText(again.length),
          {
            label: '撤销',
            run: () =>
              void batchAddCartItems(again)
                .then(() => loadCartList(queryClient, { refresh: true }))
                .catch((error: unknown) => notify.error(error instanceof Error ? error.message : '撤销失败')),
          },
          UNDO_REMOVE_MS,
        );
      if (ids.length === 1) removeOne.mutate({ id: only }, { onSuccess: offerUndo });
      else batchRemove.mutate(ids, { onSuccess: offerUndo });
    },
  };
}
