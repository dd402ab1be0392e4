import {
  DepositLogType,
  MemberPaths,
  OrderStatus,
  PaymentPaths,
  type PayStart,
  type PayStatusResult,
  ResultCode,
} from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentConfigs, recharges, sandboxTrades } from '../src/db/schema';
import { newMember, orderState } from './support/order-fixtures';
import {
  balances,
  call,
  configId,
  createPaymentTestApp,
  depositLogsOf,
  notifiesOf,
  okData,
  paymentByTradeNo,
  paymentsOfOrder,
  postForm,
  sandboxTradeOf,
  sendNotify,
  unpaidOrder,
} from './support/payment-fixtures';
import type { TestApp } from './support/test-app';

let t: TestApp;
let skuId: number;
const ids = { supayAlipay: 0, supayWechat: 0, w01: 0, depositPay: 0 };

beforeAll(async () => {
  ({ t, skuId } = await createPaymentTestApp());
  ids.supayAlipay = await configId(t.database.db, 'SupayAlipay');
  ids.supayWechat = await configId(t.database.db, 'SupayWechat');
  ids.w01 = await configId(t.database.db, 'W01');
  ids.depositPay = await configId(t.database.db, 'DepositPay');
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const idle = () => t.app.services.payments.idle();

async function tradeCount(tradeNo: string): Promise<number> {
  return (await db().select().from(sandboxTrades).where(eq(sandboxTrades.merchantTradeNo, tradeNo))).length;
}

describe('supayParam/ checks', () => {
  it('validates the fields', async () => {
    const buyer = await newMember(t.app);
    const order = await unpaidOrder(db(), { memberId: buyer.id, skuId, total: 9400 });
    const cases: [unknown, string][] = [
      [{ orderId: order.id }, '支付方式：'],
      [{ methodId: ids.supayAlipay }, '订单编号：请提供订单编号'],
      [{ methodId: ids.supayAlipay, type: 'recharge' }, '充值金额：请填写充值金额'],
      [{ methodId: ids.supayAlipay, type: 'recharge', money: 0.001 }, '充值金额：金额最多两位小数'],
      [{ methodId: ids.supayAlipay, type: 'recharge', money: -5 }, '充值金额：金额须大于0'],
      [{ methodId: ids.supayAlipay, type: 'recharge', money: 500_001 }, '充值金额：单笔充值最多500000'],
      [
        { methodId: ids.supayAlipay, type: 'recharge', money: 10, orderId: order.id },
        '订单编号：充值不能指定订单',
      ],
      [{ methodId: ids.supayAlipay, type: 'gift', money: 10 }, '类型：类型须为 order 或 recharge'],
    ];
    for (const [body, message] of cases) {
      const res = await call(t.app, PaymentPaths.supayParam, body, buyer.token);
      expect(res.resultCode, JSON.stringify(body)).toBe(ResultCode.ParamsError);
      expect(res.message.startsWith(message), `${res.message} for ${JSON.stringify(body)}`).toBe(true);
    }
    const visitor = await call(t.app, PaymentPaths.supayParam, {
      orderId: order.id,
      methodId: ids.supayAlipay,
    });
    expect(visitor.status).toBe(401);
  });

  it('refuses the deposit methods, disabled methods and methods not for recharge', async () => {
    const buyer = await newMember(t.app);
    const order = await unpaidOrder(db(), { memberId: buyer.id, skuId, total: 9400 });
    const deposit = await call(
      t.app,
      PaymentPaths.supayParam,
      { orderId: order.id, methodId: ids.depositPay },
      buyer.token,
    );
    expect(deposit.message).toBe('余额支付请使用余额支付方式');
    const unknown = await call(
      t.app,
      PaymentPaths.supayParam,
      { orderId: order.id, methodId: 999_999 },
      buyer.token,
    );
    expect(unknown.message).toBe('该支付方式暂不可用');

    await db()
      .update(paymentConfigs)
      .set({ forRecharge: false })
      .where(eq(paymentConfigs.id, ids.supayWechat));
    await db().update(paymentConfigs).set({ enabled: false }).where(eq(paymentConfigs.id, ids.supayAlipay));
    try {
      const notForRecharge = await call(
        t.app,
        PaymentPaths.supayParam,
        { type: 'recharge', money: 10, methodId: ids.supayWechat },
        buyer.token,
      );
      expect(notForRecharge.message).toBe('该支付方式不支持充值');
      const disabled = await call(
        t.app,
        PaymentPaths.supayParam,
        { orderId: order.id, methodId: ids.supayAlipay },
        buyer.token,
      );
      expect(disabled.message).toBe('该支付方式暂不可用');
    } finally {
      await db()
        .update(paymentConfigs)
        .set({ forRecharge: true })
        .where(eq(paymentConfigs.id, ids.supayWechat));
      await db().update(paymentConfigs).set({ enabled: true }).where(eq(paymentConfigs.id, ids.supayAlipay));
    }
    expect(await paymentsOfOrder(db(), order.id)).toEqual([]);
    expect(await db().select().from(recharges).where(eq(recharges.memberId, buyer.id))).toEqual([]);
  });
});

describe('an order that cannot be paid in AUD (ADR 013)', () => {
  it('a CNY order refuses both Supay AUD methods and the AUD deposit, opening no trade; CNY methods still work', async () => {
    const buyer = await newMember(t.app);
    const order = await unpaidOrder(db(), { memberId: buyer.id, skuId, total: 9400 });
    for (const methodId of [ids.supayAlipay, ids.supayWechat]) {
      const res = await call(t.app, PaymentPaths.supayParam, { orderId: order.id, methodId }, buyer.token);
      expect(res.status).toBe(400);
      expect(res.resultCode).toBe(ResultCode.ParamsError);
      expect(res.message).toBe('该订单以人民币结算，不能使用澳币支付，请选择人民币支付方式');
    }
    const deposit = await call(
      t.app,
      PaymentPaths.payByDeposit,
      { orderId: order.id, currency: 'AUD', deposit: 20 },
      buyer.token,
    );
    expect(deposit.message).toBe('该订单以人民币结算，不能使用澳币支付，请选择人民币支付方式');
    expect(await paymentsOfOrder(db(), order.id)).toEqual([]);
    const w01 = await okData<PayStart>(
      t.app,
      PaymentPaths.supayParam,
      { orderId: order.id, methodId: ids.w01 },
      buyer.token,
    );
    expect(w01).toMatchObject({ currency: 'CNY', amount: 94 });
  });
});

describe('supayParam/ with the supay bridge', () => {
  it('answers a signed form; posting it opens the trade and paying settles the order in AUD', async () => {
    const buyer = await newMember(t.app);
    // An AUD order of A$20.00: the Supay methods charge AUD (ADR 013).
    const order = await unpaidOrder(db(), { memberId: buyer.id, skuId, total: 2000, currency: 'AUD' });
    const start = await okData<PayStart>(
      t.app,
      PaymentPaths.supayParam,
      { orderId: order.id, methodId: ids.supayAlipay },
      buyer.token,
    );
    expect(start).toMatchObject({
      kind: 'supay',
      method: 'POST',
      action: '/sandbox-pay/bridge',
      currency: 'AUD',
      amount: 20,
    });
    expect(start.fields).toMatchObject({
      trade_no: start.tradeNo,
      channel: 'SupayAlipay',
      amount: '2000',
      currency: 'AUD',
      return_url: `/payment?orderId=${order.id}&tradeNo=${start.tradeNo}`,
      notify_url: '/api/paymentService/notify/sandbox/',
    });
    expect(start.fields.sign).toMatch(/^[0-9a-f]{64}$/);
    // The channel learns of the trade only when the form is posted.
    expect(await tradeCount(start.tradeNo)).toBe(0);

    const bridge = await postForm(t.app, start.action, start.fields);
    expect(bridge.statusCode).toBe(303);
    expect(bridge.headers.location).toMatch(/^\/sandbox-pay\/cashier\/SB[0-9A-Z]+$/);
    // Posting the same form again (a double submit) leads to the same trade.
    const twice = await postForm(t.app, start.action, start.fields);
    expect(twice.headers.location).toBe(bridge.headers.location);
    expect(await tradeCount(start.tradeNo)).toBe(1);

    const cashier = String(bridge.headers.location);
    const page = await t.app.inject({ method: 'GET', url: cashier });
    expect(page.body).toContain('A$20.00');
    expect(page.body).toContain('Supay 支付宝（澳币）');

    const pay = await postForm(t.app, `${cashier}/pay`);
    expect(pay.headers.location).toBe(`/payment?orderId=${order.id}&tradeNo=${start.tradeNo}`);
    await idle();
    expect((await orderState(db(), order.id)).order).toMatchObject({
      status: OrderStatus.Paid,
      payChannel: 'SupayAlipay',
      paidCurrency: 'AUD',
      paidAmount: 2000,
    });
    const status = await okData<PayStatusResult>(
      t.app,
      PaymentPaths.findPayStatus,
      { orderId: order.id },
      buyer.token,
    );
    expect(status).toMatchObject({ status: 'paid', currency: 'AUD', amount: 20, tradeNo: start.tradeNo });
  });

  it('refuses a forged or incomplete bridge form and opens no trade', async () => {
    const buyer = await newMember(t.app);
    // An AUD order of A$20.00: the Supay methods charge AUD (ADR 013).
    const order = await unpaidOrder(db(), { memberId: buyer.id, skuId, total: 2000, currency: 'AUD' });
    const start = await okData<PayStart>(
      t.app,
      PaymentPaths.supayParam,
      { orderId: order.id, methodId: ids.supayAlipay },
      buyer.token,
    );
    const forged = await postForm(t.app, start.action, { ...start.fields, amount: '1' });
    expect(forged.statusCode).toBe(400);
    expect(forged.headers['content-type']).toContain('text/html');
    expect(forged.body).toContain('签名错误');
    const { sign: _sign, ...unsigned } = start.fields;
    expect((await postForm(t.app, start.action, unsigned)).statusCode).toBe(400);
    const redirectElsewhere = await postForm(t.app, start.action, {
      ...start.fields,
      return_url: '//evil.example/',
    });
    expect(redirectElsewhere.statusCode).toBe(400);
    expect(await tradeCount(start.tradeNo)).toBe(0);
    expect(await paymentByTradeNo(db(), start.tradeNo)).toMatchObject({ status: 'pending' });
  });
});

describe('supayParam/ with the chat-app proxy', () => {
  it('answers a signed proxy URL whose JSON leads to the cashier; a forged one answers FAIL', async () => {
    const buyer = await newMember(t.app);
    // An AUD order of A$20.00: the Supay methods charge AUD (ADR 013).
    const order = await unpaidOrder(db(), { memberId: buyer.id, skuId, total: 2000, currency: 'AUD' });
    const start = await okData<PayStart>(
      t.app,
      PaymentPaths.supayParam,
      { orderId: order.id, methodId: ids.supayWechat },
      buyer.token,
    );
    expect(start).toMatchObject({
      kind: 'supay_proxy',
      method: 'PROXY',
      fields: {},
      currency: 'AUD',
      amount: 20,
    });
    expect(start.action.startsWith('/sandbox-pay/proxy?')).toBe(true);

    const proxy = await t.app.inject({ method: 'GET', url: start.action });
    expect(proxy.statusCode).toBe(200);
    const answer = proxy.json() as { result: string; url: string };
    expect(answer.result).toBe('SUCCESS');
    expect(answer.url).toMatch(/^\/sandbox-pay\/cashier\/SB[0-9A-Z]+$/);
    const page = await t.app.inject({ method: 'GET', url: answer.url });
    expect(page.body).toContain('A$20.00');
    expect(page.body).toContain('Supay 微信（澳币）');

    const forgedUrl = start.action.replace('amount=2000', 'amount=1');
    expect(forgedUrl).not.toBe(start.action);
    const forged = await t.app.inject({ method: 'GET', url: forgedUrl });
    expect(forged.json()).toEqual({ result: 'FAIL', message: '签名错误' });
    expect(await tradeCount(start.tradeNo)).toBe(1);
  });

  it('answers a cashier page for a syb method chosen by id', async () => {
    const buyer = await newMember(t.app);
    const order = await unpaidOrder(db(), { memberId: buyer.id, skuId, total: 9400 });
    const start = await okData<PayStart>(
      t.app,
      PaymentPaths.supayParam,
      { orderId: order.id, methodId: ids.w01 },
      buyer.token,
    );
    expect(start).toMatchObject({ kind: 'syb', method: 'GET', currency: 'CNY', amount: 94 });
    expect(await sandboxTradeOf(db(), start.tradeNo)).toMatchObject({
      returnUrl: `/payment/result?orderId=${order.id}&tradeNo=${start.tradeNo}`,
    });
  });
});

describe('online recharge', () => {
  it('credits the deposit once when the channel says it was paid', async () => {
    const buyer = await newMember(t.app);
    const start = await okData<PayStart>(
      t.app,
      PaymentPaths.supayParam,
      { type: 'recharge', money: 100.5, methodId: ids.supayAlipay },
      buyer.token,
    );
    expect(start).toMatchObject({ kind: 'supay', method: 'POST', currency: 'AUD', amount: 100.5 });
    expect(start.fields.return_url).toBe(`/member/deposit?tradeNo=${start.tradeNo}`);
    const payment = await paymentByTradeNo(db(), start.tradeNo);
    expect(payment).toMatchObject({
      purpose: 'recharge',
      orderId: null,
      currency: 'AUD',
      amount: 10050,
      status: 'pending',
    });
    const [recharge] = await db().select().from(recharges).where(eq(recharges.memberId, buyer.id));
    expect(recharge).toMatchObject({
      id: payment?.rechargeId,
      type: 7,
      status: 'pending',
      amount: 10050,
      currency: 'AUD',
    });

    // A double click hands out the same trade and recharge.
    const again = await okData<PayStart>(
      t.app,
      PaymentPaths.supayParam,
      { type: 'recharge', money: 100.5, methodId: ids.supayAlipay },
      buyer.token,
    );
    expect(again.tradeNo).toBe(start.tradeNo);
    expect(await db().select().from(recharges).where(eq(recharges.memberId, buyer.id))).toHaveLength(1);

    const pending = await okData<PayStatusResult>(
      t.app,
      PaymentPaths.findPayStatus,
      { tradeNo: start.tradeNo },
      buyer.token,
    );
    expect(pending).toMatchObject({
      status: 'pending',
      purpose: 'recharge',
      rechargeNo: recharge?.rechargeNo,
    });

    const bridge = await postForm(t.app, start.action, start.fields);
    const pay = await postForm(t.app, `${bridge.headers.location}/pay`);
    expect(pay.headers.location).toBe(`/member/deposit?tradeNo=${start.tradeNo}`);
    await idle();

    const current = await okData<{ audDeposit: number; cnyDeposit: number }>(
      t.app,
      MemberPaths.current,
      {},
      buyer.token,
    );
    expect(current).toMatchObject({ audDeposit: 100.5, cnyDeposit: 0 });
    const logs = await depositLogsOf(db(), buyer.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      type: DepositLogType.OnlineRecharge,
      currency: 'AUD',
      amount: 10050,
      balanceAfter: 10050,
      rechargeId: recharge?.id,
      paymentId: payment?.id,
    });
    expect(await paymentByTradeNo(db(), start.tradeNo)).toMatchObject({
      status: 'paid',
      settlement: 'recharge',
    });
    const paid = await okData<PayStatusResult>(
      t.app,
      PaymentPaths.findPayStatus,
      { tradeNo: start.tradeNo },
      buyer.token,
    );
    expect(paid).toMatchObject({
      status: 'paid',
      purpose: 'recharge',
      currency: 'AUD',
      amount: 100.5,
      settlement: 'recharge',
    });

    // The channel sending the same notify again changes nothing.
    const trade = await sandboxTradeOf(db(), start.tradeNo);
    const replay = await sendNotify(
      t.app,
      JSON.stringify({
        tradeNo: start.tradeNo,
        channelTradeNo: trade?.channelTradeNo,
        status: 'SUCCESS',
        amount: 10050,
        currency: 'AUD',
        paidAt: null,
        nonce: 'again',
      }),
    );
    expect(replay.statusCode).toBe(200);
    expect(replay.body).toBe('SUCCESS');
    expect(await balances(db(), buyer.id)).toEqual({ cny: 0, aud: 10050 });
    expect(await depositLogsOf(db(), buyer.id)).toHaveLength(1);
    expect((await notifiesOf(db(), start.tradeNo)).map((n) => n.outcome)).toEqual(['paid', 'duplicate']);

    // A new recharge of the same amount after the first was paid is a new trade.
    const next = await okData<PayStart>(
      t.app,
      PaymentPaths.supayParam,
      { type: 'recharge', money: 100.5, methodId: ids.supayAlipay },
      buyer.token,
    );
    expect(next.tradeNo).not.toBe(start.tradeNo);
  });

  it('cancels the recharge when the shopper cancels at the cashier', async () => {
    const buyer = await newMember(t.app);
    const start = await okData<PayStart>(
      t.app,
      PaymentPaths.supayParam,
      { type: 'recharge', money: 50, methodId: ids.w01 },
      buyer.token,
    );
    expect(start).toMatchObject({ kind: 'syb', method: 'GET', currency: 'CNY', amount: 50 });
    const cancel = await postForm(t.app, `${start.action}/cancel`);
    expect(cancel.headers.location).toBe(`/member/deposit?tradeNo=${start.tradeNo}`);
    await idle();
    const res = await call<PayStatusResult>(
      t.app,
      PaymentPaths.findPayStatus,
      { tradeNo: start.tradeNo },
      buyer.token,
    );
    // An expected outcome: a success answer carrying the cancelled state (spec §8 PayCancel).
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      status: 'cancelled',
      purpose: 'recharge',
      failure: { resultCode: ResultCode.PayCancel, message: '支付已取消' },
    });
    const [recharge] = await db().select().from(recharges).where(eq(recharges.memberId, buyer.id));
    expect(recharge?.status).toBe('cancelled');
    expect(await balances(db(), buyer.id)).toEqual({ cny: 0, aud: 0 });
    expect(await depositLogsOf(db(), buyer.id)).toEqual([]);
  });
});
