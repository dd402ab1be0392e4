import {
  type AdminMoneyBackResponse,
  type AdminOrderDetail,
  AdminOrderPaths,
  type OrderDetail,
  OrderPaths,
  OrderStatus,
  PaymentPaths,
  SandboxPaths,
} from '@shop/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import {
  depositLogs,
  messages,
  notices,
  paymentNotifies,
  paymentRefunds,
  staffAuditLog,
} from '../src/db/schema';
import { cliActor } from '../src/lib/audit';
import { reserveRefunding } from '../src/modules/order/order.payment';
import { hmacHex } from '../src/modules/payment/payment.provider';
import { giveDeposit } from './support/deposit-helpers';
import { FakeWechatPay, type SignedNotify } from './support/fake-wechatpay';
import { newMember, orderState } from './support/order-fixtures';
import {
  call,
  createPaymentTestApp,
  okData,
  postForm,
  sandboxSecret,
  sandboxTradeOf,
  startSyb,
  unpaidOrder,
} from './support/payment-fixtures';
import { type StaffLogin, staffToken } from './support/staff';
import type { TestApp } from './support/test-app';

/**
 * A staff refund of an order paid through a channel goes back through that channel (docs/decisions/035): reserved
 * under the order's lock, asked of the channel after commit, 退款中 until the channel confirms by its refund
 * notify, the sweep's query or its synchronous answer.
 */

const PUBLIC_URL = 'https://shop.example';

async function refundsOf(t: TestApp, orderId: number) {
  return t.database.db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.orderId, orderId))
    .orderBy(asc(paymentRefunds.id));
}

async function refundLogsOf(t: TestApp, memberId: number) {
  return t.database.db
    .select()
    .from(depositLogs)
    .where(and(eq(depositLogs.memberId, memberId)));
}

async function messagesOf(t: TestApp, memberId: number) {
  return t.database.db
    .select()
    .from(messages)
    .where(eq(messages.memberId, memberId))
    .orderBy(asc(messages.id));
}

async function auditsOf(t: TestApp, orderNo: string) {
  return t.database.db
    .select()
    .from(staffAuditLog)
    .where(eq(staffAuditLog.objectId, orderNo))
    .orderBy(asc(staffAuditLog.id));
}

async function consoleDetail(t: TestApp, token: string, orderNo: string) {
  return okData<AdminOrderDetail>(t.app, AdminOrderPaths.detail, { orderNo }, token);
}

async function memberDetail(t: TestApp, token: string, id: number) {
  return okData<OrderDetail>(t.app, OrderPaths.detail, { id }, token);
}

/** Makes the refund look a minute and more old, so the sweep takes it (it leaves young ones to their request). */
async function age(t: TestApp, refundNo: string) {
  await t.database.db
    .update(paymentRefunds)
    .set({ createdAt: new Date(Date.now() - 5 * 60_000) })
    .where(eq(paymentRefunds.refundNo, refundNo));
}

