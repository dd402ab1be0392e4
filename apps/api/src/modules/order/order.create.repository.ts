import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderItems, orderPacks, orders } from '../../db/schema';

/** Writes of order creation (spec §7 createdOrder/): the order, its packs and its items. */

export type NewOrder = typeof orders.$inferInsert;
export type NewPack = typeof orderPacks.$inferInsert;
export type NewItem = typeof orderItems.$inferInsert;

/** The member's order of one checkout attempt, or null. */
export async function findByRequest(
  db: Database,
  memberId: number,
  requestId: string,
): Promise<{ id: number; orderNo: string; status: number; currency: string; totalAmount: number } | null> {
  const rows = await db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      status: orders.status,
      currency: orders.currency,
      totalAmount: orders.totalAmount,
    })
    .from(orders)
    .where(and(eq(orders.memberId, memberId), eq(orders.requestId, requestId)))
    .limit(1);
  return rows[0] ?? null;
}

/** The next order id, taken before the insert so the order number can carry it. */
export async function nextOrderId(db: Database): Promise<number> {
  const result = (await db.execute(
    sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id`,
  )) as unknown as { rows: { id: number }[] };
  const id = result.rows[0]?.id;
  if (id === undefined) throw new Error('no order id from the sequence');
  return Number(id);
}

export async function insertOrder(db: Database, order: NewOrder): Promise<void> {
  await db.insert(orders).values(order);
}

/** Inserts the packs and returns their ids by pack index. */
export async function insertPacks(db: Database, packs: readonly NewPack[]): Promise<Map<number, number>> {
  if (packs.length === 0) return new Map();
  const rows = await db
    .insert(orderPacks)
    .values([...packs])
    .returning({ id: orderPacks.id, packIndex: orderPacks.packIndex });
  return new Map(rows.map((r) => [r.packIndex, r.id]));
}

export async function insertItems(db: Database, items: readonly NewItem[]): Promise<void> {
  if (items.length > 0) await db.insert(orderItems).values([...items]);
}
