/**
 * Payments under load. Deposit: BENCH_PAY_MEMBERS members (default 20) each hold BENCH_PAY_ORDERS unpaid
 * orders (default 10) and a deposit, recharged online through the sandbox cashier, that covers
 * BENCH_PAY_COVER of them (default 5); every order is then paid from the deposit at once over
 * BENCH_CONNECTIONS connections. Exactly members × cover must be paid, the rest refused with '余额不足', no
 * balance below zero, and each member's log must add up to the balance. Notify: the remaining orders get a
 * sandbox A01 trade or a WeChat Pay W01 (QR) trade each. The sandbox's signed SUCCESS notify is sent for each of
 * its trades (then all again, as the duplicates a channel retries with); WeChat Pay's notify (RSA signature, the
 * resource sealed with AES-256-GCM, from the local fake with its keys) for as many of the others, at the same
 * concurrency, and its p99 is reported as a ratio to the sandbox's (target ≤ 1.2); the rest get WeChat Pay
 * notifies paced at BENCH_NOTIFY_RATE a second (default 20), each for another order, counting errors (target 0).
 * Every order is paid once. The sandbox key is the shop's own: planted in the PGlite folder before the start,
 * read from the database on PostgreSQL.
 * Usage: npm run bench:payments
 *        BENCH_DATABASE_URL=postgres://… npm run bench:payments
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CartPaths,
  DepositPaths,
  type Envelope,
  type GoodsListItem,
  MemberPaths,
  OrderPaths,
  PaymentPaths,
  type PayStart,
  SkuStatus,
  Warehouse,
} from '@shop/domain';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client';
import { appSecrets } from '../apps/api/src/db/schema';
import { SANDBOX_SECRET_NAME } from '../apps/api/src/modules/payment/sandbox.channel';
import { FakeWechatPay } from '../apps/api/test/support/fake-wechatpay';
import { allGoods, byThePiece, callApi } from '../e2e/support/api';
import { type RunningShop, TEST_CAPTCHA } from '../e2e/support/server';
import { newCaptcha, percentile, report, runConcurrently, settings, startBenchShop } from './support';

const MEMBERS = Number(process.env.BENCH_PAY_MEMBERS ?? 20);
const ORDERS_EACH = Number(process.env.BENCH_PAY_ORDERS ?? 10);
const COVER = Number(process.env.BENCH_PAY_COVER ?? 5);

const NOTIFY_RATE = Number(process.env.BENCH_NOTIFY_RATE ?? 20);
/** Where the shop says it is (WeChat Pay needs an https notify URL); the bench posts to its local address. */
const PUBLIC_URL = 'https://shop.example';

// WeChat Pay's stand-in, with its keys: the shop moves W01 to it at start.
const fake = new FakeWechatPay();
await fake.start();
const wechatEnv = fake.env(PUBLIC_URL);

/**
 * The shop, and the sandbox channel's key the bench signs its notifies with. On PGlite the folder is migrated and
 * the key stored in it before the shop starts on it (the shop takes the stored key); on PostgreSQL the key is read
 * from the database once the sandbox has made it.
 */
async function startShopWithSandboxKey(): Promise<{
  shop: RunningShop;
  key: string | null;
  dataDir: string | null;
}> {
  if (settings.databaseUrl) return { shop: await startBenchShop(wechatEnv), key: null, dataDir: null };
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-payments-'));
  const database = await openDatabase({ kind: 'pglite', dataDir });
  const key = randomBytes(32).toString('hex');
  try {
    await database.migrate();
    await database.db.insert(appSecrets).values({ name: SANDBOX_SECRET_NAME, value: key });
  } finally {
    await database.close();
  }
  return { shop: await startBenchShop(wechatEnv, { dataDir }), key, dataDir };
}

