import { OrderPaths, OrderStatus, PaymentPaths, type PayStart, type PayStatusResult } from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { parseConfig, type StripeConfig } from '../src/config/env';
import { orders, paymentConfigs, paymentRefunds, payments } from '../src/db/schema';
import { ChannelError, type TradeRef } from '../src/modules/payment/payment.provider';
import { createStripeProvider, idempotencyKey } from '../src/modules/payment/stripe.provider';
import {
  FAKE_STRIPE_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  FakeStripe,
  type SignedWebhook,
} from './support/fake-stripe';
import { FakeWechatPay } from './support/fake-wechatpay';
import { newMember, orderState } from './support/order-fixtures';
import {
  balances,
  configId,
  createPaymentTestApp,
  notifiesOf,
  okData,
  paymentByTradeNo,
  unpaidOrder,
} from './support/payment-fixtures';
import { post, type TestApp } from './support/test-app';

const PUBLIC_URL = 'https://shop.example';
const NOTIFY_PATH = `${PaymentPaths.notify}stripe/`;

const fake = new FakeStripe();
const wechat = new FakeWechatPay();

beforeAll(async () => {
  await Promise.all([fake.start(), wechat.start()]);
});
afterAll(async () => {
  await Promise.all([fake.stop(), wechat.stop()]);
});

function config(): StripeConfig {
  const parsed = parseConfig(fake.env(PUBLIC_URL));
  if (!parsed.ok || !parsed.config.stripe) throw new Error(`config: ${JSON.stringify(parsed)}`);
  return parsed.config.stripe;
}

const provider = () => createStripeProvider(config(), { clock: () => new Date() });

/** Posts a Stripe webhook to the shop's notify route. */
function deliver(app: App, webhook: SignedWebhook) {
  return app.inject({ method: 'POST', url: NOTIFY_PATH, headers: webhook.headers, payload: webhook.body });
}

describe('Stripe configuration', () => {
  it('takes all three settings or none, naming the missing ones and never a secret', () => {
    const full = parseConfig(fake.env(PUBLIC_URL));
    expect(full.ok && full.config.stripe).toEqual({
      secretKey: FAKE_STRIPE_KEY,
      webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
      apiUrl: fake.url,
      publicUrl: PUBLIC_URL,
    });
    const defaults = parseConfig({ ...fake.env(PUBLIC_URL), SHOP_STRIPE_API_URL: '' });
    expect(defaults.ok && defaults.config.stripe?.apiUrl).toBe('https://api.stripe.com');
    const half = parseConfig({ SHOP_STRIPE_SECRET_KEY: FAKE_STRIPE_KEY });
    expect(half.ok).toBe(false);
    const errors = half.ok ? [] : half.errors;
    expect(errors.map((line) => line.split(':')[0])).toEqual([
      'SHOP_STRIPE_WEBHOOK_SECRET',
      'SHOP_PUBLIC_URL',
    ]);
    expect(errors.join('\n')).not.toContain(FAKE_STRIPE_KEY);
    const noKey = parseConfig({
      SHOP_STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
      SHOP_PUBLIC_URL: PUBLIC_URL,
    });
    expect(noKey.ok ? [] : noKey.errors.map((line) => line.split(':')[0])).toEqual([
      'SHOP_STRIPE_SECRET_KEY',
    ]);
    // The shop's public address alone starts neither Stripe nor WeChat Pay.
    const publicOnly = parseConfig({ SHOP_PUBLIC_URL: PUBLIC_URL });
    expect(publicOnly.ok && publicOnly.config.stripe).toBeUndefined();
    const bad = parseConfig({
      SHOP_STRIPE_SECRET_KEY: 'pk_test_notasecretkey',
      SHOP_STRIPE_WEBHOOK_SECRET: 'secret',
      SHOP_PUBLIC_URL: PUBLIC_URL,
    });
    expect(bad.ok ? [] : bad.errors.map((line) => line.split(':')[0]).sort()).toEqual([
      'SHOP_STRIPE_SECRET_KEY',
      'SHOP_STRIPE_WEBHOOK_SECRET',
    ]);
    expect(bad.ok ? '' : bad.errors.join('\n')).not.toContain('pk_test_notasecretkey');
  });
});

