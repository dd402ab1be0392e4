import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OrderPaths, OrderStatus, PaymentPaths, type PayStart, type PayStatusResult } from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { type AlipayConfig, parseConfig } from '../src/config/env';
import { paymentConfigs, payments } from '../src/db/schema';
import { beijingTime, createAlipayProvider } from '../src/modules/payment/alipay.provider';
import { ChannelError, type ChannelTrade } from '../src/modules/payment/payment.provider';
import {
  FAKE_ALIPAY_APP_ID,
  FAKE_ALIPAY_SELLER_ID,
  FakeAlipay,
  type SignedAlipayNotify,
} from './support/fake-alipay';
import { newMember, orderState } from './support/order-fixtures';
import {
  balances,
  createPaymentTestApp,
  notifiesOf,
  okData,
  paymentByTradeNo,
  startSyb,
  unpaidOrder,
} from './support/payment-fixtures';
import { post, type TestApp } from './support/test-app';

const PUBLIC_URL = 'https://shop.example';
const NOTIFY_PATH = `${PaymentPaths.notify}alipay/`;

const fake = new FakeAlipay();

beforeAll(async () => {
  await fake.start();
});
afterAll(async () => {
  await fake.stop();
});

function config(keyType: 'pkcs1' | 'pkcs8' = 'pkcs8'): AlipayConfig {
  const parsed = parseConfig(fake.env(PUBLIC_URL, keyType));
  if (!parsed.ok || !parsed.config.alipay) throw new Error(`config: ${JSON.stringify(parsed)}`);
  return parsed.config.alipay;
}

let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
const provider = (keyType: 'pkcs1' | 'pkcs8' = 'pkcs8') => createAlipayProvider(config(keyType), { clock });

let tradeSequence = 0;
function trade(scene: 'PC' | 'H5' = 'PC', amount = 9400): ChannelTrade {
  tradeSequence += 1;
  return {
    tradeNo: `P20261128080000${String(Date.now() % 1e6).padStart(6, '0')}${String(tradeSequence).padStart(2, '0')}`,
    channel: 'A01',
    amount,
    currency: 'CNY',
    subject: '订单 SO1',
    notifyUrl: NOTIFY_PATH,
    returnUrl: '/payment/result?orderId=1',
    scene,
  };
}

/** What the shopper's browser does with the cashier form: posts it to the gateway. */
async function postCashierForm(form: { action: string; fields: Record<string, string> }): Promise<string> {
  const res = await fetch(form.action, { method: 'POST', body: new URLSearchParams(form.fields) });
  expect(res.status).toBe(200);
  return res.text();
}

/** Today in Beijing, the calendar Alipay's bills follow. */
const beijingDay = () => beijingTime(new Date()).slice(0, 10);

