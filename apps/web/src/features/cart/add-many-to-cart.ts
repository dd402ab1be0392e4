import { validateCartQuantity, WEBSITE_ID } from '@shop/domain';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';
import { useIsLoggedIn } from '@/lib/session';
import { batchAddCartItems } from './api/batch-add-cart-items';
import { loadCartList } from './api/get-cart-list';
import { type CartProduct, type CartSku, cartSkuRule, guestItemOf } from './cart-item-of';
import { guestCart } from './guest-cart-store';

/** One SKU and its quantity, as the grid hands them over; a sheet of many products names each line's product. */
export interface AddManyLine {
  sku: CartSku;
  qty: number;
  product?: CartProduct;
}

/** A line that could not go into the cart, and why (in the shopper's words). */
export interface RefusedLine extends AddManyLine {
  reason: string;
}

export interface AddManyResult {
  added: AddManyLine[];
  refused: RefusedLine[];
}

/**
 * Why `line` may not be added to what the cart holds of its SKU, or null when it may (spec §4 stock rules; the
 * SKU's quantity rule, ADR 050: the sum must be whole cases within its maximum).
 */
function refusal(line: AddManyLine, inCart: number): string | null {
  const check = validateCartQuantity(inCart + line.qty, line.sku, cartSkuRule(line.sku));
  if (check.ok) return null;
  return inCart > 0 ? `购物车中已有${inCart}件，${check.message}` : check.message;
}

/** The server names the SKU before its reason ('红色围巾 M：库存不足…'); the grid names it already. */
function reasonOf(message: string, sku: CartSku): string {
  const prefix = `${sku.name}：`;
  return message.startsWith(prefix) ? message.slice(prefix.length) : message;
}

/** Splits the lines into those that may be added to the cart as it is and those refused, with the reason. */
function checkLines(lines: readonly AddManyLine[], inCart: (skuId: number) => number) {
  const ok: AddManyLine[] = [];
  const refused: RefusedLine[] = [];
  for (const line of lines) {
    const reason = refusal(line, inCart(line.sku.id));
    if (reason) refused.push({ ...line, reason });
    else ok.push(line);
  }
  return { ok, refused };
}

/**
 * A member's lines through batchAddItems/ (spec §7: a list of skuId, qty, websiteId). That call takes all lines
 * or none, so the lines are checked against the cart first, and a line the server still refuses (it names the
 * SKU: stock taken meanwhile) is set aside with the server's reason and the rest sent again. A refusal that names
 * no SKU (the cart is full) or a failed call is thrown for the shared handler to show.
 */
async function addForMember(queryClient: QueryClient, lines: readonly AddManyLine[]): Promise<AddManyResult> {
  const cart = await loadCartList(queryClient, { refresh: true });
  const held = new Map(cart.data.map((l) => [l.skuId, l.qty]));
  const { ok, refused } = checkLines(lines, (skuId) => held.get(skuId) ?? 0);
  let pending = ok;
  while (pending.length > 0) {
    try {
      await batchAddCartItems(pending.map((l) => ({ skuId: l.sku.id, qty: l.qty, websiteId: WEBSITE_ID })));
      break;
    } catch (error) {
      const skuId = isApiError(error)
        ? (error.data as { skuId?: unknown } | null | undefined)?.skuId
        : undefined;
      const line = pending.find((l) => l.sku.id === skuId);
      if (!line || !isApiError(error)) throw error;
      refused.push({ ...line, reason: reasonOf(error.message, line.sku) });
      pending = pending.filter((l) => l !== line);
    }
  }
  await loadCartList(queryClient, { refresh: true }).catch(() => undefined);
  return { added: pending, refused };
}

/**
 * A visitor's lines into the local cart (spec §4 'Guest cart'), each checked with what the cart holds of it, in
 * one change of the cart. A line's own product wins over the one of the grid.
 */
function addForGuest(product: CartProduct | undefined, lines: readonly AddManyLine[]): AddManyResult {
  const cart = guestCart.get();
  const { ok, refused } = checkLines(lines, (skuId) => cart.data.find((l) => l.skuId === skuId)?.qty ?? 0);
  const items = ok.flatMap((l) => {
    const of = l.product ?? product;
    return of ? [guestItemOf(of, l.sku, l.qty)] : [];
  });
  if (items.length > 0) guestCart.addMany(items);
  return { added: ok, refused };
}

/**
 * Puts several SKUs into the cart at once (wholesale buyers order a product's grid, or a sheet of many products,
 * in one go): a visitor's local cart or the member's server cart. Answers which lines went in and which did not,
 * and why.
 */
export function useAddManyToCart() {
  const loggedIn = useIsLoggedIn();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ product, lines }: { product?: CartProduct; lines: readonly AddManyLine[] }) =>
      loggedIn ? addForMember(queryClient, lines) : addForGuest(product, lines),
  });
}
