import {
  AdminOrderPaths,
  AdminReconciliationPaths,
  channelToday,
  OrderStatus,
  PaymentPaths,
  type PayStart,
  type ReconciliationDifference,
  type ReconciliationRunResponse,
  ResultCode,
} from '@shop/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { parseConfig } from '../src/config/env';
import { paymentRefunds, payments, reconciliationRuns, staffAuditLog } from '../src/db/schema';
import { ChannelError } from '../src/modules/payment/payment.provider';
import { settleTrade } from '../src/modules/payment/sandbox.repository';
import { parseGlobalStatement } from '../src/modules/payment/wechatpay.bill';
import { createWechatPayProvider } from '../src/modules/payment/wechatpay.provider';
import { FAKE_MCHID, FakeWechatPay, type SignedNotify } from './support/fake-wechatpay';
import { newMember, orderState } from './support/order-fixtures';
import {
  configId,
  createPaymentTestApp,
  notifiesOf,
  okData,
  paymentByTradeNo,
  sandboxTradeOf,
  startSyb,
  unpaidOrder,
} from './support/payment-fixtures';
import { staffToken } from './support/staff';
import { envelope, post, type TestApp } from './support/test-app';

const PUBLIC_URL = 'https://shop.example';
const NOTIFY_PATH = `${PaymentPaths.notify}wechatpay/`;
const DAY_MS = 86_400_000;

const fake = new FakeWechatPay();

/** The shop's WeChat Pay adapter pointed at the fake (to act at WeChat Pay beside the shop). */
function wechatProvider() {
  const parsed = parseConfig(fake.env(PUBLIC_URL));
  if (!parsed.ok || !parsed.config.wechatPay) throw new Error(`config: ${JSON.stringify(parsed)}`);
  return createWechatPayProvider(parsed.config.wechatPay, { clock: () => new Date() });
}

beforeAll(async () => {
  await fake.start();
});
afterAll(async () => {
  await fake.stop();
});

/** A Beijing day `back` days before WeChat Pay's today, and noon of it. */
function beijingDay(back: number): { day: string; noon: Date } {
  const today = Date.parse(`${channelToday('wechatpay', new Date())}T00:00:00Z`);
  const day = new Date(today - back * DAY_MS).toISOString().slice(0, 10);
  return { day, noon: new Date(`${day}T12:00:00+08:00`) };
}

function deliver(app: App, notify: SignedNotify) {
  return app.inject({ method: 'POST', url: NOTIFY_PATH, headers: notify.headers, payload: notify.body });
}

/** Starts a run from the console and waits for it; the run with its day's differences. */
async function runDay(t: TestApp, token: string, provider: string, day: string) {
  const res = await post(t.app, AdminReconciliationPaths.start, { provider, day }, token);
  const started = envelope<ReconciliationRunResponse>(res);
  expect(started.success, started.message).toBe(true);
  await t.app.services.reconciliation.idle();
  const result = envelope<ReconciliationRunResponse>(
    await post(t.app, AdminReconciliationPaths.run, { id: started.data.run.id }, token),
  );
  expect(result.success, result.message).toBe(true);
  return result.data;
}

const kinds = (differences: readonly ReconciliationDifference[]) =>
  differences
    .filter((d) => d.status === 'open')
    .map((d) => [d.kind, d.tradeNo, d.refundNo])
    .sort();

