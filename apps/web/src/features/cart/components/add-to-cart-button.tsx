import {
  CART_QTY_INVALID_MESSAGE,
  isValidCartQty,
  payCurrencyOf,
  type SkuStockFields,
  toMinor,
  validateCartQuantity,
} from '@shop/domain';
import { notify } from '@/lib/notify';
import { useIsLoggedIn } from '@/lib/session';
import { ADDED_TO_CART_MESSAGE, useAddCartItem } from '../api/add-cart-item';
import { guestCart } from '../guest-cart-store';
import '../add-to-cart.css';

/** The product a SKU belongs to, as the cart line keeps it. */
export interface CartProduct {
  goodsId: number;
  /** The product name without its location prefix (the cart adds it, spec §3). */
  name: string;
  location: number;
  image: string;
}

/** The SKU fields the cart needs; prices in major units as the catalogue sends them. */
export interface CartSku extends SkuStockFields {
  id: number;
  name: string;
  property: Record<string, string>;
  audPrice: number | null;
  cnyPrice: number | null;
}

export interface AddToCartButtonProps {
  product: CartProduct;
  sku: CartSku | undefined;
  qty: number;
  disabled?: boolean;
  /** 'detail': the large button of the product page; 'list' and 'cell': the small ones of the list. */
  variant?: 'detail' | 'list' | 'cell';
}

/** The SKU as a shopper tells it apart: its attribute values, else its name. */
const skuLabel = (sku: CartSku) => Object.values(sku.property).join(' ') || sku.name;

const priceOf = (major: number | null) => (major == null ? null : toMinor(major));

/**
 * 加入购物车 (spec §4 'Guest cart', §7 addItem/): a visitor's goods go into the local cart with the success toast
 * of spec §8; a member's go to the server cart, whose refusals (over stock, not for sale) show as toasts. The
 * quantity is checked against the SKU's status and stock first (spec §4 'Stock display by status').
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
      const check = validateCartQuantity(qty, sku);
      if (!check.ok) notify.warn(check.message);
      else add.mutate({ skuId: sku.id, qty });
      return;
    }
    // A visitor's cart already holding this SKU asks for the sum.
    const inCart = guestCart.get().data.find((l) => l.skuId === sku.id)?.qty ?? 0;
    const check = validateCartQuantity(inCart + qty, sku);
    if (!check.ok) {
      notify.warn(check.message);
      return;
    }
    const audPrice = priceOf(sku.audPrice);
    const cnyPrice = priceOf(sku.cnyPrice);
    guestCart.add({
      skuId: sku.id,
      goodsId: product.goodsId,
      skuName: sku.name,
      name: product.name,
      qty,
      audPrice,
      cnyPrice,
      location: product.location,
      property: sku.property,
      currency: payCurrencyOf({ audPrice, cnyPrice }),
      image: product.image,
    });
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
      aria-label={variant === 'cell' && sku ? `加入购物车：${skuLabel(sku)}` : undefined}
    >
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <path
          d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.7L21 8H6.2"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="9.5" cy="19" r="1.5" fill="currentColor" />
        <circle cx="17" cy="19" r="1.5" fill="currentColor" />
      </svg>
      {variant === 'cell' ? '加购' : '加入购物车'}
    </button>
  );
}
