import {
  DepositLogType,
  OrderPaths,
  OrderStatus,
  PaymentPaths,
  type PayStatusResult,
  ResultCode,
} from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentNotifies, payments, sandboxTrades } from '../src/db/schema';
import { hmacHex } from '../src/modules/payment/payment.provider';
import { REJECTED_NOTIFY_RECORDS_PER_MINUTE } from '../src/modules/payment/payment.service';
import { newMember, orderState } from './support/order-fixtures';
import {
  balances,
  call,
  createPaymentTestApp,
  depositLogsOf,
  notifiesOf,
  notifyBody,
  okData,
  paymentByTradeNo,
  postForm,
  sandboxSecret,
  sandboxTradeOf,
  sendNotify,
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

/** A member with an unpaid ¥94.00 order and a pending W01 payment of it, opened at the sandbox. */
async function pendingPayment() {
  const buyer = await newMember(t.app);
  const order = await unpaidOrder(db(), { memberId: buyer.id, skuId, total: 9400 });
  const start = await startSyb(t.app, buyer.token, order.id, 'W01');
  const trade = await sandboxTradeOf(db(), start.tradeNo);
  const channelTradeNo = trade?.channelTradeNo ?? '';
  const success = notifyBody({
    tradeNo: start.tradeNo,
    channelTradeNo,
    status: 'SUCCESS',
    amount: 9400,
    currency: 'CNY',
    paidAt: '2025-03-01T08:00:00.000Z',
  });
  return { buyer, order, start, channelTradeNo, success };
}

async function expectUnchanged(orderId: number, tradeNo: string, memberId: number) {
  expect((await orderState(db(), orderId)).order).toMatchObject({
    status: OrderStatus.NotPaid,
    paidAt: null,
    payChannel: null,
  });
  expect(await paymentByTradeNo(db(), tradeNo)).toMatchObject({
    status: 'pending',
    paidAt: null,
    settlement: null,
  });
  expect(await balances(db(), memberId)).toEqual({ cny: 0, aud: 0 });
}

describe('notify', () => {
  it('rejects a forged signature and changes nothing', async () => {
    const { buyer, order, start, success } = await pendingPayment();
    const forged = await sendNotify(t.app, success, 'not-the-sandbox-secret');
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toBe('FAIL');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/paymentService/notify/sandbox/',
      payload: success,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    // A body changed after signing (one space) no longer matches: the raw bytes are what is signed.
    const secret = await sandboxSecret(t.app);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/paymentService/notify/sandbox/',
      payload: `${success} `,
      headers: { 'content-type': 'application/json', 'x-pay-signature': hmacHex(secret, success) },
    });
    expect(tampered.statusCode).toBe(400);

    await expectUnchanged(order.id, start.tradeNo, buyer.id);
    const notes = await notifiesOf(db(), start.tradeNo);
    expect(notes.map((n) => n.outcome)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(notes[0]).toMatchObject({ provider: 'sandbox', reason: '签名无效或报文格式错误', body: success });
  });

  it('records at most 20 forged notifies a minute from one address, and still settles a signed one from it', async () => {
    const { order, start, success } = await pendingPayment();
    const spammer = '192.0.2.77';
    const answers = [];
    for (let i = 0; i < 25; i += 1)
      answers.push(await sendNotify(t.app, success, `forged-${i}`, 'sandbox', spammer));
    expect(answers.map((a) => `${a.statusCode} ${a.body}`)).toEqual(Array(25).fill('400 FAIL'));
    expect(await notifiesOf(db(), start.tradeNo)).toHaveLength(REJECTED_NOTIFY_RECORDS_PER_MINUTE);
    // Another address is counted on its own.
    await sendNotify(t.app, success, 'forged-other', 'sandbox', '192.0.2.78');
    expect(await notifiesOf(db(), start.tradeNo)).toHaveLength(REJECTED_NOTIFY_RECORDS_PER_MINUTE + 1);

    const signed = await sendNotify(t.app, success, undefined, 'sandbox', spammer);
    expect(signed.body).toBe('SUCCESS');
    expect((await orderState(db(), order.id)).order?.status).toBe(OrderStatus.Paid);
    const notes = await notifiesOf(db(), start.tradeNo);
    expect(notes.at(-1)?.outcome).toBe('paid');
  });

  it('rejects a signed notify of another amount or currency, or of an unknown trade', async () => {
    const { buyer, order, start, channelTradeNo } = await pendingPayment();
    const base = { tradeNo: start.tradeNo, channelTradeNo, status: 'SUCCESS' as const };
    for (const body of [
      notifyBody({ ...base, amount: 100, currency: 'CNY' }),
      notifyBody({ ...base, amount: 9400, currency: 'AUD' }),
      notifyBody({ ...base, channelTradeNo: 'SBOTHER', amount: 9400, currency: 'CNY' }),
    ]) {
      const res = await sendNotify(t.app, body);
      expect(res.statusCode).toBe(400);
      expect(res.body).toBe('FAIL');
    }
    const unknown = await sendNotify(
      t.app,
      notifyBody({ ...base, tradeNo: 'P2025010100000000000000', amount: 9400, currency: 'CNY' }),
    );
    expect(unknown.statusCode).toBe(400);
    await expectUnchanged(order.id, start.tradeNo, buyer.id);
    const notes = await notifiesOf(db(), start.tradeNo);
    expect(notes.map((n) => n.outcome)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(notes[0]?.reason).toContain('金额或币种与交易不符');
    expect(notes[2]?.reason).toBe('渠道交易号与交易不符');
    expect((await notifiesOf(db(), 'P2025010100000000000000'))[0]).toMatchObject({
      outcome: 'rejected',
      reason: '交易号不存在',
    });

    const wrongProvider = await sendNotify(
      t.app,
      notifyBody({ ...base, amount: 9400, currency: 'CNY' }),
      undefined,
      'nobody',
    );
    expect(wrongProvider.statusCode).toBe(400);
    expect(wrongProvider.body).toBe('FAIL');
    await expectUnchanged(order.id, start.tradeNo, buyer.id);
  });

  it('settles the same SUCCESS sent 10 times at once exactly once', async () => {
    const { buyer, order, start, success } = await pendingPayment();
    const answers = await Promise.all(Array.from({ length: 10 }, () => sendNotify(t.app, success)));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('SUCCESS');
    }
    const { order: row } = await orderState(db(), order.id);
    expect(row).toMatchObject({
      status: OrderStatus.Paid,
      payChannel: 'W01',
      paidCurrency: 'CNY',
      paidAmount: 9400,
    });
    expect(row?.paidAt?.toISOString()).toBe('2025-03-01T08:00:00.000Z');
    expect(await paymentByTradeNo(db(), start.tradeNo)).toMatchObject({
      status: 'paid',
      settlement: 'order',
      paidAt: new Date('2025-03-01T08:00:00.000Z'),
    });
    expect(await balances(db(), buyer.id)).toEqual({ cny: 0, aud: 0 });
    expect(await depositLogsOf(db(), buyer.id)).toEqual([]);
    const outcomes = (await notifiesOf(db(), start.tradeNo)).map((n) => n.outcome).sort();
    expect(outcomes).toEqual(['duplicate', ...Array(8).fill('duplicate'), 'paid'].sort());
    expect(outcomes.filter((o) => o === 'paid')).toHaveLength(1);
  });

  it('credits the deposit (type 5) once when the order was cancelled before the money came', async () => {
    const { buyer, order, start, success } = await pendingPayment();
    const cancel = await call(t.app, OrderPaths.cancel, { id: order.id }, buyer.token);
    expect(cancel.success, cancel.message).toBe(true);

    const [first, second] = [await sendNotify(t.app, success), await sendNotify(t.app, success)];
    expect([first.body, second.body]).toEqual(['SUCCESS', 'SUCCESS']);
    expect((await orderState(db(), order.id)).order).toMatchObject({
      status: OrderStatus.Cancelled,
      paidAt: null,
      payChannel: null,
    });
    expect(await paymentByTradeNo(db(), start.tradeNo)).toMatchObject({
      status: 'paid',
      settlement: 'deposit',
    });
    expect(await balances(db(), buyer.id)).toEqual({ cny: 9400, aud: 0 });
    const logs = await depositLogsOf(db(), buyer.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      type: DepositLogType.OrderRefund,
      currency: 'CNY',
      amount: 9400,
      balanceAfter: 9400,
      orderId: order.id,
    });
    expect(logs[0]?.note).toContain('已取消');
    expect((await notifiesOf(db(), start.tradeNo)).map((n) => n.outcome)).toEqual(['paid', 'duplicate']);

    const byTrade = await okData<PayStatusResult>(
      t.app,
      PaymentPaths.findPayStatus,
      { tradeNo: start.tradeNo },
      buyer.token,
    );
    expect(byTrade).toMatchObject({ status: 'paid', settlement: 'deposit' });
    const byOrder = await call(t.app, PaymentPaths.findPayStatus, { orderId: order.id }, buyer.token);
    expect(byOrder.resultCode).toBe(ResultCode.ParamsError);
    expect(byOrder.message).toBe('订单已取消，已支付的款项已退回账户余额');
  });

  it('credits the deposit when another payment paid the order first', async () => {
    const buyer = await newMember(t.app);
    const order = await unpaidOrder(db(), { memberId: buyer.id, skuId, total: 9400 });
    const w01 = await startSyb(t.app, buyer.token, order.id, 'W01');
    // Paid at the W01 cashier, but the channel's notify is late: the shopper opens A01 meanwhile. The channel
    // cannot close a paid trade, so the W01 payment stays pending.
    await db()
      .update(sandboxTrades)
      .set({ status: 'paid' })
      .where(eq(sandboxTrades.merchantTradeNo, w01.tradeNo));
    const a01 = await startSyb(t.app, buyer.token, order.id, 'A01');
    expect(await paymentByTradeNo(db(), w01.tradeNo)).toMatchObject({ status: 'pending' });
    const w01Trade = await sandboxTradeOf(db(), w01.tradeNo);
    const late = await sendNotify(
      t.app,
      notifyBody({
        tradeNo: w01.tradeNo,
        channelTradeNo: w01Trade?.channelTradeNo ?? '',
        status: 'SUCCESS',
        amount: 9400,
        currency: 'CNY',
      }),
    );
    expect(late.body).toBe('SUCCESS');
    await postForm(t.app, `${a01.action}/pay`);
    await idle();

    expect((await orderState(db(), order.id)).order).toMatchObject({
      status: OrderStatus.Paid,
      payChannel: 'W01',
    });
    expect(await paymentByTradeNo(db(), w01.tradeNo)).toMatchObject({ status: 'paid', settlement: 'order' });
    expect(await paymentByTradeNo(db(), a01.tradeNo)).toMatchObject({
      status: 'paid',
      settlement: 'deposit',
    });
    const logs = await depositLogsOf(db(), buyer.id);
    expect(logs.map((l) => [l.type, l.amount, l.balanceAfter])).toEqual([
      [DepositLogType.OrderRefund, 9400, 9400],
    ]);
    expect(logs[0]?.note).toContain('已通过其他方式支付');
    const status = await okData<PayStatusResult>(
      t.app,
      PaymentPaths.findPayStatus,
      { orderId: order.id },
      buyer.token,
    );
    expect(status).toMatchObject({ status: 'paid', tradeNo: w01.tradeNo });
  });

  it('keeps a paid payment paid when a late CLOSED or FAILED arrives', async () => {
    const { buyer, order, start, channelTradeNo, success } = await pendingPayment();
    expect((await sendNotify(t.app, success)).body).toBe('SUCCESS');
    for (const status of ['CLOSED', 'FAILED'] as const) {
      const late = await sendNotify(
        t.app,
        notifyBody({ tradeNo: start.tradeNo, channelTradeNo, status, amount: 9400, currency: 'CNY' }),
      );
      expect(late.statusCode).toBe(200);
      expect(late.body).toBe('SUCCESS');
    }
    expect((await orderState(db(), order.id)).order?.status).toBe(OrderStatus.Paid);
    expect(await paymentByTradeNo(db(), start.tradeNo)).toMatchObject({ status: 'paid' });
    const status = await okData<PayStatusResult>(
      t.app,
      PaymentPaths.findPayStatus,
      { tradeNo: start.tradeNo },
      buyer.token,
    );
    expect(status.status).toBe('paid');
    expect((await notifiesOf(db(), start.tradeNo)).map((n) => n.outcome)).toEqual([
      'paid',
      'duplicate',
      'duplicate',
    ]);
  });

  it('answers the failed state (PayFailed) after a FAILED notify, and a later SUCCESS of it is only a duplicate', async () => {
    const { buyer, order, start, channelTradeNo, success } = await pendingPayment();
    const failed = await sendNotify(
      t.app,
      notifyBody({ tradeNo: start.tradeNo, channelTradeNo, status: 'FAILED', amount: 9400, currency: 'CNY' }),
    );
    expect(failed.body).toBe('SUCCESS');
    for (const body of [{ tradeNo: start.tradeNo }, { orderId: order.id }]) {
      const res = await call<PayStatusResult>(t.app, PaymentPaths.findPayStatus, body, buyer.token);
      expect(res.status).toBe(200);
      expect(res.data).toMatchObject({
        status: 'failed',
        failure: { resultCode: ResultCode.PayFailed, message: '支付失败' },
      });
    }
    expect((await sendNotify(t.app, success)).body).toBe('SUCCESS');
    expect((await orderState(db(), order.id)).order?.status).toBe(OrderStatus.NotPaid);
    expect((await notifiesOf(db(), start.tradeNo)).map((n) => n.outcome)).toEqual(['failed', 'duplicate']);
  });

  it('refuses a channel trade number that belongs to another payment', async () => {
    const first = await pendingPayment();
    const second = await pendingPayment();
    expect((await sendNotify(t.app, first.success)).body).toBe('SUCCESS');
    // The second payment's trade is not at the channel yet with a number, so only the uniqueness guards it.
    await db()
      .update(payments)
      .set({ channelTradeNo: null })
      .where(eq(payments.tradeNo, second.start.tradeNo));
    const stolen = await sendNotify(
      t.app,
      notifyBody({
        tradeNo: second.start.tradeNo,
        channelTradeNo: first.channelTradeNo,
        status: 'SUCCESS',
        amount: 9400,
        currency: 'CNY',
      }),
    );
    expect(stolen.statusCode).toBe(400);
    expect(stolen.body).toBe('FAIL');
    await expectUnchanged(second.order.id, second.start.tradeNo, second.buyer.id);
    const notes = await db()
      .select()
      .from(paymentNotifies)
      .where(eq(paymentNotifies.tradeNo, second.start.tradeNo));
    expect(notes.map((n) => [n.outcome, n.reason])).toEqual([['rejected', '渠道交易号已属于另一笔交易']]);
  });
});
