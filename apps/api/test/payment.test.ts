import {
  CartPaths,
  OrderPaths,
  OrderStatus,
  type PaymentConfig,
  PaymentPaths,
  type PayStart,
  type PayStatusResult,
  paymentConfigSchema,
  ResultCode,
} from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentConfigs } from '../src/db/schema';
import { markOrderPaid } from '../src/modules/order/order.payment';
import { newMember, orderState } from './support/order-fixtures';
import {
  call,
  createPaymentTestApp,
  notifiesOf,
  okData,
  paymentByTradeNo,
  paymentsOfOrder,
  postForm,
  sandboxTradeOf,
  startSyb,
  unpaidOrder,
} from './support/payment-fixtures';
import type { TestApp } from './support/test-app';

let t: TestApp;
let skuId: number;

beforeAll(async () => {
  ({ t, skuId } = await createPaymentTestApp());
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const idle = () => t.app.services.payments.idle();

type RateAnswer = {
  rate: string;
  updatedAt: string;
  order?: {
    orderId: number;
    orderNo: string;
    orderCurrency: string;
    orderPrice: number;
    currency: string;
    price: number;
  };
};

describe('paymentConfigList/', () => {
  it('lists the enabled methods in the operator’s order, public, in the contract’s shape', async () => {
    const list = await okData<PaymentConfig[]>(t.app, PaymentPaths.configList, { supportWebsite: true });
    expect(list.map((m) => m.code)).toEqual([
      'DepositPay',
      'DepositPayAUD',
      'A01',
      'W01',
      'SupayAlipay',
      'SupayWechat',
    ]);
    for (const method of list) expect(paymentConfigSchema.strict().parse(method)).toEqual(method);
    expect(list.find((m) => m.code === 'W01')).toMatchObject({
      name: '微信支付',
      kind: 'syb',
      currency: 'CNY',
      forRecharge: true,
    });
    expect(list.find((m) => m.code === 'SupayWechat')).toMatchObject({
      kind: 'supay_proxy',
      currency: 'AUD',
    });
    // The storefront's call without a body defaults to supportWebsite true.
    expect(await okData<PaymentConfig[]>(t.app, PaymentPaths.configList, undefined)).toEqual(list);
  });

  it('leaves out disabled methods and those not for the website, and follows the sort order', async () => {
    await db().update(paymentConfigs).set({ enabled: false }).where(eq(paymentConfigs.code, 'A01'));
    await db().update(paymentConfigs).set({ sort: 0 }).where(eq(paymentConfigs.code, 'SupayWechat'));
    try {
      const list = await okData<PaymentConfig[]>(t.app, PaymentPaths.configList, {});
      expect(list.map((m) => m.code)).toEqual([
        'SupayWechat',
        'DepositPay',
        'DepositPayAUD',
        'W01',
        'SupayAlipay',
      ]);
      expect(
        await okData<PaymentConfig[]>(t.app, PaymentPaths.configList, { supportWebsite: false }),
      ).toEqual([]);
    } finally {
      await db().update(paymentConfigs).set({ enabled: true }).where(eq(paymentConfigs.code, 'A01'));
      await db().update(paymentConfigs).set({ sort: 6 }).where(eq(paymentConfigs.code, 'SupayWechat'));
    }
  });

  it('refuses unknown fields and wrong types', async () => {
    const unknown = await call(t.app, PaymentPaths.configList, { foo: 1 });
    expect(unknown.resultCode).toBe(ResultCode.ParamsError);
    expect(unknown.message).toBe('不支持的字段：foo');
    const wrong = await call(t.app, PaymentPaths.configList, { supportWebsite: 'yes' });
    expect(wrong.resultCode).toBe(ResultCode.ParamsError);
    expect(wrong.message).toMatch(/^站点支付：/);
  });
});

describe('ratePrice/', () => {
  it('answers the rate alone to anyone without an order, as before', async () => {
    const rate = await okData<RateAnswer>(t.app, PaymentPaths.ratePrice, {});
    expect(rate.rate).toBe('4.7000');
    expect(rate.order).toBeUndefined();
    expect((await okData<RateAnswer>(t.app, PaymentPaths.ratePrice, undefined)).rate).toBe('4.7000');
  });

  it('converts the caller’s order into the chosen currency with the stored rate', async () => {
    const buyer = await newMember(t.app);
    const cny = await unpaidOrder(db(), { memberId: buyer.id, skuId, total: 9400 });
    const inAud = await okData<RateAnswer>(
      t.app,
      CartPaths.ratePrice,
      { orderId: cny.id, currency: 'AUD' },
      buyer.token,
    );
    expect(inAud.rate).toBe('4.7000');
    expect(inAud.order).toEqual({
      orderId: cny.id,
      orderNo: cny.orderNo,
      orderCurrency: 'CNY',
      orderPrice: 94,
      currency: 'AUD',
      price: 20,
    });
    const own = await okData<RateAnswer>(t.app, PaymentPaths.ratePrice, { orderId: cny.id }, buyer.token);
    expect(own.order).toMatchObject({ currency: 'CNY', price: 94 });

    const aud = await unpaidOrder(db(), { memberId: buyer.id, skuId, total: 2000, currency: 'AUD' });
    const inCny = await okData<RateAnswer>(
      t.app,
      PaymentPaths.ratePrice,
      { orderId: aud.id, currency: 'CNY' },
      buyer.token,
    );
    expect(inCny.order).toMatchObject({ orderCurrency: 'AUD', orderPrice: 20, currency: 'CNY', price: 94 });
  });

  it('needs login for an order, hides other members’ orders and checks the fields', async () => {
    const owner = await newMember(t.app);
    const other = await newMember(t.app);
    const order = await unpaidOrder(db(), { memberId: owner.id, skuId, total: 9400 });

    const visitor = await call(t.app, PaymentPaths.ratePrice, { orderId: order.id });
    expect(visitor.status).toBe(401);
    expect(visitor.resultCode).toBe(ResultCode.InvalidToken);
    expect(visitor.message).toBe('未登录或登录已过期');

    const foreign = await call(t.app, PaymentPaths.ratePrice, { orderId: order.id }, other.token);
    expect(foreign.status).toBe(404);
    expect(foreign.message).toBe('订单不存在');

    const badCurrency = await call(
      t.app,
      PaymentPaths.ratePrice,
      { orderId: order.id, currency: 'USD' },
      owner.token,
    );
    expect(badCurrency.resultCode).toBe(ResultCode.ParamsError);
    expect(badCurrency.message).toBe('币种：币种须为 AUD 或 CNY');
    const badId = await call(t.app, PaymentPaths.ratePrice, { orderId: -3 }, owner.token);
    expect(badId.message).toBe('订单编号：编号须为正整数');
    const currencyAlone = await call(t.app, PaymentPaths.ratePrice, { currency: 'AUD' }, owner.token);
    expect(currencyAlone.resultCode).toBe(ResultCode.ParamsError);
    expect(currencyAlone.message).toBe('订单编号：请提供订单编号');
  });
});

describe('payBySyb/', () => {
  it('refuses a cashier charging AUD for a CNY order (ADR 013), opening no trade', async () => {
    const buyer = await newMember(t.app);
    const order = await unpaidOrder(db(), { memberId: buyer.id, skuId, total: 9400 });
    // An operator set up the A01 cashier to charge AUD.
    await db().update(paymentConfigs).set({ currency: 'AUD' }).where(eq(paymentConfigs.code, 'A01'));
    try {
      const res = await call(
        t.app,
        PaymentPaths.payBySyb,
        { orderId: order.id, type: 'A01', paymentType: 'PC' },
        buyer.token,
      );
      expect(res.status).toBe(400);
      expect(res.message).toBe('该订单以人民币结算，不能使用澳币支付，请选择人民币支付方式');
      const aud = await unpaidOrder(db(), { memberId: buyer.id, skuId, total: 2000, currency: 'AUD' });
      const ok = await call(
        t.app,
        PaymentPaths.payBySyb,
        { orderId: aud.id, type: 'A01', paymentType: 'PC' },
        buyer.token,
      );
      expect(ok.success, ok.message).toBe(true);
    } finally {
      await db().update(paymentConfigs).set({ currency: 'CNY' }).where(eq(paymentConfigs.code, 'A01'));
    }
  });

  it('checks login and every field', async () => {
    const buyer = await newMember(t.app);
    const order = await unpaidOrder(db(), { memberId: buyer.id, skuId, total: 9400 });

    const visitor = await call(t.app, PaymentPaths.payBySyb, { orderId: order.id, type: 'W01' });
    expect(visitor.status).toBe(401);

    const cases: [unknown, string][] = [
      [{ type: 'W01' }, '订单编号：'],
      [{ orderId: 'x', type: 'W01' }, '订单编号：编号须为数字'],
      [{ orderId: order.id }, '类型：支付方式须为 A01 或 W01'],
      [{ orderId: order.id, type: 'X09' }, '类型：支付方式须为 A01 或 W01'],
      [{ orderId: order.id, type: 'W01', paymentType: 'APP' }, '支付场景：支付场景须为 PC 或 H5'],
      [{ orderId: order.id, type: 'W01', extra: 1 }, '不支持的字段：extra'],
    ];
    for (const [body, message] of cases) {
      const res = await call(t.app, PaymentPaths.payBySyb, body, buyer.token);
      expect(res.resultCode, JSON.stringify(body)).toBe(ResultCode.ParamsError);
      expect(res.message.startsWith(message), `${res.message} for ${JSON.stringify(body)}`).toBe(true);
    }
    expect(await paymentsOfOrder(db(), order.id)).toEqual([]);
  });

  it('refuses another member’s order, a paid or cancelled one and a disabled method', async () => {
    const owner = await newMember(t.app);
    const other = await newMember(t.app);
    const order = await unpaidOrder(db(), { memberId: owner.id, skuId, total: 9400 });
    const foreign = await call(t.app, PaymentPaths.payBySyb, { orderId: order.id, type: 'W01' }, other.token);
    expect(foreign.status).toBe(404);
    expect(foreign.message).toBe('订单不存在');
    const missing = await call(
      t.app,
      PaymentPaths.payBySyb,
      { orderId: 99_999_999, type: 'W01' },
      owner.token,
    );
    expect(missing.message).toBe('订单不存在');

    const paid = await unpaidOrder(db(), {
      memberId: owner.id,
      skuId,
      total: 9400,
      status: OrderStatus.Paid,
    });
    const paidRes = await call(t.app, PaymentPaths.payBySyb, { orderId: paid.id, type: 'W01' }, owner.token);
    expect(paidRes.resultCode).toBe(ResultCode.ParamsError);
    expect(paidRes.message).toBe('订单已支付');
    const cancelled = await unpaidOrder(db(), {
      memberId: owner.id,
      skuId,
      total: 9400,
      status: OrderStatus.Cancelled,
    });
    const cancelledRes = await call(
      t.app,
      PaymentPaths.payBySyb,
      { orderId: cancelled.id, type: 'A01' },
      owner.token,
    );
    expect(cancelledRes.message).toBe('订单已取消');

    await db().update(paymentConfigs).set({ enabled: false }).where(eq(paymentConfigs.code, 'A01'));
    try {
      const disabled = await call(
        t.app,
        PaymentPaths.payBySyb,
        { orderId: order.id, type: 'A01' },
        owner.token,
      );
      expect(disabled.message).toBe('该支付方式暂不可用');
    } finally {
      await db().update(paymentConfigs).set({ enabled: true }).where(eq(paymentConfigs.code, 'A01'));
    }
    expect(await paymentsOfOrder(db(), order.id)).toEqual([]);
  });

  it('opens one trade for a double click and answers the cashier page to open', async () => {
    const buyer = await newMember(t.app);
    const order = await unpaidOrder(db(), { memberId: buyer.id, skuId, total: 9400 });
    const body = { orderId: order.id, type: 'W01', paymentType: 'H5' };
    const [first, second] = await Promise.all([
      okData<PayStart>(t.app, PaymentPaths.payBySyb, body, buyer.token),
      okData<PayStart>(t.app, PaymentPaths.payBySyb, body, buyer.token),
    ]);
    expect(first.tradeNo).toMatch(/^P\d{14}\d{8}$/);
    expect(second).toEqual(first);
    expect(first).toMatchObject({ kind: 'syb', method: 'GET', fields: {}, currency: 'CNY', amount: 94 });
    expect(first.action).toMatch(/^\/sandbox-pay\/cashier\/SB[0-9A-Z]+$/);
    const rows = await paymentsOfOrder(db(), order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      purpose: 'order',
      status: 'pending',
      channel: 'W01',
      provider: 'sandbox',
      currency: 'CNY',
      amount: 9400,
      memberId: buyer.id,
    });
    const trade = await sandboxTradeOf(db(), first.tradeNo);
    expect(trade).toMatchObject({
      status: 'open',
      amount: 9400,
      currency: 'CNY',
      returnUrl: `/payment/result?orderId=${order.id}&tradeNo=${first.tradeNo}`,
      notifyUrl: '/api/paymentService/notify/sandbox/',
    });
    expect(rows[0]?.channelTradeNo).toBe(trade?.channelTradeNo);

    // A01 charges CNY too; an AUD order is converted with the stored rate (A$20.00 → ¥94.00).
    const audOrder = await unpaidOrder(db(), { memberId: buyer.id, skuId, total: 2000, currency: 'AUD' });
    const aud = await startSyb(t.app, buyer.token, audOrder.id, 'A01');
    expect(aud).toMatchObject({ currency: 'CNY', amount: 94 });
  });

  it('shows the sandbox cashier, and paying makes the order Paid through the signed notify', async () => {
    const buyer = await newMember(t.app);
    const order = await unpaidOrder(db(), { memberId: buyer.id, skuId, total: 9400 });
    const start = await startSyb(t.app, buyer.token, order.id, 'W01');

    const page = await t.app.inject({ method: 'GET', url: start.action });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(page.body).toContain('沙箱收银台 — 不会产生真实扣款');
    expect(page.body).toContain('¥94.00');
    expect(page.body).toContain(start.tradeNo);
    expect(page.body).toContain(`订单 ${order.orderNo}`);
    expect(page.body).toContain('确认支付');
    expect(page.body).toContain('取消支付');

    const pending = await okData<PayStatusResult>(
      t.app,
      PaymentPaths.findPayStatus,
      { tradeNo: start.tradeNo },
      buyer.token,
    );
    expect(pending).toMatchObject({ status: 'pending', purpose: 'order', orderId: order.id, amount: 94 });

    const pay = await postForm(t.app, `${start.action}/pay`);
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe(`/payment/result?orderId=${order.id}&tradeNo=${start.tradeNo}`);
    await idle();

    const { order: row, packStatuses } = await orderState(db(), order.id);
    expect(row).toMatchObject({
      status: OrderStatus.Paid,
      payChannel: 'W01',
      paidCurrency: 'CNY',
      paidAmount: 9400,
    });
    expect(row?.paidAt).toBeInstanceOf(Date);
    expect(packStatuses).toEqual([OrderStatus.Paid]);
    expect(await paymentByTradeNo(db(), start.tradeNo)).toMatchObject({
      status: 'paid',
      settlement: 'order',
    });
    expect((await notifiesOf(db(), start.tradeNo)).map((n) => n.outcome)).toEqual(['paid']);

    const byTrade = await okData<PayStatusResult>(
      t.app,
      PaymentPaths.findPayStatus,
      { tradeNo: start.tradeNo },
      buyer.token,
    );
    expect(byTrade).toMatchObject({
      status: 'paid',
      tradeNo: start.tradeNo,
      orderNo: order.orderNo,
      currency: 'CNY',
      amount: 94,
      settlement: 'order',
    });
    expect(byTrade.paidAt).not.toBeNull();
    const byOrder = await okData<PayStatusResult>(
      t.app,
      PaymentPaths.findPayStatus,
      { orderId: order.id },
      buyer.token,
    );
    expect(byOrder).toMatchObject({ status: 'paid', tradeNo: start.tradeNo, orderId: order.id });

    // The cashier now shows the state; a second press changes nothing and sends nothing.
    const after = await t.app.inject({ method: 'GET', url: start.action });
    expect(after.body).toContain('该交易已支付');
    expect(after.body).not.toContain('确认支付');
    const again = await postForm(t.app, `${start.action}/pay`);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(start.action);
    await idle();
    expect(await notifiesOf(db(), start.tradeNo)).toHaveLength(1);

    // The order detail tells how it was paid; paying it again is refused.
    const detail = await okData<{ payChannel: string; payChannelName: string }>(
      t.app,
      OrderPaths.detail,
      { id: order.id },
      buyer.token,
    );
    expect(detail).toMatchObject({ payChannel: 'W01', payChannelName: '微信支付' });
    const repeat = await call(t.app, PaymentPaths.payBySyb, { orderId: order.id, type: 'W01' }, buyer.token);
    expect(repeat.message).toBe('订单已支付');
  });

  it('cancelling at the cashier answers the cancelled state (PayCancel) as data and leaves the order unpaid', async () => {
    const buyer = await newMember(t.app);
    const order = await unpaidOrder(db(), { memberId: buyer.id, skuId, total: 9400 });
    const start = await startSyb(t.app, buyer.token, order.id, 'A01');
    const cancel = await postForm(t.app, `${start.action}/cancel`);
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toBe(`/payment/result?orderId=${order.id}&tradeNo=${start.tradeNo}`);
    await idle();

    for (const body of [{ tradeNo: start.tradeNo }, { orderId: order.id }]) {
      // A cancelled trade is an expected outcome, not an HTTP error (spec §8 PayCancel 1021).
      const res = await call<PayStatusResult>(t.app, PaymentPaths.findPayStatus, body, buyer.token);
      expect(res.status).toBe(200);
      expect(res.success).toBe(true);
      expect(res.data).toMatchObject({
        status: 'cancelled',
        tradeNo: start.tradeNo,
        orderId: order.id,
        failure: { resultCode: ResultCode.PayCancel, message: '支付已取消' },
      });
    }
    expect((await orderState(db(), order.id)).order?.status).toBe(OrderStatus.NotPaid);
    expect(await paymentByTradeNo(db(), start.tradeNo)).toMatchObject({ status: 'cancelled' });
    expect((await t.app.inject({ method: 'GET', url: start.action })).body).toContain('该交易已取消');

    // A new attempt opens a new trade, which then decides the order's status.
    const retry = await startSyb(t.app, buyer.token, order.id, 'A01');
    expect(retry.tradeNo).not.toBe(start.tradeNo);
    const status = await okData<PayStatusResult>(
      t.app,
      PaymentPaths.findPayStatus,
      { orderId: order.id },
      buyer.token,
    );
    expect(status).toMatchObject({ status: 'pending', tradeNo: retry.tradeNo });
  });

  it('opens a new trade after 30 minutes, and closes the trade the shopper left for another method', async () => {
    const buyer = await newMember(t.app);
    const order = await unpaidOrder(db(), { memberId: buyer.id, skuId, total: 9400 });
    const w01 = await startSyb(t.app, buyer.token, order.id, 'W01');
    const a01 = await startSyb(t.app, buyer.token, order.id, 'A01');
    expect(a01.tradeNo).not.toBe(w01.tradeNo);
    expect(await paymentByTradeNo(db(), w01.tradeNo)).toMatchObject({ status: 'cancelled' });
    expect(await sandboxTradeOf(db(), w01.tradeNo)).toMatchObject({ status: 'closed' });
    expect((await t.app.inject({ method: 'GET', url: w01.action })).body).toContain('该交易已关闭');
    const closedPay = await postForm(t.app, `${w01.action}/pay`);
    expect(closedPay.headers.location).toBe(w01.action);

    t.clock.advance(31 * 60 * 1000);
    const later = await startSyb(t.app, buyer.token, order.id, 'A01');
    expect(later.tradeNo).not.toBe(a01.tradeNo);
    expect(await paymentByTradeNo(db(), a01.tradeNo)).toMatchObject({ status: 'cancelled' });
    expect((await paymentsOfOrder(db(), order.id)).filter((p) => p.status === 'pending')).toHaveLength(1);
    await idle();
    expect((await orderState(db(), order.id)).order?.status).toBe(OrderStatus.NotPaid);
  });

  it('escapes what it shows on the cashier page', async () => {
    const buyer = await newMember(t.app);
    const order = await unpaidOrder(db(), { memberId: buyer.id, skuId, total: 9400, orderNo: 'SO<b>&"x\'' });
    const start = await startSyb(t.app, buyer.token, order.id, 'W01');
    const page = await t.app.inject({ method: 'GET', url: start.action });
    expect(page.body).toContain('订单 SO&lt;b&gt;&amp;&quot;x&#39;');
    expect(page.body).not.toContain('<b>');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('answers an unknown cashier trade with 404', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/sandbox-pay/cashier/SB20250101000000ABCDEF0123',
    });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('交易不存在');
    const pay = await postForm(t.app, '/sandbox-pay/cashier/SB20250101000000ABCDEF0123/pay');
    expect(pay.statusCode).toBe(404);
  });
});