describe('WeChat Pay trade bill', () => {
  const provider = wechatProvider;

  it('reads the cross-border bill’s columns by either edition’s names, and refuses a malformed amount', () => {
    const english =
      'Transaction time,Official Account ID,Vendor ID,Sub vendor ID,Device No.,WeChat order No.,Vendor order No.,User identifier,transaction type,transaction status,priced currency,order amount (priced currency)';
    const row = (amount: string) =>
      [
        '2026-11-27 10:00:00',
        'wx1',
        '1900000109',
        '',
        '',
        '4200001',
        'P1',
        'o1',
        'NATIVE',
        'SUCCESS',
        'AUD',
        amount,
      ]
        .map((field) => `\`${field}`)
        .join(',');
    // Columns in another order than the Chinese edition's: found by name, not position.
    expect(parseGlobalStatement(`${english}\r\n${row('23.50')}\r\n`)).toEqual([
      {
        kind: 'payment',
        tradeNo: 'P1',
        refundNo: null,
        channelRef: '4200001',
        amount: 2350,
        currency: 'AUD',
        at: '2026-11-27T02:00:00.000Z',
      },
    ]);
    for (const bad of ['23.5.0', '-23.50', '23.505', '2,350', ''])
      expect(() => parseGlobalStatement(`${english}\n${row(bad)}\n`)).toThrow(ChannelError);
    expect(() => parseGlobalStatement(`${english.replace('Vendor order No.,', 'X,')}\n`)).toThrow(
      /without its columns: outTradeNo/,
    );
  });

  it('downloads the day’s bill with a signed request, checks its SHA1 and reads its payments and refunds', async () => {
    const { day, noon } = beijingDay(20);
    const tradeNo = `P${Date.now()}77`;
    const trade = {
      tradeNo,
      channel: 'W01',
      amount: 12345,
      currency: 'CNY' as const,
      subject: '订单 SO9, 两件',
      notifyUrl: NOTIFY_PATH,
      returnUrl: '/payment',
      scene: 'PC' as const,
    };
    await provider().openQr?.(trade);
    const paid = fake.pay(tradeNo, { at: noon });
    await provider().refund?.({
      trade,
      refundNo: `R${tradeNo}`,
      amount: 2000,
      reason: '缺货',
      notifyUrl: NOTIFY_PATH,
    });
    fake.refundNotify(`R${tradeNo}`, 'SUCCESS', { at: new Date(noon.getTime() + 3600_000) });
    fake.received = [];

    const lines = await provider().fetchStatement?.(day);
    expect(lines).toEqual([
      {
        kind: 'payment',
        tradeNo,
        refundNo: null,
        channelRef: paid.transactionId,
        amount: 12345,
        currency: 'CNY',
        at: noon.toISOString(),
      },
      {
        kind: 'refund',
        tradeNo,
        refundNo: `R${tradeNo}`,
        channelRef: fake.refunds.get(`R${tradeNo}`)?.refundId,
        amount: 2000,
        currency: 'CNY',
        at: new Date(noon.getTime() + 3600_000).toISOString(),
      },
    ]);
    // The cross-border bill is asked too, on the global host; that day had no AUD trade, so it has none.
    expect(fake.received.map((r) => [r.method, r.path, r.signatureOk])).toEqual([
      ['GET', '/v3/bill/tradebill', true],
      ['GET', '/v3/billdownload/file', true],
      ['GET', '/hk/v3/global/statements', true],
    ]);
    // A day without trades has no bill: an empty statement.
    expect(await provider().fetchStatement?.(beijingDay(80).day)).toEqual([]);
  });

  it('refuses a bill whose SHA1 is not the one in the signed answer, and an unsigned answer', async () => {
    const { day, noon } = beijingDay(21);
    const tradeNo = `P${Date.now()}78`;
    await provider().openQr?.({
      tradeNo,
      channel: 'W01',
      amount: 100,
      currency: 'CNY',
      subject: 'x',
      notifyUrl: NOTIFY_PATH,
      returnUrl: '/payment',
      scene: 'PC',
    });
    fake.pay(tradeNo, { at: noon });
    fake.wrongBillHash = true;
    await expect(provider().fetchStatement?.(day)).rejects.toThrow(/SHA1/);
    fake.wrongBillHash = false;
    fake.forgery = 'bad-signature';
    await expect(provider().fetchStatement?.(day)).rejects.toBeInstanceOf(ChannelError);
    fake.forgery = 'none';
    await expect(provider().fetchStatement?.(day)).resolves.toHaveLength(1);
  });
});

