import {
  type CartListResponse,
  CartPaths,
  CataloguePaths,
  type CheckoutSummary,
  Currency,
  type GoodsDetail,
  type GoodsListResponse,
  PromotionMethod,
} from '@shop/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app';
import { postgresHandle } from '../src/db/client';
import { cliActor } from '../src/lib/audit';
import { ReadCache } from '../src/lib/read-cache';
import { CHANGE_WINDOW_MS, listenForCatalogueChanges } from '../src/modules/catalogue/catalogue.cache';
import {
  addToCart,
  type CheckoutTestApp,
  createCheckoutTestApp,
  newMember,
  summary,
} from './support/checkout-helpers';
import { shopOn } from './support/cli';
import { createTestApp, envelope, post, type TestApp, testConfig } from './support/test-app';
import { within } from './support/within';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

async function list(app: App, body: Record<string, unknown> = {}) {
  const res = await post(app, CataloguePaths.goodsList, body);
  expect(res.statusCode).toBe(200);
  return { raw: res.body, data: envelope<GoodsListResponse>(res).data };
}

describe('ReadCache', () => {
  const bytes = (text: string) => Buffer.from(text);

  it('answers nothing from memory until it is trusted, then keeps what it read', async () => {
    const cache = new ReadCache(1024);
    let reads = 0;
    const read = async () => bytes(`read ${++reads}`);
    expect(String(await cache.get('k', read))).toBe('read 1');
    expect(String(await cache.get('k', read))).toBe('read 2');
    cache.trust(true);
    expect(String(await cache.get('k', read))).toBe('read 3');
    expect(String(await cache.get('k', read))).toBe('read 3');
    expect(cache.stats).toMatchObject({ hits: 1, misses: 3, entries: 1, trusted: true });
  });

  it('never keeps a read that was running when the data changed', async () => {
    const cache = new ReadCache(1024);
    cache.trust(true);
    let release: () => void = () => {};
    const slow = cache.get(
      'k',
      () =>
        new Promise<Buffer>((resolve) => {
          release = () => resolve(bytes('old rows'));
        }),
    );
    cache.invalidate();
    release();
    expect(String(await slow)).toBe('old rows');
    expect(String(await cache.get('k', async () => bytes('new rows')))).toBe('new rows');
  });

  it('shares one read among misses of a key that come while it runs, never across a change', async () => {
    const cache = new ReadCache(1024);
    cache.trust(true);
    let reads = 0;
    let release: () => void = () => {};
    const slow = () =>
      new Promise<Buffer>((resolve) => {
        reads += 1;
        const n = reads;
        release = () => resolve(bytes(`read ${n}`));
      });
    const first = cache.get('k', slow);
    const second = cache.get('k', slow);
    expect(reads).toBe(1);
    release();
    expect([String(await first), String(await second)]).toEqual(['read 1', 'read 1']);
    // A change while a read runs: the next miss reads again.
    cache.invalidate();
    const third = cache.get('k', slow);
    cache.invalidate();
    const fourth = cache.get('k', slow);
    expect(reads).toBe(3);
    release();
    await fourth;
    // A failed read fails the misses that shared it, and the next one reads again.
    const failing = cache.get('f', () => Promise.reject(new Error('down')));
    const sharing = cache.get('f', slow);
    await expect(failing).rejects.toThrow('down');
    await expect(sharing).rejects.toThrow('down');
    void third;
  });

  it('runs a lazy read once for every miss that shares it, as a query builder runs its statement on each then', async () => {
    const cache = new ReadCache<string>(1024, (value) => value.length);
    cache.trust(true);
    let runs = 0;
    let release: () => void = () => {};
    // Drizzle's queries are thenables that send their statement again on every `then`, on the connection of the
    // executor they were built on (the first caller's transaction).
    const lazy = () =>
      ({
        // biome-ignore lint/suspicious/noThenProperty: a thenable is what this test is about
        then(onFulfilled: (value: string) => unknown, onRejected?: (reason: unknown) => unknown) {
          runs += 1;
          const run = runs;
          return new Promise<string>((resolve) => {
            release = () => resolve(`run ${run}`);
          }).then(onFulfilled, onRejected);
        },
      }) as unknown as Promise<string>;
    const first = cache.get('rules', lazy);
    const second = cache.get('rules', lazy);
    const third = cache.get('rules', lazy);
    await new Promise((resolve) => setTimeout(resolve, 0));
    release();
    expect(await Promise.all([first, second, third])).toEqual(['run 1', 'run 1', 'run 1']);
    expect(runs).toBe(1);
    // Kept: the next read is from memory, without running it.
    expect(await cache.get('rules', lazy)).toBe('run 1');
    expect(runs).toBe(1);
  });

  it('starts empty and bypassed when it may have missed changes', async () => {
    const cache = new ReadCache(1024);
    cache.trust(true);
    await cache.get('k', async () => bytes('a'));
    cache.trust(false);
    expect(cache.stats.entries).toBe(0);
    expect(String(await cache.get('k', async () => bytes('b')))).toBe('b');
    expect(cache.stats.entries).toBe(0);
  });

  it('keeps to its size, dropping the least recently used', async () => {
    const cache = new ReadCache(10);
    cache.trust(true);
    await cache.get('a', async () => bytes('aaaaa'));
    await cache.get('b', async () => bytes('bbbbb'));
    await cache.get('a', async () => bytes('never'));
    await cache.get('c', async () => bytes('ccccc'));
    expect(cache.stats.entries).toBe(2);
    expect(String(await cache.get('a', async () => bytes('again')))).toBe('aaaaa');
    expect(String(await cache.get('b', async () => bytes('bbbb2')))).toBe('bbbb2');
  });

  it('reads the missing keys of many together, once, and keeps what it found', async () => {
    const cache = new ReadCache<string>(1024, (value) => value.length);
    const asked: string[][] = [];
    const read = async (missing: string[]) => {
      asked.push(missing);
      // 'gone' has no value: it is left out of the answer.
      return new Map(missing.filter((k) => k !== 'gone').map((k) => [k, `${k}@${asked.length}`]));
    };
    // Untrusted: every key is read, nothing kept.
    expect([...(await cache.getMany(['a', 'b'], read))]).toEqual([
      ['a', 'a@1'],
      ['b', 'b@1'],
    ]);
    cache.trust(true);
    await cache.getMany(['a', 'b', 'gone'], read);
    const answer = await cache.getMany(['b', 'c', 'a', 'gone', 'c'], read);
    expect(asked).toEqual([
      ['a', 'b'],
      ['a', 'b', 'gone'],
      ['c', 'gone'],
    ]);
    expect(answer.get('a')).toBe('a@2');
    expect(answer.get('c')).toBe('c@3');
    expect(answer.has('gone')).toBe(false);
    expect(cache.stats).toMatchObject({ entries: 3, trusted: true });
  });

  it('never keeps values of many read while the data changed', async () => {
    const cache = new ReadCache<string>(1024, (value) => value.length);
    cache.trust(true);
    const slow = cache.getMany(['a'], async () => {
      cache.invalidate();
      return new Map([['a', 'old']]);
    });
    expect((await slow).get('a')).toBe('old');
    expect((await cache.getMany(['a'], async () => new Map([['a', 'new']]))).get('a')).toBe('new');
  });
});