// Each test pays an order and refunds it through several calls: sized for a busy shared machine.
describe('refunds through the sandbox channel', { timeout: 90_000 }, () => {
  let t: TestApp;
  let skuId: number;
  let finance: StaffLogin;

  beforeAll(async () => {
    // A notify delay long enough that the refund's synchronous answer is seen before the channel confirms it.
    ({ t, skuId } = await createPaymentTestApp({ SHOP_PAY_SANDBOX_NOTIFY_DELAY_MS: '150' }));
    finance = await staffToken(t, 'finance');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** A ¥94.00 order (one ¥79.00 line and ¥15.00 shipping) the member paid by W01 at the sandbox's cashier. */
  async function sandboxPaidOrder() {
    const buyer = await newMember(t.app);
    const order = await unpaidOrder(t.database.db, { memberId: buyer.id, skuId, total: 9400 });
    const start = await startSyb(t.app, buyer.token, order.id, 'W01');
    const trade = await sandboxTradeOf(t.database.db, start.tradeNo);
    await postForm(t.app, `${SandboxPaths.cashier}${trade?.channelTradeNo}/pay`);
    await t.app.services.payments.idle();
    expect((await orderState(t.database.db, order.id)).order?.status).toBe(OrderStatus.Paid);
    return { buyer, order, tradeNo: start.tradeNo };
  }

  it('refunds part of the order through the channel: 退款中, then 部分退款 after the notify; the deposit is untouched', async () => {
    const { buyer, order } = await sandboxPaidOrder();
    const before = (await refundLogsOf(t, buyer.id)).length;
    const res = await call<AdminMoneyBackResponse>(
      t.app,
      AdminOrderPaths.refund,
      { orderNo: order.orderNo, amount: 20.5, refundedBefore: 0, reason: '破损补偿' },
      finance.token,
    );
    expect(res.success, res.message).toBe(true);
    expect(res.message).toContain('退款中');
    expect(res.data).toMatchObject({ refunded: 2050, refundTo: 'channel', refundState: 'processing' });
    const processing = await consoleDetail(t, finance.token, order.orderNo);
    expect(processing).toMatchObject({
      refundState: 'processing',
      refundStateName: '退款中',
      refundingAmount: 2050,
      refundedAmount: 0,
      refundTo: 'channel',
    });
    expect((await memberDetail(t, buyer.token, order.id)).refundState).toBe('processing');

    await t.app.services.payments.idle();
    const done = await consoleDetail(t, finance.token, order.orderNo);
    expect(done).toMatchObject({ refundState: 'partial', refundStateName: '部分退款', refundedAmount: 2050 });
    expect(done.refunds[0]).toMatchObject({ status: 'success', amount: 2050, reason: '破损补偿' });
    const member = await memberDetail(t, buyer.token, order.id);
    expect(member).toMatchObject({ refundState: 'partial', refundedPrice: 20.5, refundingPrice: 0 });
    expect((await refundLogsOf(t, buyer.id)).length).toBe(before);
    expect((await messagesOf(t, buyer.id)).at(-1)?.title).toBe(`订单 ${order.orderNo} 退款 ¥20.50 已到账`);
    expect((await auditsOf(t, order.orderNo)).map((a) => [a.action, a.actor])).toEqual([
      ['order.refund', finance.username],
      ['order.refundConfirmed', 'system'],
    ]);
  });

  it('refunds chosen lines: the amount is their share of what was paid', async () => {
    const { order } = await sandboxPaidOrder();
    const detail = await consoleDetail(t, finance.token, order.orderNo);
    const line = detail.items[0];
    const res = await call<AdminMoneyBackResponse>(
      t.app,
      AdminOrderPaths.refund,
      { orderNo: order.orderNo, lines: [{ itemId: line?.id ?? 0, qty: 1 }], refundedBefore: 0 },
      finance.token,
    );
    expect(res.success, res.message).toBe(true);
    expect(res.data.refunded).toBe(7900);
    await t.app.services.payments.idle();
    expect(await consoleDetail(t, finance.token, order.orderNo)).toMatchObject({
      refundState: 'partial',
      refundedAmount: 7900,
    });
    const refused = await call(
      t.app,
      AdminOrderPaths.refund,
      { orderNo: order.orderNo, lines: [{ itemId: line?.id ?? 0, qty: 2 }], refundedBefore: 79 },
      finance.token,
    );
    expect(refused.success).toBe(false);
    expect(refused.message).toContain('最多可退 1 件');
  });

  it('cancel-and-refund of a paid, unshipped order refunds the whole paid amount through the channel', async () => {
    const { buyer, order } = await sandboxPaidOrder();
    const res = await call<AdminMoneyBackResponse>(
      t.app,
      AdminOrderPaths.cancelPaid,
      { orderNo: order.orderNo, reason: '缺货' },
      finance.token,
    );
    expect(res.success, res.message).toBe(true);
    expect(res.data).toMatchObject({ status: OrderStatus.Cancelled, refunded: 9400, refundTo: 'channel' });
    await t.app.services.payments.idle();
    expect(await consoleDetail(t, finance.token, order.orderNo)).toMatchObject({
      status: OrderStatus.Cancelled,
      refundState: 'refunded',
      refundStateName: '已退款',
      refundedAmount: 9400,
    });
    expect((await refundLogsOf(t, buyer.id)).filter((l) => l.type === 4 || l.type === 5)).toHaveLength(0);
  });

  it('the sandbox refuses more than the trade took, with its reason; nothing changes', async () => {
    await t.app.services.staff.update(cliActor(), { id: finance.staffId, email: 'refunds@example.test' });
    const { order, tradeNo } = await sandboxPaidOrder();
    // The channel's own books already hold a refund of the whole trade (taken outside this order's console).
    const sandbox = t.app.services.payments.sandbox;
    const secret = await sandboxSecret(t.app);
    const params = { trade_no: tradeNo, refund_no: 'RSIDE00000001', amount: '9400', notify_url: '/x' };
    const side = await sandbox?.refund({ ...params, sign: signed(secret, params) });
    expect(side?.ok).toBe(true);
    const res = await call(
      t.app,
      AdminOrderPaths.refund,
      { orderNo: order.orderNo, amount: 10, refundedBefore: 0 },
      finance.token,
    );
    expect(res.success).toBe(false);
    expect(res.message).toBe('支付渠道拒绝退款：退款金额超过可退金额，订单未做任何更改');
    expect(await consoleDetail(t, finance.token, order.orderNo)).toMatchObject({
      refundState: null,
      refundingAmount: 0,
      refundedAmount: 0,
    });
    expect((await refundsOf(t, order.id)).map((r) => [r.status, r.channelMessage])).toEqual([
      ['refused', '退款金额超过可退金额'],
    ]);
    // Finance is told by e-mail: the money waits to be returned another way.
    const told = await t.database.db
      .select({ params: notices.params })
      .from(notices)
      .where(and(eq(notices.kind, 'staffRefund'), eq(notices.recipient, 'refunds@example.test')));
    expect(told.map((n) => n.params)).toEqual([{ orderNo: order.orderNo, amount: '¥10.00' }]);
    await t.app.services.payments.idle();
  });

  it('a reserved refund whose call never happened is asked by the sweep with the same number', async () => {
    const { order } = await sandboxPaidOrder();
    // The crash: the reservation committed, the process stopped before calling the channel.
    const flow = t.app.services.refundOrder;
    await t.database.db.transaction(async (tx) => {
      const channel = await t.app.services.paymentRefunds.channelFor(tx, order.id);
      if (!channel) throw new Error('no channel');
      expect(await reserveRefunding(tx, order.id, 3000)).toBe(true);
      await t.app.services.paymentRefunds.reserve(tx, {
        channel,
        orderId: order.id,
        amount: 3000,
        reason: '崩溃前',
        operator: 'finance',
      });
    });
    const [row] = await refundsOf(t, order.id);
    expect(row?.status).toBe('processing');
    expect(await consoleDetail(t, finance.token, order.orderNo)).toMatchObject({ refundState: 'processing' });
    // Too young: left to the request that asked it.
    expect(await flow.sweep()).toBe(0);
    await age(t, row?.refundNo ?? '');
    await flow.sweep();
    await t.app.services.payments.idle();
    expect(await consoleDetail(t, finance.token, order.orderNo)).toMatchObject({
      refundState: 'partial',
      refundedAmount: 3000,
    });
    expect((await refundsOf(t, order.id))[0]?.status).toBe('success');
  });

  it('a refund notify forged with another key is refused and changes nothing', async () => {
    const body = JSON.stringify({
      refundNo: 'R000000000001',
      tradeNo: 'P000000000001',
      channelRefundNo: 'SR1',
      status: 'success',
      amount: 1,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `${PaymentPaths.refundNotify}sandbox/`,
      payload: body,
      headers: { 'content-type': 'application/json', 'x-pay-signature': hmacHex('0'.repeat(64), body) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('FAIL');
  });

  it('refunds of an order paid from the deposit keep going to the deposit, entered in 元', async () => {
    const buyer = await newMember(t.app);
    await giveDeposit(t.app, buyer.id, 'CNY', 10_000);
    const order = await unpaidOrder(t.database.db, { memberId: buyer.id, skuId, total: 9400 });
    await okData(
      t.app,
      PaymentPaths.payByDeposit,
      { orderId: order.id, currency: 'CNY', deposit: 94 },
      buyer.token,
    );
    const res = await call<AdminMoneyBackResponse>(
      t.app,
      AdminOrderPaths.refund,
      { orderNo: order.orderNo, amount: 12.34, refundedBefore: 0 },
      finance.token,
    );
    expect(res.success, res.message).toBe(true);
    expect(res.data).toMatchObject({ refunded: 1234, refundTo: 'deposit', refundState: 'partial' });
    expect((await refundsOf(t, order.id)).length).toBe(0);
  });
});

/** The sandbox's signed request fields (payment.provider signParams), written out here. */
function signed(secret: string, params: Record<string, string>): string {
  const text = Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return hmacHex(secret, text);
}

describe('refunds through WeChat Pay (the fake)', { timeout: 90_000 }, () => {
  const fake = new FakeWechatPay();
  let t: TestApp;
  let skuId: number;
  let finance: StaffLogin;

  beforeAll(async () => {
    await fake.start();
    ({ t, skuId } = await createPaymentTestApp(fake.env(PUBLIC_URL)));
    finance = await staffToken(t, 'finance');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await fake.stop();
  });

  const deliver = (app: App, path: string, notify: SignedNotify) =>
    app.inject({ method: 'POST', url: path, headers: notify.headers, payload: notify.body });
  const REFUND_NOTIFY = `${PaymentPaths.refundNotify}wechatpay/`;

  async function wechatPaidOrder() {
    const buyer = await newMember(t.app);
    const order = await unpaidOrder(t.database.db, { memberId: buyer.id, skuId, total: 9400 });
    const start = await startSyb(t.app, buyer.token, order.id, 'W01');
    fake.pay(start.tradeNo);
    const res = await deliver(t.app, `${PaymentPaths.notify}wechatpay/`, fake.paidNotify(start.tradeNo));
    expect(res.statusCode).toBe(204);
    return { buyer, order, tradeNo: start.tradeNo };
  }

  it('full refund: asked of WeChat Pay, 退款中 until its signed REFUND.SUCCESS; a repeat changes nothing', async () => {
    const { buyer, order, tradeNo } = await wechatPaidOrder();
    const res = await call<AdminMoneyBackResponse>(
      t.app,
      AdminOrderPaths.refund,
      { orderNo: order.orderNo, amount: 94, refundedBefore: 0, reason: '整单退款' },
      finance.token,
    );
    expect(res.success, res.message).toBe(true);
    expect(res.data).toMatchObject({ refundTo: 'channel', refundState: 'processing', refunded: 9400 });
    const asked = fake.received.at(-1);
    expect(asked).toMatchObject({
      path: '/v3/refund/domestic/refunds',
      signatureOk: true,
      body: {
        out_trade_no: tradeNo,
        out_refund_no: res.data.refundNo,
        notify_url: `${PUBLIC_URL}${REFUND_NOTIFY}`,
        amount: { refund: 9400, total: 9400, currency: 'CNY' },
      },
    });
    const refundNo = res.data.refundNo ?? '';
    const notify = fake.refundNotify(refundNo, 'SUCCESS');
    const first = await deliver(t.app, REFUND_NOTIFY, notify);
    expect(first.statusCode).toBe(204);
    expect(await consoleDetail(t, finance.token, order.orderNo)).toMatchObject({
      refundState: 'refunded',
      refundedAmount: 9400,
      refundingAmount: 0,
    });
    const again = await deliver(t.app, REFUND_NOTIFY, notify);
    expect(again.statusCode).toBe(204);
    expect((await consoleDetail(t, finance.token, order.orderNo)).refundedAmount).toBe(9400);
    const outcomes = await t.database.db
      .select({ outcome: paymentNotifies.outcome })
      .from(paymentNotifies)
      .where(eq(paymentNotifies.tradeNo, tradeNo))
      .orderBy(asc(paymentNotifies.id));
    expect(outcomes.map((o) => o.outcome)).toEqual(['paid', 'refund-success', 'duplicate']);
    expect((await refundLogsOf(t, buyer.id)).length).toBe(0);
    expect((await messagesOf(t, buyer.id)).at(-1)?.title).toBe(`订单 ${order.orderNo} 退款 ¥94.00 已到账`);
  });

  it('a refund notify with a bad signature or of another merchant key is refused', async () => {
    const { order } = await wechatPaidOrder();
    const res = await okData<AdminMoneyBackResponse>(
      t.app,
      AdminOrderPaths.refund,
      { orderNo: order.orderNo, amount: 1, refundedBefore: 0 },
      finance.token,
    );
    const good = fake.refundNotify(res.refundNo ?? '', 'SUCCESS');
    const forged = await deliver(t.app, REFUND_NOTIFY, {
      ...good,
      body: good.body.replace('REFUND.SUCCESS', 'REFUND.SUCCESS '),
    });
    expect(forged.statusCode).toBe(400);
    const otherKey = fake.notify(
      'REFUND.SUCCESS',
      'refund',
      { out_refund_no: res.refundNo },
      { apiV3Key: 'Z'.repeat(32) },
    );
    expect((await deliver(t.app, REFUND_NOTIFY, otherKey)).statusCode).toBe(400);
    expect((await consoleDetail(t, finance.token, order.orderNo)).refundState).toBe('processing');
  });

  it('partial by amount: a late notify is replaced by the sweep’s query', async () => {
    const { order } = await wechatPaidOrder();
    const res = await okData<AdminMoneyBackResponse>(
      t.app,
      AdminOrderPaths.refund,
      { orderNo: order.orderNo, amount: 30, refundedBefore: 0 },
      finance.token,
    );
    const refundNo = res.refundNo ?? '';
    const refund = fake.refunds.get(refundNo);
    if (!refund) throw new Error('no refund at the fake');
    refund.status = 'SUCCESS'; // WeChat Pay paid it out; its notify is late.
    await age(t, refundNo);
    expect(await t.app.services.refundOrder.sweep()).toBe(1);
    expect(await consoleDetail(t, finance.token, order.orderNo)).toMatchObject({
      refundState: 'partial',
      refundedAmount: 3000,
    });
    expect(fake.received.at(-1)).toMatchObject({
      method: 'GET',
      path: `/v3/refund/domestic/refunds/${refundNo}`,
    });
    // The notify that comes after all is a duplicate.
    const late = await deliver(t.app, REFUND_NOTIFY, fake.refundNotify(refundNo, 'SUCCESS'));
    expect(late.statusCode).toBe(204);
    expect((await consoleDetail(t, finance.token, order.orderNo)).refundedAmount).toBe(3000);
  });

  it('a refusal shows WeChat Pay’s reason and changes nothing', async () => {
    const { buyer, order } = await wechatPaidOrder();
    const messagesBefore = (await messagesOf(t, buyer.id)).length;
    fake.refuseRefund = { code: 'NOT_ENOUGH', message: '基本账户余额不足，请充值后重新发起' };
    try {
      const res = await call(
        t.app,
        AdminOrderPaths.refund,
        { orderNo: order.orderNo, amount: 10, refundedBefore: 0 },
        finance.token,
      );
      expect(res.success).toBe(false);
      expect(res.message).toBe('支付渠道拒绝退款：基本账户余额不足，请充值后重新发起，订单未做任何更改');
    } finally {
      fake.refuseRefund = null;
    }
    expect(await consoleDetail(t, finance.token, order.orderNo)).toMatchObject({
      refundState: null,
      refundingAmount: 0,
      refundedAmount: 0,
    });
    expect((await messagesOf(t, buyer.id)).length).toBe(messagesBefore);
    // The whole amount may still be refunded.
    const again = await call<AdminMoneyBackResponse>(
      t.app,
      AdminOrderPaths.refund,
      { orderNo: order.orderNo, amount: 94, refundedBefore: 0 },
      finance.token,
    );
    expect(again.success, again.message).toBe(true);
  });

  it('two refunds at once that together exceed the paid amount: one is refused', async () => {
    const { order } = await wechatPaidOrder();
    const [a, b] = await Promise.all([
      call<AdminMoneyBackResponse>(
        t.app,
        AdminOrderPaths.refund,
        { orderNo: order.orderNo, amount: 60, refundedBefore: 0 },
        finance.token,
      ),
      call<AdminMoneyBackResponse>(
        t.app,
        AdminOrderPaths.refund,
        { orderNo: order.orderNo, amount: 50, refundedBefore: 0 },
        finance.token,
      ),
    ]);
    expect([a?.success, b?.success].filter(Boolean)).toHaveLength(1);
    const rows = await refundsOf(t, order.id);
    expect(rows).toHaveLength(1);
    expect((await consoleDetail(t, finance.token, order.orderNo)).refundingAmount).toBe(rows[0]?.amount);
  });

  it('a crash between reserve and call: the sweep asks WeChat Pay with the same refund number, once', async () => {
    const { order, tradeNo } = await wechatPaidOrder();
    await t.database.db.transaction(async (tx) => {
      const channel = await t.app.services.paymentRefunds.channelFor(tx, order.id);
      if (!channel) throw new Error('no channel');
      expect(await reserveRefunding(tx, order.id, 2000)).toBe(true);
      await t.app.services.paymentRefunds.reserve(tx, {
        channel,
        orderId: order.id,
        amount: 2000,
        reason: '崩溃前',
        operator: 'finance',
      });
    });
    const [row] = await refundsOf(t, order.id);
    await age(t, row?.refundNo ?? '');
    // The first ask reaches WeChat Pay, but its answer is lost (not proven to be WeChat Pay's): nothing is known.
    fake.forgery = 'unsigned';
    try {
      await t.app.services.refundOrder.sweep();
    } finally {
      fake.forgery = 'none';
    }
    expect((await refundsOf(t, order.id))[0]).toMatchObject({ status: 'processing', channelRefundNo: null });
    await t.app.services.refundOrder.sweep();
    const asked = fake.received.filter(
      (r) => r.path === '/v3/refund/domestic/refunds' && r.body?.out_trade_no === tradeNo,
    );
    expect(asked.map((r) => r.body?.out_refund_no)).toEqual([row?.refundNo, row?.refundNo]);
    // WeChat Pay took the same number as the same refund.
    expect([...fake.refunds.values()].filter((r) => r.outTradeNo === tradeNo)).toHaveLength(1);
    expect((await refundsOf(t, order.id))[0]).toMatchObject({ status: 'processing' });
    expect((await refundsOf(t, order.id))[0]?.channelRefundNo).toMatch(/^5/);
    await deliver(t.app, REFUND_NOTIFY, fake.refundNotify(row?.refundNo ?? '', 'SUCCESS'));
    expect(await consoleDetail(t, finance.token, order.orderNo)).toMatchObject({
      refundState: 'partial',
      refundedAmount: 2000,
    });
  });

  it('only roles that may refund can: warehouse and service are refused', async () => {
    const { order } = await wechatPaidOrder();
    for (const role of ['warehouse', 'service'] as const) {
      const staff = await staffToken(t, role);
      const res = await call(
        t.app,
        AdminOrderPaths.refund,
        { orderNo: order.orderNo, amount: 1, refundedBefore: 0 },
        staff.token,
      );
      expect(res.status).toBe(403);
    }
    expect(await refundsOf(t, order.id)).toHaveLength(0);
  });
});

// PGlite runs one query at a time and would hide a race (docs/conventions.md 'Tests'): real PostgreSQL only.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)(
  'channel refunds racing on PostgreSQL (skipped: TEST_DATABASE_URL is not set)',
  { timeout: 120_000 },
  () => {
    const fake = new FakeWechatPay();
    let t: TestApp;
    let skuId: number;
    let finance: StaffLogin;

    beforeAll(async () => {
      await fake.start();
      ({ t, skuId } = await createPaymentTestApp(fake.env(PUBLIC_URL)));
      finance = await staffToken(t, 'finance');
    }, 120_000);
    afterAll(async () => {
      await t?.close();
      await fake.stop();
    });

    async function wechatPaidOrder() {
      const buyer = await newMember(t.app);
      const order = await unpaidOrder(t.database.db, { memberId: buyer.id, skuId, total: 9400 });
      const start = await startSyb(t.app, buyer.token, order.id, 'W01');
      fake.pay(start.tradeNo);
      const notify = fake.paidNotify(start.tradeNo);
      const res = await t.app.inject({
        method: 'POST',
        url: `${PaymentPaths.notify}wechatpay/`,
        headers: notify.headers,
        payload: notify.body,
      });
      expect(res.statusCode).toBe(204);
      return order;
    }

    it('two console refunds at once that together exceed the paid amount: one is refused', async () => {
      const order = await wechatPaidOrder();
      const results = await Promise.all(
        [60, 50].map((amount) =>
          call(
            t.app,
            AdminOrderPaths.refund,
            { orderNo: order.orderNo, amount, refundedBefore: 0 },
            finance.token,
          ),
        ),
      );
      expect(results.filter((r) => r.success)).toHaveLength(1);
      const rows = await refundsOf(t, order.id);
      expect(rows).toHaveLength(1);
      expect((await consoleDetail(t, finance.token, order.orderNo)).refundingAmount).toBe(rows[0]?.amount);
    });

    it('five refunds of ¥30.00 at once on a ¥94.00 order: three are reserved, the rest refused', async () => {
      const order = await wechatPaidOrder();
      const flow = t.app.services.refundOrder;
      const results = await Promise.allSettled(
        Array.from({ length: 5 }, () =>
          flow.refund({ staffId: null, actor: 'cli', ip: null }, order.orderNo, { amount: 3000 }),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
      for (const r of results)
        if (r.status === 'rejected') expect(String(r.reason)).toContain('退款金额超过可退金额');
      const rows = await refundsOf(t, order.id);
      expect(rows.map((r) => r.amount)).toEqual([3000, 3000, 3000]);
      expect(new Set(rows.map((r) => r.refundNo)).size).toBe(3);
      const detail = await consoleDetail(t, finance.token, order.orderNo);
      expect(detail.refundingAmount + detail.refundedAmount).toBe(9000);
    });
  },
);
