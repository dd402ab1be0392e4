import { CART_QTY_INVALID_MESSAGE, isValidCartQty, validateCartQuantity } from '@shop/domain';
import { notify } from '@/lib/notify';
import { useIsLoggedIn } from '@/lib/session';
import { ADDED_TO_CART_MESSAGE, useAddCartItem } from '../api/add-cart-item';
import { type CartProduct, type CartSku, cartSkuRule, guestItemOf } from '../cart-item-of';
import { guestCart } from '../guest-cart-store';
import { CartIcon } from './cart-icon';
import '../add-to-cart.css';

export type { CartProduct, CartSku } from '../cart-item-of';

export interface AddToCartButtonProps {
  product: CartProduct;
  sku: CartSku | undefined;
  qty: number;
  disabled?: boolean;
  /** 'detail': the large button of the product page; 'list': the small one of a list item. */
  variant?: 'detail' | 'list';
}

/**
 * 加入购物车 (spec §4 'Guest cart', §7 addItem/): a visitor's goods go into the local cart with the success toast
 * of spec §8; a member's go to the server cart, whose refusals (over stock, not for sale) show as toasts. The
 * quantity is checked against the SKU's status and stock first (spec §4 'Stock display by status'), and its
 * quantity rule (ADR 050).
 */
export function AddToCartButton({
  product,
  sku,
  qty,
  disabled = false,
  variant = 'detail',
}: AddToCartButtonProps) {
  const loggedIn = useIsLoggedIn();
  const add = useAddCartItem();

  const onClick = () => {
    if (!sku) return;
    if (!isValidCartQty(qty)) {
      notify.warn(CART_QTY_INVALID_MESSAGE);
      return;
    }
    if (loggedIn) {
      const check = validateCartQuantity(qty, sku, cartSkuRule(sku));
      if (!check.ok) notify.warn(check.message);
      else add.mutate({ skuId: sku.id, qty });
      return;
    }
    // A visitor's cart already holding this SKU asks for the sum.
    const inCart = guestCart.get().data.find((l) => l.skuId === sku.id)?.qty ?? 0;
    const check = validateCartQuantity(inCart + qty, sku, cartSkuRule(sku));
    if (!check.ok) {
      notify.warn(check.message);
      return;
    }
    guestCart.add(guestItemOf(product, sku, qty));
    notify.success(ADDED_TO_CART_MESSAGE);
  };

  const className =
    variant === 'detail' ? 'btn btn-primary add-to-cart' : `add-to-cart add-to-cart-${variant}`;
  return (
    <button
      type="button"
      className={className}
      disabled={disabled || !sku || add.isPending}
      onClick={onClick}
    >
      <CartIcon />
      加入购物车
    </button>
  );
}
