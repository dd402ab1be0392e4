import { randomUUID } from 'node:crypto';
import { CartPaths, OrderPaths, ResultCode, SkuStatus } from '@shop/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartLines, orderItems, orders, skus } from '../src/db/schema';
import {
  addToCart,
  type CheckoutTestApp,
  createCheckoutTestApp,
  newMember,
} from './support/checkout-helpers';
import { envelope, post } from './support/test-app';

// PGlite runs one query at a time and would hide a race (docs/conventions.md 'Tests'): real PostgreSQL only.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)(
  'order creation races on PostgreSQL (skipped: TEST_DATABASE_URL is not set)',
  () => {
    let c: CheckoutTestApp;
    beforeAll(async () => {
      c = await createCheckoutTestApp();
    });
    afterAll(async () => {
      await c?.t.close();
    });

    it('50 members ordering the last 10 units at once: exactly 10 orders, stock 0, the rest told 库存不足', async () => {
      const skuId = c.sku.fishOil400;
      await c.t.database.db.update(skus).set({ stock: 10 }).where(eq(skus.id, skuId));
      const members = [];
      for (let i = 0; i < 50; i += 1) {
        const m = await newMember(c.t);
        await addToCart(c.t, m.token, [[skuId, 1]]);
        members.push(m);
      }
      const results = await Promise.all(
        members.map((m) =>
          post(
            c.t.app,
            OrderPaths.create,
            { requestId: randomUUID(), currency: 'AUD', isPickup: true },
            m.token,
          ),
        ),
      );
      const won = results.filter((r) => envelope(r).success);
      const lost = results.filter((r) => !envelope(r).success);
      expect(won).toHaveLength(10);
      expect(lost).toHaveLength(40);
      for (const r of lost) {
        expect(r.statusCode).toBe(400);
        expect(envelope(r).resultCode).toBe(ResultCode.ParamsError);
        expect(envelope(r).message).toMatch(/^库存不足：/);
      }
      const [row] = await c.t.database.db.select({ stock: skus.stock }).from(skus).where(eq(skus.id, skuId));
      expect(row?.stock).toBe(0);
      const sold = await c.t.database.db.select().from(orderItems).where(eq(orderItems.skuId, skuId));
      expect(sold.reduce((n, i) => n + i.reservedQty, 0)).toBe(10);
    }, 120_000);

    it('an order holding its SKUs’ row locks keeps no shopper from putting one of them in the cart', async () => {
      const skuId = c.sku.fishOil400;
      const { db } = c.t.database;
      await db.update(skus).set({ stock: 100 }).where(eq(skus.id, skuId));
      const [sku] = await db.select({ goodsId: skus.goodsId }).from(skus).where(eq(skus.id, skuId));
      const shopper = await newMember(c.t);
      const rollback = new Error('rollback');
      let answered: string | undefined;
      await db
        .transaction(async (tx) => {
          // The order's stock statement: the SKU's row stays locked until this transaction ends.
          await c.t.app.services.inventory.reserve(
            [{ skuId, qty: 1, status: SkuStatus.ByStock, label: 'fish oil' }],
            [{ goodsId: sku?.goodsId ?? 0, qty: 1 }],
            tx,
          );
          // The cart line's foreign key takes a key-share lock on the same row: it must not wait for the order.
          answered = await Promise.race([
            post(c.t.app, CartPaths.addItem, { skuId, qty: 1 }, shopper.token).then(
              (r) => envelope(r).message,
            ),
            new Promise<string>((r) => setTimeout(() => r('still waiting after 3 s'), 3_000)),
          ]);
          throw rollback;
        })
        .catch((error) => {
          if (error !== rollback) throw error;
        });
      expect(answered).not.toBe('still waiting after 3 s');
      const [line] = await db
        .select({ qty: cartLines.qty })
        .from(cartLines)
        .where(and(eq(cartLines.memberId, shopper.memberId), eq(cartLines.skuId, skuId)));
      expect(line?.qty).toBe(1);
    });

    it('one member double-submitting with the same requestId at once gets one order', async () => {
      const m = await newMember(c.t);
      await addToCart(c.t, m.token, [[c.sku.aptamil, 2]]);
      const body = { requestId: randomUUID(), currency: 'AUD', isPickup: true };
      const results = await Promise.all(
        Array.from({ length: 8 }, () => post(c.t.app, OrderPaths.create, body, m.token)),
      );
      const ids = new Set(
        results.map((r) => {
          expect(envelope(r).success, envelope(r).message).toBe(true);
          return envelope<{ orderId: number }>(r).data.orderId;
        }),
      );
      expect(ids.size).toBe(1);
      expect(await c.t.database.db.select().from(orders).where(eq(orders.memberId, m.memberId))).toHaveLength(
        1,
      );
    });

    it('two requestIds racing for the same cart lines make one order', async () => {
      const m = await newMember(c.t);
      await addToCart(c.t, m.token, [[c.sku.aptamil, 1]]);
      const results = await Promise.all(
        [1, 2].map(() =>
          post(
            c.t.app,
            OrderPaths.create,
            { requestId: randomUUID(), currency: 'AUD', isPickup: true },
            m.token,
          ),
        ),
      );
      expect(results.filter((r) => envelope(r).success)).toHaveLength(1);
      for (const r of results) expect(r.statusCode).toBeLessThan(500);
      expect(await c.t.database.db.select().from(orders).where(eq(orders.memberId, m.memberId))).toHaveLength(
        1,
      );
    });
    it('orders racing stock adjustments of the same SKU: each refused one is told 库存不足, none answers 500, none oversells', async () => {
      const skuId = c.sku.fishOil400;
      const { db } = c.t.database;
      const [sku] = await db.select({ code: skus.code }).from(skus).where(eq(skus.id, skuId));
      const code = sku?.code ?? '';
      for (let round = 0; round < 4; round += 1) {
        await db.update(skus).set({ stock: 10 }).where(eq(skus.id, skuId));
        const members = [];
        for (let i = 0; i < 25; i += 1) {
          const m = await newMember(c.t);
          await addToCart(c.t, m.token, [[skuId, 1]]);
          members.push(m);
        }
        const changes = Array.from({ length: 10 }, (_, i) =>
          c.t.app.services.inventory
            .changeStock(code, i % 3 === 0 ? { set: 0 } : i % 3 === 1 ? { set: 3 } : { add: -1 })
            .then(
              () => 'ok',
              (error: unknown) => (error instanceof Error ? error.message : String(error)),
            ),
        );
        const results = await Promise.all(
          members.map((m) =>
            post(
              c.t.app,
              OrderPaths.create,
              { requestId: randomUUID(), currency: 'AUD', isPickup: true },
              m.token,
            ),
          ),
        );
        await Promise.all(changes);
        for (const r of results) {
          if (envelope(r).success) continue;
          expect({ status: r.statusCode, message: envelope(r).message }).toMatchObject({
            status: 400,
            message: expect.stringMatching(/^库存不足/),
          });
        }
        const [row] = await db.select({ stock: skus.stock }).from(skus).where(eq(skus.id, skuId));
        expect(row?.stock).toBeGreaterThanOrEqual(0);
      }
    }, 180_000);
  },
);