const started = await startShopWithSandboxKey();
const shop = started.shop;
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
  const data = await callApi(shop.baseURL, MemberPaths.register, {
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
    .flatMap((g) => g.skus.filter(byThePiece))
    .find((s) => s.status === SkuStatus.InStock && s.cnyPrice !== null);
  if (!pick) throw new Error('no InStock SKU with a CNY price: is the demo catalogue seeded?');
  const configs = await callApi(shop.baseURL, PaymentPaths.configList, {});
  // A01 stays on the sandbox; W01 is collected by WeChat Pay (the fake).
  const a01 = configs.find((c) => c.code === 'A01');
  if (!a01) throw new Error('A01 is not among the payment methods');

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
        const order = await callApi(
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

  // Each member recharges exactly COVER orders' worth online (A01 sandbox cashier → signed notify).
  const recharge = await runConcurrently(
    tokens.map((token) => async () => {
      const money = Math.round(price * COVER * 100) / 100;
      const start = await callApi(
        shop.baseURL,
        PaymentPaths.supayParam,
        { methodId: a01.id, type: 'recharge', money },
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
    const me = await callApi(shop.baseURL, MemberPaths.current, {}, token);
    if (me.cnyDeposit < 0) negative += 1;
    const log = await callApi(shop.baseURL, DepositPaths.logList, { pageNo: 1, pageSize: 50 }, token);
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

  let secret = started.key;
  if (!secret && settings.databaseUrl) {
    const client = new pg.Client({ connectionString: settings.databaseUrl });
    await client.connect();
    secret =
      (await client.query<{ value: string }>("select value from app_secrets where name = 'sandbox-pay'"))
        .rows[0]?.value ?? null;
    await client.end();
  }
  if (!secret) throw new Error('no sandbox key');
  const sandboxKey = secret;

  // The orders the deposit could not pay: a third paid through the sandbox, a third through WeChat Pay at the
  // same concurrency, the rest through WeChat Pay at a steady rate.
  const unpaid = rush.results.filter((r) => !r.answer.success).map((r) => r.order);
  const third = Math.floor(unpaid.length / 3);
  const open = (list: typeof unpaid, type: 'A01' | 'W01') =>
    runConcurrently(
      list.map((o) => async () => {
        const start = await callApi(
          shop.baseURL,
          PaymentPaths.payBySyb,
          { orderId: o.orderId, type, paymentType: 'PC' },
          o.token,
        );
        return { ...o, start };
      }),
      settings.connections,
    ).then((r) => r.results);
  const sandboxTrades = await open(unpaid.slice(0, third), 'A01');
  const wechatTrades = await open(unpaid.slice(third, 2 * third), 'W01');
  const pacedTrades = await open(unpaid.slice(2 * third), 'W01');
  if ([...wechatTrades, ...pacedTrades].some((t) => t.start.method !== 'QR'))
    throw new Error('W01 is not collected by WeChat Pay: is the fake configured?');

  // The sandbox's own trade numbers: the last segment of its cashier page's address, what its notify names.
  const channelNos = new Map<string, string>();
  for (const t of sandboxTrades) {
    if (t.start.method !== 'GET') throw new Error(`A01 answered ${t.start.method}`);
    channelNos.set(t.start.tradeNo, t.start.action.split('/').filter(Boolean).at(-1) ?? '');
  }
  const sandboxBodies = sandboxTrades.map((t) =>
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
  /** A notify as the channel posts it, signed before the clock starts: only the shop's answer is timed. */
  interface Notify {
    kind: 'sandbox' | 'wechatpay';
    headers: Record<string, string>;
    body: string;
  }
  const sandboxNotify = (body: string): Notify => ({
    kind: 'sandbox',
    headers: {
      'content-type': 'application/json',
      'x-pay-signature': createHmac('sha256', sandboxKey).update(body).digest('hex'),
    },
    body,
  });
  /** WeChat Pay pays the trade and signs its notify (RSA), the resource sealed with AES-256-GCM. */
  const wechatNotify = (tradeNo: string): Notify => {
    fake.pay(tradeNo);
    return { kind: 'wechatpay', ...fake.paidNotify(tradeNo) };
  };
  const send = async (notify: Notify) => {
    const began = performance.now();
    const res = await fetch(`${shop.baseURL}${PaymentPaths.notify}${notify.kind}/`, {
      method: 'POST',
      headers: notify.headers,
      body: notify.body,
    });
    const text = await res.text();
    const accepted =
      notify.kind === 'sandbox' ? res.status === 200 && text.includes('SUCCESS') : res.status === 204;
    return { kind: notify.kind, ms: performance.now() - began, accepted };
  };
  const latencyRow = (call: string, answers: { ms: number; accepted: boolean }[], seconds: number) => {
    const s = answers.map((a) => a.ms).sort((a, b) => a - b);
    return {
      call,
      database: settings.database,
      count: answers.length,
      'req/s': Math.round(answers.length / seconds),
      'p50 ms': percentile(s, 50),
      'p99 ms': percentile(s, 99),
      accepted: answers.filter((a) => a.accepted).length,
    };
  };

  // Sandbox and WeChat Pay notifies interleaved in one batch, so both meet the same load; each kind's own p99.
  const sandboxNotifies = sandboxBodies.map(sandboxNotify);
  const wechatNotifies = wechatTrades.map((t) => wechatNotify(t.start.tradeNo));
  const mixed = sandboxNotifies.flatMap((n, i) => {
    const w = wechatNotifies[i];
    return w ? [n, w] : [n];
  });
  const first = await runConcurrently(
    mixed.map((n) => () => send(n)),
    settings.connections,
  );
  const sandboxRow = latencyRow(
    'sandbox notify (HMAC)',
    first.results.filter((r) => r.kind === 'sandbox'),
    first.seconds,
  );
  const wechatRow = latencyRow(
    'WeChat Pay notify (RSA + AES-GCM), same batch',
    first.results.filter((r) => r.kind === 'wechatpay'),
    first.seconds,
  );
  const ratio =
    sandboxRow['p99 ms'] > 0 ? Math.round((wechatRow['p99 ms'] / sandboxRow['p99 ms']) * 100) / 100 : 0;
  rows.push(sandboxRow, { ...wechatRow, 'p99 ÷ sandbox p99': ratio, target: '≤ 1.2' });
  if (first.results.some((r) => !r.accepted))
    throw new Error(`${first.results.filter((r) => !r.accepted).length} notifies not accepted`);
  // What a channel retries with: every notify again, answered as received and changing nothing.
  const again = await runConcurrently(
    mixed.map((n) => () => send(n)),
    settings.connections,
  );
  rows.push(latencyRow('notify repeated (both channels)', again.results, again.seconds));
  if (again.results.some((r) => !r.accepted)) throw new Error('repeated notifies not accepted');

  // A steady NOTIFY_RATE a second, each for another order, sent on time whatever the answers take.
  const pacedNotifies = pacedTrades.map((t) => wechatNotify(t.start.tradeNo));
  const pacedStart = performance.now();
  const paced = await Promise.all(
    pacedNotifies.map(async (n, i) => {
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, pacedStart + (i * 1000) / NOTIFY_RATE - performance.now())),
      );
      try {
        return await send(n);
      } catch {
        return { kind: n.kind, ms: 0, accepted: false };
      }
    }),
  );
  const pacedSeconds = (performance.now() - pacedStart) / 1000;
  const pacedErrors = paced.filter((p) => !p.accepted).length;
  rows.push({
    ...latencyRow(`WeChat Pay notify sent at ${NOTIFY_RATE}/s, each another order`, paced, pacedSeconds),
    'req/s': NOTIFY_RATE,
    errors: pacedErrors,
    target: '0 errors',
  });

  let notPaid = 0;
  for (const t of [...sandboxTrades, ...wechatTrades, ...pacedTrades]) {
    const r = await post<{ status: string }>(PaymentPaths.findPayStatus, { orderId: t.orderId }, t.token);
    if (!r.success || r.data.status !== 'paid') notPaid += 1;
  }
  rows.push({
    call: 'orders paid by notify',
    database: settings.database,
    orders: sandboxTrades.length + wechatTrades.length + pacedTrades.length,
    'not paid': notPaid,
  });
  if (notPaid > 0) throw new Error(`${notPaid} orders not paid after their notify`);
  if (pacedErrors > 0) throw new Error(`${pacedErrors} paced WeChat Pay notifies failed`);
} finally {
  await shop.stop();
  await fake.stop();
  if (started.dataDir) await rm(started.dataDir, { recursive: true, force: true });
}
await report('payment-api', rows);
