import { OrderPaths, OrderStatus, PaymentPaths, type PayStart, type PayStatusResult } from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { parseConfig, type WechatPayConfig } from '../src/config/env';
import { paymentConfigs, payments } from '../src/db/schema';
import { ChannelError, type ChannelTrade } from '../src/modules/payment/payment.provider';
import { createWechatPayProvider } from '../src/modules/payment/wechatpay.provider';
import {
  FAKE_APIV3_KEY,
  FAKE_APPID,
  FAKE_MCHID,
  FAKE_PUBLIC_KEY_ID,
  FAKE_SERIAL,
  FakeWechatPay,
  type SignedNotify,
} from './support/fake-wechatpay';
import { newMember, orderState } from './support/order-fixtures';
import {
  balances,
  configId,
  createPaymentTestApp,
  notifiesOf,
  okData,
  paymentByTradeNo,
  startSyb,
  unpaidOrder,
} from './support/payment-fixtures';
import { post, type TestApp } from './support/test-app';

const PUBLIC_URL = 'https://shop.example';
const NOTIFY_PATH = `${PaymentPaths.notify}wechatpay/`;

const fake = new FakeWechatPay();

beforeAll(async () => {
  await fake.start();
});
afterAll(async () => {
  await fake.stop();
});

function config(): WechatPayConfig {
  const parsed = parseConfig(fake.env(PUBLIC_URL));
  if (!parsed.ok || !parsed.config.wechatPay) throw new Error(`config: ${JSON.stringify(parsed)}`);
  return parsed.config.wechatPay;
}

const provider = () => createWechatPayProvider(config(), { clock: () => new Date() });

let tradeSequence = 0;
function trade(currency: 'CNY' | 'AUD' = 'CNY', amount = 9400): ChannelTrade {
  tradeSequence += 1;
  return {
    tradeNo: `P20250301080000${String(Date.now() % 1e6).padStart(6, '0')}${String(tradeSequence).padStart(2, '0')}`,
    channel: currency === 'CNY' ? 'W01' : 'SupayWechat',
    amount,
    currency,
    subject: '订单 SO1',
    notifyUrl: NOTIFY_PATH,
    returnUrl: '/payment',
    scene: 'PC',
  };
}

