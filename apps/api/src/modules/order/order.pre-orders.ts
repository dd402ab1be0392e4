import { OrderStatus } from '@shop/domain';
import { and, asc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderItems, orders } from '../../db/schema';

/**
 * The order module's side of pre-orders (issue #39 '预订'): the lines of ByBook goods ordered beyond stock wait
 * (`order_items.waiting`) until stock arrives; workflows/serve-pre-orders.ts serves them first come first served.
 * Cancelled orders wait for nothing.
 */

/** A waiting line as the serving reads it, under its order's lock: oldest order first, then the line's id. */
export interface WaitingLine {
  itemId: number;
  orderId: number;
  orderNo: string;
  memberId: number;
  skuId: number;
  name: string;
  waiting: number;
}

const open = ne(orders.status, OrderStatus.Cancelled);

export type OrderPreOrders = ReturnType<typeof createOrderPreOrders>;

export function createOrderPreOrders() {
  return {
    /** The SKUs some open order waits for, of `skuIds` (all of them when absent). */
    async waitingSkus(db: Database, skuIds?: readonly number[]): Promise<number[]> {
      if (skuIds?.length === 0) return [];
      const rows = await db
        .selectDistinct({ skuId: orderItems.skuId })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(
          and(gt(orderItems.waiting, 0), open, skuIds ? inArray(orderItems.skuId, [...skuIds]) : undefined),
        )
        .orderBy(asc(orderItems.skuId));
      return rows.map((r) => r.skuId);
    },

    /** The open orders waiting for any of these SKUs, oldest first (their ids rise with time). */
    async waitingOrders(db: Database, skuIds: readonly number[]): Promise<number[]> {
      if (skuIds.length === 0) return [];
      const rows = await db
        .selectDistinct({ orderId: orderItems.orderId })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(gt(orderItems.waiting, 0), open, inArray(orderItems.skuId, [...skuIds])))
        .orderBy(asc(orderItems.orderId));
      return rows.map((r) => r.orderId);
    },

    /**
     * Locks these orders in id order (as every writer of several orders takes them, before any SKU), then reads
     * their lines still waiting for these SKUs, oldest order first: a cancellation that came first leaves its
     * order out, one that comes later waits for this serving and gives back what it reserved.
     */
    async lockWaiting(
      tx: Database,
      orderIds: readonly number[],
      skuIds: readonly number[],
    ): Promise<WaitingLine[]> {
      if (orderIds.length === 0) return [];
      await tx
        .select({ id: orders.id })
        .from(orders)
        .where(inArray(orders.id, [...orderIds]))
        .orderBy(asc(orders.id))
        .for('update');
      return tx
        .select({
          itemId: orderItems.id,
          orderId: orders.id,
          orderNo: orders.orderNo,
          memberId: orders.memberId,
          skuId: orderItems.skuId,
          name: sql<string>`coalesce(nullif(${orderItems.skuName}, ''), ${orderItems.name})`,
          waiting: orderItems.waiting,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(
          and(
            inArray(orderItems.orderId, [...orderIds]),
            inArray(orderItems.skuId, [...skuIds]),
            gt(orderItems.waiting, 0),
            open,
          ),
        )
        .orderBy(asc(orders.id), asc(orderItems.id));
    },

    /** Pieces of waiting lines served from stock, under their orders' locks: waiting down, reserved up. */
    async serve(tx: Database, served: readonly { itemId: number; qty: number }[]): Promise<void> {
      for (const s of served)
        await tx
          .update(orderItems)
          .set({
            waiting: sql`${orderItems.waiting} - ${s.qty}`,
            reservedQty: sql`${orderItems.reservedQty} + ${s.qty}`,
          })
          .where(and(eq(orderItems.id, s.itemId), sql`${orderItems.waiting} >= ${s.qty}`));
    },

    /** The pieces each of these orders still waits for (0 when everything arrived). */
    async waitingLeft(tx: Database, orderIds: readonly number[]): Promise<Map<number, number>> {
      const left = new Map(orderIds.map((id) => [id, 0]));
      if (orderIds.length === 0) return left;
      const rows = await tx
        .select({ orderId: orderItems.orderId, waiting: sql<number>`sum(${orderItems.waiting})::int` })
        .from(orderItems)
        .where(and(inArray(orderItems.orderId, [...orderIds]), gt(orderItems.waiting, 0)))
        .groupBy(orderItems.orderId);
      for (const r of rows) left.set(r.orderId, Number(r.waiting));
      return left;
    },
  };
}
