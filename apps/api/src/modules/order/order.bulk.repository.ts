import { asc, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';
import type { OrderRow } from './order.repository';

/** The orders a bulk step names (order.bulk.ts), read or locked by their numbers. */

/** The orders of these numbers that exist, in id order. */
export function findOrdersByNos(db: Database, orderNos: readonly string[]): Promise<OrderRow[]> {
  if (orderNos.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(orders)
    .where(inArray(orders.orderNo, [...orderNos]))
    .orderBy(asc(orders.id));
}

/**
 * Locks the orders of these numbers for the rest of the caller's transaction and reads them as they are now: one
 * statement taking the row locks in id order, the order every writer of several orders takes them in, so two bulk
 * steps over the same orders queue instead of deadlocking.
 */
export function lockOrdersByNos(tx: Database, orderNos: readonly string[]): Promise<OrderRow[]> {
  if (orderNos.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(orders)
    .where(inArray(orders.orderNo, [...orderNos]))
    .orderBy(asc(orders.id))
    .for('update');
}
