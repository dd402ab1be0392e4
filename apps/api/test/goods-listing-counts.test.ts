import { OrderPaths, SkuStatus } from '@shop/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goods, skus } from '../src/db/schema';
import { countGoods, listGoodsPage } from '../src/modules/catalogue/catalogue.listing.repository';
import {
  addToCart,
  type CheckoutTestApp,
  createCheckoutTestApp,
  newMember,
  orderForPickup,
} from './support/checkout-helpers';
import { envelope, ownDatabaseUrl, post } from './support/test-app';
import { twoTransactionsAtOnce } from './support/two-transactions';

/**
 * Each product's counts of SKUs for sale and purchasable (migration 0021), which the goods lists filter and sort
 * by: kept by triggers on skus for every kind of change, whoever makes it.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let c: CheckoutTestApp;
beforeAll(async () => {
  c = await createCheckoutTestApp();
});
afterAll(async () => {
  await c?.t.close();
});

/** The products whose counts differ from what their SKUs say now (none, when the triggers did their work). */
async function countsOff(): Promise<unknown[]> {
  const result = (await c.t.database.db.execute(sql`
    select g.id, g.skus_for_sale, g.skus_purchasable, coalesce(s.for_sale, 0) as for_sale,
      coalesce(s.purchasable, 0) as purchasable
    from ${goods} g left join (
      select goods_id,
        count(*) filter (where status <> ${SkuStatus.NotForSale})::int as for_sale,
        count(*) filter (where status in (${SkuStatus.ByBook}, ${SkuStatus.InStock})
          or (status = ${SkuStatus.ByStock} and stock > 0))::int as purchasable
      from ${skus} group by goods_id
    ) s on s.goods_id = g.id
    where g.skus_for_sale <> coalesce(s.for_sale, 0) or g.skus_purchasable <> coalesce(s.purchasable, 0)`)) as unknown as {
    rows: unknown[];
  };
  return result.rows;
}

async function countsOf(goodsId: number) {
  const [row] = await c.t.database.db
    .select({ forSale: goods.skusForSale, purchasable: goods.skusPurchasable })
    .from(goods)
    .where(eq(goods.id, goodsId));
  return row;
}

async function goodsOfSku(skuId: number): Promise<number> {
  const [row] = await c.t.database.db.select({ goodsId: skus.goodsId }).from(skus).where(eq(skus.id, skuId));
  return row?.goodsId ?? 0;
}