describe('findPayStatus/', () => {
  it('checks its fields and answers pending for an unpaid order without payments', async () => {
    const buyer = await newMember(t.app);
    const order = await unpaidOrder(db(), { memberId: buyer.id, skuId, total: 9400 });
    const none = await call(t.app, PaymentPaths.findPayStatus, {}, buyer.token);
    expect(none.resultCode).toBe(ResultCode.ParamsError);
    expect(none.message).toBe('交易号：请提供交易号或订单编号');
    const bad = await call(t.app, PaymentPaths.findPayStatus, { tradeNo: 'x; drop' }, buyer.token);
    expect(bad.message).toBe('交易号：交易号格式不正确');
    const visitor = await call(t.app, PaymentPaths.findPayStatus, { orderId: order.id });
    expect(visitor.status).toBe(401);

    const status = await okData<PayStatusResult>(
      t.app,
      PaymentPaths.findPayStatus,
      { orderId: order.id },
      buyer.token,
    );
    expect(status).toEqual({
      status: 'pending',
      purpose: 'order',
      tradeNo: null,
      orderId: order.id,
      orderNo: order.orderNo,
      rechargeNo: null,
      currency: 'CNY',
      amount: 94,
      paidAt: null,
      settlement: null,
    });
    const unknown = await call(
      t.app,
      PaymentPaths.findPayStatus,
      { tradeNo: 'P2025010100000012345678' },
      buyer.token,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.message).toBe('支付记录不存在');
  });

  it('answers paid for an order paid another way, and refuses a cancelled unpaid order', async () => {
    const buyer = await newMember(t.app);
    const paid = await unpaidOrder(db(), { memberId: buyer.id, skuId, total: 9400 });
    await t.database.db.transaction(async (tx) => {
      await markOrderPaid(tx, {
        orderId: paid.id,
        payChannel: 'DepositPay',
        paidCurrency: 'CNY',
        paidAmount: 9400,
        at: new Date(),
      });
    });
    const status = await okData<PayStatusResult>(
      t.app,
      PaymentPaths.findPayStatus,
      { orderId: paid.id },
      buyer.token,
    );
    expect(status).toMatchObject({ status: 'paid', tradeNo: null, currency: 'CNY', amount: 94 });

    const cancelled = await unpaidOrder(db(), {
      memberId: buyer.id,
      skuId,
      total: 9400,
      status: OrderStatus.Cancelled,
    });
    const res = await call(t.app, PaymentPaths.findPayStatus, { orderId: cancelled.id }, buyer.token);
    expect(res.resultCode).toBe(ResultCode.ParamsError);
    expect(res.message).toBe('订单已取消');
  });
});