describe('WeChat Pay provider against the fake', () => {
  it('opens a domestic Native trade with a signed request and answers its code_url', async () => {
    fake.received = [];
    const t = trade('CNY');
    const qr = await provider().openQr?.(t);
    expect(qr?.qrCode).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(fake.received).toHaveLength(1);
    expect(fake.received[0]).toMatchObject({
      method: 'POST',
      path: '/v3/pay/transactions/native',
      signatureOk: true,
      body: {
        appid: FAKE_APPID,
        mchid: FAKE_MCHID,
        out_trade_no: t.tradeNo,
        description: '订单 SO1',
        notify_url: `${PUBLIC_URL}${NOTIFY_PATH}`,
        amount: { total: 9400, currency: 'CNY' },
      },
    });
  });

  it('opens an AUD trade on the cross-border API with its currency', async () => {
    fake.received = [];
    const t = trade('AUD', 2350);
    await provider().openQr?.(t);
    expect(fake.received[0]).toMatchObject({
      path: '/hk/v3/global/transactions/native',
      signatureOk: true,
      body: { out_trade_no: t.tradeNo, trade_type: 'NATIVE', amount: { total: 2350, currency: 'AUD' } },
    });
    expect(await provider().queryTrade?.({ ...t })).toBeNull();
    fake.pay(t.tradeNo);
    expect(await provider().queryTrade?.({ ...t })).toMatchObject({
      tradeNo: t.tradeNo,
      status: 'SUCCESS',
      amount: 2350,
      currency: 'AUD',
    });
    expect(fake.received.at(-1)?.path).toBe(`/hk/v3/global/transactions/out-trade-no/${t.tradeNo}`);
  });

  it('refuses any answer not signed by WeChat Pay’s key, even a 2xx', async () => {
    for (const forgery of [
      'unsigned',
      'bad-signature',
      'signtest',
      'wrong-serial',
      'old-timestamp',
    ] as const) {
      fake.forgery = forgery;
      await expect(provider().openQr?.(trade()), forgery).rejects.toBeInstanceOf(ChannelError);
    }
    fake.forgery = 'none';
    await expect(provider().openQr?.(trade())).resolves.toMatchObject({ qrCode: expect.any(String) });
  });

  it('a merchant key WeChat Pay does not know is refused with its reason', async () => {
    const other = createWechatPayProvider(
      { ...config(), serial: 'ABCDEF0123456789' },
      { clock: () => new Date() },
    );
    await expect(other.openQr?.(trade())).rejects.toMatchObject({ channelMessage: '签名错误' });
  });

  it('queries a trade: null while unpaid, the paid payload once paid', async () => {
    const t = trade();
    await provider().openQr?.(t);
    expect(await provider().queryTrade?.(t)).toBeNull();
    const paid = fake.pay(t.tradeNo);
    expect(await provider().queryTrade?.(t)).toEqual({
      tradeNo: t.tradeNo,
      channelTradeNo: paid.transactionId,
      status: 'SUCCESS',
      amount: 9400,
      currency: 'CNY',
      paidAt: paid.successTime,
    });
    expect(fake.received.at(-1)).toMatchObject({ method: 'GET', signatureOk: true });
    // Never opened at WeChat Pay: nothing to settle.
    expect(await provider().queryTrade?.(trade())).toBeNull();
  });

  it('verifies and decrypts a notify; refuses forged, probe, foreign and stale ones', async () => {
    const t = trade();
    await provider().openQr?.(t);
    fake.pay(t.tradeNo);
    const verify = (n: SignedNotify) => provider().verifyNotify(Buffer.from(n.body), n.headers);
    expect(await verify(fake.paidNotify(t.tradeNo))).toMatchObject({
      tradeNo: t.tradeNo,
      status: 'SUCCESS',
      amount: 9400,
      currency: 'CNY',
    });
    for (const forgery of ['unsigned', 'bad-signature', 'signtest', 'wrong-serial', 'old-timestamp'] as const)
      expect(await verify(fake.paidNotify(t.tradeNo, { forgery })), forgery).toBeNull();
    // A body changed after signing, and a resource sealed with another APIv3 key.
    const good = fake.paidNotify(t.tradeNo);
    expect(
      await provider().verifyNotify(
        Buffer.from(good.body.replace('"TRANSACTION', '"TRANSACTIOM')),
        good.headers,
      ),
    ).toBeNull();
    const otherKey = fake.notify(
      'TRANSACTION.SUCCESS',
      'transaction',
      fake.transaction(fake.trades.get(t.tradeNo) as never),
      {
        apiV3Key: 'Z'.repeat(32),
      },
    );
    expect(await verify(otherKey)).toBeNull();
  });

  it('refunds through the domestic API and queries the refund; a refusal carries WeChat Pay’s reason', async () => {
    const t = trade();
    await provider().openQr?.(t);
    fake.pay(t.tradeNo);
    const state = await provider().refund?.({
      trade: t,
      refundNo: `R${t.tradeNo}`,
      amount: 1000,
      reason: '缺货',
      notifyUrl: NOTIFY_PATH,
    });
    expect(state).toMatchObject({ status: 'processing', amount: 1000, refundNo: `R${t.tradeNo}` });
    expect(fake.received.at(-1)).toMatchObject({
      path: '/v3/refund/domestic/refunds',
      signatureOk: true,
      body: { out_trade_no: t.tradeNo, amount: { refund: 1000, total: 9400, currency: 'CNY' } },
    });
    fake.refundNotify(`R${t.tradeNo}`, 'SUCCESS');
    expect(await provider().queryRefund?.(t, `R${t.tradeNo}`)).toMatchObject({ status: 'success' });
    await expect(
      provider().refund?.({
        trade: t,
        refundNo: `R2${t.tradeNo}`,
        amount: 9000,
        reason: '',
        notifyUrl: NOTIFY_PATH,
      }),
    ).rejects.toMatchObject({ channelMessage: '退款金额超过可退金额' });
  });
});

