/**
 * Throughput and tail latency of checkout: cart/summary/ of a member holding lines from several warehouses
 * (priced, packed, couriers and promotions applied), and createdOrder/ (quote re-run, stock taken, order,
 * packs and items written, cart lines removed, in one statement), plus an oversell check: N members order
 * the last K units of a ByStock SKU at the same moment and exactly K orders must be made.
 * Then paying as the order is placed (issue #38): BENCH_CONNECTIONS members at once, each placing
 * BENCH_ORDERS / BENCH_CONNECTIONS orders one after another (the basket put back in the cart, then createdOrder/
 * and the payment), after one untimed order each: paid from the deposit (payByDeposit/), and by members who are
 * each the admin of a company of their own, on account (payOnAccount/), in two rounds each, deposit, on account,
 * on account, deposit. Each row gives orders placed and paid a second over its rounds (cart included), and p50/p99
 * of the pair (cart excluded) and of the payment alone; on account's rate is also given as a ratio to the
 * deposit's (target ≥ 0.8). A credit overdraft check: a company
 * with credit for exactly 5 orders pays 25 unpaid orders of its admin on account at once; exactly 5 must be paid,
 * the rest refused with '额度不足', no 5xx, and the statement must show the credit used in full and no more.
 * The deposits and the credit are the operator's (deposit:gift, credit:grant): the members and companies are made
 * through the API, then the shop is stopped, the commands run on its database and the shop started again on it
 * (the embedded database takes one process at a time), before any call is timed.
 * Usage: npm run bench:orders            (embedded PGlite)
 *        BENCH_DATABASE_URL=postgres://… npm run bench:orders   (PostgreSQL)
 * summary/ runs for BENCH_SECONDS (default 10) with BENCH_CONNECTIONS (default 10) connections;
 * createdOrder/ places BENCH_ORDERS (default 200) orders, one per fresh member (an order empties the cart),
 * over BENCH_CONNECTIONS connections, after BENCH_WARMUP_ORDERS untimed ones (600 on PostgreSQL, then
 * `vacuum analyze`).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CartPaths,
  CheckoutPaths,
  type CreatedOrder,
  OrderPaths,
  SkuStatus,
  StatementPaths,
  toMajor,
  toMinor,
  Warehouse,
} from '@shop/domain';
import { byThePiece, callApi, loginToken } from '../e2e/support/api';
import { creditBuyers, fundingCommands, type PairResult, type PayMethod } from './credit-buyers';
import { orderBuyers } from './order-buyers';
import {
  load,
  percentile,
  report,
  resultRow,
  runWhileStopped,
  settings,
  settleStatistics,
  startBenchShop,
} from './support';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 200);
/**
 * Orders placed before the timed ones (BENCH_WARMUP_ORDERS; 600 on PostgreSQL): the plans of a new database's
 * empty order tables scan them, and a shop in business has orders and their statistics.
 */
const WARMUP = Number(process.env.BENCH_WARMUP_ORDERS ?? (settings.databaseUrl ? 600 : 0));
/** Members beyond the stock in the oversell check. */
const OVERSELL_EXTRA = 40;
/** Members paying as they order, at once, for each way of paying; each places ORDERS / PAYERS orders. */
const PAYERS = settings.connections;
const EACH = Math.max(1, Math.floor(ORDERS / PAYERS));
/** The orders the overdraft company's credit covers exactly, and the orders beyond them paid at the same moment. */
const OVERDRAFT_COVER = 5;
const OVERDRAFT_EXTRA = 20;