describe('Alipay provider against the fake', () => {
  it('signs the page.pay form the browser posts: the gateway verifies it and shows the cashier', async () => {
    fake.received = [];
    const t = trade('PC');
    const form = await provider().cashierForm?.(t);
    if (!form) throw new Error('no cashier form');
    const action = new URL(form.action);
    expect(action.origin + action.pathname).toBe(`${fake.url}/gateway.do`);
    expect(action.searchParams.get('method')).toBe('alipay.trade.page.pay');
    expect(action.searchParams.get('notify_url')).toBe(`${PUBLIC_URL}${NOTIFY_PATH}`);
    expect(Object.keys(form.fields)).toContain('biz_content');
    const page = await postCashierForm(form);
    expect(page).toContain('确认付款');
    expect(fake.received.at(-1)).toMatchObject({
      method: 'alipay.trade.page.pay',
      signatureOk: true,
      timestampOk: true,
      params: {
        app_id: FAKE_ALIPAY_APP_ID,
        sign_type: 'RSA2',
        return_url: `${PUBLIC_URL}/payment/result?orderId=1`,
      },
      biz: {
        out_trade_no: t.tradeNo,
        product_code: 'FAST_INSTANT_TRADE_PAY',
        total_amount: '94.00',
        subject: '订单 SO1',
      },
    });
    const expire = String(fake.received.at(-1)?.biz.time_expire);
    const hours = (Date.parse(`${expire.replace(' ', 'T')}+08:00`) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(1.9);
    expect(hours).toBeLessThan(2.1);
  });

  it('opens a precreate QR trade on a phone, signed with a PKCS#1 key as well', async () => {
    for (const keyType of ['pkcs8', 'pkcs1'] as const) {
      fake.received = [];
      const p = provider(keyType);
      const t = trade('H5', 1234);
      expect(p.paysByQr?.(t)).toBe(true);
      expect(p.paysByQr?.(trade('PC'))).toBe(false);
      const qr = await p.openQr?.(t);
      expect(qr?.qrCode).toMatch(/^https:\/\/qr\.alipay\.com\//);
      expect(fake.received[0]).toMatchObject({
        method: 'alipay.trade.precreate',
        signatureOk: true,
        params: { notify_url: `${PUBLIC_URL}${NOTIFY_PATH}` },
        biz: { out_trade_no: t.tradeNo, total_amount: '12.34' },
      });
    }
  });

  it('signs and verifies in certificate mode (公钥证书): the certificates’ serial numbers go with each request', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'alipay-certs-'));
    const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
    openssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'root.key',
      '-out',
      'root.crt',
      '-days',
      '3',
      '-subj',
      '/CN=Alipay Test Root',
    );
    for (const [name, key] of [
      ['alipay', fake.alipayKeys.privateKey],
      ['app', fake.appKeys.privateKey],
    ] as const) {
      writeFileSync(join(dir, `${name}.key`), key.export({ format: 'pem', type: 'pkcs8' }));
      openssl('req', '-new', '-key', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${name}`);
      openssl(
        'x509',
        '-req',
        '-in',
        `${name}.csr`,
        '-CA',
        'root.crt',
        '-CAkey',
        'root.key',
        '-CAcreateserial',
        '-out',
        `${name}.crt`,
        '-days',
        '3',
        '-sha256',
      );
    }
    const parsed = parseConfig({
      ...fake.env(PUBLIC_URL),
      SHOP_ALIPAY_PUBLIC_KEY_FILE: join(dir, 'alipay.crt'),
      SHOP_ALIPAY_APP_CERT_FILE: join(dir, 'app.crt'),
      SHOP_ALIPAY_ROOT_CERT_FILE: join(dir, 'root.crt'),
    });
    if (!parsed.ok || !parsed.config.alipay?.cert) throw new Error(`config: ${JSON.stringify(parsed)}`);
    fake.received = [];
    const p = createAlipayProvider(parsed.config.alipay, { clock });
    const t = trade('H5', 880);
    await expect(p.openQr?.(t)).resolves.toMatchObject({ qrCode: expect.stringMatching(/^https:/) });
    expect(fake.received[0]).toMatchObject({
      method: 'alipay.trade.precreate',
      signatureOk: true,
      params: {
        app_cert_sn: expect.stringMatching(/^[0-9a-f]{32}$/),
        alipay_root_cert_sn: expect.stringMatching(/^[0-9a-f]{32}$/),
      },
    });
    fake.pay(t.tradeNo);
    expect(await p.queryTrade?.(t)).toMatchObject({ status: 'SUCCESS', amount: 880 });
    expect(await p.verifyNotify(Buffer.from(fake.notify(t.tradeNo).body), {})).toMatchObject({
      tradeNo: t.tradeNo,
    });
  });

  it('refuses answers not signed by Alipay’s key, and collects CNY only', async () => {
    for (const forgery of ['unsigned', 'bad-signature'] as const) {
      fake.forgery = forgery;
      try {
        await expect(provider().openQr?.(trade('H5')), forgery).rejects.toBeInstanceOf(ChannelError);
        await expect(provider().queryTrade?.({ ...trade(), currency: 'CNY' }), forgery).rejects.toThrow(
          /failed/,
        );
      } finally {
        fake.forgery = 'none';
      }
    }
    await expect(provider().openQr?.({ ...trade('H5'), currency: 'AUD' })).rejects.toThrow(/CNY only/);
  });

  it('queries a trade: unknown and waiting are null, paid and closed are what a notify would say', async () => {
    const p = provider();
    const t = trade('H5', 5000);
    expect(await p.queryTrade?.(t)).toBeNull();
    await p.openQr?.(t);
    expect(await p.queryTrade?.(t)).toBeNull();
    const paid = fake.pay(t.tradeNo);
    expect(await p.queryTrade?.(t)).toMatchObject({
      tradeNo: t.tradeNo,
      channelTradeNo: paid.tradeNo,
      status: 'SUCCESS',
      amount: 5000,
      currency: 'CNY',
      paidAt: expect.stringMatching(/\+08:00$/),
    });
    const other = trade('H5', 700);
    await p.openQr?.(other);
    expect(await p.closeTrade?.(other)).toBe(true);
    expect(await p.queryTrade?.(other)).toMatchObject({ status: 'CLOSED', amount: 700 });
    // A paid trade cannot be closed.
    expect(await p.closeTrade?.(t)).toBe(false);
  });

  it('treats a cashier trade Alipay never opened as closed only once its time_expire has passed', async () => {
    const t = trade('PC');
    const ref = { ...t, openedAt: new Date() };
    expect(await provider().closeTrade?.(ref)).toBe(false);
    offsetMs = 2 * 60 * 60 * 1000 + 11 * 60 * 1000;
    try {
      // The gateway still checks the request's timestamp: the shop's clock is what it sends.
      fake.received = [];
      const late = await provider().closeTrade?.({ ...ref });
      expect(fake.received.at(-1)?.timestampOk).toBe(false);
      expect(late).toBe(false);
    } finally {
      offsetMs = 0;
    }
    const expired = { ...ref, openedAt: new Date(Date.now() - 2 * 60 * 60 * 1000 - 11 * 60 * 1000) };
    expect(await provider().closeTrade?.(expired)).toBe(true);
  });

  it('refunds with out_request_no, a repeat is confirmed by the refund query, too much is refused', async () => {
    const p = provider();
    const t = trade('H5', 10_000);
    await p.openQr?.(t);
    fake.pay(t.tradeNo);
    const refund = {
      trade: t,
      refundNo: `R${t.tradeNo.slice(1)}`,
      amount: 3000,
      reason: '缺货退款',
      notifyUrl: NOTIFY_PATH,
    };
    expect(await p.refund?.(refund)).toEqual({
      refundNo: refund.refundNo,
      status: 'success',
      channelRefundNo: null,
      amount: 3000,
      message: 'fund_change Y',
    });
    expect(fake.received.at(-1)).toMatchObject({
      method: 'alipay.trade.refund',
      signatureOk: true,
      biz: {
        out_trade_no: t.tradeNo,
        refund_amount: '30.00',
        out_request_no: refund.refundNo,
        refund_reason: '缺货退款',
      },
    });
    // Asked again (a retry after a timeout): Alipay moves no money twice; the query confirms the first.
    expect(await p.refund?.(refund)).toMatchObject({
      status: 'success',
      amount: 3000,
      message: 'REFUND_SUCCESS',
    });
    expect(fake.refunds.filter((r) => r.outTradeNo === t.tradeNo)).toHaveLength(1);
    expect(await p.queryRefund?.(t, refund.refundNo)).toMatchObject({ status: 'success', amount: 3000 });
    expect(await p.queryRefund?.(t, 'R-never-asked')).toMatchObject({ status: 'processing', amount: 0 });
    const tooMuch = p.refund?.({ ...refund, refundNo: `${refund.refundNo}B`, amount: 8000 });
    await expect(tooMuch).rejects.toMatchObject({ channelMessage: '退款金额超限' });
  });

  it('reads the day’s trade bill: the zip of GBK CSV files, payments and refunds', async () => {
    const p = provider();
    const a = trade('H5', 9400);
    const b = trade('H5', 1550);
    await p.openQr?.(a);
    await p.openQr?.(b);
    const paidA = fake.pay(a.tradeNo);
    const paidB = fake.pay(b.tradeNo);
    await p.refund?.({
      trade: b,
      refundNo: `R${b.tradeNo.slice(1)}`,
      amount: 550,
      reason: '',
      notifyUrl: NOTIFY_PATH,
    });
    const lines = await p.fetchStatement?.(beijingDay());
    expect(fake.received.at(-1)).toMatchObject({
      method: 'alipay.data.dataservice.bill.downloadurl.query',
      signatureOk: true,
      biz: { bill_type: 'trade', bill_date: beijingDay() },
    });
    const mine = (lines ?? []).filter((l) => l.tradeNo === a.tradeNo || l.tradeNo === b.tradeNo);
    expect(mine).toEqual([
      {
        kind: 'payment',
        tradeNo: a.tradeNo,
        refundNo: null,
        channelRef: paidA.tradeNo,
        amount: 9400,
        currency: 'CNY',
        at: expect.any(String),
      },
      {
        kind: 'payment',
        tradeNo: b.tradeNo,
        refundNo: null,
        channelRef: paidB.tradeNo,
        amount: 1550,
        currency: 'CNY',
        at: expect.any(String),
      },
      {
        kind: 'refund',
        tradeNo: b.tradeNo,
        refundNo: `R${b.tradeNo.slice(1)}`,
        channelRef: paidB.tradeNo,
        amount: 550,
        currency: 'CNY',
        at: expect.any(String),
      },
    ]);
    expect(Math.abs(Date.parse(mine[0]?.at ?? '') - Date.now())).toBeLessThan(60_000);
    await expect(p.fetchStatement?.('2026-13')).rejects.toBeInstanceOf(ChannelError);
  });
});

/**
 * A real notify Alipay signed, as published in alipay-sdk's own tests (test/alipay.test.ts, 'verify sign should
 * delete sign_type'), with the public key it was verified with there. fund_bill_list is the JSON text a form
 * notify carries.
 */
const PUBLISHED_NOTIFY_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAqObrdC7hrgAVM98tK0nv3hSQRGGKT4lBsQjHiGjeYZjOPIPHR5knm2jnnz/YGIXIofVHkA/tAlBAd5DrY7YpvI4tP5EONLtZKC2ghBMx7McI2wRD0xiqzxOQr1FuhZGJ8/AUokBzJrzY+aGX2xcOrxFYRlFilvVLTXg4LWjR1tdPkO6+i7wQZAIVMClPkwVRZEbaERRHlKqTzv2gGv5rDU8gRoe1LeaN+6BlbTqHWkQcNCUNrA8C6l17XAXGKDsm/9TFWwO8EPHHHCaQdjtV5/FdcWIt+L8SR1ss7EXTjYDFtxcKVv9rEoY1lX8T4mX+GbXfZHraG5NCF1+XioL5JwIDAQAB';
const PUBLISHED_NOTIFY: Record<string, string> = {
  gmt_create: '2019-08-15 15:56:22',
  charset: 'utf-8',
  seller_email: 'z97-yuquerevenue@service.aliyun.com',
  subject: '语雀空间 500人规模',
  sign: 'QfTb8tqE1BMhS5qAnXtvsF3/jBkEvu9q9en0pdbBUDDjvKycZhQb7h8GDs4FKfi049PynaNuatxSgLb/nLWZpXyyh0LEWdK2S6Ri7nPwrVgOs08zugLO20vOQz44y3ti2Ncm8/wZts1Fr2gZ7pShnVX3d1B50hbsXnObT1r/U8ONNQjWXd0HIul4TG+Q3fm3svmSvFEy0WnzuhcyHPX5Gm4ELNctL6Qd5YniGJFNcc7kopHYtI/XD9YCKCH6Ct02rzUs9i11C9CsadtZn+WhxF26Dqt9sGEFajkJ8cxUTLi8+VCpLHsgPE8P0y095uQcDdK0YjCh4x7wVSov+lrmOQ==',
  buyer_id: '2088102534368455',
  invoice_amount: '0.10',
  notify_id: '2019081500222155624068450559358070',
  fund_bill_list: '[{"amount":"0.10","fundChannel":"ALIPAYACCOUNT"}]',
  notify_type: 'trade_status_sync',
  trade_status: 'TRADE_SUCCESS',
  receipt_amount: '0.10',
  buyer_pay_amount: '0.10',
  sign_type: 'RSA2',
  app_id: '2019073166072302',
  seller_id: '2088531891668739',
  gmt_payment: '2019-08-15 15:56:24',
  notify_time: '2019-08-15 15:56:25',
  version: '1.0',
  out_trade_no: '20190815155618536-564-57',
  total_amount: '0.10',
  trade_no: '2019081522001468450512505578',
  auth_app_id: '2019073166072302',
  buyer_logon_id: 'xud***@126.com',
  point_amount: '0.00',
};

describe('Alipay notify verification against a notify Alipay signed (alipay-sdk’s fixture)', () => {
  // The app's own key plays no part in verifying a notify: any key will do, made once.
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  function publishedProvider(overrides: Partial<AlipayConfig> = {}) {
    const dir = mkdtempSync(join(tmpdir(), 'alipay-fixture-'));
    writeFileSync(join(dir, 'app.pem'), keys.privateKey.export({ format: 'pem', type: 'pkcs1' }));
    writeFileSync(
      join(dir, 'alipay.pem'),
      `-----BEGIN PUBLIC KEY-----\n${PUBLISHED_NOTIFY_KEY.match(/.{1,64}/g)?.join('\n')}\n-----END PUBLIC KEY-----\n`,
    );
    const parsed = parseConfig({
      SHOP_ALIPAY_APP_ID: '2019073166072302',
      SHOP_ALIPAY_PRIVATE_KEY_FILE: join(dir, 'app.pem'),
      SHOP_ALIPAY_PUBLIC_KEY_FILE: join(dir, 'alipay.pem'),
      SHOP_ALIPAY_SELLER_ID: '2088531891668739',
      SHOP_PUBLIC_URL: PUBLIC_URL,
    });
    if (!parsed.ok || !parsed.config.alipay) throw new Error(`config: ${JSON.stringify(parsed)}`);
    return createAlipayProvider({ ...parsed.config.alipay, ...overrides }, { clock });
  }
  const body = (fields: Record<string, string>) => Buffer.from(new URLSearchParams(fields).toString());

  it('takes the published notify, and nothing changed in it', { timeout: 90_000 }, async () => {
    expect(await publishedProvider().verifyNotify(body(PUBLISHED_NOTIFY), {})).toEqual({
      tradeNo: '20190815155618536-564-57',
      channelTradeNo: '2019081522001468450512505578',
      status: 'SUCCESS',
      amount: 10,
      currency: 'CNY',
      paidAt: '2019-08-15T15:56:24+08:00',
      nonce: '2019081500222155624068450559358070',
    });
    for (const [key, value] of [
      ['total_amount', '100.10'],
      ['out_trade_no', '20190815155618536-564-58'],
      ['subject', '语雀空间 501人规模'],
      ['sign', `${PUBLISHED_NOTIFY.sign?.slice(0, -4)}AAA=`],
    ] as const)
      expect(
        await publishedProvider().verifyNotify(body({ ...PUBLISHED_NOTIFY, [key]: value }), {}),
        key,
      ).toBeNull();
    const { sign: _sign, ...unsigned } = PUBLISHED_NOTIFY;
    expect(await publishedProvider().verifyNotify(body(unsigned), {})).toBeNull();
  });

  it('refuses the signed notify when it names another app or seller', { timeout: 90_000 }, async () => {
    await expect(
      publishedProvider({ appId: '2021000000000001' }).verifyNotify(body(PUBLISHED_NOTIFY), {}),
    ).rejects.toThrow(/app_id 2019073166072302/);
    await expect(
      publishedProvider({ sellerId: '2088000000000001' }).verifyNotify(body(PUBLISHED_NOTIFY), {}),
    ).rejects.toThrow(/seller_id 2088531891668739/);
  });
});

describe('Alipay configuration', () => {
  it('takes all of the group, refuses half of it naming what is missing, never a secret', () => {
    const env = fake.env(PUBLIC_URL);
    const full = parseConfig(env);
    expect(full.ok && full.config.alipay).toMatchObject({
      appId: FAKE_ALIPAY_APP_ID,
      sellerId: FAKE_ALIPAY_SELLER_ID,
      gatewayUrl: `${fake.url}/gateway.do`,
      publicUrl: PUBLIC_URL,
    });
    const defaults = parseConfig({ ...env, SHOP_ALIPAY_GATEWAY_URL: '' });
    expect(defaults.ok && defaults.config.alipay?.gatewayUrl).toBe('https://openapi.alipay.com/gateway.do');
    const half = parseConfig({
      SHOP_ALIPAY_APP_ID: FAKE_ALIPAY_APP_ID,
      SHOP_ALIPAY_PRIVATE_KEY_FILE: env.SHOP_ALIPAY_PRIVATE_KEY_FILE as string,
    });
    expect(half.ok ? [] : half.errors.map((line) => line.split(':')[0])).toEqual([
      'SHOP_ALIPAY_PUBLIC_KEY_FILE',
      'SHOP_PUBLIC_URL',
    ]);
    // The public address alone belongs to no group: WeChat Pay and Alipay both stay off.
    const onlyUrl = parseConfig({ SHOP_PUBLIC_URL: PUBLIC_URL });
    expect(onlyUrl.ok && onlyUrl.config.alipay === undefined && onlyUrl.config.wechatPay === undefined).toBe(
      true,
    );
    const swapped = parseConfig({
      ...env,
      SHOP_ALIPAY_APP_ID: '2088',
      SHOP_ALIPAY_PRIVATE_KEY_FILE: env.SHOP_ALIPAY_PUBLIC_KEY_FILE as string,
      SHOP_ALIPAY_PUBLIC_KEY_FILE: '/nonexistent/alipay.pem',
    });
    const errors = swapped.ok ? [] : swapped.errors;
    expect(errors.map((line) => line.split(':')[0]).sort()).toEqual(['SHOP_ALIPAY_APP_ID']);
    const files = parseConfig({
      ...env,
      SHOP_ALIPAY_PRIVATE_KEY_FILE: env.SHOP_ALIPAY_PUBLIC_KEY_FILE as string,
      SHOP_ALIPAY_PUBLIC_KEY_FILE: '/nonexistent/alipay.pem',
    });
    const fileErrors = files.ok ? [] : files.errors;
    expect(fileErrors.map((line) => line.split(':')[0]).sort()).toEqual([
      'SHOP_ALIPAY_PRIVATE_KEY_FILE',
      'SHOP_ALIPAY_PUBLIC_KEY_FILE',
    ]);
    expect(fileErrors.join('\n')).not.toContain('PRIVATE KEY');
    const certHalf = parseConfig({ ...env, SHOP_ALIPAY_APP_CERT_FILE: '/tmp/app.crt' });
    expect(certHalf.ok ? [] : certHalf.errors.map((line) => line.split(':')[0])).toEqual([
      'SHOP_ALIPAY_ROOT_CERT_FILE',
    ]);
  });
});

/** Posts an Alipay notify to the shop's notify route, as a form. */
function deliver(app: App, notify: SignedAlipayNotify) {
  return app.inject({
    method: 'POST',
    url: NOTIFY_PATH,
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    payload: notify.body,
  });
}

describe('Alipay through the app', () => {
  let t: TestApp;
  let skuId: number;

  beforeAll(async () => {
    ({ t, skuId } = await createPaymentTestApp(fake.env(PUBLIC_URL)));
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A member's unpaid order and its A01 start on a desktop; the browser has posted the form to the gateway. */
  async function pageStart(total = 9400) {
    const buyer = await newMember(t.app);
    const order = await unpaidOrder(t.database.db, { memberId: buyer.id, skuId, total });
    const start = await startSyb(t.app, buyer.token, order.id, 'A01');
    await postCashierForm({ action: start.action, fields: start.fields });
    return { buyer, order, start };
  }

  it('moved A01 to Alipay at start; the others stay on the sandbox', async () => {
    const rows = await t.database.db.select().from(paymentConfigs);
    const provider = Object.fromEntries(rows.map((r) => [r.code, r.provider]));
    expect(provider).toMatchObject({ A01: 'alipay', W01: 'sandbox', SupayAlipay: 'sandbox' });
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(String(res.headers['content-security-policy'])).toContain(`form-action 'self' ${fake.url}`);
  });

  it('pays A01 on a desktop through the page cashier: the notify settles the order, a repeat changes nothing', async () => {
    const { buyer, order, start } = await pageStart();
    expect(start).toMatchObject({ method: 'POST', kind: 'syb', channel: 'A01', currency: 'CNY', amount: 94 });
    expect(start.action.startsWith(`${fake.url}/gateway.do?`)).toBe(true);
    expect(await paymentByTradeNo(t.database.db, start.tradeNo)).toMatchObject({
      provider: 'alipay',
      status: 'pending',
    });
    const paid = fake.pay(start.tradeNo);
    const notify = fake.notify(start.tradeNo);
    const res = await deliver(t.app, notify);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('success');
    expect((await orderState(t.database.db, order.id)).order).toMatchObject({
      status: OrderStatus.Paid,
      payChannel: 'A01',
    });
    expect(await paymentByTradeNo(t.database.db, start.tradeNo)).toMatchObject({
      status: 'paid',
      channelTradeNo: paid.tradeNo,
    });
    const before = await balances(t.database.db, buyer.id);
    const again = await deliver(t.app, notify);
    expect(again.body).toBe('success');
    // TRADE_FINISHED, later, is the same payment.
    const finished = await deliver(
      t.app,
      fake.notify(start.tradeNo, { overrides: { trade_status: 'TRADE_FINISHED' } }),
    );
    expect(finished.body).toBe('success');
    expect(await balances(t.database.db, buyer.id)).toEqual(before);
    expect((await notifiesOf(t.database.db, start.tradeNo)).map((n) => n.outcome)).toEqual([
      'paid',
      'duplicate',
      'duplicate',
    ]);
  });

  it('pays A01 on a phone by the QR code the shop draws, its link opening the Alipay app', async () => {
    const buyer = await newMember(t.app);
    const order = await unpaidOrder(t.database.db, { memberId: buyer.id, skuId, total: 2500 });
    const start = await okData<PayStart>(
      t.app,
      PaymentPaths.payBySyb,
      { orderId: order.id, type: 'A01', paymentType: 'H5' },
      buyer.token,
    );
    expect(start).toMatchObject({ method: 'QR', channel: 'A01', amount: 25 });
    expect(start.action).toMatch(/^https:\/\/qr\.alipay\.com\//);
    expect(start.qrImage).toMatch(/^data:image\/svg\+xml;base64,/);
    fake.pay(start.tradeNo);
    expect((await deliver(t.app, fake.notify(start.tradeNo))).body).toBe('success');
    expect((await orderState(t.database.db, order.id)).order?.status).toBe(OrderStatus.Paid);
  });

  it('refuses forged notifies with fail and changes nothing', async () => {
    const { order, start } = await pageStart();
    fake.pay(start.tradeNo);
    for (const forgery of ['unsigned', 'bad-signature', 'tampered'] as const) {
      const res = await deliver(t.app, fake.notify(start.tradeNo, { forgery }));
      expect(res.statusCode, forgery).toBe(400);
      expect(res.body, forgery).toBe('fail');
    }
    expect((await orderState(t.database.db, order.id)).order?.status).toBe(OrderStatus.NotPaid);
    expect(await paymentByTradeNo(t.database.db, start.tradeNo)).toMatchObject({ status: 'pending' });
    const reasons = (await notifiesOf(t.database.db, start.tradeNo)).map((n) => [n.outcome, n.reason]);
    expect(reasons).toEqual([
      ['rejected', '签名无效或报文格式错误'],
      ['rejected', '签名无效或报文格式错误'],
      ['rejected', '签名无效或报文格式错误'],
    ]);
  });

  it('refuses a signed notify of another amount, app or seller, and records why', async () => {
    const { order, start } = await pageStart();
    fake.pay(start.tradeNo);
    for (const overrides of [
      { total_amount: '1.00' } as Record<string, string>,
      { app_id: '2021000999999999' },
      { seller_id: '2088000000000009' },
    ]) {
      const res = await deliver(t.app, fake.notify(start.tradeNo, { overrides }));
      expect(res.body, JSON.stringify(overrides)).toBe('fail');
    }
    expect((await orderState(t.database.db, order.id)).order?.status).toBe(OrderStatus.NotPaid);
    const reasons = (await notifiesOf(t.database.db, start.tradeNo)).map((n) => [n.outcome, n.reason]);
    expect(reasons).toEqual([
      ['rejected', expect.stringContaining('金额或币种与交易不符')],
      ['rejected', expect.stringContaining('渠道签名的通知不属于本店：app_id 2021000999999999')],
      ['rejected', expect.stringContaining('渠道签名的通知不属于本店：seller_id 2088000000000009')],
    ]);
  });

  it('a late notify is replaced by the poll’s query; the notify that comes after is a duplicate', async () => {
    const { order, buyer, start } = await pageStart();
    const ask = () =>
      okData<PayStatusResult>(t.app, PaymentPaths.findPayStatus, { orderId: order.id }, buyer.token);
    expect((await ask()).status).toBe('pending');
    fake.pay(start.tradeNo);
    const queriesBefore = fake.received.filter((r) => r.method === 'alipay.trade.query').length;
    expect((await ask()).status).toBe('pending');
    expect(fake.received.filter((r) => r.method === 'alipay.trade.query').length).toBe(queriesBefore);
    t.clock.advance(6_000);
    expect(await ask()).toMatchObject({ status: 'paid', settlement: 'order' });
    const late = await deliver(t.app, fake.notify(start.tradeNo));
    expect(late.body).toBe('success');
    expect((await notifiesOf(t.database.db, start.tradeNo)).map((n) => [n.outcome, n.reason])).toEqual([
      ['paid', '主动查询'],
      ['duplicate', expect.any(String)],
    ]);
  });

  it('the background sweep settles an open trade paid without a notify', async () => {
    const { order, start } = await pageStart();
    fake.pay(start.tradeNo);
    await t.database.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(payments.tradeNo, start.tradeNo));
    expect(await t.app.services.settlePayment.sweep()).toBeGreaterThanOrEqual(1);
    expect((await orderState(t.database.db, order.id)).order?.status).toBe(OrderStatus.Paid);
  });

  it('cancelling the order closes its trade at Alipay; a cashier never reached stays open until it expires', async () => {
    const { buyer, order, start } = await pageStart();
    const res = await post(t.app, OrderPaths.cancel, { id: order.id }, buyer.token);
    expect(res.json()).toMatchObject({ success: true });
    expect(fake.trades.get(start.tradeNo)?.status).toBe('TRADE_CLOSED');
    expect(fake.received.at(-1)).toMatchObject({
      method: 'alipay.trade.close',
      signatureOk: true,
      biz: { out_trade_no: start.tradeNo },
    });
    expect(await paymentByTradeNo(t.database.db, start.tradeNo)).toMatchObject({ status: 'cancelled' });

    const other = await unpaidOrder(t.database.db, { memberId: buyer.id, skuId, total: 3000 });
    const unopened = await startSyb(t.app, buyer.token, other.id, 'A01');
    await post(t.app, OrderPaths.cancel, { id: other.id }, buyer.token);
    expect(await paymentByTradeNo(t.database.db, unopened.tradeNo)).toMatchObject({ status: 'pending' });
  });

  it('pay:check asks Alipay in CNY and says what answered', async () => {
    expect(await t.app.services.payments.checkChannels()).toEqual([
      { provider: 'alipay', currency: 'CNY', ok: true, message: '' },
    ]);
    fake.forgery = 'bad-signature';
    try {
      const failed = await t.app.services.payments.checkChannels();
      expect(failed.map((r) => r.ok)).toEqual([false]);
      expect(failed[0]?.message).toContain('验签失败');
    } finally {
      fake.forgery = 'none';
    }
  });

  it('staff cannot put an AUD method on Alipay', async () => {
    await expect(
      t.app.services.paymentAdmin.setProvider(
        { staffId: null, actor: 'system', ip: null },
        'SupayAlipay',
        'alipay',
      ),
    ).rejects.toThrow('支付宝只收人民币');
  });
});
