/**
 * Payments under load. Deposit: BENCH_PAY_MEMBERS members (default 20) each hold BENCH_PAY_ORDERS unpaid
 * orders (default 10) and a deposit, recharged online through the sandbox cashier, that covers
 * BENCH_PAY_COVER of them (default 5); every order is then paid from the deposit at once over
 * BENCH_CONNECTIONS connections. Exactly members × cover must be paid, the rest refused with '余额不足', no
 * balance below zero, and each member's log must add up to the balance. Notify: the remaining orders get a
 * W01 trade each and the channel's signed SUCCESS notify is sent for every one (then all again, as the
 * duplicates a channel retries with); latency per notify, every order paid once. The notify part needs the
 * sandbox key, read from the database, so it runs on PostgreSQL only.
 * Usage: npm run bench:payments            (embedded PGlite: deposit part only)
 *        BENCH_DATABASE_URL=postgres://… npm run bench:payments
 */
import { randomUUID } from 'node:crypto';
import {
  CartPaths,
  type DepositLogItem,
  DepositPaths,
  type Envelope,
  type GoodsListItem,
  type Member,
  MemberPaths,
  OrderPaths,
  type PaymentConfig,
  PaymentPaths,
  type PayStart,
  SkuStatus,
  Warehouse,
} from '@shop/domain';
import pg from 'pg';
import { allGoods, callApi } from '../e2e/support/api';
import { TEST_CAPTCHA } from '../e2e/support/server';
import { newCaptcha, percentile, report, runConcurrently, settings, startBenchShop } from './support';

const MEMBERS = Number(process.env.BENCH_PAY_MEMBERS ?? 20);
const ORDERS_EACH = Number(process.env.BENCH_PAY_ORDERS ?? 10);
const COVER = Number(process.env.BENCH_PAY_COVER ?? 5);

const shop = await startBenchShop();
const runId = Date.now().toString(36).slice(-5);

async function post<T>(path: string, body: unknown, token: string) {
  const res = await fetch(`${shop.baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { ...((await res.json()) as Envelope<T>), status: res.status };
}

async function register(n: number): Promise<string> {
  const data = await callApi<{ token: string }>(shop.baseURL, MemberPaths.register, {
    username: `bp${runId}_${n}`,
    password: 'bench1234',
    captchaId: await newCaptcha(shop, n),
    captchaCode: TEST_CAPTCHA,
  });
  return data.token;
}

/** Pays a started sandbox trade on its cashier page, as the shopper's 'pay' button does. */
async function payOnCashier(start: PayStart): Promise<void> {
  if (start.method !== 'GET') throw new Error(`expected a cashier URL, got ${start.method}`);
  const res = await fetch(`${shop.baseURL}${start.action}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  if (res.status !== 303 && res.status !== 302) throw new Error(`cashier pay answered ${res.status}`);
}

async function waitPaid(tradeNo: string, token: string): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    const r = await post<{ status: string }>(PaymentPaths.findPayStatus, { tradeNo }, token);
    if (r.success && r.data.status === 'paid') return;
    if (!r.success) throw new Error(`${tradeNo}: ${r.message}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${tradeNo} not paid after 10 s`);
}