describe('WeChat Pay settings', () => {
  it('takes all eight variables or none, naming each missing one and never a secret', () => {
    const env = fake.env(PUBLIC_URL);
    const all = parseConfig(env);
    expect(all.ok && all.config.wechatPay).toMatchObject({
      mchid: FAKE_MCHID,
      appid: FAKE_APPID,
      serial: FAKE_SERIAL,
      publicKeyId: FAKE_PUBLIC_KEY_ID,
      apiUrl: fake.url,
      publicUrl: PUBLIC_URL,
    });
    const defaults = parseConfig({ ...env, SHOP_WECHATPAY_API_URL: '', SHOP_WECHATPAY_GLOBAL_API_URL: '' });
    expect(defaults.ok && defaults.config.wechatPay).toMatchObject({
      apiUrl: 'https://api.mch.weixin.qq.com',
      globalApiUrl: 'https://apihk.mch.weixin.qq.com',
    });
    const half = parseConfig({
      SHOP_WECHATPAY_MCHID: FAKE_MCHID,
      SHOP_WECHATPAY_APIV3_KEY: FAKE_APIV3_KEY,
      SHOP_WECHATPAY_API_URL: fake.url,
    });
    expect(half.ok).toBe(false);
    const errors = half.ok ? [] : half.errors;
    expect(errors.map((line) => line.split(':')[0])).toEqual([
      'SHOP_WECHATPAY_APPID',
      'SHOP_WECHATPAY_SERIAL',
      'SHOP_WECHATPAY_PRIVATE_KEY_FILE',
      'SHOP_WECHATPAY_PUBLIC_KEY_ID',
      'SHOP_WECHATPAY_PUBLIC_KEY_FILE',
      'SHOP_PUBLIC_URL',
    ]);
    expect(errors.join('\n')).not.toContain(FAKE_APIV3_KEY);
    const bad = parseConfig({
      ...env,
      SHOP_WECHATPAY_APIV3_KEY: 'short-key',
      SHOP_WECHATPAY_PUBLIC_KEY_ID: 'KEY1',
      SHOP_PUBLIC_URL: 'http://shop.example',
      SHOP_WECHATPAY_PRIVATE_KEY_FILE: '/nonexistent/apiclient_key.pem',
      SHOP_WECHATPAY_PUBLIC_KEY_FILE: env.SHOP_WECHATPAY_PRIVATE_KEY_FILE as string,
    });
    expect(bad.ok ? [] : bad.errors.map((line) => line.split(':')[0]).sort()).toEqual([
      'SHOP_PUBLIC_URL',
      'SHOP_WECHATPAY_APIV3_KEY',
      'SHOP_WECHATPAY_PUBLIC_KEY_ID',
    ]);
    const badFiles = parseConfig({
      ...env,
      SHOP_WECHATPAY_PRIVATE_KEY_FILE: '/nonexistent/apiclient_key.pem',
      SHOP_WECHATPAY_PUBLIC_KEY_FILE: env.SHOP_WECHATPAY_API_URL as string,
    });
    expect(badFiles.ok ? [] : badFiles.errors.map((line) => line.split(':')[0]).sort()).toEqual([
      'SHOP_WECHATPAY_PRIVATE_KEY_FILE',
      'SHOP_WECHATPAY_PUBLIC_KEY_FILE',
    ]);
  });
});

/** Posts a WeChat Pay notify to the shop's notify route. */
function deliver(app: App, notify: SignedNotify) {
  return app.inject({ method: 'POST', url: NOTIFY_PATH, headers: notify.headers, payload: notify.body });
}

