import {
  type CartLine,
  type CartListResponse,
  CartPaths,
  type GuestCart,
  type PastePreviewItem,
  type ServerCartLine,
  StorageKey,
} from '@shop/domain';
import { guestCart } from '@/features/cart/guest-cart-store';
import { ok } from './utils';

/** Builders of cart data: server lines (major units, as the API sends them) and stored guest carts (minor units). */

export function serverLine(fields: Partial<ServerCartLine> & { id: number; skuId: number }): ServerCartLine {
  return {
    goodsId: 7,
    name: '羊毛围巾',
    skuName: `规格 ${fields.skuId}`,
    qty: 1,
    audPrice: 10,
    cnyPrice: 50,
    selected: true,
    location: 1,
    property: {},
    image: 'goods/7.jpg',
    status: 4,
    stock: 10,
    expectedDate: null,
    onFlag: true,
    currency: fields.audPrice === null ? 'CNY' : 'AUD',
    minQty: 1,
    stepQty: 1,
    maxQty: null,
    priceBreaks: [],
    nextBreak: null,
    ...fields,
  };
}

export function cartList(
  data: ServerCartLine[],
  totals: Partial<CartListResponse['totalPrice']> = {},
  cartAudTipText = '',
): CartListResponse {
  return {
    data,
    totalPrice: { audPrice: '0.00', cnyPrice: '0.00', allCnyPrice: '0.00', ...totals },
    cartAudTipText,
    rate: '4.7000',
  };
}

export function guestLine(fields: Partial<CartLine> & { skuId: number }): CartLine {
  return {
    goodsId: 7,
    skuName: `规格 ${fields.skuId}`,
    name: '羊毛围巾',
    qty: 1,
    audPrice: 1000,
    cnyPrice: 5000,
    selected: true,
    location: 1,
    property: {},
    ...(fields.id === undefined ? { fromLocal: true } : {}),
    ...fields,
  };
}

/** Puts a cart into local storage as an earlier visit left it, and lets the store read it. */
export function storeGuestCart(cart: GuestCart): void {
  window.localStorage.setItem(StorageKey.cartInfo, JSON.stringify(cart));
  guestCart.reload();
}

export function storedGuestCart(): GuestCart {
  return JSON.parse(window.localStorage.getItem(StorageKey.cartInfo) ?? 'null') as GuestCart;
}

export const rateHandler = {
  [CartPaths.ratePrice]: ok({ rate: '4.7000', updatedAt: '2026-01-01T00:00:00.000Z' }),
};

/** One line of a pasted order's preview (cart/parseLines/), a matched 'ok' line unless told. */
export function pasteLine(
  fields: Partial<PastePreviewItem> & { line: number; skuCode: string },
): PastePreviewItem {
  return {
    skuId: null,
    name: '',
    qty: 0,
    status: 'ok',
    message: '',
    suggestions: [],
    goodsId: null,
    goodsName: '',
    location: null,
    property: {},
    image: '',
    skuStatus: null,
    stock: null,
    minQty: 1,
    stepQty: 1,
    maxQty: null,
    audPrice: null,
    cnyPrice: null,
    // Without breaks, a piece costs what the line's quantity does.
    singleAudPrice: fields.audPrice ?? null,
    singleCnyPrice: fields.cnyPrice ?? null,
    priceBreaks: [],
    breaksMixed: false,
    ...fields,
  };
}
