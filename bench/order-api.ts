/**
 * Throughput and tail latency of checkout: cart/summary/ of a member holding lines from several warehouses
 * (priced, packed, couriers and promotions applied), and createdOrder/ (quote re-run, stock taken, order,
 * packs and items written, cart lines removed, in one statement), plus an oversell check: N members order
 * the last K units of a ByStock SKU at the same moment and exactly K orders must be made.
 * Usage: npm run bench:orders            (embedded PGlite)
 *        BENCH_DATABASE_URL=postgres://… npm run bench:orders   (PostgreSQL)
 * summary/ runs for BENCH_SECONDS (default 10) with BENCH_CONNECTIONS (default 10) connections;
 * createdOrder/ places BENCH_ORDERS (default 200) orders, one per fresh member (an order empties the cart),
 * over BENCH_CONNECTIONS connections, after BENCH_WARMUP_ORDERS untimed ones (600 on PostgreSQL, then
 * `vacuum analyze`).
 */
import { randomUUID } from 'node:crypto';
import { CartPaths, CheckoutPaths, OrderPaths, SkuStatus, Warehouse } from '@shop/domain';
import { byThePiece, callApi, loginToken } from '../e2e/support/api';
import { orderBuyers } from './order-buyers';
import { load, percentile, report, resultRow, settings, settleStatistics, startBenchShop } from './support';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 200);
/**
 * Orders placed before the timed ones (BENCH_WARMUP_ORDERS; 600 on PostgreSQL): the plans of a new database's
 * empty order tables scan them, and a shop in business has orders and their statistics.
 */
const WARMUP = Number(process.env.BENCH_WARMUP_ORDERS ?? (settings.databaseUrl ? 600 : 0));
/** Members beyond the stock in the oversell check. */
const OVERSELL_EXTRA = 40;

const shop = await startBenchShop();
const runId = Date.now().toString(36).slice(-5);
const rows: Record<string, unknown>[] = [];
try {
  const demo = await loginToken(shop.baseURL);
  const buyers = await orderBuyers(shop, `bo${runId}`);
  const { goods, basket, placeOrders, post } = buyers;
  const body = { currency: 'CNY' as const, locationCode: '200040' };

  // cart/summary/ of the demo member's basket.
  await callApi(
    shop.baseURL,
    CartPaths.batchAddItems,
    basket.map((s) => ({ skuId: s.skuId, qty: 2 })),
    demo,
  );
  const check = await callApi(shop.baseURL, CheckoutPaths.summary, body, demo);
  if (!check.valid) throw new Error(`demo summary not valid: ${check.notForSaleMsg}`);
  const summary = await load(shop, {
    title: 'cart/summary/',
    path: CheckoutPaths.summary,
    body,
    token: demo,
  });
  rows.push(
    resultRow(`cart/summary/ (${basket.length} lines, ${check.packs.length} packs)`, summary, {
      promotions: check.promotions.filter((p) => p.applies).length,
    }),
  );

  // createdOrder/: one fresh member per order, each with the same basket.
  const members = await buyers.register(WARMUP + ORDERS);
  await buyers.prepare(members);
  // A shop in business: some orders already, and the statistics autovacuum would have taken of them since.
  const warm = await placeOrders(members.slice(0, WARMUP));
  if (warm.results.some((r) => !r.success)) throw new Error('warm-up orders refused');
  await settleStatistics();
  const orders = await placeOrders(members.slice(WARMUP));
  const failed = orders.results.filter((r) => !r.success);
  const sorted = [...orders.latencies].sort((a, b) => a - b);
  rows.push({
    call: `createdOrder/ (${basket.length} lines)`,
    database: settings.database,
    'req/s': Math.round(orders.results.length / orders.seconds),
    'p50 ms': percentile(sorted, 50),
    'p99 ms': percentile(sorted, 99),
    non2xx: failed.length,
    errors: 0,
  });
  if (failed.length > 0) throw new Error(`orders refused: ${failed[0]?.message}`);

  // Oversell: the last K units of a ByStock SKU, K + OVERSELL_EXTRA members at once.
  // From the AU warehouse: the rush orders are picked up, and only its desk takes pickup orders.
  const byStock = goods
    .filter((g) => g.location === Warehouse.AU)
    .flatMap((g) => g.skus.filter(byThePiece))
    .filter((s) => s.status === SkuStatus.ByStock && s.stock >= 5 && s.stock <= 40)
    .sort((a, b) => a.stock - b.stock)[0];
  if (!byStock) throw new Error('no ByStock SKU with 5-40 units in the demo catalogue');
  const stock = byStock.stock;
  const rushers = await buyers.register(stock + OVERSELL_EXTRA);
  for (const token of rushers) {
    await callApi(shop.baseURL, CartPaths.addItem, { skuId: byStock.id, qty: 1 }, token);
  }
  const rush = await Promise.all(
    rushers.map((token) =>
      post(OrderPaths.create, { currency: 'CNY', isPickup: true, requestId: randomUUID() }, token),
    ),
  );
  const sold = rush.filter((r) => r.success).length;
  const short = rush.filter((r) => !r.success && r.status === 400 && r.message.startsWith('库存不足')).length;
  const server = rush.filter((r) => r.status >= 500).length;
  rows.push({
    call: 'oversell check',
    database: settings.database,
    stock,
    buyers: rush.length,
    sold,
    refused: short,
    '5xx': server,
  });
  if (sold !== stock || short !== rush.length - stock || server > 0) {
    throw new Error(`oversell check failed: ${sold} sold of ${stock}, ${short} refused, ${server} 5xx`);
  }
} finally {
  await shop.stop();
}
await report('order-api', rows);