describe('WeChat Pay through the app', () => {
  let t: TestApp;
  let skuId: number;

  beforeAll(async () => {
    ({ t, skuId } = await createPaymentTestApp(fake.env(PUBLIC_URL)));
  });
  afterAll(async () => {
    await t?.close();
  });

  async function qrStart() {
    const buyer = await newMember(t.app);
    const order = await unpaidOrder(t.database.db, { memberId: buyer.id, skuId, total: 9400 });
    const start = await startSyb(t.app, buyer.token, order.id, 'W01');
    return { buyer, order, start };
  }

  it('moved W01 and the AUD chat-app method to WeChat Pay at start, the others stay', async () => {
    const rows = await t.database.db.select().from(paymentConfigs);
    const provider = Object.fromEntries(rows.map((r) => [r.code, r.provider]));
    expect(provider).toMatchObject({ W01: 'wechatpay', SupayWechat: 'wechatpay', A01: 'sandbox' });
  });

  it('pays W01 by QR: the notify settles the order, a repeat changes nothing', async () => {
    const { buyer, order, start } = await qrStart();
    expect(start).toMatchObject({ method: 'QR', kind: 'syb', currency: 'CNY', amount: 94 });
    expect(start.action).toMatch(/^weixin:\/\/wxpay\/bizpayurl/);
    expect(start.qrImage).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(await paymentByTradeNo(t.database.db, start.tradeNo)).toMatchObject({
      provider: 'wechatpay',
      status: 'pending',
    });

    const paid = fake.pay(start.tradeNo);
    const notify = fake.paidNotify(start.tradeNo);
    const res = await deliver(t.app, notify);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await orderState(t.database.db, order.id)).order).toMatchObject({
      status: OrderStatus.Paid,
      payChannel: 'W01',
    });
    expect(await paymentByTradeNo(t.database.db, start.tradeNo)).toMatchObject({
      status: 'paid',
      channelTradeNo: paid.transactionId,
    });
    const before = await balances(t.database.db, buyer.id);
    const again = await deliver(t.app, notify);
    expect(again.statusCode).toBe(204);
    expect(await balances(t.database.db, buyer.id)).toEqual(before);
    expect((await notifiesOf(t.database.db, start.tradeNo)).map((n) => n.outcome)).toEqual([
      'paid',
      'duplicate',
    ]);
    const status = await okData<PayStatusResult>(
      t.app,
      PaymentPaths.findPayStatus,
      { tradeNo: start.tradeNo },
      buyer.token,
    );
    expect(status.status).toBe('paid');
  });

  it('refuses forged notifies (bad signature, SIGNTEST, wrong serial) with {code, message} and changes nothing', async () => {
    const { order, start } = await qrStart();
    fake.pay(start.tradeNo);
    for (const forgery of ['bad-signature', 'signtest', 'wrong-serial', 'unsigned'] as const) {
      const res = await deliver(t.app, fake.paidNotify(start.tradeNo, { forgery }));
      expect(res.statusCode, forgery).toBe(400);
      expect(res.json(), forgery).toMatchObject({ code: 'FAIL', message: expect.any(String) });
    }
    expect((await orderState(t.database.db, order.id)).order?.status).toBe(OrderStatus.NotPaid);
    expect(await paymentByTradeNo(t.database.db, start.tradeNo)).toMatchObject({ status: 'pending' });
  });

  it('refuses a signed notify whose amount or currency is not the trade’s', async () => {
    const { order, start } = await qrStart();
    fake.pay(start.tradeNo);
    for (const wrong of [{ total: 1 }, { currency: 'AUD' }]) {
      const res = await deliver(t.app, fake.paidNotify(start.tradeNo, wrong));
      expect(res.statusCode).toBe(400);
    }
    expect((await orderState(t.database.db, order.id)).order?.status).toBe(OrderStatus.NotPaid);
    const reasons = (await notifiesOf(t.database.db, start.tradeNo)).map((n) => [n.outcome, n.reason]);
    expect(reasons).toEqual([
      ['rejected', expect.stringContaining('金额或币种与交易不符')],
      ['rejected', expect.stringContaining('金额或币种与交易不符')],
    ]);
  });

  it('a late notify is replaced by the poll’s query; the notify that comes after is a duplicate', async () => {
    const { order, buyer, start } = await qrStart();
    const ask = () =>
      okData<PayStatusResult>(t.app, PaymentPaths.findPayStatus, { orderId: order.id }, buyer.token);
    expect((await ask()).status).toBe('pending');
    fake.pay(start.tradeNo);
    // The first poll asked WeChat Pay already: the next within the interval does not.
    const queriesBefore = fake.received.filter((r) => r.method === 'GET').length;
    expect((await ask()).status).toBe('pending');
    expect(fake.received.filter((r) => r.method === 'GET').length).toBe(queriesBefore);
    t.clock.advance(6_000);
    const status = await ask();
    expect(status).toMatchObject({ status: 'paid', settlement: 'order' });
    expect((await orderState(t.database.db, order.id)).order?.status).toBe(OrderStatus.Paid);
    const late = await deliver(t.app, fake.paidNotify(start.tradeNo));
    expect(late.statusCode).toBe(204);
    expect((await notifiesOf(t.database.db, start.tradeNo)).map((n) => [n.outcome, n.reason])).toEqual([
      ['paid', '主动查询'],
      ['duplicate', expect.any(String)],
    ]);
  });

  it('the background sweep settles an open trade paid without a notify', async () => {
    const { order, start } = await qrStart();
    fake.pay(start.tradeNo);
    await t.database.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(payments.tradeNo, start.tradeNo));
    expect(await t.app.services.settlePayment.sweep()).toBeGreaterThanOrEqual(1);
    expect((await orderState(t.database.db, order.id)).order?.status).toBe(OrderStatus.Paid);
  });

  it('cancelling the order closes its trade at WeChat Pay', async () => {
    const { buyer, order, start } = await qrStart();
    const res = await post(t.app, OrderPaths.cancel, { id: order.id }, buyer.token);
    expect(res.json()).toMatchObject({ success: true });
    expect(fake.trades.get(start.tradeNo)?.state).toBe('CLOSED');
    expect(fake.received.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v3/pay/transactions/out-trade-no/${start.tradeNo}/close`,
      signatureOk: true,
      body: { mchid: FAKE_MCHID },
    });
    expect(await paymentByTradeNo(t.database.db, start.tradeNo)).toMatchObject({ status: 'cancelled' });
  });

  it('pays an AUD order through the cross-border API with the chat-app method', async () => {
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
    expect(start).toMatchObject({ method: 'QR', currency: 'AUD', amount: 23.5 });
    expect(fake.trades.get(start.tradeNo)).toMatchObject({ global: true, currency: 'AUD', total: 2350 });
    fake.pay(start.tradeNo);
    expect((await deliver(t.app, fake.paidNotify(start.tradeNo))).statusCode).toBe(204);
    expect((await orderState(t.database.db, order.id)).order).toMatchObject({
      status: OrderStatus.Paid,
      paidCurrency: 'AUD',
    });
  });

  it('pay:check asks WeChat Pay in both currencies and says what answered', async () => {
    expect(await t.app.services.payments.checkChannels()).toEqual([
      { provider: 'wechatpay', currency: 'CNY', ok: true, message: '' },
      { provider: 'wechatpay', currency: 'AUD', ok: true, message: '' },
    ]);
    fake.forgery = 'wrong-serial';
    try {
      const failed = await t.app.services.payments.checkChannels();
      expect(failed.map((r) => r.ok)).toEqual([false, false]);
      expect(failed[0]?.message).toContain('without a valid signature');
    } finally {
      fake.forgery = 'none';
    }
  });

  it('an answer WeChat Pay did not sign fails the payment start', async () => {
    const buyer = await newMember(t.app);
    const order = await unpaidOrder(t.database.db, { memberId: buyer.id, skuId, total: 9400 });
    fake.forgery = 'bad-signature';
    try {
      const res = await post(t.app, PaymentPaths.payBySyb, { orderId: order.id, type: 'W01' }, buyer.token);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ success: false, message: '支付渠道暂时不可用，请稍后再试' });
    } finally {
      fake.forgery = 'none';
    }
  });
});
