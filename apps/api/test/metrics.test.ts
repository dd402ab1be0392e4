import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { CartPaths, Currency, IMAGE_BASE, MemberPaths, OrderPaths, PaymentPaths } from '@shop/domain';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skus } from '../src/db/schema';
import {
  addToCart,
  type CheckoutTestApp,
  createCheckoutTestApp,
  newMember,
  orderForPickup,
  withStockGoneWhileOrdering,
} from './support/checkout-helpers';
import { giveDeposit } from './support/deposit-helpers';
import { notifyBody, pendingSuccessNotify, sendNotify } from './support/payment-fixtures';
import { STAFF_TEST_PASSWORD, staffLogin, uniqueStaffUsername } from './support/staff';
import { createTestApp, envelope, post, type TestApp } from './support/test-app';

/**
 * GET /metrics (Prometheus) on its own loopback port (METRICS_PORT) and, with METRICS_TOKEN, on the public one;
 * who may read it, what it counts, and the slow request and slow query logs.
 */

const TOKEN = 'scraper-token-0123456789-abcdef';

/** The value of one series of a Prometheus text page, 0 when absent. */
function seriesValue(page: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of page.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = match[2] ? match[2].split(',') : [];
    if (wanted.length === have.length && wanted.every((pair) => have.includes(pair))) return Number(match[3]);
  }
  return 0;
}

