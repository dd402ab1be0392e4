import { OrderStatus } from '@shop/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, skus } from '../src/db/schema';
import { cliActor } from '../src/lib/audit';
import { type CheckoutTestApp, createCheckoutTestApp, newMember } from './support/checkout-helpers';
import { insertOrder, stockOf } from './support/order-fixtures';

// PGlite runs one query at a time and would hide a race (docs/conventions.md 'Tests'): real PostgreSQL only.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)(
  'pre-orders served while stock arrives and orders are cancelled in parallel on PostgreSQL (skipped: TEST_DATABASE_URL is not set)',
  { timeout: 120_000 },
  () => {
    let c: CheckoutTestApp;
    beforeAll(async () => {
      c = await createCheckoutTestApp();
    }, 120_000);
    afterAll(async () => {
      await c?.t.close();
    });

    it('12 arrivals of one piece and 4 cancellations at once: no piece is lost or given twice, oldest first', async () => {
      const db = c.t.database.db;
      const fish = c.sku.fishOil200;
      await db.update(skus).set({ stock: 0 }).where(eq(skus.id, fish));
      const m = await newMember(c.t);
      const waiting = [];
      for (let i = 0; i < 10; i += 1)
        waiting.push(
          await insertOrder(db, {
            memberId: m.memberId,
            status: OrderStatus.NotPaid,
            items: [{ skuId: fish, qty: 2, waiting: 2, unitPrice: 15800 }],
          }),
        );
      const cancelled = [waiting[1], waiting[4], waiting[7], waiting[9]].map((o) => o?.id ?? 0);
      const cancel = (id: number) =>
        c.t.app.services.cancelOrder.cancel({ memberId: m.memberId, tokenId: 0 }, id);

      await Promise.all([
        ...Array.from({ length: 12 }, () =>
          c.t.app.services.inventory.changeStock('S-BLK-1-200', { add: 1 }, { reason: '到货' }),
        ),
        ...cancelled.map(cancel),
      ]);
      // A serving that lost a race to another leaves nothing behind: one more finds nothing or serves the rest.
      await c.t.app.services.servePreOrders.serve(cliActor());

      const open = await db
        .select({
          orderId: orderItems.orderId,
          qty: orderItems.qty,
          reserved: orderItems.reservedQty,
          waiting: orderItems.waiting,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(eq(orderItems.skuId, fish), ne(orders.status, OrderStatus.Cancelled)))
        .orderBy(orderItems.orderId);
      const gone = await db
        .select({ reserved: sql<number>`coalesce(sum(${orderItems.reservedQty}), 0)::int` })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(eq(orderItems.skuId, fish), eq(orders.status, OrderStatus.Cancelled)));
      const stock = await stockOf(db, fish);
      // Every piece that arrived is in stock or reserved by an open order; a cancelled order holds none.
      expect(Number(gone[0]?.reserved ?? 0)).toBe(0);
      expect(stock + open.reduce((n, l) => n + l.reserved, 0)).toBe(12);
      for (const l of open) expect(l.reserved + l.waiting).toBe(l.qty);
      // Six open orders wait for 12 pieces: all served, nothing left over in stock.
      expect(open).toHaveLength(6);
      expect(open.every((l) => l.waiting === 0)).toBe(true);
      expect(stock).toBe(0);
    });

    it('stock short of what is waited for goes to the oldest orders first', async () => {
      const db = c.t.database.db;
      const fish = c.sku.fishOil200;
      await db.update(skus).set({ stock: 0 }).where(eq(skus.id, fish));
      const m = await newMember(c.t);
      const made = [];
      for (let i = 0; i < 6; i += 1)
        made.push(
          await insertOrder(db, {
            memberId: m.memberId,
            status: OrderStatus.Paid,
            items: [{ skuId: fish, qty: 1, waiting: 1, unitPrice: 15800 }],
          }),
        );
      await Promise.all(
        Array.from({ length: 4 }, () =>
          c.t.app.services.inventory.changeStock('S-BLK-1-200', { add: 1 }, { reason: '到货' }),
        ),
      );
      await c.t.app.services.servePreOrders.serve(cliActor());
      const rows = await db
        .select({ orderId: orderItems.orderId, waiting: orderItems.waiting })
        .from(orderItems)
        .where(
          sql`${orderItems.orderId} in (${sql.join(
            made.map((o) => sql`${o.id}`),
            sql`, `,
          )})`,
        )
        .orderBy(orderItems.orderId);
      expect(rows.map((r) => r.waiting)).toEqual([0, 0, 0, 0, 1, 1]);
      expect(await stockOf(db, fish)).toBe(0);
    });
  },
);
