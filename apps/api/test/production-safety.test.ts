import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { MemberPaths, PaymentPaths, ResultCode, WechatPaths } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSteps as seedStepsTable } from '../src/db/schema';
import { DEMO_MEMBER } from '../src/seed/demo-member';
import { SKIPPED_IN_PRODUCTION, seedSteps } from '../src/seed/seed';
import { insertCatalogueFixture } from './support/catalogue-fixtures';
import { newMember } from './support/order-fixtures';
import { call, configId, notifyBody, sendNotify, unpaidOrder } from './support/payment-fixtures';
import { createTestApp, envelope, post, type TestApp } from './support/test-app';

/** A logger that keeps every line, to read what the server said at start. */
function capturedLogger() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: { level: 'info', stream }, lines };
}

/** NODE_ENV=production as the test app runs it (the test captcha is refused there, so it is unset). */
const PRODUCTION = { NODE_ENV: 'production', SHOP_TEST_CAPTCHA: '' };

const codes = async (t: TestApp) =>
  (
    envelope(await t.app.inject({ method: 'POST', url: PaymentPaths.configList, payload: {} })).data as {
      code: string;
    }[]
  ).map((c) => c.code);

describe('NODE_ENV=production with the defaults', () => {
  let t: TestApp;
  let log: ReturnType<typeof capturedLogger>;
  let skuId: number;
  let webDist: string;
  beforeAll(async () => {
    log = capturedLogger();
    // With a storefront, so that a sandbox path cannot fall back to the storefront's page either.
    webDist = await mkdtemp(join(tmpdir(), 'shop-web-prod-'));
    await writeFile(join(webDist, 'index.html'), '<!doctype html><title>shop</title><div id="root"></div>');
    t = await createTestApp({
      env: { ...PRODUCTION, SEED_DEMO: 'false', WEB_DIST: webDist },
      logger: log.logger,
    });
    skuId = (await insertCatalogueFixture(t.database.db)).goods.aptamilGold.skuIds[0] ?? 0;
  });
  afterAll(async () => {
    await t?.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('offers only the methods that take real money: the deposit ones, no sandbox', async () => {
    expect(await codes(t)).toEqual(['DepositPay', 'DepositPayAUD']);
  });

  it('refuses the sandbox methods when a client asks for them anyway', async () => {
    const buyer = await newMember(t.app);
    const order = await unpaidOrder(t.database.db, { memberId: buyer.id, skuId, total: 9400 });
    for (const type of ['W01', 'A01']) {
      const res = await call(
        t.app,
        PaymentPaths.payBySyb,
        { orderId: order.id, type, paymentType: 'PC' },
        buyer.token,
      );
      expect(res).toMatchObject({
        success: false,
        resultCode: ResultCode.ParamsError,
        message: '该支付方式暂不可用',
      });
    }
    const methodId = await configId(t.database.db, 'SupayAlipay');
    const supay = await call(t.app, PaymentPaths.supayParam, { orderId: order.id, methodId }, buyer.token);
    expect(supay.message).toBe('该支付方式暂不可用');
    const recharge = await call(
      t.app,
      PaymentPaths.supayParam,
      { type: 'recharge', money: 5000, methodId },
      buyer.token,
    );
    expect(recharge.message).toBe('该支付方式暂不可用');
  });

  it('has no sandbox cashier, and a notify signed as the sandbox moves nothing', async () => {
    const cashier = await t.app.inject({ method: 'GET', url: '/sandbox-pay/cashier/SB0123456789AB' });
    expect(cashier.statusCode).toBe(404);
    expect(cashier.headers['content-type']).toContain('application/json');
    // A page of the storefront is still served.
    expect((await t.app.inject({ method: 'GET', url: '/member/order' })).statusCode).toBe(200);
    const pay = await t.app.inject({ method: 'POST', url: '/sandbox-pay/cashier/SB0123456789AB/pay' });
    expect(pay.statusCode).toBe(404);
    const body = notifyBody({
      tradeNo: 'PAY0000000001',
      channelTradeNo: 'SB0000000001',
      status: 'SUCCESS',
      amount: 100,
      currency: 'CNY',
    });
    const notify = await sendNotify(t.app, body, 'a'.repeat(64));
    expect(notify.statusCode).toBe(400);
    expect(notify.body).toBe('FAIL');
  });

  it('has no chat-app sandbox: no QR code, no scan page', async () => {
    const qr = envelope(await post(t.app, WechatPaths.getQrCode, {}));
    expect(qr).toMatchObject({
      success: false,
      resultCode: ResultCode.WeChatAuthError,
      message: '微信扫码登录暂未开放',
    });
    for (const [method, url] of [
      ['GET', '/sandbox-wechat/scan/abcdefghijklmnopqrstuvwx'],
      ['POST', '/sandbox-wechat/scan/abcdefghijklmnopqrstuvwx/confirm'],
      ['POST', '/sandbox-wechat/scan/abcdefghijklmnopqrstuvwx/cancel'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      // Not the storefront's page either.
      expect(res.headers['content-type'], url).toContain('application/json');
    }
    expect(log.lines.find((l) => l.msg.includes('SHOP_WECHAT_SANDBOX'))).toBeUndefined();
  });

  it('says at start which methods are live, and which are enabled but not offered', () => {
    const live = log.lines.find((l) => l.msg.includes('payment methods live'));
    expect(live?.msg).toContain('DepositPay');
    expect(live?.msg).not.toContain('sandbox');
    const dead = log.lines.find((l) => l.msg.includes('enabled but not offered'));
    expect(dead?.level).toBe(40);
    expect(dead?.msg).toContain('A01, W01, SupayAlipay, SupayWechat');
  });
});

describe('NODE_ENV=production with SHOP_PAY_SANDBOX=on and SHOP_WECHAT_SANDBOX=on (a staging or demo site)', () => {
  let t: TestApp;
  let log: ReturnType<typeof capturedLogger>;
  beforeAll(async () => {
    log = capturedLogger();
    t = await createTestApp({
      env: { ...PRODUCTION, SEED_DEMO: 'false', SHOP_PAY_SANDBOX: 'on', SHOP_WECHAT_SANDBOX: 'on' },
      logger: log.logger,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('offers the sandbox methods and warns at start that they pay without money', async () => {
    expect(await codes(t)).toEqual(expect.arrayContaining(['A01', 'W01', 'SupayAlipay']));
    const warning = log.lines.find((l) => l.msg.includes('SHOP_PAY_SANDBOX=on'));
    expect(warning?.level).toBe(40);
  });

  it('signs in with the chat-app sandbox and warns at start that anyone can be any chat-app user', async () => {
    const qr = envelope<{ provider: string }>(await post(t.app, WechatPaths.getQrCode, {}));
    expect(qr.data.provider).toBe('sandbox');
    const warning = log.lines.find((l) => l.msg.includes('SHOP_WECHAT_SANDBOX=on'));
    expect(warning?.level).toBe(40);
  });
});

describe('NODE_ENV=production with SEED_DEMO=true', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ...PRODUCTION, SEED_DEMO: 'true' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('seeds the demo catalogue but never the demo member with its published password', async () => {
    expect(await t.app.services.catalogueAdmin.countGoods()).toBeGreaterThan(300);
    expect(await t.app.services.member.countMembers()).toBe(0);
    const login = await post(t.app, MemberPaths.login, {
      username: DEMO_MEMBER.username,
      password: DEMO_MEMBER.password,
    });
    expect(envelope(login).message).toBe('用户名或密码错误');
    const steps = await t.database.db.select().from(seedStepsTable);
    expect(steps.find((s) => s.name === 'demo-member')?.summary).toBe(SKIPPED_IN_PRODUCTION);
    expect(steps.map((s) => s.name).sort()).toEqual(seedSteps.map((s) => s.name).sort());
  });
});
