import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OrderStatus, PaymentPaths } from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config/env';
import { paymentConfigs } from '../src/db/schema';
import { createGatewayProvider } from '../src/modules/payment/gateway.provider';
import {
  ChannelError,
  type ChannelTrade,
  canonicalParams,
  hmacHex,
  verifyParams,
} from '../src/modules/payment/payment.provider';
import { newMember, orderState } from './support/order-fixtures';
import {
  createPaymentTestApp,
  notifiesOf,
  notifyBody,
  paymentByTradeNo,
  sendNotify,
  startSyb,
  unpaidOrder,
} from './support/payment-fixtures';
import type { TestApp } from './support/test-app';

const SECRET = 'gateway-test-secret-0123456789';
const MERCHANT = 'M10086';
const PUBLIC_URL = 'https://shop.example';

/** What the fake channel does next: answer a cashier, fail, or answer nonsense. */
type Mode = 'ok' | 'error' | 'garbage' | 'no-pay-url';

interface Received {
  path: string;
  body: Record<string, string>;
  signatureOk: boolean;
}

/** A tiny stand-in for the real channel's server on 127.0.0.1, checking every request's signature. */
class FakeChannel {
  server: Server;
  url = '';
  mode: Mode = 'ok';
  received: Received[] = [];
  closeAnswer = 'SUCCESS';

  constructor() {
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, string>;
    const path = req.url ?? '';
    this.received.push({ path, body, signatureOk: verifyParams(body, SECRET) });
    const send = (status: number, text: string) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(text);
    };
    if (this.mode === 'error') return send(503, '{"error":"busy"}');
    if (this.mode === 'garbage') return send(200, 'not json');
    if (path === '/close') return send(200, JSON.stringify({ result: this.closeAnswer }));
    if (this.mode === 'no-pay-url') return send(200, JSON.stringify({ channelTradeNo: 'GW1' }));
    return send(
      200,
      JSON.stringify({
        payUrl: `https://pay.example/cashier/GW-${body.trade_no}`,
        channelTradeNo: `GW-${body.trade_no}`,
      }),
    );
  }
}

const fake = new FakeChannel();

beforeAll(async () => {
  await fake.start();
});
afterAll(async () => {
  await fake.stop();
});

const trade: ChannelTrade = {
  tradeNo: 'P2025030108000012345678',
  channel: 'W01',
  amount: 9400,
  currency: 'CNY',
  subject: '订单 SO1',
  notifyUrl: '/api/paymentService/notify/gateway/',
  returnUrl: '/payment/result?orderId=1&tradeNo=P2025030108000012345678',
  scene: 'H5',
};

