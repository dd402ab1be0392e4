import type { CartService, RepurchaseResult } from '../modules/cart';
import type { OrderService } from '../modules/order';
import type { AuthContext } from '../plugins/auth';

export const RepurchaseMessages = {
  none: '订单中的商品已售罄或暂时无法购买，未加入购物车',
  added: '已加入购物车',
  partly: (missing: string) => `已加入购物车；以下商品暂时无法购买：${missing}`,
} as const;

export interface RepurchaseDeps {
  orders: Pick<OrderService, 'itemsToBuyAgain'>;
  cart: Pick<CartService, 'repurchaseItems'>;
}

export type RepurchaseFlow = ReturnType<typeof createRepurchaseFlow>;

/**
 * Buy again (spec §7 cart repurchase/, §8 'buy again'): the goods of the member's order, gifts aside, go back
 * into the cart; what cannot be bought now is named in the message. Goods sold out are an answer, not a failed
 * call (spec §7: success with what was done): nothing added is `ids: []` with the reasons, and the page says so.
 */
export function createRepurchaseFlow({ orders, cart }: RepurchaseDeps) {
  return {
    async repurchase(
      auth: AuthContext,
      orderId: number,
    ): Promise<{ result: RepurchaseResult; message: string }> {
      const result = await cart.repurchaseItems(auth, await orders.itemsToBuyAgain(auth, orderId));
      const missing = result.unavailable.map((u) => `${u.name}（${u.reason}）`).join('、');
      if (result.ids.length === 0)
        return {
          result,
          message: missing ? `${RepurchaseMessages.none}：${missing}` : RepurchaseMessages.none,
        };
      return { result, message: missing ? RepurchaseMessages.partly(missing) : RepurchaseMessages.added };
    },
  };
}
