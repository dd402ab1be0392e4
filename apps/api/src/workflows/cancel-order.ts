import type { Database } from '../db/client';
import { SYSTEM_ACTOR } from '../lib/audit';
import type { CatalogueService } from '../modules/catalogue';
import { withdrawApproval } from '../modules/company';
import type { InventoryService } from '../modules/inventory';
import type { OrderService, OrderStateChange } from '../modules/order';
import type { AuthContext } from '../plugins/auth';

export interface CancelOrderDeps {
  db: Database;
  orders: Pick<OrderService, 'cancelUnpaid'>;
  /** Stock and sales counts belong to the inventory: a cancel gives the reservation back through it. */
  inventory: Pick<InventoryService, 'returnStock' | 'removeSales' | 'arrived'>;
  /** The goods exports show stock: the catalogue's version moves on once stock came back. */
  catalogue: Pick<CatalogueService, 'catalogueChanged'>;
  /** Closes the order's open trades at their channels once it is cancelled (payment module). */
  closeTrades?: (orderId: number) => Promise<unknown>;
}

export type CancelOrderFlow = ReturnType<typeof createCancelOrderFlow>;

/**
 * A member cancels an order before payment (spec §7 cancel/, §4 'Order actions'; docs/design.md 'Stock and orders'):
 * in one transaction the order and its packs become Cancelled, each item's reserved stock goes back and the
 * goods' sales counts drop by what the order added. A repeated cancel releases nothing twice. Then the order's
 * open trades are closed at their channels.
 */
export function createCancelOrderFlow({ db, orders, inventory, catalogue, closeTrades }: CancelOrderDeps) {
  return {
    async cancel(auth: AuthContext, id: number): Promise<OrderStateChange> {
      const { change, returned } = await db.transaction(async (tx) => {
        const { change, released } = await orders.cancelUnpaid(tx, auth, id);
        if (released) {
          await inventory.returnStock(released.stock, tx);
          await inventory.removeSales(released.sales, tx);
          // A buyer's order waiting for approval (issue #38) no longer waits.
          await withdrawApproval(tx, id);
        }
        return { change, returned: released?.stock.map((s) => s.skuId) ?? [] };
      });
      // The stock given back is committed: the goods exports must show it (see catalogueChanged).
      if (change.changed) {
        await catalogue.catalogueChanged();
        // The order can no longer be paid: its open trades are closed at their channels (after the commit, so a
        // channel that is slow or down never holds the order's lock; a trade it does not close stays pending and,
        // if paid after all, its notify credits the member's deposit).
        if (closeTrades) await closeTrades(id).catch(() => 0);
        // The stock given back serves the pre-orders waiting for it (issue #39).
        await inventory.arrived([...new Set(returned)], SYSTEM_ACTOR);
      }
      return change;
    },
  };
}