describe('catalogue read cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CATALOGUE_CACHE_MB: '8' } });
    // The LISTEN of the cache is in place once the app is ready; on PostgreSQL it is a connection of its own.
    await within(async () => t.app.catalogueCache?.stats.trusted === true);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a repeated read from memory with the same bytes, per price level and body', async () => {
    const cache = t.app.catalogueCache;
    if (!cache) throw new Error('the cache is on');
    const before = cache.stats;
    const first = await list(t.app);
    const again = await list(t.app);
    expect(again.raw).toBe(first.raw);
    const other = await list(t.app, { pageSize: 5 });
    expect(other.data.items).toHaveLength(5);
    const after = cache.stats;
    expect(after.hits - before.hits).toBe(1);
    expect(after.misses - before.misses).toBe(2);
    // Every cached call answers as the contract says.
    for (const [path, body] of [
      [CataloguePaths.catalogList, {}],
      [CataloguePaths.brandList, {}],
      [CataloguePaths.brandByCatalog, {}],
      [CataloguePaths.goodsDetail, { id: first.data.items[0]?.id }],
    ] as const) {
      const a = await post(t.app, path, body);
      const b = await post(t.app, path, body);
      expect(a.statusCode, path).toBe(200);
      expect(a.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(b.body, path).toBe(a.body);
    }
    // A product that is not there is refused every time, never kept.
    const missing = await post(t.app, CataloguePaths.goodsDetail, { id: 987_654 });
    expect(missing.statusCode).toBe(404);
  });

  it('shows a price changed by hand in SQL in the next list within 1 s', async () => {
    const { data } = await list(t.app);
    const sku = data.items[0]?.skus[0];
    if (!sku?.cnyPrice) throw new Error('the demo catalogue has a CNY price on its first SKU');
    const newPrice = sku.cnyPrice + 1;
    await t.database.db.execute(
      sql`update sku_prices set amount = amount + 100 where sku_id = ${sku.id} and currency = 'CNY' and level = 37`,
    );
    const took = await within(async () => {
      const next = (await list(t.app)).data.items[0]?.skus.find((s) => s.id === sku.id);
      return next?.cnyPrice === newPrice;
    });
    expect(took).toBeLessThan(1_000);
  });

  it('hears a stock change made by the command line', async () => {
    const { data } = await list(t.app);
    const sku = data.items[0]?.skus[0];
    if (!sku) throw new Error('no SKU');
    const detail = async () =>
      envelope<GoodsDetail>(await post(t.app, CataloguePaths.goodsDetail, { skuId: sku.id })).data;
    const stock = (await detail()).skus.find((s) => s.id === sku.id)?.stock ?? 0;
    const run = await shopOn(t, 'goods:stock', '--sku', sku.code, '--stock', String(stock + 7));
    expect(run.status, run.stderr).toBe(0);
    const took = await within(
      async () => (await detail()).skus.find((s) => s.id === sku.id)?.stock === stock + 7,
    );
    expect(took).toBeLessThan(1_000);
  });

  it('keeps a page template until it is published again', async () => {
    const home = () => t.app.inject({ method: 'GET', url: `${CataloguePaths.template}basic` });
    const first = await home();
    expect((await home()).body).toBe(first.body);
    await t.database.db.execute(
      sql`update templates set updated_at = now() + interval '1 minute' where name = 'basic'`,
    );
    const took = await within(async () => (await home()).headers.etag !== first.headers.etag);
    expect(took).toBeLessThan(1_000);
  });

  it('shows the receiving bank accounts on the basic template as soon as finance changes them', async () => {
    const basic = () => t.app.inject({ method: 'GET', url: `${CataloguePaths.template}basic` });
    const first = await basic();
    expect((await basic()).body).toBe(first.body);
    const nab = {
      currency: 'AUD',
      bankName: 'NAB',
      accountName: 'Shop Pty Ltd',
      accountNo: '987 654',
    } as const;
    await t.app.services.bankAccounts.save({ items: [nab] }, cliActor('test'));
    const took = await within(async () => (await basic()).body.includes('987 654'));
    expect(took).toBeLessThan(1_000);
  });

  it('forgets nothing that a rolled-back change touched', async () => {
    const first = await list(t.app);
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update goods set name = name || '（改）'`);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect((await list(t.app)).raw).toBe(first.raw);
  });

  describe.runIf(onPostgres)('with two API processes on one PostgreSQL', () => {
    let second: App;
    beforeAll(async () => {
      const result = (await t.database.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      };
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      url.pathname = `/${result.rows[0]?.name}`;
      // Its own pool and its own LISTEN, as another process would have.
      second = await buildApp({
        config: testConfig({ CATALOGUE_CACHE_MB: '8', SEED_DEMO: 'false' }),
        database: postgresHandle(url.toString()),
      });
      await second.ready();
      await within(async () => second.catalogueCache?.stats.trusted === true);
    });
    afterAll(async () => {
      await second?.close();
      await second?.database.close();
    });

    it('shows a stock change made by the command line through the first in the next read of the second within 1 s', async () => {
      const { data } = await list(second);
      const sku = data.items[0]?.skus[0];
      if (!sku) throw new Error('no SKU');
      await list(second);
      expect(second.catalogueCache?.stats.hits).toBeGreaterThan(0);
      const run = await shopOn(t, 'goods:stock', '--sku', sku.code, '--add', '3');
      expect(run.status, run.stderr).toBe(0);
      const took = await within(
        async () =>
          (await list(second)).data.items[0]?.skus.find((s) => s.id === sku.id)?.stock === sku.stock + 3,
      );
      expect(took).toBeLessThan(1_000);
    });

    it('answers from the database while its LISTEN connection is down, and trusts itself again once back', async () => {
      const cache = second.catalogueCache;
      if (!cache) throw new Error('the cache is on');
      await list(second);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        // The listening connections of this database: both apps' (the first one's is heard again too).
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
            where datname = (select datname from pg_stat_activity where pid = $1) and query ilike 'listen %'`,
          [
            (
              (await second.database.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
                rows: { pid: number }[];
              }
            ).rows[0]?.pid,
          ],
        );
      } finally {
        await admin.end();
      }
      await within(async () => !cache.stats.trusted);
      const { data } = await list(second);
      const sku = data.items[0]?.skus[0];
      if (!sku) throw new Error('no SKU');
      await t.database.db.execute(sql`update skus set stock = stock + 1 where id = ${sku.id}`);
      // Not listening: every read goes to the database, so the change is seen at once.
      expect((await list(second)).data.items[0]?.skus.find((s) => s.id === sku.id)?.stock).toBe(
        sku.stock + 1,
      );
      await within(async () => cache.stats.trusted);
      expect(cache.stats.entries).toBe(0);
    });
  });
});