describe('reconciliation of WeChat Pay through the console', () => {
  let t: TestApp;
  let skuId: number;
  let finance: string;

  beforeAll(async () => {
    ({ t, skuId } = await createPaymentTestApp(fake.env(PUBLIC_URL)));
    finance = (await staffToken(t, 'finance')).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function qrStart(total = 9400) {
    const buyer = await newMember(t.app);
    const order = await unpaidOrder(t.database.db, { memberId: buyer.id, skuId, total });
    const start = await startSyb(t.app, buyer.token, order.id, 'W01');
    return { buyer, order, start };
  }

  /** An order paid by QR at `at`, its notify delivered: the shop and WeChat Pay agree. */
  async function paidOrder(at: Date, total = 9400) {
    const started = await qrStart(total);
    fake.pay(started.start.tradeNo, { at });
    expect((await deliver(t.app, fake.paidNotify(started.start.tradeNo))).statusCode).toBe(204);
    return started;
  }

  it('lists WeChat Pay and the sandbox as channels that can be reconciled, each in its own calendar', async () => {
    const res = envelope<{ items: { provider: string; timeZone: string; yesterday: string }[] }>(
      await post(t.app, AdminReconciliationPaths.providers, {}, finance),
    );
    expect(res.data.items).toEqual(
      expect.arrayContaining([
        { provider: 'wechatpay', timeZone: 'Asia/Shanghai', yesterday: beijingDay(1).day },
        { provider: 'sandbox', timeZone: 'UTC', yesterday: expect.any(String) },
      ]),
    );
  });

  it('reads the cross-border AUD bill from the global API: a matching AUD trade agrees, a planted AUD difference is listed', async () => {
    const { day, noon } = beijingDay(30);
    /** An AUD order paid through the cross-border API at `at`, its notify delivered. */
    const audPaid = async (total: number, at: Date) => {
      const buyer = await newMember(t.app);
      const order = await unpaidOrder(t.database.db, { memberId: buyer.id, skuId, total, currency: 'AUD' });
      const start = await okData<PayStart>(
        t.app,
        PaymentPaths.supayParam,
        { orderId: order.id, methodId: await configId(t.database.db, 'SupayWechat') },
        buyer.token,
      );
      expect(fake.trades.get(start.tradeNo)).toMatchObject({ global: true, currency: 'AUD', total });
      fake.pay(start.tradeNo, { at });
      expect((await deliver(t.app, fake.paidNotify(start.tradeNo))).statusCode).toBe(204);
      return start.tradeNo;
    };
    const agreed = await audPaid(2350, noon);
    // WeChat Pay booked A$23.40 for a trade the shop took A$23.50 for.
    const otherAmount = await audPaid(2350, new Date(noon.getTime() + 60_000));
    const other = fake.trades.get(otherAmount);
    if (other) other.total = 2340;
    // And a domestic trade the same day, in the CNY bill: both bills are read.
    await paidOrder(new Date(noon.getTime() + 120_000), 5000);
    fake.received = [];

    const result = await runDay(t, finance, 'wechatpay', day);
    expect(result.run).toMatchObject({ status: 'done', statementLines: 3, matched: 2, differences: 1 });
    expect(result.differences).toEqual([
      expect.objectContaining({
        kind: 'amount_mismatch',
        tradeNo: otherAmount,
        shopAmount: '23.50',
        shopCurrency: 'AUD',
        channelAmount: '23.40',
        channelCurrency: 'AUD',
      }),
    ]);
    expect(result.differences.map((d) => d.tradeNo)).not.toContain(agreed);
    // The global statement is one signed GET on the global host, for the day as YYYYMMDD and the merchant.
    const asked = fake.received.filter((r) => r.path.startsWith('/hk/'));
    expect(asked.map((r) => [r.method, r.path, r.query, r.signatureOk])).toEqual([
      ['GET', '/hk/v3/global/statements', `?date=${day.replace(/-/g, '')}&mchid=${FAKE_MCHID}`, true],
    ]);
  });

  /** An AUD order of 23.50 paid through the cross-border API at `at`; its trade number. */
  async function audTrade(at: Date): Promise<string> {
    const buyer = await newMember(t.app);
    const order = await unpaidOrder(t.database.db, {
      memberId: buyer.id,
      skuId,
      total: 2350,
      currency: 'AUD',
    });
    const start = await okData<PayStart>(
      t.app,
      PaymentPaths.supayParam,
      { orderId: order.id, methodId: await configId(t.database.db, 'SupayWechat') },
      buyer.token,
    );
    fake.pay(start.tradeNo, { at });
    expect((await deliver(t.app, fake.paidNotify(start.tradeNo))).statusCode).toBe(204);
    return start.tradeNo;
  }

  it('refuses a cross-border bill whose body is not the Wechatpay-Statement-Sha1 its signature covers', async () => {
    const { day, noon } = beijingDay(31);
    await audTrade(noon);
    fake.globalStatementPlant = 'bad-sha1';
    try {
      const result = await runDay(t, finance, 'wechatpay', day);
      expect(result.run).toMatchObject({ status: 'failed', matched: 0, differences: 0 });
      expect(result.run.error).toContain('does not match its Wechatpay-Statement-Sha1');
      expect(result.differences).toEqual([]);
    } finally {
      fake.globalStatementPlant = 'none';
    }
  });

  it('refuses a cross-border bill whose signature over ts, nonce and SHA1 is not WeChat Pay’s, before reading a row', async () => {
    const { day, noon } = beijingDay(32);
    await audTrade(noon);
    fake.globalStatementPlant = 'bad-signature';
    try {
      const result = await runDay(t, finance, 'wechatpay', day);
      expect(result.run).toMatchObject({ status: 'failed', matched: 0, differences: 0 });
      expect(result.run.error).toContain('global bill without a valid signature (bad signature)');
      expect(result.differences).toEqual([]);
      // The same answer with the right signature is read: only the signature was wrong.
      fake.globalStatementPlant = 'none';
      expect(await wechatProvider().fetchStatement?.(day)).toHaveLength(1);
    } finally {
      fake.globalStatementPlant = 'none';
    }
  });

  it('a day without a cross-border bill (NO_STATEMENT_EXIST) is an empty AUD statement, like the domestic one', async () => {
    const { day, noon } = beijingDay(33);
    const tradeNo = await audTrade(noon);
    fake.globalStatementPlant = 'no-statement';
    try {
      fake.received = [];
      // Neither bill exists: an empty statement, both asked.
      expect(await wechatProvider().fetchStatement?.(day)).toEqual([]);
      expect(fake.received.map((r) => [r.path, r.signatureOk])).toEqual([
        ['/v3/bill/tradebill', true],
        ['/hk/v3/global/statements', true],
      ]);
      // The run is done, and the shop's AUD payment WeChat Pay did not list is a difference.
      const result = await runDay(t, finance, 'wechatpay', day);
      expect(result.run).toMatchObject({ status: 'done', statementLines: 0 });
      expect(result.differences.map((d) => d.tradeNo)).toEqual([tradeNo]);
    } finally {
      fake.globalStatementPlant = 'none';
    }
  });

  it('a clean day has no differences', async () => {
    const { day, noon } = beijingDay(2);
    await paidOrder(noon);
    await paidOrder(new Date(noon.getTime() + 60_000), 5000);
    const result = await runDay(t, finance, 'wechatpay', day);
    expect(result.run).toMatchObject({ status: 'done', statementLines: 2, matched: 2, differences: 0 });
    expect(result.differences).toEqual([]);
  });

  it('finds every kind of planted difference', async () => {
    const { day, noon } = beijingDay(3);
    // Paid at WeChat Pay, its notify lost: pending in the shop.
    const lost = await qrStart();
    fake.pay(lost.start.tradeNo, { at: noon });
    // Paid and settled, but WeChat Pay booked another amount.
    const other = await paidOrder(noon);
    const otherTrade = fake.trades.get(other.start.tradeNo);
    if (otherTrade) otherTrade.total = 9300;
    // Settled in the shop, missing from WeChat Pay's books.
    const ghost = await paidOrder(noon);
    fake.trades.delete(ghost.start.tradeNo);
    // Paid at WeChat Pay for a trade number the shop never opened there.
    const stranger = `P${Date.now()}99`;
    const wechat = wechatProvider();
    await wechat.openQr?.({
      tradeNo: stranger,
      channel: 'W01',
      amount: 700,
      currency: 'CNY',
      subject: 'x',
      notifyUrl: NOTIFY_PATH,
      returnUrl: '/payment',
      scene: 'PC',
    });
    fake.pay(stranger, { at: noon });
    // The order was cancelled and its trade closed, yet WeChat Pay took the money.
    const closed = await qrStart();
    await t.database.db
      .update(payments)
      .set({ status: 'cancelled' })
      .where(eq(payments.tradeNo, closed.start.tradeNo));
    fake.pay(closed.start.tradeNo, { at: noon });
    // Refunded at WeChat Pay without the shop's refund row; and a refund the shop confirmed that WeChat Pay lacks.
    const refunded = await paidOrder(noon);
    await wechat.refund?.({
      trade: { tradeNo: refunded.start.tradeNo, channel: 'W01', amount: 9400, currency: 'CNY' },
      refundNo: `RF${refunded.start.tradeNo}`,
      amount: 1000,
      reason: '缺货',
      notifyUrl: NOTIFY_PATH,
    });
    fake.refundNotify(`RF${refunded.start.tradeNo}`, 'SUCCESS', { at: noon });
    const payment = await paymentByTradeNo(t.database.db, refunded.start.tradeNo);
    await t.database.db.insert(paymentRefunds).values({
      refundNo: `RS${refunded.start.tradeNo}`,
      paymentId: payment?.id ?? 0,
      orderId: refunded.order.id,
      provider: 'wechatpay',
      currency: 'CNY',
      amount: 500,
      status: 'success',
      confirmedAt: noon,
    });

    const result = await runDay(t, finance, 'wechatpay', day);
    expect(result.run).toMatchObject({ status: 'done', matched: 1, differences: 7 });
    expect(kinds(result.differences)).toEqual(
      [
        ['paid_shop_pending', lost.start.tradeNo, ''],
        ['amount_mismatch', other.start.tradeNo, ''],
        ['paid_channel_missing', ghost.start.tradeNo, ''],
        ['paid_shop_missing', stranger, ''],
        ['paid_shop_closed', closed.start.tradeNo, ''],
        ['refund_shop_missing', refunded.start.tradeNo, `RF${refunded.start.tradeNo}`],
        ['refund_channel_missing', refunded.start.tradeNo, `RS${refunded.start.tradeNo}`],
      ].sort(),
    );
    const mismatch = result.differences.find((d) => d.kind === 'amount_mismatch');
    expect(mismatch).toMatchObject({
      shopAmount: '94.00',
      shopCurrency: 'CNY',
      channelAmount: '93.00',
      channelCurrency: 'CNY',
    });
  });

  it('settling: a warehouse clerk is refused; finance pays the lost notify’s order, audited; re-running keeps it', async () => {
    const { day, noon } = beijingDay(4);
    const lost = await qrStart();
    fake.pay(lost.start.tradeNo, { at: noon });
    const ghost = await paidOrder(noon);
    fake.trades.delete(ghost.start.tradeNo);
    const first = await runDay(t, finance, 'wechatpay', day);
    const pending = first.differences.find((d) => d.kind === 'paid_shop_pending');
    const missing = first.differences.find((d) => d.kind === 'paid_channel_missing');
    if (!pending || !missing) throw new Error('differences not found');

    const clerk = await staffToken(t, 'warehouse');
    const refused = await post(
      t.app,
      AdminReconciliationPaths.settle,
      { id: pending.id, note: '补单' },
      clerk.token,
    );
    expect(refused.statusCode).toBe(403);
    expect(envelope(refused).resultCode).toBe(ResultCode.PermissionDenied);
    const noNote = envelope(
      await post(t.app, AdminReconciliationPaths.settle, { id: pending.id, note: ' ' }, finance),
    );
    expect(noNote.success).toBe(false);
    expect(noNote.message).toContain('请填写处理说明');

    const settled = envelope<ReconciliationDifference>(
      await post(
        t.app,
        AdminReconciliationPaths.settle,
        { id: pending.id, note: '通知丢失，按微信账单补单' },
        finance,
      ),
    );
    expect(settled.data).toMatchObject({ status: 'settled', note: '通知丢失，按微信账单补单' });
    expect((await orderState(t.database.db, lost.order.id)).order?.status).toBe(OrderStatus.Paid);
    expect(await paymentByTradeNo(t.database.db, lost.start.tradeNo)).toMatchObject({ status: 'paid' });
    expect((await notifiesOf(t.database.db, lost.start.tradeNo)).map((n) => [n.outcome, n.reason])).toEqual([
      ['paid', '对账补单'],
    ]);
    const again = envelope(
      await post(t.app, AdminReconciliationPaths.settle, { id: pending.id, note: '再点一次' }, finance),
    );
    expect(again).toMatchObject({ success: false, message: '该差异已处理' });
    const resolved = envelope<ReconciliationDifference>(
      await post(
        t.app,
        AdminReconciliationPaths.settle,
        { id: missing.id, note: '已向微信支付核实' },
        finance,
      ),
    );
    expect(resolved.data.status).toBe('settled');
    const audit = await t.database.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.action, 'reconciliation.settle'))
      .orderBy(desc(staffAuditLog.id))
      .limit(2);
    expect(audit.map((row) => [row.objectId, (row.after as { action: string }).action])).toEqual([
      [String(missing.id), 'resolve'],
      [String(pending.id), 'settle_payment'],
    ]);

    // The lost trade now agrees; the settled 'missing at the channel' one is kept settled, not found again as open.
    const second = await runDay(t, finance, 'wechatpay', day);
    expect(second.run).toMatchObject({ status: 'done', matched: 1, differences: 1 });
    expect(second.differences.map((d) => [d.id, d.kind, d.status, d.note])).toEqual([
      [pending.id, 'paid_shop_pending', 'settled', '通知丢失，按微信账单补单'],
      [missing.id, 'paid_channel_missing', 'settled', '已向微信支付核实'],
    ]);
  });

  it('re-running a day replaces its open differences', async () => {
    const { day, noon } = beijingDay(5);
    const lost = await qrStart();
    fake.pay(lost.start.tradeNo, { at: noon });
    const first = await runDay(t, finance, 'wechatpay', day);
    expect(kinds(first.differences)).toEqual([['paid_shop_pending', lost.start.tradeNo, '']]);
    // The notify arrives after all: the next run finds nothing.
    expect((await deliver(t.app, fake.paidNotify(lost.start.tradeNo))).statusCode).toBe(204);
    const second = await runDay(t, finance, 'wechatpay', day);
    expect(second.differences).toEqual([]);
  });

  it('a bill whose hash does not match is refused: the run fails and nothing is stored', async () => {
    const { day, noon } = beijingDay(6);
    const lost = await qrStart();
    fake.pay(lost.start.tradeNo, { at: noon });
    fake.wrongBillHash = true;
    try {
      const result = await runDay(t, finance, 'wechatpay', day);
      expect(result.run).toMatchObject({ status: 'failed', error: expect.stringContaining('SHA1') });
      expect(result.differences).toEqual([]);
    } finally {
      fake.wrongBillHash = false;
    }
  });

  it('refuses a day not over yet, an unknown channel and a bad date with Chinese messages', async () => {
    const today = channelToday('wechatpay', new Date());
    const cases: [unknown, string][] = [
      [{ provider: 'wechatpay', day: today }, '只能对账已结束的日期（按渠道所在时区）'],
      [{ provider: 'gateway', day: '2026-11-01' }, '该支付渠道不能对账（未启用或不提供对账单）'],
      [{ provider: 'wechatpay', day: '2026-02-30' }, '对账日期无效'],
      [{ provider: 'wechatpay', day: '27/11/2026' }, '对账日期格式须为 yyyy-MM-dd'],
      [{ provider: 'wechatpay', day: '2026-11-01', extra: 1 }, ''],
    ];
    for (const [body, message] of cases) {
      const res = envelope(await post(t.app, AdminReconciliationPaths.start, body, finance));
      expect(res.success).toBe(false);
      expect(res.resultCode).toBe(ResultCode.ParamsError);
      if (message) expect(res.message).toContain(message);
    }
  });
});