describe('gateway provider', () => {
  const clock = () => new Date('2025-03-01T08:00:00Z');
  const provider = () =>
    createGatewayProvider(
      { url: fake.url, merchantId: MERCHANT, secret: SECRET, publicUrl: PUBLIC_URL },
      { clock },
    );

  it('asks the channel for a cashier with a signed request', async () => {
    fake.mode = 'ok';
    fake.received = [];
    const cashier = await provider().createCashier(trade);
    expect(cashier).toEqual({
      payUrl: `https://pay.example/cashier/GW-${trade.tradeNo}`,
      channelTradeNo: `GW-${trade.tradeNo}`,
    });
    expect(fake.received).toHaveLength(1);
    const [request] = fake.received;
    expect(request?.path).toBe('/cashier');
    expect(request?.signatureOk).toBe(true);
    expect(request?.body).toMatchObject({
      merchant_id: MERCHANT,
      trade_no: trade.tradeNo,
      amount: '9400',
      currency: 'CNY',
      channel: 'W01',
      scene: 'H5',
      notify_url: `${PUBLIC_URL}/api/paymentService/notify/gateway/`,
      return_url: `${PUBLIC_URL}/payment/result?orderId=1&tradeNo=P2025030108000012345678`,
      timestamp: String(Date.parse('2025-03-01T08:00:00Z') / 1000),
    });
    expect(request?.body.sign).toBe(hmacHex(SECRET, canonicalParams(request?.body ?? {})));
  });

  it('turns an unreachable, failing or strange channel into a ChannelError', async () => {
    for (const mode of ['error', 'garbage', 'no-pay-url'] as const) {
      fake.mode = mode;
      await expect(provider().createCashier(trade), mode).rejects.toBeInstanceOf(ChannelError);
    }
    const nowhere = createGatewayProvider(
      { url: 'http://127.0.0.1:1', merchantId: MERCHANT, secret: SECRET, publicUrl: PUBLIC_URL },
      { clock },
    );
    await expect(nowhere.createCashier(trade)).rejects.toBeInstanceOf(ChannelError);
    fake.mode = 'ok';
  });

  it('signs the bridge form and the proxy URL', async () => {
    const form = await provider().bridgeForm(trade);
    expect(form.action).toBe(`${fake.url}/bridge`);
    expect(verifyParams(form.fields, SECRET)).toBe(true);
    expect(verifyParams({ ...form.fields, amount: '1' }, SECRET)).toBe(false);
    const url = new URL(await provider().proxyUrl(trade));
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/proxy`);
    expect(verifyParams(Object.fromEntries(url.searchParams), SECRET)).toBe(true);
  });

  it('verifies a notify over its raw body', async () => {
    const body = notifyBody({
      tradeNo: trade.tradeNo,
      channelTradeNo: 'GW1',
      status: 'SUCCESS',
      amount: 9400,
      currency: 'CNY',
    });
    const raw = Buffer.from(body);
    const good = await provider().verifyNotify(raw, { 'x-pay-signature': hmacHex(SECRET, raw) });
    expect(good).toMatchObject({ tradeNo: trade.tradeNo, status: 'SUCCESS', amount: 9400 });
    expect(await provider().verifyNotify(raw, { 'x-pay-signature': hmacHex('other', raw) })).toBeNull();
    expect(await provider().verifyNotify(raw, { 'x-pay-signature': 'zz' })).toBeNull();
    expect(await provider().verifyNotify(raw, {})).toBeNull();
    const notJson = Buffer.from('{"tradeNo":');
    expect(
      await provider().verifyNotify(notJson, { 'x-pay-signature': hmacHex(SECRET, notJson) }),
    ).toBeNull();
    const badShape = Buffer.from(JSON.stringify({ tradeNo: 'x', status: 'PAID' }));
    expect(
      await provider().verifyNotify(badShape, { 'x-pay-signature': hmacHex(SECRET, badShape) }),
    ).toBeNull();
  });

  it('closes a trade when the channel says so, and not when it fails', async () => {
    fake.closeAnswer = 'SUCCESS';
    expect(await provider().closeTrade?.(trade)).toBe(true);
    expect(fake.received.at(-1)).toMatchObject({
      path: '/close',
      signatureOk: true,
      body: { trade_no: trade.tradeNo },
    });
    fake.closeAnswer = 'FAIL';
    expect(await provider().closeTrade?.(trade)).toBe(false);
    fake.mode = 'error';
    expect(await provider().closeTrade?.(trade)).toBe(false);
    fake.mode = 'ok';
    fake.closeAnswer = 'SUCCESS';
  });
});

describe('gateway settings', () => {
  it('takes all four variables or none', () => {
    const none = parseConfig({});
    expect(none.ok && none.config.paymentGateway).toBeUndefined();
    const all = parseConfig({
      SHOP_PAY_GATEWAY_URL: 'https://pay.example/api/',
      SHOP_PAY_MERCHANT_ID: MERCHANT,
      SHOP_PAY_SECRET: SECRET,
      SHOP_PAY_PUBLIC_URL: 'https://shop.example/',
    });
    expect(all.ok && all.config.paymentGateway).toEqual({
      url: 'https://pay.example/api',
      merchantId: MERCHANT,
      secret: SECRET,
      publicUrl: 'https://shop.example',
    });
    const partial = parseConfig({ SHOP_PAY_GATEWAY_URL: 'https://pay.example' });
    expect(partial.ok).toBe(false);
    const names = partial.ok ? [] : partial.errors.map((line) => line.split(':')[0]);
    expect(names).toEqual(['SHOP_PAY_MERCHANT_ID', 'SHOP_PAY_SECRET', 'SHOP_PAY_PUBLIC_URL']);
    const bad = parseConfig({
      SHOP_PAY_GATEWAY_URL: 'ftp://x',
      SHOP_PAY_MERCHANT_ID: 'M',
      SHOP_PAY_SECRET: 'short',
      SHOP_PAY_PUBLIC_URL: 'shop.example',
    });
    expect(bad.ok ? [] : bad.errors.map((line) => line.split(':')[0]).sort()).toEqual([
      'SHOP_PAY_GATEWAY_URL',
      'SHOP_PAY_PUBLIC_URL',
      'SHOP_PAY_SECRET',
    ]);
  });
});

describe('a method on the gateway, through the app', () => {
  let t: TestApp;
  let skuId: number;

  beforeAll(async () => {
    ({ t, skuId } = await createPaymentTestApp({
      SHOP_PAY_GATEWAY_URL: fake.url,
      SHOP_PAY_MERCHANT_ID: MERCHANT,
      SHOP_PAY_SECRET: SECRET,
      SHOP_PAY_PUBLIC_URL: PUBLIC_URL,
    }));
    await t.database.db
      .update(paymentConfigs)
      .set({ provider: 'gateway' })
      .where(eq(paymentConfigs.code, 'W01'));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('opens the channel’s cashier and settles on its signed notify', async () => {
    fake.mode = 'ok';
    const buyer = await newMember(t.app);
    const order = await unpaidOrder(t.database.db, { memberId: buyer.id, skuId, total: 9400 });
    const start = await startSyb(t.app, buyer.token, order.id, 'W01');
    expect(start).toMatchObject({ method: 'GET', action: `https://pay.example/cashier/GW-${start.tradeNo}` });
    expect(await paymentByTradeNo(t.database.db, start.tradeNo)).toMatchObject({
      provider: 'gateway',
      channelTradeNo: `GW-${start.tradeNo}`,
    });

    const body = notifyBody({
      tradeNo: start.tradeNo,
      channelTradeNo: `GW-${start.tradeNo}`,
      status: 'SUCCESS',
      amount: 9400,
      currency: 'CNY',
    });
    // The sandbox's key does not pass on the gateway's route, nor the gateway's on the sandbox's.
    expect((await sendNotify(t.app, body, undefined, 'gateway')).statusCode).toBe(400);
    expect((await sendNotify(t.app, body, SECRET, 'sandbox')).statusCode).toBe(400);
    const res = await sendNotify(t.app, body, SECRET, 'gateway');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('SUCCESS');
    expect((await orderState(t.database.db, order.id)).order).toMatchObject({
      status: OrderStatus.Paid,
      payChannel: 'W01',
    });
    expect((await notifiesOf(t.database.db, start.tradeNo)).map((n) => [n.provider, n.outcome])).toEqual([
      ['gateway', 'rejected'],
      ['sandbox', 'rejected'],
      ['gateway', 'paid'],
    ]);
  });

  it('tells the shopper to try later when the channel fails, and closes a trade left for another method', async () => {
    const buyer = await newMember(t.app);
    const order = await unpaidOrder(t.database.db, { memberId: buyer.id, skuId, total: 9400 });
    fake.mode = 'error';
    const failed = await t.app.inject({
      method: 'POST',
      url: PaymentPaths.payBySyb,
      payload: { orderId: order.id, type: 'W01' },
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toMatchObject({ success: false, message: '支付渠道暂时不可用，请稍后再试' });

    fake.mode = 'ok';
    const w01 = await startSyb(t.app, buyer.token, order.id, 'W01');
    fake.received = [];
    await startSyb(t.app, buyer.token, order.id, 'A01');
    expect(fake.received).toMatchObject([
      { path: '/close', body: { trade_no: w01.tradeNo }, signatureOk: true },
    ]);
    expect(await paymentByTradeNo(t.database.db, w01.tradeNo)).toMatchObject({ status: 'cancelled' });
  });
});