describe('checkout settings in memory', () => {
  let c: CheckoutTestApp;
  let token: string;
  const AUD_CN = { currency: 'AUD', locationCode: 'CN11010200' };
  beforeAll(async () => {
    c = await createCheckoutTestApp({ CATALOGUE_CACHE_MB: '8' });
    await within(async () => c.t.app.services.caches?.checkoutSettings.stats.trusted === true);
    // The setup's own changes come in a stream: the last drop they cause comes at the end of a window.
    await new Promise((resolve) => setTimeout(resolve, CHANGE_WINDOW_MS + 100));
    ({ token } = await newMember(c.t));
    await addToCart(c.t, token, [[c.sku.aptamil, 2]]);
  });
  afterAll(async () => {
    await c?.t.close();
  });

  it('quotes from remembered promotions, couriers and rate, and hears every change of them', async () => {
    const settings = c.t.app.services.caches?.checkoutSettings;
    if (!settings) throw new Error('the cache is on');
    const first = await summary(c.t, token, AUD_CN);
    expect(first.valid, first.notForSaleMsg).toBe(true);
    const hits = settings.stats.hits;
    expect(await summary(c.t, token, AUD_CN)).toEqual(first);
    expect(settings.stats.hits - hits).toBe(5);

    // A promotion started by the console's function: in the next quote.
    const promotion = await c.t.app.services.checkoutAdmin.createPromotion({
      name: '满50减5',
      method: PromotionMethod.AmountOfReduction,
      currency: Currency.AUD,
      threshold: '50.00',
      reduce: '5.00',
    });
    expect(
      await within(async () =>
        (await summary(c.t, token, AUD_CN)).promotions.some((p) => p.id === promotion.id),
      ),
    ).toBeLessThan(1_000);
    // Stopped by hand in SQL: gone from the next quote.
    await c.t.database.db.execute(sql`update promotions set active = false where id = ${promotion.id}`);
    expect(
      await within(
        async () => !(await summary(c.t, token, AUD_CN)).promotions.some((p) => p.id === promotion.id),
      ),
    ).toBeLessThan(1_000);
    // A courier's fee changed by hand.
    const fee = (s: CheckoutSummary) => s.packs[0]?.couriers.find((x) => x.id === c.couriers.aup)?.fee;
    const before = fee(first);
    await c.t.database.db.execute(
      sql`update courier_rules set first_fee = first_fee + 100 where courier_id = ${c.couriers.aup} and location = 1 and currency = 'AUD'`,
    );
    expect(
      await within(async () => fee(await summary(c.t, token, AUD_CN)) === (before ?? 0) + 1),
    ).toBeLessThan(1_000);
  });

  it('shows a cart’s SKUs from memory, and a price changed by hand in the next cart list and summary within 1 s', async () => {
    const offers = c.t.app.services.caches?.skuOffers;
    if (!offers) throw new Error('the cache is on');
    const aptamil = async () =>
      envelope<CartListResponse>(await post(c.t.app, CartPaths.list, {}, token)).data.data.find(
        (l) => l.skuId === c.sku.aptamil,
      );
    const before = (await aptamil())?.audPrice;
    if (before == null) throw new Error('the fixture sells Aptamil in AUD');
    // Quiet: the next lists read the SKUs from memory, with no query of them.
    await new Promise((resolve) => setTimeout(resolve, CHANGE_WINDOW_MS + 100));
    await aptamil();
    const { hits, misses } = offers.stats;
    await aptamil();
    await summary(c.t, token, AUD_CN);
    expect(offers.stats.misses).toBe(misses);
    expect(offers.stats.hits - hits).toBe(2);

    await c.t.database.db.execute(
      sql`update sku_prices set amount = amount + 100 where sku_id = ${c.sku.aptamil} and currency = 'AUD'`,
    );
    try {
      expect(await within(async () => (await aptamil())?.audPrice === before + 1)).toBeLessThan(1_000);
      const item = (await summary(c.t, token, AUD_CN)).items.find((i) => i.skuId === c.sku.aptamil);
      expect(item?.audPrice).toBe(before + 1);
    } finally {
      await c.t.database.db.execute(
        sql`update sku_prices set amount = amount - 100 where sku_id = ${c.sku.aptamil} and currency = 'AUD'`,
      );
    }
  });

  it('keeps the settings when stock moves, and drops only what a change touched', async () => {
    const settings = c.t.app.services.caches?.checkoutSettings;
    const reads = c.t.app.catalogueCache;
    if (!settings || !reads) throw new Error('the caches are on');
    // The changes an earlier test made drop the settings at the end of their window, which a busy machine
    // delays: start once a quote reads the settings from memory twice in a row.
    await new Promise((resolve) => setTimeout(resolve, CHANGE_WINDOW_MS + 100));
    let quiet = 0;
    await within(async () => {
      const before = settings.stats.misses;
      await summary(c.t, token, AUD_CN);
      quiet = settings.stats.misses === before ? quiet + 1 : 0;
      return quiet >= 2;
    });
    await post(c.t.app, CataloguePaths.catalogList, {});
    const misses = settings.stats.misses;
    await c.t.database.db.execute(sql`update skus set stock = stock + 1 where id = ${c.sku.aptamil}`);
    // The stock change is heard by the catalogue's answers (dropped), not by the settings.
    await within(async () => reads.stats.entries === 0);
    await summary(c.t, token, AUD_CN);
    expect(settings.stats.misses).toBe(misses);
  });

  it('remembers a gift promotion’s product and shows a change of it in the next quote within 1 s', async () => {
    const settings = c.t.app.services.caches?.checkoutSettings;
    if (!settings) throw new Error('the cache is on');
    const riceId = c.fixture.goods.riceCereal.id;
    const promotion = await c.t.app.services.checkoutAdmin.createPromotion({
      name: '满10送米粉',
      method: PromotionMethod.OnTheHouse,
      currency: Currency.AUD,
      threshold: '10.00',
      giftGoodsId: riceId,
    });
    const giftName = async () =>
      (await summary(c.t, token, AUD_CN)).promotions.find((p) => p.id === promotion.id)?.goodsSku?.name;
    await within(async () => (await giftName()) !== undefined);
    // Quiet again: the next quotes read the gift product from memory.
    await new Promise((resolve) => setTimeout(resolve, CHANGE_WINDOW_MS + 100));
    await giftName();
    const misses = settings.stats.misses;
    await giftName();
    expect(settings.stats.misses).toBe(misses);
    await c.t.database.db.execute(sql`update goods set name = '米粉（新包装）' where id = ${riceId}`);
    expect(await within(async () => (await giftName()) === '米粉（新包装）')).toBeLessThan(1_000);
    await c.t.database.db.execute(sql`update promotions set active = false where id = ${promotion.id}`);
  });

  it('takes a promotion whose start has come without any change to hear', async () => {
    const settings = c.t.app.services.caches?.checkoutSettings;
    if (!settings) throw new Error('the cache is on');
    const misses = settings.stats.misses;
    const soon = new Date(c.t.clock.now().getTime() + 60_000);
    const promotion = await c.t.app.services.checkoutAdmin.createPromotion({
      name: '明天满50减6',
      method: PromotionMethod.AmountOfReduction,
      currency: Currency.AUD,
      threshold: '50.00',
      reduce: '6.00',
      startsAt: soon,
    });
    // Once the creation is heard, the settings are read again: the promotion is there, not started.
    await within(async () => {
      const quote = await summary(c.t, token, AUD_CN);
      return settings.stats.misses > misses && !quote.promotions.some((p) => p.id === promotion.id);
    });
    c.t.clock.advance(120_000);
    expect((await summary(c.t, token, AUD_CN)).promotions.some((p) => p.id === promotion.id)).toBe(true);
  });
});