describe('reconciliation of the sandbox, and the daily run', () => {
  let t: TestApp;
  let skuId: number;

  beforeAll(async () => {
    ({ t, skuId } = await createPaymentTestApp());
  });
  afterAll(async () => {
    await t?.close();
  });

  it('matches what the sandbox collected; a trade paid without its notify is settled from the statement', async () => {
    const buyer = await newMember(t.app);
    const order = await unpaidOrder(t.database.db, { memberId: buyer.id, skuId, total: 9400 });
    const paid = await startSyb(t.app, buyer.token, order.id, 'A01');
    const trade = await sandboxTradeOf(t.database.db, paid.tradeNo);
    await t.app.services.payments.sandbox?.settle(trade?.channelTradeNo ?? '', 'pay');
    await t.app.services.payments.idle();
    expect(await paymentByTradeNo(t.database.db, paid.tradeNo)).toMatchObject({ status: 'paid' });
    // A refund through the sandbox (docs/decisions/035) is on its statement too, and matches the shop's.
    const refund = envelope(
      await post(
        t.app,
        AdminOrderPaths.refund,
        { orderNo: order.orderNo, amount: 10, refundedBefore: 0, reason: '对账' },
        (await staffToken(t, 'owner')).token,
      ),
    );
    expect(refund.success, refund.message).toBe(true);
    await t.app.services.payments.idle();

    const lostOrder = await unpaidOrder(t.database.db, { memberId: buyer.id, skuId, total: 5000 });
    const lost = await startSyb(t.app, buyer.token, lostOrder.id, 'A01');
    // The sandbox books the payment, and its notify never reaches the shop.
    await settleTrade(t.database.db, { merchantTradeNo: lost.tradeNo }, 'paid');

    const today = new Date().toISOString().slice(0, 10);
    t.clock.advance(DAY_MS);
    // Signed in on the day after (a staff token lives 12 hours); the owner signs in with TOTP.
    const owner = (await staffToken(t, 'owner')).token;
    const result = await runDay(t, owner, 'sandbox', today);
    expect(result.run).toMatchObject({ status: 'done', matched: 2, differences: 1 });
    const [difference] = result.differences;
    expect(difference).toMatchObject({
      kind: 'paid_shop_pending',
      tradeNo: lost.tradeNo,
      channelAmount: '50.00',
    });
    const settled = envelope(
      await post(t.app, AdminReconciliationPaths.settle, { id: difference?.id, note: '沙箱通知丢失' }, owner),
    );
    expect(settled.success, settled.message).toBe(true);
    expect((await orderState(t.database.db, lostOrder.id)).order?.status).toBe(OrderStatus.Paid);
    const rerun = await runDay(t, owner, 'sandbox', today);
    expect(rerun.run).toMatchObject({ matched: 3, differences: 0 });
  });

  it('the daily run reconciles yesterday once however many workers try', async () => {
    const service = t.app.services.reconciliation;
    // Noon (UTC) of a later day: the sandbox's statement of its yesterday is ready.
    const now = t.clock.now();
    t.clock.advance(Date.parse(`${now.toISOString().slice(0, 10)}T12:00:00Z`) + DAY_MS - now.getTime());
    const [a, b] = await Promise.all([service.runDaily(), service.runDaily()]);
    await service.idle();
    const runs = [...(a ?? []), ...(b ?? [])];
    expect(runs.map((run) => run.provider)).toEqual(['sandbox']);
    expect(runs[0]).toMatchObject({ trigger: 'schedule', status: 'done' });
    expect(await service.runDaily()).toEqual([]);
    const scheduled = await t.database.db
      .select()
      .from(reconciliationRuns)
      .where(and(eq(reconciliationRuns.trigger, 'schedule'), eq(reconciliationRuns.provider, 'sandbox')));
    expect(scheduled).toHaveLength(1);
  });
});