const rows: Record<string, unknown>[] = [];
try {
  const goods = await allGoods(shop.baseURL);
  // One SKU any number of members can order: InStock with a CNY price, on a one-SKU product, from the AU
  // warehouse (the orders are picked up, and only its desk takes pickup orders).
  const pick = goods
    .filter((g: GoodsListItem) => g.location === Warehouse.AU)
    .filter((g) => g.skus.filter((s) => s.status !== SkuStatus.NotForSale).length === 1)
    .flatMap((g) => g.skus)
    .find((s) => s.status === SkuStatus.InStock && s.cnyPrice !== null);
  if (!pick) throw new Error('no InStock SKU with a CNY price: is the demo catalogue seeded?');
  const configs = await callApi<PaymentConfig[]>(shop.baseURL, PaymentPaths.configList, {});
  const w01 = configs.find((c) => c.code === 'W01');
  if (!w01) throw new Error('W01 is not among the payment methods');

  // Members, each with ORDERS_EACH unpaid pickup orders of one unit.
  const tokens = (
    await runConcurrently(
      Array.from({ length: MEMBERS }, (_, n) => () => register(n)),
      settings.connections,
    )
  ).results;
  const orders: { token: string; orderId: number; price: number }[] = [];
  await runConcurrently(
    tokens.map((token) => async () => {
      for (let i = 0; i < ORDERS_EACH; i += 1) {
        await callApi(shop.baseURL, CartPaths.addItem, { skuId: pick.id, qty: 1 }, token);
        const order = await callApi<{ orderId: number; totalPrice: number }>(
          shop.baseURL,
          OrderPaths.create,
          { currency: 'CNY', isPickup: true, requestId: randomUUID() },
          token,
        );
        orders.push({ token, orderId: order.orderId, price: order.totalPrice });
      }
    }),
    settings.connections,
  );
  const price = orders[0]?.price ?? 0;
  if (price <= 0 || orders.some((o) => o.price !== price)) throw new Error('orders differ in price');

  // Each member recharges exactly COVER orders' worth online (W01 sandbox cashier → signed notify).
  const recharge = await runConcurrently(
    tokens.map((token) => async () => {
      const money = Math.round(price * COVER * 100) / 100;
      const start = await callApi<PayStart>(
        shop.baseURL,
        PaymentPaths.supayParam,
        { methodId: w01.id, type: 'recharge', money },
        token,
      );
      await payOnCashier(start);
      await waitPaid(start.tradeNo, token);
    }),
    settings.connections,
  );
  const rechargeSorted = [...recharge.latencies].sort((a, b) => a - b);
  rows.push({
    call: 'online recharge (cashier pay → notify → credited)',
    database: settings.database,
    count: tokens.length,
    'p50 ms': percentile(rechargeSorted, 50),
    'p99 ms': percentile(rechargeSorted, 99),
  });

  // The rush: every order paid from the deposit at once.
  const rush = await runConcurrently(
    orders.map((o) => async () => ({
      order: o,
      answer: await post(
        PaymentPaths.payByDeposit,
        { orderId: o.orderId, currency: 'CNY', deposit: o.price },
        o.token,
      ),
    })),
    settings.connections,
  );
  const answers = rush.results.map((r) => r.answer);
  const paid = answers.filter((r) => r.success).length;
  const refused = answers.filter(
    (r) => !r.success && r.status === 400 && r.message.includes('余额不足'),
  ).length;
  const server = answers.filter((r) => r.status >= 500).length;
  const sorted = [...rush.latencies].sort((a, b) => a - b);
  let negative = 0;
  let unbalanced = 0;
  for (const token of tokens) {
    const me = await callApi<Member>(shop.baseURL, MemberPaths.current, {}, token);
    if (me.cnyDeposit < 0) negative += 1;
    const log = await callApi<{ items: DepositLogItem[] }>(
      shop.baseURL,
      DepositPaths.logList,
      { pageNo: 1, pageSize: 50 },
      token,
    );
    const sum = log.items
      .filter((i) => i.currency === 'CNY')
      .reduce((s, i) => s + Math.round(i.amount * 100), 0);
    if (sum !== Math.round(me.cnyDeposit * 100)) unbalanced += 1;
  }
  rows.push({
    call: 'payByDeposit/ rush',
    database: settings.database,
    attempts: rush.results.length,
    'req/s': Math.round(rush.results.length / rush.seconds),
    'paid/s': Math.round(paid / rush.seconds),
    'p50 ms': percentile(sorted, 50),
    'p99 ms': percentile(sorted, 99),
    paid,
    refused,
    '5xx': server,
    'negative balances': negative,
    'log ≠ balance': unbalanced,
  });
  if (
    paid !== MEMBERS * COVER ||
    refused !== orders.length - paid ||
    server > 0 ||
    negative > 0 ||
    unbalanced > 0
  ) {
    throw new Error(`deposit check failed: ${paid} paid, ${refused} refused, ${server} 5xx`);
  }

  if (settings.databaseUrl) {
    const client = new pg.Client({ connectionString: settings.databaseUrl });
    await client.connect();
    const secret = (
      await client.query<{ value: string }>("select value from app_secrets where name = 'sandbox-pay'")
    ).rows[0]?.value;
    if (!secret) throw new Error('no sandbox key in app_secrets');
    const { createHmac } = await import('node:crypto');

    // The orders the deposit could not pay: one W01 trade each, then the channel's notify for each.
    const unpaid = rush.results.filter((r) => !r.answer.success).map((r) => r.order);
    const trades = (
      await runConcurrently(
        unpaid.map((o) => async () => {
          const start = await callApi<PayStart>(
            shop.baseURL,
            PaymentPaths.payBySyb,
            { orderId: o.orderId, type: 'W01', paymentType: 'PC' },
            o.token,
          );
          return { ...o, start };
        }),
        settings.connections,
      )
    ).results;
    // The channel's own trade numbers, as the sandbox cashier gave them to the shop.
    const channelNos = new Map(
      (
        await client.query<{ trade_no: string; channel_trade_no: string }>(
          'select trade_no, channel_trade_no from payments where trade_no = any($1)',
          [trades.map((t) => t.start.tradeNo)],
        )
      ).rows.map((r) => [r.trade_no, r.channel_trade_no]),
    );
    await client.end();
    const bodies = trades.map((t) =>
      JSON.stringify({
        tradeNo: t.start.tradeNo,
        channelTradeNo: channelNos.get(t.start.tradeNo),
        status: 'SUCCESS',
        amount: Math.round(t.start.amount * 100),
        currency: t.start.currency,
        paidAt: new Date().toISOString(),
        nonce: randomUUID(),
      }),
    );
    const send = (body: string) => async () => {
      const res = await fetch(`${shop.baseURL}${PaymentPaths.notify}sandbox/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-pay-signature': createHmac('sha256', secret).update(body).digest('hex'),
        },
        body,
      });
      return { status: res.status, text: await res.text() };
    };
    for (const round of ['first', 'duplicate'] as const) {
      const sent = await runConcurrently(bodies.map(send), settings.connections);
      const ok = sent.results.filter((r) => r.status === 200 && r.text.includes('SUCCESS')).length;
      const s = [...sent.latencies].sort((a, b) => a - b);
      rows.push({
        call: `notify (${round})`,
        database: settings.database,
        count: bodies.length,
        'req/s': Math.round(bodies.length / sent.seconds),
        'p50 ms': percentile(s, 50),
        'p99 ms': percentile(s, 99),
        'SUCCESS answers': ok,
      });
      if (ok !== bodies.length)
        throw new Error(`${round} notifies: ${ok} of ${bodies.length} answered SUCCESS`);
    }
    let notPaid = 0;
    for (const t of trades) {
      const r = await post<{ status: string }>(PaymentPaths.findPayStatus, { orderId: t.orderId }, t.token);
      if (!r.success || r.data.status !== 'paid') notPaid += 1;
    }
    rows.push({
      call: 'orders paid by notify',
      database: settings.database,
      orders: trades.length,
      'not paid': notPaid,
    });
    if (notPaid > 0) throw new Error(`${notPaid} orders not paid after their notify`);
  }
} finally {
  await shop.stop();
}
await report('payment-api', rows);
