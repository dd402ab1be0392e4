import { OrderPaths, SkuStatus } from '@shop/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skus } from '../src/db/schema';
import { listGoodsPage } from '../src/modules/catalogue/catalogue.listing.repository';
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
 * The goods lists' Price sort keys (migration 0022): each listed product's price at each priced level, kept by
 * triggers on skus, sku_prices and exchange_rates for every kind of change, whoever makes it. Every test compares
 * the whole table with the rule worked out here from the SKUs and prices, one scalar lookup at a time.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let c: CheckoutTestApp;
beforeAll(async () => {
  c = await createCheckoutTestApp();
});
afterAll(async () => {
  await c?.t.close();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await c.t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * The keys that differ from the rule, either way (none, when the triggers did their work): for each product with
 * a SKU for sale and each level of price_levels, the listed SKU (first purchasable, else first, by sort and id;
 * NotForSale dropped) priced at the level, else at 37, in each currency; the other currency converted at the rate.
 */
async function keysOff(): Promise<unknown[]> {
  return rows(sql`
    with listed as (
      select distinct on (s.goods_id) s.goods_id, s.id
      from skus s where s.status <> ${SkuStatus.NotForSale}
      order by s.goods_id,
        (s.status in (${SkuStatus.ByBook}, ${SkuStatus.InStock}) or (s.status = ${SkuStatus.ByStock} and s.stock > 0)) desc,
        s.sort, s.id
    ),
    priced as (
      select v.level, l.goods_id,
        coalesce(
          (select p.amount from sku_prices p where p.sku_id = l.id and p.level = v.level and p.currency = 'AUD'),
          (select p.amount from sku_prices p where p.sku_id = l.id and p.level = 37 and p.currency = 'AUD')) as aud,
        coalesce(
          (select p.amount from sku_prices p where p.sku_id = l.id and p.level = v.level and p.currency = 'CNY'),
          (select p.amount from sku_prices p where p.sku_id = l.id and p.level = 37 and p.currency = 'CNY')) as cny
      from listed l cross join price_levels v
    ),
    want as (
      select w.*, coalesce(w.aud, round(w.cny / r.rate))::bigint as sort_aud,
        coalesce(w.cny, round(w.aud * r.rate))::bigint as sort_cny
      from priced w
      left join exchange_rates r on r.base = 'AUD' and r.quote = 'CNY'
    )
    select w.level as want_level, w.goods_id as want_goods, w.aud as want_aud, w.cny as want_cny,
      w.sort_aud as want_sort_aud, w.sort_cny as want_sort_cny, k.*
    from want w full join goods_price_keys k on k.level = w.level and k.goods_id = w.goods_id
    where w.goods_id is null or k.goods_id is null
      or (w.aud, w.cny, w.sort_aud, w.sort_cny) is distinct from (k.aud, k.cny, k.sort_aud, k.sort_cny)`);
}

async function keyOf(goodsId: number, level = 37) {
  const [row] = await rows<{ aud: string | null; cny: string | null; sort_cny: string | null }>(
    sql`select aud, cny, sort_cny from goods_price_keys where goods_id = ${goodsId} and level = ${level}`,
  );
  return (
    row && { aud: row.aud === null ? null : Number(row.aud), cny: row.cny === null ? null : Number(row.cny) }
  );
}

async function goodsOfSku(skuId: number): Promise<number> {
  const [row] = await c.t.database.db.select({ goodsId: skus.goodsId }).from(skus).where(eq(skus.id, skuId));
  return row?.goodsId ?? 0;
}

/** The ids of a Price-sorted list at `level`, read from the database (not the catalogue's cache). */
async function priceOrder(level: number, direction: 'ASC' | 'DESC', currency: 'AUD' | 'CNY' = 'CNY') {
  const page = await listGoodsPage(
    c.t.database.db,
    { keywords: [] },
    { by: 'Price', level, direction, currency },
    { limit: 100, offset: 0 },
  );
  return page.map((item) => item.id);
}

describe('goods Price sort keys', () => {
  it('are right for every product and priced level once the catalogue is written', async () => {
    expect(await keysOff()).toEqual([]);
    const levels = await rows<{ level: number }>(sql`select level from price_levels order by level`);
    expect(levels.map((l) => l.level)).toEqual([37, 38]);
    // Blackmores fish oil lists its ByStock 400 SKU, priced in AUD only: 35.00 at 37, 31.00 at 38.
    const fish = await goodsOfSku(c.sku.fishOil400);
    expect(await keyOf(fish)).toEqual({ aud: 3500, cny: null });
    expect(await keyOf(fish, 38)).toEqual({ aud: 3100, cny: null });
  });

  it('follow an order taking the last unit of the listed SKU, and its cancellation', async () => {
    const { db } = c.t.database;
    const fish = await goodsOfSku(c.sku.fishOil400);
    await db.update(skus).set({ stock: 1 }).where(eq(skus.id, c.sku.fishOil400));
    const m = await newMember(c.t);
    await addToCart(c.t, m.token, [[c.sku.fishOil400, 1]]);
    const created = envelope<{ orderId: number }>(await orderForPickup(c.t, m.token));
    expect(created.success, created.message).toBe(true);
    // The ByBook 200 SKU is listed now: CNY 158.00 only.
    expect(await keyOf(fish)).toEqual({ aud: null, cny: 15800 });
    expect(await keysOff()).toEqual([]);

    const cancelled = envelope(await post(c.t.app, OrderPaths.cancel, { id: created.data.orderId }, m.token));
    expect(cancelled.success, cancelled.message).toBe(true);
    expect(await keyOf(fish)).toEqual({ aud: 3500, cny: null });
    expect(await keysOff()).toEqual([]);
  });

  it('follow SKUs and prices changed by hand in SQL', async () => {
    const { db } = c.t.database;
    const fish = await goodsOfSku(c.sku.fishOil400);
    const rice = await goodsOfSku(c.sku.rice);
    const changes = [
      sql`update skus set sort = 5 where id = ${c.sku.fishOil400}`,
      sql`update skus set status = ${SkuStatus.NotForSale} where goods_id = ${fish}`,
      sql`update skus set status = ${SkuStatus.ByStock}, stock = 0 where goods_id = ${fish}`,
      sql`update skus set stock = 2 where id = ${c.sku.fishOil200}`,
      sql`update skus set goods_id = ${rice}, sort = -1 where id = ${c.sku.fishOil200}`,
      sql`update skus set goods_id = ${fish}, sort = 0 where id = ${c.sku.fishOil200}`,
      sql`update skus set sort = 0 where id = ${c.sku.fishOil400}`,
      sql`update sku_prices set amount = amount + 100 where sku_id = ${c.sku.fishOil400}`,
      sql`insert into sku_prices (sku_id, level, currency, amount) values (${c.sku.fishOil400}, 37, 'CNY', 17000)`,
      sql`delete from sku_prices where sku_id = ${c.sku.fishOil400} and currency = 'CNY'`,
      sql`update skus set status = ${SkuStatus.InStock} where goods_id = ${fish}`,
    ];
    for (const change of changes) {
      await db.execute(change);
      expect(await keysOff(), String(change.queryChunks[0])).toEqual([]);
    }
    const [added] = await db
      .insert(skus)
      .values({
        goodsId: fish,
        code: 'BLK-KEY-1',
        name: '新',
        property: {},
        status: SkuStatus.InStock,
        sort: -5,
      })
      .returning({ id: skus.id });
    const newSku = added?.id ?? 0;
    // Listed first (sort -5) but without a price yet: the product's key is empty until the SKU is priced.
    expect(await keyOf(fish)).toEqual({ aud: null, cny: null });
    await db.execute(
      sql`insert into sku_prices (sku_id, level, currency, amount) values (${newSku}, 37, 'AUD', 1200), (${newSku}, 37, 'CNY', 5600)`,
    );
    expect(await keyOf(fish)).toEqual({ aud: 1200, cny: 5600 });
    await db.execute(sql`delete from skus where id = ${newSku}`);
    expect(await keysOff()).toEqual([]);
  });

  it('give a level priced for the first time keys for every product, sorted at that level', async () => {
    const { db } = c.t.database;
    const fish = await goodsOfSku(c.sku.fishOil400);
    // Only the fish oil is priced at level 41, cheaper than anything: first at 41, where it was not at 37.
    await db.execute(
      sql`insert into sku_prices (sku_id, level, currency, amount) values (${c.sku.fishOil400}, 41, 'CNY', 1)`,
    );
    expect(await keysOff()).toEqual([]);
    const at41 = await rows<{ n: number }>(
      sql`select count(*)::int as n from goods_price_keys where level = 41`,
    );
    const listed = await rows<{ n: number }>(
      sql`select count(*)::int as n from goods where skus_for_sale > 0`,
    );
    expect(at41[0]?.n).toBe(listed[0]?.n);
    expect((await priceOrder(41, 'ASC'))[0]).toBe(fish);
    expect((await priceOrder(37, 'ASC'))[0]).not.toBe(fish);
    // A level never priced reads the default level's keys.
    expect(await priceOrder(45, 'ASC')).toEqual(await priceOrder(37, 'ASC'));
    expect(await priceOrder(45, 'DESC', 'AUD')).toEqual(await priceOrder(37, 'DESC', 'AUD'));

    // Its last price gone, level 41 stays, keyed at the default level's prices.
    await db.execute(sql`delete from sku_prices where level = 41`);
    expect(await keysOff()).toEqual([]);
    expect(await priceOrder(41, 'ASC')).toEqual(await priceOrder(37, 'ASC'));
  });

  it('convert a price missing in one currency at the rate, and follow the rate', async () => {
    const { db } = c.t.database;
    const fish = await goodsOfSku(c.sku.fishOil400);
    await db.execute(sql`update exchange_rates set rate = 5.0000 where base = 'AUD' and quote = 'CNY'`);
    const [key] = await rows<{ sort_cny: string }>(
      sql`select sort_cny from goods_price_keys where goods_id = ${fish} and level = 37`,
    );
    expect(await keyOf(fish)).toEqual({ aud: 3600, cny: null });
    expect(Number(key?.sort_cny)).toBe(18000);
    expect(await keysOff()).toEqual([]);
    // Without a rate, a price in the other currency cannot be compared: the product goes last both ways.
    await db.execute(sql`delete from exchange_rates where base = 'AUD' and quote = 'CNY'`);
    expect(await keysOff()).toEqual([]);
    expect((await priceOrder(37, 'ASC')).at(-1)).toBe(fish);
    expect((await priceOrder(37, 'DESC')).at(-1)).toBe(fish);
    await db.execute(sql`insert into exchange_rates (base, quote, rate) values ('AUD', 'CNY', 4.7000)`);
    expect(await keysOff()).toEqual([]);
  });

  it.runIf(onPostgres)('follow two transactions reordering SKUs of one product at once', async () => {
    const { db } = c.t.database;
    const fish = await goodsOfSku(c.sku.fishOil400);
    await db.execute(sql`update skus set status = ${SkuStatus.InStock}, sort = 9 where goods_id = ${fish}`);
    await db.execute(sql`update skus set sort = 0 where id = ${c.sku.fishOil400}`);
    await db.execute(sql`update skus set sort = 1 where id = ${c.sku.fishOil200}`);
    expect(await keyOf(fish)).toEqual({ aud: 3600, cny: null });
    const url = await ownDatabaseUrl(c.t);
    // Neither changes the product's counts, so only the refresh's own lock orders them. The first moves the 400
    // SKU behind the 200 one (sort 5 > 1); the second, alone, would keep the 400 one first (0 < 4). It waits
    // on the product's row for the first to commit, then reads what it left: 200 (4) before 400 (5).
    await twoTransactionsAtOnce(
      url,
      ['update skus set sort = 5 where id = $1', [c.sku.fishOil400]],
      ['update skus set sort = 4 where id = $1', [c.sku.fishOil200]],
    );
    expect(await keyOf(fish)).toEqual({ aud: null, cny: 15800 });
    expect(await keysOff()).toEqual([]);
  });

  it('are gone with the SKUs, and empty with the prices, after a truncate', async () => {
    await c.t.database.db.execute(sql`truncate sku_prices`);
    expect(await keysOff()).toEqual([]);
    const priced = await rows<{ n: number }>(
      sql`select count(*)::int as n from goods_price_keys where aud is not null or cny is not null`,
    );
    expect(priced[0]?.n).toBe(0);
    await c.t.database.db.execute(sql`truncate skus cascade`);
    const left = await rows<{ n: number }>(sql`select count(*)::int as n from goods_price_keys`);
    expect(left[0]?.n).toBe(0);
  });
});