describe('GET /metrics', () => {
  let c: CheckoutTestApp;
  let off: TestApp;
  beforeAll(async () => {
    c = await createCheckoutTestApp({ METRICS_TOKEN: TOKEN, METRICS_PORT: '0' });
    off = await createTestApp({ env: { SEED_DEMO: 'false', METRICS: 'false' } });
  });
  afterAll(async () => {
    await c?.t.close();
    await off?.close();
  });

  const scrape = async (headers: Record<string, string> = {}, remoteAddress?: string) =>
    c.t.app.inject({ method: 'GET', url: '/metrics', headers, ...(remoteAddress ? { remoteAddress } : {}) });
  /** The metrics' own port, as a Prometheus on this machine scrapes it. */
  const portUrl = (path = '/metrics') => {
    const address = c.t.app.metricsServer?.address() as AddressInfo | undefined;
    return `http://127.0.0.1:${address?.port}${path}`;
  };
  const fromPort = async () => {
    const res = await fetch(portUrl());
    return { status: res.status, contentType: res.headers.get('content-type'), body: await res.text() };
  };
  const page = async () => {
    const res = await fromPort();
    expect(res.status).toBe(200);
    return res.body;
  };
  const notFound = (res: LightMyRequestResponse) => {
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('process_cpu');
  };

  it('serves its own port, bound to 127.0.0.1, the Prometheus page, process metrics included', async () => {
    expect(c.t.app.metricsServer?.address()).toMatchObject({ address: '127.0.0.1' });
    const res = await fromPort();
    expect(res.status).toBe(200);
    expect(res.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain('process_cpu_user_seconds_total');
    expect(res.body).toContain('nodejs_eventloop_lag_seconds');
    expect(res.body).toContain('nodejs_heap_size_used_bytes');
    // The database's connections, read at the scrape.
    const driver = c.t.database.driver;
    expect(seriesValue(res.body, 'shop_db_connections', { driver })).toBeGreaterThanOrEqual(1);
    expect(res.body).toMatch(/^shop_db_waiting_queries\{driver="(pglite|postgresql)"\} 0$/m);
  });

  it('shows every connection busy and a statement waiting for one', async () => {
    const { db, driver } = c.t.database;
    // Every connection held by an open transaction (the pool's 10; PGlite's one), then statements sent: on
    // PostgreSQL one waits for the pool, on PGlite two queue and the first counts as running.
    const [holding, sent] = driver === 'pglite' ? [1, 2] : [10, 1];
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holders = Array.from({ length: holding }, () =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await gate;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const queued = Array.from({ length: sent }, () => Promise.resolve(db.execute(sql`select 1`)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const during = await page();
    release();
    await Promise.all([...holders, ...queued]);
    expect(seriesValue(during, 'shop_db_connections', { driver })).toBe(holding);
    expect(seriesValue(during, 'shop_db_idle_connections', { driver })).toBe(0);
    expect(seriesValue(during, 'shop_db_waiting_queries', { driver })).toBe(1);
    const after = await page();
    expect(seriesValue(after, 'shop_db_waiting_queries', { driver })).toBe(0);
    expect(seriesValue(after, 'shop_db_idle_connections', { driver })).toBe(holding);
  });

  it('answers nothing but the page on its own port', async () => {
    expect((await fetch(portUrl('/'))).status).toBe(404);
    expect((await fetch(portUrl('/api/goodsService/goodscatalog/list/'))).status).toBe(404);
    expect((await fetch(portUrl(), { method: 'POST' })).status).toBe(404);
  });

  it('is a 404 like any missing page on the public port without the token, from anywhere', async () => {
    const missing = await c.t.app.inject({ method: 'GET', url: '/metrics-nowhere' });
    notFound(missing);
    const stranger = await scrape({}, '203.0.113.9');
    notFound(stranger);
    expect(stranger.json()).toEqual(missing.json());
    // A reverse proxy on this machine connects from loopback and need not say so: loopback alone is not enough,
    // whatever the proxy adds or leaves out (#35).
    notFound(await scrape());
    notFound(await scrape({ 'x-forwarded-for': '203.0.113.9' }));
    notFound(await scrape({ forwarded: 'for=203.0.113.9' }));
    notFound(await scrape({ 'x-real-ip': '203.0.113.9' }));
    notFound(await scrape({ via: '1.1 nginx' }));
    notFound(await scrape({ 'x-forwarded-host': 'shop.example.com' }));
    notFound(await scrape({ authorization: `Bearer ${TOKEN}x` }, '203.0.113.9'));
    notFound(await scrape({ authorization: `Bearer ${TOKEN.slice(0, -1)}` }, '203.0.113.9'));
    notFound(await scrape({ authorization: `Basic ${TOKEN}` }, '203.0.113.9'));
    // A wrong token is refused from loopback too.
    notFound(await scrape({ authorization: 'Bearer wrong' }));
  });

  it('serves a scraper presenting METRICS_TOKEN from anywhere, forwarded or not', async () => {
    const direct = await scrape({ authorization: `Bearer ${TOKEN}` }, '203.0.113.9');
    expect(direct.statusCode).toBe(200);
    expect(direct.body).toContain('shop_orders_created_total');
    const proxied = await scrape({ authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '203.0.113.9' });
    expect(proxied.statusCode).toBe(200);
  });

  it('does not exist with METRICS=false, and is never in the API document', async () => {
    notFound(await off.app.inject({ method: 'GET', url: '/metrics' }));
    expect(off.app.metricsServer).toBeNull();
    const document = await c.t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(document.statusCode).toBe(200);
    expect(Object.keys(document.json().paths)).not.toContain('/metrics');
    expect(Object.keys(document.json().paths)).toContain('/readyz');
  });

  it('labels requests with their route pattern, never the URL, and one label for unmatched ones', async () => {
    const before = await page();
    const pattern = { route: `${IMAGE_BASE}/*`, method: 'GET', status: '200' };
    const image = await c.t.app.inject({ method: 'GET', url: `${IMAGE_BASE}/placeholder.png?w=120` });
    expect(image.statusCode).toBe(200);
    for (let i = 0; i < 2; i += 1)
      expect((await c.t.app.inject({ method: 'GET', url: `/no/such/page-${i}?id=${i}` })).statusCode).toBe(
        404,
      );
    const after = await page();
    const count = (p: string, labels: Record<string, string>) =>
      seriesValue(p, 'http_request_duration_seconds_count', labels);
    expect(count(after, pattern) - count(before, pattern)).toBe(1);
    const unmatched = { route: 'unmatched', method: 'GET', status: '404' };
    expect(count(after, unmatched) - count(before, unmatched)).toBe(2);
    expect(after).not.toContain('placeholder.png');
    expect(after).not.toContain('/no/such');
    // Buckets from 5 ms to 10 s.
    expect(after).toContain('http_request_duration_seconds_bucket{le="0.005",route="/res/img/*"');
    expect(after).toContain('le="10",route="/res/img/*"');
  });

  it('counts refused member and staff logins', async () => {
    const before = await page();
    const wrong = envelope(
      await post(c.t.app, MemberPaths.login, { username: 'wholesale38', password: 'not-the-password' }),
    );
    expect(wrong.success).toBe(false);
    const right = envelope(
      await post(c.t.app, MemberPaths.login, { username: 'wholesale38', password: 'secret123' }),
    );
    expect(right.success).toBe(true);
    // No such staff member: refused like a wrong password.
    const username = uniqueStaffUsername('metrics');
    expect((await staffLogin(c.t, { username, password: STAFF_TEST_PASSWORD })).success).toBe(false);
    const after = await page();
    const refused = (p: string, kind: string) => seriesValue(p, 'shop_logins_refused_total', { kind });
    expect(refused(after, 'member') - refused(before, 'member')).toBe(1);
    expect(refused(after, 'staff') - refused(before, 'staff')).toBe(1);
  });

  it('counts an order once when created, and its payment from the deposit', async () => {
    const m = await newMember(c.t);
    await addToCart(c.t, m.token, [[c.sku.aptamil, 1]]);
    const before = await page();
    const body = { requestId: randomUUID(), currency: 'AUD', isPickup: true };
    const created = envelope<{ orderId: number; totalPrice: number }>(
      await post(c.t.app, OrderPaths.create, body, m.token),
    );
    expect(created.success, created.message).toBe(true);
    // The same request again answers the same order: nothing more is created.
    expect(envelope(await post(c.t.app, OrderPaths.create, body, m.token)).data).toEqual(created.data);
    await giveDeposit(c.t.app, m.memberId, Currency.AUD, 1_000_000);
    const pay = { orderId: created.data.orderId, currency: 'AUD', deposit: created.data.totalPrice };
    const paid = envelope(await post(c.t.app, PaymentPaths.payByDeposit, pay, m.token));
    expect(paid.success, paid.message).toBe(true);
    // Paying again is refused: it settles nothing.
    expect(envelope(await post(c.t.app, PaymentPaths.payByDeposit, pay, m.token)).success).toBe(false);
    const after = await page();
    expect(
      seriesValue(after, 'shop_orders_created_total') - seriesValue(before, 'shop_orders_created_total'),
    ).toBe(1);
    const settled = (p: string, via: string) => seriesValue(p, 'shop_payments_settled_total', { via });
    expect(settled(after, 'deposit') - settled(before, 'deposit')).toBe(1);
    expect(settled(after, 'online') - settled(before, 'online')).toBe(0);
  });

  it("counts a payment settled by its channel's notify once, not its repeat", async () => {
    const m = await newMember(c.t);
    const { success } = await pendingSuccessNotify(c.t, {
      memberId: m.memberId,
      token: m.token,
      skuId: c.sku.aptamil,
    });
    const before = await page();
    expect((await sendNotify(c.t.app, success)).statusCode).toBe(200);
    expect((await sendNotify(c.t.app, success)).statusCode).toBe(200);
    const after = await page();
    const settled = (p: string) => seriesValue(p, 'shop_payments_settled_total', { via: 'online' });
    expect(settled(after) - settled(before)).toBe(1);
  });

  it('counts notifies turned away: a forged signature, and an unknown trade', async () => {
    const before = await page();
    const body = notifyBody({
      tradeNo: 'T-NO-SUCH-TRADE',
      channelTradeNo: 'C-1',
      status: 'SUCCESS',
      amount: 100,
      currency: 'CNY',
    });
    expect((await sendNotify(c.t.app, body, 'forged-secret-0000')).statusCode).toBeLessThan(500);
    expect((await sendNotify(c.t.app, body)).statusCode).toBeLessThan(500);
    const after = await page();
    const rejected = (p: string, reason: string) =>
      seriesValue(p, 'shop_payment_notifies_rejected_total', { reason });
    expect(rejected(after, 'signature') - rejected(before, 'signature')).toBe(1);
    expect(rejected(after, 'refused') - rejected(before, 'refused')).toBe(1);
    expect(seriesValue(after, 'shop_payments_settled_total', { via: 'online' })).toBe(
      seriesValue(before, 'shop_payments_settled_total', { via: 'online' }),
    );
  });

  it('counts a cart change and an order refused for lack of stock, and nothing else as one', async () => {
    const m = await newMember(c.t);
    const before = await page();
    // Sold by stock with none left.
    const refused = envelope(
      await post(c.t.app, CartPaths.addItem, { skuId: c.sku.swisseNoStock, qty: 1 }, m.token),
    );
    expect(refused.success).toBe(false);
    // Off the shelf is refused, but not for stock.
    expect(
      envelope(await post(c.t.app, CartPaths.addItem, { skuId: c.sku.offShelf, qty: 1 }, m.token)).success,
    ).toBe(false);
    // In the cart while there was stock; sold out before the order.
    await addToCart(c.t, m.token, [[c.sku.fishOil400, 5]]);
    await c.t.database.db.update(skus).set({ stock: 2 }).where(eq(skus.id, c.sku.fishOil400));
    const order = envelope(await orderForPickup(c.t, m.token));
    expect(order.success).toBe(false);
    expect(order.message).toContain('库存不足');
    const after = await page();
    const refusals = (p: string, place: string) => seriesValue(p, 'shop_stock_refusals_total', { place });
    expect(refusals(after, 'cart') - refusals(before, 'cart')).toBe(1);
    expect(refusals(after, 'order') - refusals(before, 'order')).toBe(1);
    expect(seriesValue(after, 'shop_orders_created_total')).toBe(
      seriesValue(before, 'shop_orders_created_total'),
    );
  });

  it('counts an order refused because the stock went while it was being placed', async () => {
    const m = await newMember(c.t);
    await c.t.database.db.update(skus).set({ stock: 10 }).where(eq(skus.id, c.sku.fishOil400));
    await addToCart(c.t, m.token, [[c.sku.fishOil400, 3]]);
    const before = await page();
    // The quote sees 10; a sale elsewhere leaves 1 before the stock is taken.
    const order = envelope(
      await withStockGoneWhileOrdering(c.t, c.sku.fishOil400, 1, () => orderForPickup(c.t, m.token)),
    );
    expect(order.message).toMatch(/^库存不足：/);
    const after = await page();
    const refusals = (p: string) => seriesValue(p, 'shop_stock_refusals_total', { place: 'order' });
    expect(refusals(after) - refusals(before)).toBe(1);
    expect(seriesValue(after, 'shop_orders_created_total')).toBe(
      seriesValue(before, 'shop_orders_created_total'),
    );
  });
});

/** Logger options that collect the app's warnings and errors, parsed, into `lines`. */
function warningsInto(lines: Record<string, unknown>[]) {
  return {
    level: 'warn',
    stream: new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    }),
  };
}

describe('slow request and slow query logs', () => {
  const SECRET = 'param-value-7f3a91';
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      env: { SEED_DEMO: 'false', SLOW_REQUEST_MS: '1', SLOW_QUERY_MS: '1' },
      logger: warningsInto(lines),
      extend(app) {
        // A statement slower than the threshold, with a parameter that must not reach the log.
        app.get('/api/test/slow/:code', async (request) => {
          const { code } = request.params as { code: string };
          await app.database.db.execute(sql`select pg_sleep(0.02), ${code}::text as code`);
          return { success: true };
        });
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('logs a slow request with its method, route pattern, status and time, and a slow statement without values', async () => {
    lines.length = 0;
    const res = await t.app.inject({ method: 'GET', url: `/api/test/slow/${SECRET}?q=${SECRET}` });
    expect(res.statusCode).toBe(200);
    const request = lines.find((l) => String(l.msg).startsWith('slow request'));
    expect(request).toMatchObject({ level: 40, method: 'GET', route: '/api/test/slow/:code', status: 200 });
    expect(request?.ms).toBeGreaterThanOrEqual(20);
    const query = lines.find(
      (l) => String(l.msg).startsWith('slow query') && String(l.sql).includes('pg_sleep'),
    );
    expect(query).toMatchObject({ level: 40, route: '/api/test/slow/:code' });
    expect(query?.sql).toContain('$1');
    expect(query?.ms).toBeGreaterThanOrEqual(15);
    expect(JSON.stringify(lines)).not.toContain(SECRET);
  });

  it('logs a slow login without its username or password', async () => {
    lines.length = 0;
    const res = await post(t.app, MemberPaths.login, { username: `u_${SECRET}`, password: `p_${SECRET}` });
    expect(envelope(res).success).toBe(false);
    expect(lines.find((l) => String(l.msg).startsWith('slow request'))).toMatchObject({
      method: 'POST',
      route: MemberPaths.login,
      status: res.statusCode,
    });
    expect(JSON.stringify(lines)).not.toContain(SECRET);
  });

  it('logs nothing slow with the thresholds at 0', async () => {
    const quiet: Record<string, unknown>[] = [];
    const q = await createTestApp({
      env: { SEED_DEMO: 'false', SLOW_REQUEST_MS: '0', SLOW_QUERY_MS: '0' },
      logger: warningsInto(quiet),
    });
    try {
      await q.database.db.execute(sql`select pg_sleep(0.01)`);
      await post(q.app, MemberPaths.login, { username: 'nobody', password: 'nothing-here' });
      expect(JSON.stringify(quiet)).not.toMatch(/slow (request|query)/);
    } finally {
      await q.close();
    }
  });
});