// A folder of the bench's own: the shop is stopped for the operator's commands and started again on it.
const dataDir = await mkdtemp(join(tmpdir(), 'bench-orders-'));
let shop = await startBenchShop({}, { dataDir });
const runId = Date.now().toString(36).slice(-5);
const rows: Record<string, unknown>[] = [];
try {
  // Both helpers keep the first start's address, which the shop keeps when it is started again.
  const buyers = await orderBuyers(shop, `bo${runId}`);
  const { goods, basket, placeOrders, post } = buyers;
  const credit = creditBuyers(shop, buyers);

  // Members paying from the deposit; company admins paying on account; the overdraft company's admin with its
  // unpaid orders, whose price sets the credit.
  const depositPayers = await credit.payers(PAYERS, false);
  const accountPayers = await credit.payers(PAYERS, true);
  const [overdrafter] = await credit.payers(1, true);
  if (!overdrafter?.companyId) throw new Error('the overdraft company was not made');
  const unpaid: CreatedOrder[] = [];
  for (let i = 0; i < OVERDRAFT_COVER + OVERDRAFT_EXTRA; i += 1) {
    const placed = await credit.placeOrder(overdrafter);
    if (!placed.success) throw new Error(`overdraft order refused: ${placed.message}`);
    unpaid.push(placed.data);
  }
  const price = toMinor(unpaid[0]?.totalPrice ?? 0);
  if (price <= 0 || unpaid.some((o) => toMinor(o.totalPrice) !== price))
    throw new Error('the basket does not cost the same in every order');
  // Twice what the warm-up order and the timed ones cost: the deposits and credit are never what refuses.
  const enough = toMajor(price * (EACH + 1) * 2);
  shop = await runWhileStopped(
    shop,
    fundingCommands(
      depositPayers.map((payer) => ({ payer, amount: enough })),
      [
        ...accountPayers.map((p) => ({ companyId: p.companyId ?? 0, limit: enough })),
        { companyId: overdrafter.companyId, limit: toMajor(price * OVERDRAFT_COVER) },
      ],
    ),
  );

  const demo = await loginToken(shop.baseURL);
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

  // Paying as the order is placed. One untimed order each first: the payment calls' first runs, and on
  // PostgreSQL rows in the deposit and credit tables for the statistics.
  for (const [method, payers] of [
    ['deposit', depositPayers],
    ['account', accountPayers],
  ] as const) {
    const warm = await credit.orderAndPay(method, payers, 1);
    const refused = warm.pairs.find((p) => p.refused);
    if (refused) throw new Error(`warm-up ${method} order refused: ${refused.refused?.message}`);
  }
  await settleStatistics();
  // ABBA: each way of paying takes two rounds of half the orders (deposit, on account, on account, deposit), so
  // that a drift over the run (the machine's other work, the tables growing) weighs on both alike.
  const timed: Record<PayMethod, { pairs: PairResult[]; seconds: number }> = {
    deposit: { pairs: [], seconds: 0 },
    account: { pairs: [], seconds: 0 },
  };
  const halves = [Math.ceil(EACH / 2), Math.floor(EACH / 2)] as const;
  for (const [method, each] of [
    ['deposit', halves[0]],
    ['account', halves[0]],
    ['account', halves[1]],
    ['deposit', halves[1]],
  ] as const) {
    if (each === 0) continue;
    const round = await credit.orderAndPay(
      method,
      method === 'deposit' ? depositPayers : accountPayers,
      each,
    );
    timed[method].pairs.push(...round.pairs);
    timed[method].seconds += round.seconds;
  }
  const rate = (method: PayMethod) => timed[method].pairs.length / timed[method].seconds;
  const pairRow = (method: PayMethod) => {
    const { pairs } = timed[method];
    const both = pairs.map((p) => p.orderMs + p.payMs).sort((a, b) => a - b);
    const orders = pairs.map((p) => p.orderMs).sort((a, b) => a - b);
    const pays = pairs.map((p) => p.payMs).sort((a, b) => a - b);
    const payCall = method === 'deposit' ? 'payByDeposit/' : 'payOnAccount/';
    return {
      call: `${method === 'deposit' ? 'deposit-paid' : 'on-account'} orders (createdOrder/ + ${payCall})`,
      database: settings.database,
      members: PAYERS,
      orders: pairs.length,
      'req/s': Math.round(rate(method)),
      'p50 ms': percentile(both, 50),
      'p99 ms': percentile(both, 99),
      'order p50 ms': percentile(orders, 50),
      'pay p50 ms': percentile(pays, 50),
      'pay p99 ms': percentile(pays, 99),
      non2xx: pairs.filter((p) => p.refused).length,
    };
  };
  rows.push(pairRow('deposit'), {
    ...pairRow('account'),
    '÷ deposit': Math.round((rate('account') / rate('deposit')) * 100) / 100,
    target: '≥ 0.8',
  });
  const refused = [...timed.deposit.pairs, ...timed.account.pairs].find((p) => p.refused);
  if (refused) throw new Error(`paying as ordered refused: ${refused.refused?.message}`);

  // Overdraft: credit for exactly OVERDRAFT_COVER orders, OVERDRAFT_COVER + OVERDRAFT_EXTRA paid at once.
  const overdraft = await Promise.all(unpaid.map((order) => credit.pay('account', overdrafter, order)));
  const paidOnAccount = overdraft.filter((r) => r.success).length;
  const notEnough = overdraft.filter(
    (r) => !r.success && r.status === 400 && r.message.includes('额度不足'),
  ).length;
  const overdraft5xx = overdraft.filter((r) => r.status >= 500).length;
  const statement = await callApi(
    shop.baseURL,
    StatementPaths.list,
    { pageNo: 1, pageSize: 50 },
    overdrafter.token,
  );
  const cny = statement.credit.find((c) => c.currency === 'CNY');
  rows.push({
    call: 'credit overdraft check',
    database: settings.database,
    'credit for': OVERDRAFT_COVER,
    orders: overdraft.length,
    paid: paidOnAccount,
    refused: notEnough,
    '5xx': overdraft5xx,
    invoices: statement.totalCount,
    'used ÷ limit': cny ? `${cny.used} ÷ ${cny.limit}` : 'none',
    available: cny?.available ?? 'none',
  });
  // The statement shows available as limit − used floored at 0: what proves the credit never went below zero is
  // used ≤ limit, used being exactly the orders paid.
  if (
    paidOnAccount !== OVERDRAFT_COVER ||
    notEnough !== OVERDRAFT_EXTRA ||
    overdraft5xx > 0 ||
    statement.totalCount !== OVERDRAFT_COVER ||
    !cny ||
    cny.available < 0 ||
    toMinor(cny.used) > toMinor(cny.limit) ||
    toMinor(cny.used) !== price * OVERDRAFT_COVER
  ) {
    throw new Error(
      `credit overdraft check failed: ${paidOnAccount} paid of ${OVERDRAFT_COVER}, ${notEnough} refused, ` +
        `${overdraft5xx} 5xx, ${statement.totalCount} invoices, used ${cny?.used} of ${cny?.limit}`,
    );
  }
} finally {
  await shop.stop();
  await rm(dataDir, { recursive: true, force: true });
}
await report('order-api', rows);