describe('another member', () => {
  it('cannot start a payment for, or read the status of, someone else’s order or trade', async () => {
    const owner = await newMember(t.app);
    const other = await newMember(t.app);
    const order = await unpaidOrder(db(), { memberId: owner.id, skuId, total: 9400 });
    const start = await startSyb(t.app, owner.token, order.id, 'W01');
    const supay = await configIdOf('SupayAlipay');

    const attempts = [
      call(t.app, PaymentPaths.payBySyb, { orderId: order.id, type: 'A01' }, other.token),
      call(t.app, PaymentPaths.supayParam, { orderId: order.id, methodId: supay }, other.token),
      call(t.app, PaymentPaths.findPayStatus, { orderId: order.id }, other.token),
      call(t.app, PaymentPaths.findPayStatus, { tradeNo: start.tradeNo }, other.token),
      call(t.app, PaymentPaths.findPayStatus, { tradeNo: start.tradeNo, orderId: order.id }, other.token),
    ];
    const answers = await Promise.all(attempts);
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.success).toBe(false);
    }
    expect(answers.map((a) => a.message)).toEqual([
      '订单不存在',
      '订单不存在',
      '订单不存在',
      '支付记录不存在',
      '支付记录不存在',
    ]);
    // Its own trade with another of its orders does not match either.
    const mine = await unpaidOrder(db(), { memberId: owner.id, skuId, total: 9400 });
    const mismatch = await call(
      t.app,
      PaymentPaths.findPayStatus,
      { tradeNo: start.tradeNo, orderId: mine.id },
      owner.token,
    );
    expect(mismatch.status).toBe(404);
    expect((await paymentsOfOrder(db(), order.id)).map((p) => p.tradeNo)).toEqual([start.tradeNo]);
  });
});

async function configIdOf(code: string): Promise<number> {
  const rows = await db()
    .select({ id: paymentConfigs.id })
    .from(paymentConfigs)
    .where(eq(paymentConfigs.code, code));
  return rows[0]?.id ?? 0;
}
