import type { Database } from '../db/client';
import type { CatalogueService } from '../modules/catalogue/catalogue.service';
import type { OrderService, OrderStateChange } from '../modules/order/order.service';
import type { AuthContext } from '../plugins/auth';

export interface CancelOrderDeps {
  db: Database;
  orders: Pick<OrderService, 'cancelUnpaid'>;
  /** Stock and sales counts belong to the catalogue. */
  catalogue: Pick<CatalogueService, 'returnStock' | 'removeSales' | 'catalogueChanged'>;
}

export type CancelOrderFlow = ReturnType<typeof createCancelOrderFlow>;

/**
 * A member cancels an order before payment (spec §7 cancel/, §4 'Order actions'; DESIGN.md 'Stock and orders'):
 * in one transaction the order and its packs become Cancelled, each item's reserved stock goes back and the
 * goods' sales counts drop by what the order added. A repeated cancel releases nothing twice.
 */
export function createCancelOrderFlow({ db, orders, catalogue }: CancelOrderDeps) {
  return {
    async cancel(auth: AuthContext, id: number): Promise<OrderStateChange> {
      const change = await db.transaction(async (tx) => {
        const { change, released } = await orders.cancelUnpaid(tx, auth, id);
        if (released) {
          await catalogue.returnStock(released.stock, tx);
          await catalogue.removeSales(released.sales, tx);
        }
        return change;
      });
      // The stock given back is committed: the goods exports must show it (see catalogueChanged).
      if (change.changed) await catalogue.catalogueChanged();
      return change;
    },
  };
}
