import { PaymentPaths, type PayStart } from '@shop/domain';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../src/app';
import type { Database } from '../../src/db/client';
import {
  depositLogs,
  members,
  paymentConfigs,
  paymentNotifies,
  payments,
  sandboxTrades,
} from '../../src/db/schema';
import { hmacHex } from '../../src/modules/payment/payment.provider';
import { insertCatalogueFixture } from './catalogue-fixtures';
import { insertOrder } from './order-fixtures';
import { createTestApp, envelope, post, type TestApp, type TestAppOptions } from './test-app';

/**
 * The payment tests' app: the fixture catalogue (the demo seed off), the migration's payment methods, and a
 * sandbox that notifies after 5 ms instead of 200 so the tests stay quick.
 */
export async function createPaymentTestApp(
  env: Record<string, string> = {},
  options: Pick<TestAppOptions, 'logger'> = {},
) {
  const t: TestApp = await createTestApp({
    env: { SEED_DEMO: 'false', SHOP_PAY_SANDBOX_NOTIFY_DELAY_MS: '5', ...env },
    ...options,
  });
  const fixture = await insertCatalogueFixture(t.database.db);
  const skuId = fixture.goods.aptamilGold.skuIds[0] ?? 0;
  return { t, fixture, skuId };
}

let orderSequence = 0;

/** An unpaid order whose total is `total` minor units (one item plus the default 15.00 shipping). */
export async function unpaidOrder(
  db: Database,
  input: {
    memberId: number;
    skuId: number;
    total: number;
    currency?: 'AUD' | 'CNY';
    status?: number;
    orderNo?: string;
  },
) {
  orderSequence += 1;
  return insertOrder(db, {
    memberId: input.memberId,
    currency: input.currency ?? 'CNY',
    ...(input.status === undefined ? {} : { status: input.status }),
    orderNo: input.orderNo ?? `SOPAY${Date.now()}${String(orderSequence).padStart(3, '0')}`,
    items: [{ skuId: input.skuId, qty: 1, unitPrice: input.total - 1500 }],
  });
}

export interface EnvelopeResult<T> {
  status: number;
  success: boolean;
  resultCode: number;
  message: string;
  data: T;
}

/** POSTs a call and returns the HTTP status with the envelope. */
export async function call<T>(
  app: App,
  path: string,
  body: unknown,
  token?: string,
): Promise<EnvelopeResult<T>> {
  const res = await post(app, path, body, token);
  return { status: res.statusCode, ...envelope<T>(res) };
}

/** A call that must succeed; its data. */
export async function okData<T>(app: App, path: string, body: unknown, token?: string): Promise<T> {
  const res = await call<T>(app, path, body, token);
  expect(res.success, res.message).toBe(true);
  return res.data;
}

/** Starts paying an order with an A01/W01-type method (payBySyb/), expecting success: the trade to open. */
export function startSyb(app: App, token: string, orderId: number, type: string): Promise<PayStart> {
  return okData<PayStart>(app, PaymentPaths.payBySyb, { orderId, type }, token);
}

export async function configId(db: Database, code: string): Promise<number> {
  const rows = await db
    .select({ id: paymentConfigs.id })
    .from(paymentConfigs)
    .where(eq(paymentConfigs.code, code));
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`no payment config ${code}`);
  return id;
}

export async function paymentByTradeNo(db: Database, tradeNo: string) {
  const rows = await db.select().from(payments).where(eq(payments.tradeNo, tradeNo));
  return rows[0];
}

export async function paymentsOfOrder(db: Database, orderId: number) {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));
}

export async function notifiesOf(db: Database, tradeNo: string) {
  return db
    .select()
    .from(paymentNotifies)
    .where(eq(paymentNotifies.tradeNo, tradeNo))
    .orderBy(asc(paymentNotifies.id));
}

export async function sandboxTradeOf(db: Database, tradeNo: string) {
  const rows = await db.select().from(sandboxTrades).where(eq(sandboxTrades.merchantTradeNo, tradeNo));
  return rows[0];
}

export async function balances(db: Database, memberId: number) {
  const rows = await db
    .select({ cny: members.cnyDeposit, aud: members.audDeposit })
    .from(members)
    .where(eq(members.id, memberId));
  return { cny: Number(rows[0]?.cny), aud: Number(rows[0]?.aud) };
}

export async function depositLogsOf(db: Database, memberId: number) {
  return db.select().from(depositLogs).where(eq(depositLogs.memberId, memberId)).orderBy(asc(depositLogs.id));
}

/** A notify body as a channel sends it. */
export function notifyBody(fields: {
  tradeNo: string;
  channelTradeNo: string;
  status: 'SUCCESS' | 'CLOSED' | 'FAILED';
  amount: number;
  currency: 'AUD' | 'CNY';
  paidAt?: string | null;
}): string {
  return JSON.stringify({ paidAt: null, nonce: 'n0nce', ...fields });
}

/**
 * An unpaid ¥94.00 order of the member with a W01 payment opened at the sandbox, and the SUCCESS notify the
 * channel would send for it (unsent).
 */
export async function pendingSuccessNotify(
  t: TestApp,
  buyer: { memberId: number; token: string; skuId: number },
) {
  const order = await unpaidOrder(t.database.db, {
    memberId: buyer.memberId,
    skuId: buyer.skuId,
    total: 9400,
  });
  const start = await startSyb(t.app, buyer.token, order.id, 'W01');
  const trade = await sandboxTradeOf(t.database.db, start.tradeNo);
  const success = notifyBody({
    tradeNo: start.tradeNo,
    channelTradeNo: trade?.channelTradeNo ?? '',
    status: 'SUCCESS',
    amount: 9400,
    currency: 'CNY',
  });
  return { order, start, success };
}

/** Sends a notify to the sandbox provider's route, signed with `secret` (the sandbox's own unless forged). */
export async function sendNotify(
  app: App,
  rawBody: string,
  secret?: string,
  provider = 'sandbox',
  remoteAddress = '127.0.0.1',
) {
  const key = secret ?? (await sandboxSecret(app));
  return app.inject({
    method: 'POST',
    url: `${PaymentPaths.notify}${provider}/`,
    remoteAddress,
    payload: rawBody,
    headers: { 'content-type': 'application/json', 'x-pay-signature': hmacHex(key, rawBody) },
  });
}

/** Posts a form to a sandbox page (the shopper's browser pressing a button or posting the bridge form). */
export function postForm(app: App, url: string, fields: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

/** The sandbox channel's merchant key (the sandbox is on in tests unless a test switches it off). */
export async function sandboxSecret(app: App): Promise<string> {
  const sandbox = app.services.payments.sandbox;
  if (!sandbox) throw new Error('the sandbox channel is off in this app');
  return sandbox.secret();
}
