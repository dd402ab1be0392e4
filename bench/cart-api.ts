/**
 * Throughput and tail latency of the server cart: cart/list/ of a member holding 10 lines (priced at the
 * member's level, totals with the stored rate) and addItem/ (one atomic upsert per call), against a started
 * shop holding the demo catalogue.
 * Usage: npm run bench:cart            (embedded PGlite)
 *        BENCH_DATABASE_URL=postgres://… npm run bench:cart   (PostgreSQL)
 * Each call runs for BENCH_SECONDS (default 10) with BENCH_CONNECTIONS (default 10) connections.
 */
import { CartPaths, SkuStatus } from '@shop/domain';
import { allGoods, byThePiece, callApi, loginToken } from '../e2e/support/api';
import { load, report, resultRow, settings, startBenchShop } from './support';

const shop = await startBenchShop();

const rows: Record<string, unknown>[] = [];
try {
  const token = await loginToken(shop.baseURL);
  // SKUs that take any quantity (InStock, ByBook) on goods on the shelf, from the demo catalogue itself.
  const skuIds = (await allGoods(shop.baseURL))
    .flatMap((g) => g.skus.filter(byThePiece))
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
  const cart = await callApi(shop.baseURL, CartPaths.list, {}, token);
  if (cart.data.length !== 10) throw new Error(`expected 10 lines, got ${cart.data.length}`);

  const list = await load(shop, { title: 'cart/list/ (10 lines)', path: CartPaths.list, token });

  // addItem/ spread over 50 other SKUs, so no line reaches the 9999 maximum during the run.
  const addSkus = skuIds.slice(10, 60);
  let next = 0;
  const add = await load(shop, {
    title: 'addItem/',
    path: CartPaths.addItem,
    token,
    nextBody: () => {
      next = (next + 1) % addSkus.length;
      return { skuId: addSkus[next], qty: 1 };
    },
  });
  rows.push(resultRow('cart/list/ (10 lines)', list), resultRow('addItem/', add));

  // Every add must have counted: the lines hold the initial quantities plus one per successful call (and
  // up to one per connection for the calls still in flight when the run stopped counting).
  const after = await callApi(shop.baseURL, CartPaths.list, {}, token);
  const units = after.data.reduce((sum, l) => sum + l.qty, 0);
  const counted = 20 + add.requests.total - add.non2xx - add.errors;
  rows.push({
    call: 'check',
    database: settings.database,
    lines: after.data.length,
    units,
    counted,
  });
  if (units < counted || units > counted + settings.connections) {
    throw new Error(
      `cart holds ${units} units, expected ${counted} (+ at most ${settings.connections} in flight)`,
    );
  }
} finally {
  await shop.stop();
}
await report('cart-api', rows);