describe('goods listing counts', () => {
  it('are right for every product once the catalogue is written', async () => {
    expect(await countsOff()).toEqual([]);
    // Blackmores fish oil: a ByStock SKU with 10 units and a ByBook one, both for sale and purchasable.
    expect(await countsOf(await goodsOfSku(c.sku.fishOil400))).toEqual({ forSale: 2, purchasable: 2 });
  });

  it('follow an order taking the last unit of a ByStock SKU and its cancellation giving it back', async () => {
    const { db } = c.t.database;
    const fish = await goodsOfSku(c.sku.fishOil400);
    await db.update(skus).set({ stock: 1 }).where(eq(skus.id, c.sku.fishOil400));
    expect(await countsOf(fish)).toEqual({ forSale: 2, purchasable: 2 });

    const m = await newMember(c.t);
    await addToCart(c.t, m.token, [[c.sku.fishOil400, 1]]);
    const created = envelope<{ orderId: number }>(await orderForPickup(c.t, m.token));
    expect(created.success, created.message).toBe(true);
    expect(await countsOf(fish)).toEqual({ forSale: 2, purchasable: 1 });

    const cancelled = envelope(await post(c.t.app, OrderPaths.cancel, { id: created.data.orderId }, m.token));
    expect(cancelled.success, cancelled.message).toBe(true);
    expect(await countsOf(fish)).toEqual({ forSale: 2, purchasable: 2 });
    expect(await countsOff()).toEqual([]);
  });

  it('follow SKUs changed by hand in SQL: status, stock, a SKU moved, added and removed', async () => {
    const { db } = c.t.database;
    const fish = await goodsOfSku(c.sku.fishOil400);
    const rice = await goodsOfSku(c.sku.rice);
    const riceBefore = await countsOf(rice);
    await db.execute(sql`update skus set status = ${SkuStatus.NotForSale} where goods_id = ${fish}`);
    expect(await countsOf(fish)).toEqual({ forSale: 0, purchasable: 0 });
    await db.execute(
      sql`update skus set status = ${SkuStatus.ByStock}, stock = 0 where id = ${c.sku.fishOil400}`,
    );
    expect(await countsOf(fish)).toEqual({ forSale: 1, purchasable: 0 });
    await db.execute(sql`update skus set stock = 5 where id = ${c.sku.fishOil400}`);
    expect(await countsOf(fish)).toEqual({ forSale: 1, purchasable: 1 });

    // Moved to the rice product: taken off one, added to the other, in one statement.
    await db.execute(sql`update skus set goods_id = ${rice} where id = ${c.sku.fishOil400}`);
    expect(await countsOf(fish)).toEqual({ forSale: 0, purchasable: 0 });
    expect(await countsOf(rice)).toEqual({
      forSale: (riceBefore?.forSale ?? 0) + 1,
      purchasable: (riceBefore?.purchasable ?? 0) + 1,
    });
    await db.execute(sql`update skus set goods_id = ${fish} where id = ${c.sku.fishOil400}`);

    const [added] = await db
      .insert(skus)
      .values([
        { goodsId: fish, code: 'BLK-NEW-1', name: '新', property: {}, status: SkuStatus.InStock, stock: 0 },
        { goodsId: fish, code: 'BLK-NEW-2', name: '新', property: {}, status: SkuStatus.OutStock, stock: 0 },
      ])
      .returning({ id: skus.id });
    expect(await countsOf(fish)).toEqual({ forSale: 3, purchasable: 2 });
    await db.execute(sql`delete from skus where id = ${added?.id ?? 0}`);
    expect(await countsOf(fish)).toEqual({ forSale: 2, purchasable: 1 });
    expect(await countsOff()).toEqual([]);
  });

  it('take a product off the goods list when its last SKU for sale goes, and back when one returns', async () => {
    const { db } = c.t.database;
    const rice = await goodsOfSku(c.sku.rice);
    // Read without the catalogue's cache, which hears of the change a few milliseconds after it.
    const listed = async () => {
      const page = await listGoodsPage(
        db,
        { keywords: [] },
        { by: 'Comprehensive' },
        { limit: 100, offset: 0 },
      );
      const count = await countGoods(db, { keywords: [] });
      expect(count).toBe(page.length);
      return page.some((item) => item.id === rice);
    };
    expect(await listed()).toBe(true);
    await db.execute(sql`update skus set status = ${SkuStatus.NotForSale} where goods_id = ${rice}`);
    expect(await listed()).toBe(false);
    await db.execute(sql`update skus set status = ${SkuStatus.InStock} where goods_id = ${rice}`);
    expect(await listed()).toBe(true);
  });

  it.runIf(onPostgres)('add up when two transactions sell out SKUs of one product at once', async () => {
    const { db } = c.t.database;
    const fish = await goodsOfSku(c.sku.fishOil400);
    // The product's two SKUs sold by stock, 3 units each; any other of its SKUs not for sale.
    await db.execute(sql`update skus set status = case when id in (${c.sku.fishOil400}, ${c.sku.fishOil200})
        then ${SkuStatus.ByStock}::smallint else ${SkuStatus.NotForSale}::smallint end, stock = 3 where goods_id = ${fish}`);
    expect(await countsOf(fish)).toEqual({ forSale: 2, purchasable: 2 });
    const url = await ownDatabaseUrl(c.t);
    // Each sells out one of the two SKUs. The second's count waits on the product's row for the first to
    // commit, then adds to what the first left, not to what it saw when its statement began.
    await twoTransactionsAtOnce(
      url,
      ['update skus set stock = 0 where id = $1', [c.sku.fishOil400]],
      ['update skus set stock = 0 where id = $1', [c.sku.fishOil200]],
    );
    expect(await countsOf(fish)).toEqual({ forSale: 2, purchasable: 0 });
    expect(await countsOff()).toEqual([]);
  });

  it('are all zero after the SKUs are truncated', async () => {
    await c.t.database.db.execute(sql`truncate skus cascade`);
    const nonZero = (await c.t.database.db.execute(
      sql`select count(*)::int as n from goods where skus_for_sale <> 0 or skus_purchasable <> 0`,
    )) as unknown as { rows: { n: number }[] };
    expect(nonZero.rows[0]?.n).toBe(0);
  });
});
