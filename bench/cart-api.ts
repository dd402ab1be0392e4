/**
 * Throughput and tail latency of the server cart: cart/list/ of a member holding 10 lines (priced at the
 * member's level, totals with the stored rate) and addItem/ (one atomic upsert per call), against a started
 * shop holding the demo catalogue.
 * Usage: npm run bench:cart            (embedded PGlite)
 *        BENCH_DATABASE_URL=postgres://… npm run bench:cart   (PostgreSQL)
 * Each call runs for BENCH_SECONDS (default 10) with BENCH_CONNECTIONS (default 10) connections.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type CartListResponse, CartPaths, SkuStatus } from '@shop/domain';
import autocannon from 'autocannon';
import { allGoods, callApi, loginToken } from '../e2e/support/api';
import { repoRoot, startShop } from '../e2e/support/server';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const databaseUrl = process.env.BENCH_DATABASE_URL;
const shop = await startShop(
  databaseUrl ? { DATABASE_URL: databaseUrl, LOG_LEVEL: 'error' } : { LOG_LEVEL: 'error' },
);

const rows: Record<string, unknown>[] = [];
try {
  const token = await loginToken(shop.baseURL);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  // SKUs that take any quantity (InStock, ByBook) on goods on the shelf, from the demo catalogue itself.
  const skuIds = (await allGoods(shop.baseURL))
    .flatMap((g) => g.skus)
    .filter((s) => s.status === SkuStatus.InStock || s.status === SkuStatus.ByBook)
    .map((s) => s.id);
  if (skuIds.length < 60) throw new Error(`only ${skuIds.length} open SKUs: is the demo catalogue seeded?`);

  // cart/list/ of 10 lines.
  await callApi(
    shop.baseURL,
    CartPaths.batchAddItems,
    skuIds.slice(0, 10).map((skuId) => ({ skuId, qty: 2 })),
    token,
  );
  const cart = await callApi<CartListResponse>(shop.baseURL, CartPaths.list, {}, token);
  if (cart.data.length !== 10) throw new Error(`expected 10 lines, got ${cart.data.length}`);

  const list = await autocannon({
    title: 'cart/list/ (10 lines)',
    url: `${shop.baseURL}${CartPaths.list}`,
    method: 'POST',
    connections,
    duration: seconds,
    headers,
    body: '{}',
  });

  // addItem/ spread over 50 other SKUs, so no line reaches the 9999 maximum during the run.
  const addSkus = skuIds.slice(10, 60);
  let next = 0;
  const add = await autocannon({
    title: 'addItem/',
    url: shop.baseURL,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: CartPaths.addItem,
        headers,
        setupRequest: (request) => {
          next = (next + 1) % addSkus.length;
          return { ...request, body: JSON.stringify({ skuId: addSkus[next], qty: 1 }) };
        },
      },
    ],
  });

  for (const [title, r] of [
    ['cart/list/ (10 lines)', list],
    ['addItem/', add],
  ] as const) {
    rows.push({
      call: title,
      database: databaseUrl ? 'postgresql' : 'pglite',
      'req/s': Math.round(r.requests.average),
      'p50 ms': r.latency.p50,
      'p99 ms': r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors,
    });
  }
  // Every add must have counted: the lines hold the initial quantities plus one per successful call (and
  // up to one per connection for the calls still in flight when the run stopped counting).
  const after = await callApi<CartListResponse>(shop.baseURL, CartPaths.list, {}, token);
  const units = after.data.reduce((sum, l) => sum + l.qty, 0);
  const counted = 20 + add.requests.total - add.non2xx - add.errors;
  rows.push({
    call: 'check',
    database: databaseUrl ? 'postgresql' : 'pglite',
    lines: after.data.length,
    units,
    counted,
  });
  if (units < counted || units > counted + connections) {
    throw new Error(`cart holds ${units} units, expected ${counted} (+ at most ${connections} in flight)`);
  }
} finally {
  await shop.stop();
}
// biome-ignore lint/suspicious/noConsole: the bench's result is this table.
console.table(rows);
await mkdir(join(repoRoot, 'bench/results'), { recursive: true });
await writeFile(
  join(repoRoot, `bench/results/cart-api-${databaseUrl ? 'pg' : 'pglite'}.json`),
  JSON.stringify(rows, null, 2),
);
