import type { SavedListDetail } from '@shop/domain';
import { paramsError } from '../lib/app-error';
import type { CartService, RepurchaseResult } from '../modules/cart';
import type { OrderService } from '../modules/order';
import type { SavedListService } from '../modules/saved-list';
import type { AuthContext } from '../plugins/auth';

export const SavedListFlowMessages = {
  none: '清单中的商品暂时都无法购买，未加入购物车',
  added: '已加入购物车',
  partly: (missing: string) => `已加入购物车；以下商品暂时无法购买：${missing}`,
  emptyOrder: '订单中没有可存入清单的商品',
  fromOrder: (adjusted: number, skipped: number) =>
    [
      '清单已保存',
      adjusted > 0 ? `${adjusted}种商品的数量已按现在的起订量或每箱件数调整` : '',
      skipped > 0 ? `${skipped}种商品已不存在，未存入` : '',
    ]
      .filter(Boolean)
      .join('；'),
} as const;

export interface SavedListFlowDeps {
  savedLists: Pick<SavedListService, 'linesToBuy' | 'save'>;
  cart: Pick<CartService, 'repurchaseItems'>;
  orders: Pick<OrderService, 'itemsToBuyAgain'>;
}

export type SavedListFlow = ReturnType<typeof createSavedListFlow>;

/** What cannot be bought now, as the message names it: '名称（原因）、…'. */
function missingText(result: RepurchaseResult): string {
  return result.unavailable.map((u) => `${u.name}（${u.reason}）`).join('、');
}

/**
 * Saved lists joined to the cart and the orders (issue #37 part 4): a list goes into the cart as an order is bought
 * again (the cart's repurchase: each line at least the list's quantity as the SKU's rule and stock allow it now,
 * one transaction; what cannot be bought is named), and a list is made of one of the member's orders.
 */
export function createSavedListFlow({ savedLists, cart, orders }: SavedListFlowDeps) {
  return {
    async addToCart(auth: AuthContext, id: number): Promise<{ result: RepurchaseResult; message: string }> {
      const result = await cart.repurchaseItems(auth, await savedLists.linesToBuy(auth, id));
      const missing = missingText(result);
      if (result.ids.length === 0)
        return {
          result,
          message: missing ? `${SavedListFlowMessages.none}：${missing}` : SavedListFlowMessages.none,
        };
      return {
        result,
        message: missing ? SavedListFlowMessages.partly(missing) : SavedListFlowMessages.added,
      };
    },

    /** A list of the goods of one of the member's orders (gifts aside), quantities fitted to today's rules. */
    async fromOrder(
      auth: AuthContext,
      input: { orderId: number; name: string },
    ): Promise<{ list: SavedListDetail; message: string }> {
      const items = await orders.itemsToBuyAgain(auth, input.orderId);
      if (items.length === 0) throw paramsError(SavedListFlowMessages.emptyOrder);
      const saved = await savedLists.save(
        auth,
        { name: input.name, items: items.map(({ skuId, qty }) => ({ skuId, qty })) },
        { fitToRules: true },
      );
      return { list: saved.list, message: SavedListFlowMessages.fromOrder(saved.adjusted, saved.skipped) };
    },
  };
}