describe('Stripe provider against the fake', () => {
  let sequence = 0;
  const trade = (channel: 'SupayAlipay' | 'SupayWechat', amount = 2350) => {
    sequence += 1;
    return {
      tradeNo: `P20261128080000${String(Date.now() % 1e6).padStart(6, '0')}${String(sequence).padStart(2, '0')}`,
      channel,
      amount,
      currency: 'AUD' as const,
      subject: '订单 SO1',
      notifyUrl: NOTIFY_PATH,
      returnUrl: '/payment?orderId=1&tradeNo=x',
      scene: 'PC' as const,
    };
  };
  const ref = (t: ReturnType<typeof trade>, channelTradeNo: string | null = null): TradeRef => ({
    tradeNo: t.tradeNo,
    channel: t.channel,
    amount: t.amount,
    currency: t.currency,
    channelTradeNo,
  });

  it('confirms an Alipay PaymentIntent in AUD with a return_url on the shop and an idempotency key', async () => {
    fake.received = [];
    const t = trade('SupayAlipay');
    const opened = await provider().openTrade(t);
    expect(opened).toMatchObject({ channelTradeNo: expect.stringMatching(/^pi_/) });
    expect('redirectUrl' in opened && opened.redirectUrl).toBe(
      `${fake.url}/redirect/alipay/${opened.channelTradeNo}`,
    );
    expect(fake.received).toEqual([
      {
        method: 'POST',
        path: '/v1/payment_intents',
        idempotencyKey: idempotencyKey('create', t.tradeNo),
        authorized: true,
        params: expect.objectContaining({
          amount: '2350',
          currency: 'aud',
          allowed_payment_method_types: ['alipay'],
          payment_method_data: { type: 'alipay' },
          confirm: 'true',
          return_url: `${PUBLIC_URL}/payment?orderId=1&tradeNo=x`,
          metadata: { tradeNo: t.tradeNo },
        }),
      },
    ]);
    // The same trade asked again (a double click) is the same PaymentIntent: Stripe answers the first again.
    const again = await provider().openTrade(t);
    expect(again.channelTradeNo).toBe(opened.channelTradeNo);
    expect(fake.intents.size).toBe([...fake.intents.values()].length);
    expect([...fake.intents.values()].filter((i) => i.metadata.tradeNo === t.tradeNo)).toHaveLength(1);
  });

  it('confirms a WeChat Pay PaymentIntent for the web and answers its QR data', async () => {
    fake.received = [];
    const t = trade('SupayWechat');
    const opened = await provider().openTrade(t);
    expect('qrCode' in opened && opened.qrCode).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(fake.received[0]?.params).toMatchObject({
      allowed_payment_method_types: ['wechat_pay'],
      payment_method_data: { type: 'wechat_pay' },
      payment_method_options: { wechat_pay: { client: 'web' } },
    });
  });

  it('queries a trade by its PaymentIntent, or by our trade number when the id was not kept', async () => {
    const t = trade('SupayWechat');
    const p = provider();
    const { channelTradeNo } = await p.openTrade(t);
    expect(await p.queryTrade?.(ref(t, channelTradeNo))).toBeNull();
    fake.pay(channelTradeNo);
    const paid = { tradeNo: t.tradeNo, channelTradeNo, status: 'SUCCESS', amount: 2350, currency: 'AUD' };
    expect(await p.queryTrade?.(ref(t, channelTradeNo))).toMatchObject(paid);
    expect(await p.queryTrade?.(ref(t))).toMatchObject(paid);
    expect(fake.received.at(-1)).toMatchObject({ method: 'GET', path: '/v1/payment_intents/search' });
    // A trade Stripe never saw: nothing to settle.
    expect(await p.queryTrade?.(ref(trade('SupayWechat')))).toBeNull();
    const failed = trade('SupayAlipay');
    const opened = await p.openTrade(failed);
    fake.fail(opened.channelTradeNo);
    expect(await p.queryTrade?.(ref(failed, opened.channelTradeNo))).toMatchObject({ status: 'FAILED' });
  });

  it('cancels an unpaid PaymentIntent with an idempotency key; a paid one is not closed', async () => {
    const p = provider();
    const open = trade('SupayAlipay');
    const { channelTradeNo } = await p.openTrade(open);
    fake.received = [];
    expect(await p.closeTrade?.(ref(open, channelTradeNo))).toBe(true);
    expect(fake.intents.get(channelTradeNo)?.status).toBe('canceled');
    expect(fake.received.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/payment_intents/${channelTradeNo}/cancel`,
      idempotencyKey: idempotencyKey('cancel', open.tradeNo),
    });
    const paid = trade('SupayAlipay');
    const opened = await p.openTrade(paid);
    fake.pay(opened.channelTradeNo);
    expect(await p.closeTrade?.(ref(paid, opened.channelTradeNo))).toBe(false);
    expect(fake.intents.get(opened.channelTradeNo)?.status).toBe('succeeded');
  });

  it('refunds with the refund number in metadata and as the idempotency key, and finds the refund again', async () => {
    const p = provider();
    const t = trade('SupayAlipay', 5000);
    const { channelTradeNo } = await p.openTrade(t);
    fake.pay(channelTradeNo);
    fake.received = [];
    const request = {
      trade: ref(t, channelTradeNo),
      refundNo: 'R2026112800001',
      amount: 1200,
      reason: '缺货',
      notifyUrl: NOTIFY_PATH,
    };
    const state = await p.refund?.(request);
    expect(state).toMatchObject({ refundNo: 'R2026112800001', status: 'processing', amount: 1200 });
    expect(state?.channelRefundNo).toMatch(/^re_/);
    expect(fake.received.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/refunds',
      idempotencyKey: idempotencyKey('refund', 'R2026112800001'),
      params: expect.objectContaining({
        payment_intent: channelTradeNo,
        amount: '1200',
        metadata: expect.objectContaining({ refundNo: 'R2026112800001', tradeNo: t.tradeNo }),
      }),
    });
    // A retry of the same refund is the same refund at Stripe.
    expect((await p.refund?.(request))?.channelRefundNo).toBe(state?.channelRefundNo);
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === channelTradeNo)).toHaveLength(1);
    fake.settleRefund(state?.channelRefundNo ?? '');
    expect(await p.queryRefund?.(ref(t, channelTradeNo), 'R2026112800001')).toMatchObject({
      status: 'success',
      amount: 1200,
      channelRefundNo: state?.channelRefundNo,
    });
    await expect(p.queryRefund?.(ref(t, channelTradeNo), 'R-none')).rejects.toBeInstanceOf(ChannelError);
    fake.refuseRefund = 'Charge has already been refunded.';
    await expect(p.refund?.({ ...request, refundNo: 'R2026112800002' })).rejects.toMatchObject({
      channelMessage: 'Charge has already been refunded.',
    });
  });

  it('gives a day’s statement from the balance transactions, with our trade and refund numbers', async () => {
    const p = provider();
    const t = trade('SupayWechat', 3000);
    const { channelTradeNo } = await p.openTrade(t);
    const intent = fake.pay(channelTradeNo);
    const refund = await p.refund?.({
      trade: ref(t, channelTradeNo),
      refundNo: 'R2026112700009',
      amount: 500,
      reason: '',
      notifyUrl: NOTIFY_PATH,
    });
    fake.settleRefund(refund?.channelRefundNo ?? '');
    const day = Date.parse('2026-11-27T00:00:00Z') / 1000;
    fake.backdate(intent.latest_charge ?? '', day + 3600);
    fake.backdate(refund?.channelRefundNo ?? '', day + 86_399);
    fake.received = [];
    const lines = await p.fetchStatement?.('2026-11-27');
    expect(lines).toEqual([
      {
        kind: 'refund',
        tradeNo: t.tradeNo,
        refundNo: 'R2026112700009',
        channelRef: refund?.channelRefundNo,
        amount: 500,
        currency: 'AUD',
        at: '2026-11-27T23:59:59.000Z',
      },
      {
        kind: 'payment',
        tradeNo: t.tradeNo,
        refundNo: null,
        channelRef: channelTradeNo,
        amount: 3000,
        currency: 'AUD',
        at: '2026-11-27T01:00:00.000Z',
      },
    ]);
    expect(fake.received[0]).toMatchObject({
      method: 'GET',
      path: '/v1/balance_transactions',
      params: {
        created: { gte: String(day), lt: String(day + 86_400) },
        expand: ['data.source.payment_intent'],
      },
    });
    expect(await p.fetchStatement?.('2026-11-26')).toEqual([]);
  });

  it('refuses a wrong key with Stripe’s words and never the key', async () => {
    const p = createStripeProvider(
      { ...config(), secretKey: 'sk_test_wrongwrongwrong' },
      { clock: () => new Date() },
    );
    const error = await p.queryTrade?.(ref(trade('SupayAlipay'))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChannelError);
    expect(String((error as Error).message)).not.toContain('sk_test_wrongwrongwrong');
  });
});

describe('Stripe through the app', () => {
  const logLines: string[] = [];
  let t: TestApp;
  let skuId: number;

  beforeAll(async () => {
    // WeChat Pay is configured too: it keeps W01, Stripe takes the AUD wallet methods.
    ({ t, skuId } = await createPaymentTestApp(
      { ...wechat.env(PUBLIC_URL), ...fake.env(PUBLIC_URL) },
      { logger: { level: 'warn', stream: { write: (line: string) => void logLines.push(line) } } },
    ));
  });
  afterAll(async () => {
    await t?.close();
  });

  async function start(code: 'SupayAlipay' | 'SupayWechat', total = 2350) {
    const buyer = await newMember(t.app);
    const order = await unpaidOrder(t.database.db, { memberId: buyer.id, skuId, total, currency: 'AUD' });
    const pay = await okData<PayStart>(
      t.app,
      PaymentPaths.supayParam,
      { orderId: order.id, methodId: await configId(t.database.db, code) },
      buyer.token,
    );
    const intent = fake.intentOf(pay.tradeNo);
    if (!intent) throw new Error(`no intent for ${pay.tradeNo}`);
    return { buyer, order, pay, intent };
  }

  it('moved the AUD wallet methods to Stripe at start, W01 to WeChat Pay; the staff’s choice stands', async () => {
    const rows = await t.database.db.select().from(paymentConfigs);
    const provider = Object.fromEntries(rows.map((r) => [r.code, r.provider]));
    expect(provider).toMatchObject({
      SupayAlipay: 'stripe',
      SupayWechat: 'stripe',
      W01: 'wechatpay',
      A01: 'sandbox',
    });
    const admin = t.app.services.paymentAdmin;
    const staff = { staffId: null, actor: 'cli:财务', ip: null };
    await admin.setProvider(staff, 'SupayWechat', 'wechatpay');
    expect(await admin.adoptConfiguredProviders()).toEqual([]);
    expect((await admin.list()).find((r) => r.code === 'SupayWechat')?.provider).toBe('wechatpay');
    await admin.setProvider(staff, 'SupayWechat', 'stripe');
  });

  it('pays SupayAlipay: the shopper is sent to Stripe’s page; the webhook settles the order, a repeat changes nothing', async () => {
    const { buyer, order, pay, intent } = await start('SupayAlipay');
    expect(pay).toMatchObject({ method: 'GET', kind: 'supay', currency: 'AUD', amount: 23.5 });
    expect(pay.action).toBe(`${fake.url}/redirect/alipay/${intent.id}`);
    expect(intent.return_url).toBe(`${PUBLIC_URL}/payment?orderId=${order.id}&tradeNo=${pay.tradeNo}`);
    expect(await paymentByTradeNo(t.database.db, pay.tradeNo)).toMatchObject({
      provider: 'stripe',
      status: 'pending',
      channelTradeNo: intent.id,
    });
    fake.pay(intent.id);
    const webhook = fake.signedEvent('payment_intent.succeeded', intent);
    const res = await deliver(t.app, webhook);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect((await orderState(t.database.db, order.id)).order).toMatchObject({
      status: OrderStatus.Paid,
      payChannel: 'SupayAlipay',
      paidCurrency: 'AUD',
    });
    expect(await paymentByTradeNo(t.database.db, pay.tradeNo)).toMatchObject({
      status: 'paid',
      channelTradeNo: intent.id,
    });
    const before = await balances(t.database.db, buyer.id);
    const again = await deliver(t.app, webhook);
    expect(again.statusCode).toBe(200);
    expect(await balances(t.database.db, buyer.id)).toEqual(before);
    expect((await notifiesOf(t.database.db, pay.tradeNo)).map((n) => n.outcome)).toEqual([
      'paid',
      'duplicate',
    ]);
  });

  it('pays SupayWechat by the QR code Stripe returns, drawn by the shop', async () => {
    const { order, pay, intent } = await start('SupayWechat');
    expect(pay).toMatchObject({ method: 'QR', kind: 'supay_proxy', currency: 'AUD' });
    expect(pay.action).toBe(
      (intent.next_action?.wechat_pay_display_qr_code as { data: string } | undefined)?.data,
    );
    expect(pay.qrImage).toMatch(/^data:image\/svg\+xml;base64,/);
    fake.pay(intent.id);
    expect((await deliver(t.app, fake.signedEvent('payment_intent.succeeded', intent))).statusCode).toBe(200);
    expect((await orderState(t.database.db, order.id)).order?.status).toBe(OrderStatus.Paid);
  });

  it('refuses a forged signature, another secret and a stale timestamp, and changes nothing', async () => {
    const { order, pay, intent } = await start('SupayAlipay');
    fake.pay(intent.id);
    const good = fake.signedEvent('payment_intent.succeeded', intent);
    const tampered = {
      headers: good.headers,
      body: good.body.replace('"amount_received":2350', '"amount_received":1'),
    };
    const otherSecret = fake.signedEvent('payment_intent.succeeded', intent, {
      secret: 'whsec_someoneelse0000',
    });
    const stale = fake.signedEvent('payment_intent.succeeded', intent, {
      t: Math.floor(Date.now() / 1000) - 6 * 60,
    });
    const future = fake.signedEvent('payment_intent.succeeded', intent, {
      t: Math.floor(Date.now() / 1000) + 6 * 60,
    });
    const unsigned = { headers: { 'content-type': 'application/json' }, body: good.body };
    for (const [name, forged] of Object.entries({ tampered, otherSecret, stale, future, unsigned })) {
      const res = await deliver(t.app, forged);
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toMatchObject({ received: false });
    }
    expect((await orderState(t.database.db, order.id)).order?.status).toBe(OrderStatus.NotPaid);
    expect(await paymentByTradeNo(t.database.db, pay.tradeNo)).toMatchObject({ status: 'pending' });
    expect((await notifiesOf(t.database.db, pay.tradeNo)).map((n) => n.outcome)).toEqual(
      Array(5).fill('rejected'),
    );
  });

  it('refuses, and logs at error, a signed webhook whose amount received or currency is not the trade’s', async () => {
    const { order, pay, intent } = await start('SupayAlipay');
    fake.pay(intent.id);
    for (const wrong of [{ amount_received: 1 }, { currency: 'usd' }, { currency: 'cny' }]) {
      const res = await deliver(t.app, fake.signedEvent('payment_intent.succeeded', { ...intent, ...wrong }));
      expect(res.statusCode).toBe(400);
    }
    expect((await orderState(t.database.db, order.id)).order?.status).toBe(OrderStatus.NotPaid);
    const errors = logLines.map(
      (line) => JSON.parse(line) as { level: number; msg: string; tradeNo?: string },
    );
    expect(errors.filter((l) => l.level === 50 && l.tradeNo === pay.tradeNo).map((l) => l.msg)).toEqual([
      'payment notify refused: amount or currency differs from the trade',
      'payment notify refused: amount or currency differs from the trade',
      'payment notify refused: amount or currency differs from the trade',
    ]);
    expect(logLines.join('\n')).not.toContain(FAKE_STRIPE_WEBHOOK_SECRET);
    expect(logLines.join('\n')).not.toContain(FAKE_STRIPE_KEY);
    const reasons = (await notifiesOf(t.database.db, pay.tradeNo)).map((n) => [n.outcome, n.reason]);
    expect(reasons).toEqual([
      ['rejected', expect.stringContaining('金额或币种与交易不符')],
      ['rejected', expect.stringContaining('通知 USD 2350，交易 AUD 2350')],
      ['rejected', expect.stringContaining('金额或币种与交易不符')],
    ]);
  });

  it('closes or fails the payment on payment_intent.canceled and payment_failed', async () => {
    const cancelled = await start('SupayAlipay');
    cancelled.intent.status = 'canceled';
    expect(
      (await deliver(t.app, fake.signedEvent('payment_intent.canceled', cancelled.intent))).statusCode,
    ).toBe(200);
    expect(await paymentByTradeNo(t.database.db, cancelled.pay.tradeNo)).toMatchObject({
      status: 'cancelled',
    });
    const failed = await start('SupayAlipay');
    fake.fail(failed.intent.id);
    const res = await deliver(t.app, fake.signedEvent('payment_intent.payment_failed', failed.intent));
    expect(res.statusCode).toBe(200);
    expect(await paymentByTradeNo(t.database.db, failed.pay.tradeNo)).toMatchObject({ status: 'failed' });
    const status = await okData<PayStatusResult>(
      t.app,
      PaymentPaths.findPayStatus,
      { tradeNo: failed.pay.tradeNo },
      failed.buyer.token,
    );
    expect(status).toMatchObject({ status: 'failed', failure: { resultCode: 1022 } });
  });

  it('answers 200 to a verified event it has nothing to do with, and records it', async () => {
    const res = await deliver(
      t.app,
      fake.signedEvent('customer.created', { id: 'cus_1', object: 'customer' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
  });

  it('a late webhook is replaced by the poll’s query; the webhook that comes after is a duplicate', async () => {
    const { order, buyer, pay, intent } = await start('SupayWechat');
    const ask = () =>
      okData<PayStatusResult>(t.app, PaymentPaths.findPayStatus, { orderId: order.id }, buyer.token);
    expect((await ask()).status).toBe('pending');
    fake.pay(intent.id);
    t.clock.advance(6_000);
    expect(await ask()).toMatchObject({ status: 'paid', settlement: 'order' });
    expect(fake.received.at(-1)).toMatchObject({ method: 'GET', path: `/v1/payment_intents/${intent.id}` });
    const late = await deliver(t.app, fake.signedEvent('payment_intent.succeeded', intent));
    expect(late.statusCode).toBe(200);
    expect((await notifiesOf(t.database.db, pay.tradeNo)).map((n) => [n.outcome, n.reason])).toEqual([
      ['paid', '主动查询'],
      ['duplicate', expect.any(String)],
    ]);
  });

  it('the background sweep settles an open trade paid without a webhook', async () => {
    const { order, pay, intent } = await start('SupayAlipay');
    fake.pay(intent.id);
    await t.database.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(payments.tradeNo, pay.tradeNo));
    expect(await t.app.services.settlePayment.sweep()).toBeGreaterThanOrEqual(1);
    expect((await orderState(t.database.db, order.id)).order?.status).toBe(OrderStatus.Paid);
  });

  it('cancelling the order cancels its PaymentIntent at Stripe', async () => {
    const { buyer, order, pay, intent } = await start('SupayAlipay');
    const res = await post(t.app, OrderPaths.cancel, { id: order.id }, buyer.token);
    expect(res.json()).toMatchObject({ success: true });
    expect(fake.intents.get(intent.id)?.status).toBe('canceled');
    expect(fake.received.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/payment_intents/${intent.id}/cancel`,
      idempotencyKey: idempotencyKey('cancel', pay.tradeNo),
    });
    expect(await paymentByTradeNo(t.database.db, pay.tradeNo)).toMatchObject({ status: 'cancelled' });
  });

  it('a refund webhook confirms the shop’s processing refund through the refund workflow, once', async () => {
    const { order, pay, intent } = await start('SupayAlipay', 4000);
    fake.pay(intent.id);
    await deliver(t.app, fake.signedEvent('payment_intent.succeeded', intent));
    const payment = await paymentByTradeNo(t.database.db, pay.tradeNo);
    if (!payment) throw new Error('no payment');
    const refundNo = `R${pay.tradeNo.slice(1)}`.slice(0, 32);
    await t.database.db.insert(paymentRefunds).values({
      refundNo,
      paymentId: payment.id,
      orderId: order.id,
      provider: 'stripe',
      currency: 'AUD',
      amount: 1500,
    });
    // As the staff refund reserves it (docs/decisions/035): the order shows 退款中 until the channel confirms.
    await t.database.db.update(orders).set({ refundingAmount: 1500 }).where(eq(orders.id, order.id));
    const stripe = t.app.services.payments.provider('stripe');
    const state = await stripe?.refund?.({
      trade: {
        tradeNo: pay.tradeNo,
        channel: 'SupayAlipay',
        amount: 4000,
        currency: 'AUD',
        channelTradeNo: intent.id,
      },
      refundNo,
      amount: 1500,
      reason: '缺货',
      notifyUrl: NOTIFY_PATH,
    });
    const refund = fake.settleRefund(state?.channelRefundNo ?? '');
    const webhook = fake.signedEvent('refund.updated', refund);
    expect((await deliver(t.app, webhook)).statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.refundNo, refundNo));
    expect(row).toMatchObject({ status: 'success', channelRefundNo: refund.id });
    expect(row?.confirmedAt).toBeInstanceOf(Date);
    const [after] = await t.database.db
      .select({ refunded: orders.refundedAmount, refunding: orders.refundingAmount })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(after).toEqual({ refunded: 1500, refunding: 0 });
    expect((await deliver(t.app, webhook)).statusCode).toBe(200);
    const reasons = (await notifiesOf(t.database.db, pay.tradeNo)).map((n) => [n.outcome, n.reason]);
    expect(reasons.slice(-2)).toEqual([
      ['verified', `退款 ${refundNo}：success`],
      ['verified', `退款 ${refundNo}：success（无变化）`],
    ]);
  });

  it('adds no origin to the Content-Security-Policy: the Alipay page is a navigation, the QR is drawn by the shop', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/paymentService/paymentconfig/paymentConfigList/',
    });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("form-action 'self';");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toContain('stripe');
    expect(csp).not.toContain(fake.url);
  });

  it('pay:check asks Stripe in AUD and says what answered', async () => {
    const results = await t.app.services.payments.checkChannels();
    expect(results.filter((r) => r.provider === 'stripe')).toEqual([
      { provider: 'stripe', currency: 'AUD', ok: true, message: '' },
    ]);
  });

  it('a Stripe refusal fails the payment start with the shop’s message', async () => {
    const buyer = await newMember(t.app);
    const order = await unpaidOrder(t.database.db, {
      memberId: buyer.id,
      skuId,
      total: 2350,
      currency: 'AUD',
    });
    fake.refuseIntent = 'The payment method type "alipay" is not activated for your account.';
    const res = await post(
      t.app,
      PaymentPaths.supayParam,
      { orderId: order.id, methodId: await configId(t.database.db, 'SupayAlipay') },
      buyer.token,
    );
    expect(res.json()).toMatchObject({ success: false, message: '支付渠道暂时不可用，请稍后再试' });
  });
});