/** A database whose announcements and LISTEN state the test makes by hand. */
function announcingDatabase() {
  const heard = { announce: (_payload: string) => {}, listening: (_on: boolean) => {} };
  const database = {
    listen: async (_channel: string, onNotice: (p: string) => void, onListening?: (on: boolean) => void) => {
      heard.announce = onNotice;
      heard.listening = onListening ?? (() => {});
      heard.listening(true);
      return async () => {};
    },
  };
  return {
    database,
    announce: (payload: string) => heard.announce(payload),
    listening: (on: boolean) => heard.listening(on),
  };
}

describe('listenForCatalogueChanges', () => {
  it('drops a cache when one of its tables is announced, every cache for an unknown one, and trusts them while listening', async () => {
    const { database, announce, listening } = announcingDatabase();
    const goods = new ReadCache(1024);
    const settings = new ReadCache(1024);
    const stop = await listenForCatalogueChanges(
      database,
      [
        { cache: goods, tables: new Set(['skus']) },
        { cache: settings, tables: new Set(['promotions']) },
      ],
      () => {},
      0,
    );
    const fill = async () => {
      await goods.get('k', async () => Buffer.from('g'));
      await settings.get('k', async () => Buffer.from('s'));
    };
    await fill();
    announce('skus');
    expect([goods.stats.entries, settings.stats.entries]).toEqual([0, 1]);
    await fill();
    announce('promotions');
    expect([goods.stats.entries, settings.stats.entries]).toEqual([1, 0]);
    await fill();
    announce('');
    expect([goods.stats.entries, settings.stats.entries]).toEqual([0, 0]);
    listening(false);
    expect(goods.stats.trusted).toBe(false);
    await stop();
  });

  it('drops a cache at once for a lone change, and once more at the end of the window for a stream of them', async () => {
    const { database, announce } = announcingDatabase();
    let drops = 0;
    const cache = new ReadCache(1024);
    const counted = {
      invalidate: () => {
        drops += 1;
        cache.invalidate();
      },
      trust: (on: boolean) => cache.trust(on),
    };
    const stop = await listenForCatalogueChanges(
      database,
      [{ cache: counted, tables: new Set(['skus']) }],
      () => {},
      100,
    );
    await cache.get('k', async () => Buffer.from('v'));
    announce('skus');
    // A lone change: dropped at once.
    expect(drops).toBe(1);
    expect(cache.stats.entries).toBe(0);
    await cache.get('k', async () => Buffer.from('v'));
    // Fifty orders in the window after it: one more drop, at the window's end, not fifty.
    for (let i = 0; i < 50; i += 1) announce('skus');
    expect(drops).toBe(1);
    expect(cache.stats.entries).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(drops).toBe(2);
    expect(cache.stats.entries).toBe(0);
    // Quiet again for a window: the next change is dropped at once.
    await new Promise((resolve) => setTimeout(resolve, 120));
    announce('skus');
    expect(drops).toBe(3);
    // A change heard just before stopping is not dropped later on a stopped cache.
    announce('skus');
    await stop();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(drops).toBe(3);
  });
});
