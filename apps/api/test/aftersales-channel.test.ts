import {
  type AdminAfterSaleDetail,
  AdminAfterSalePaths,
  type AfterSaleDetail,
  AfterSalePaths,
  OrderStatus,
  SandboxPaths,
} from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterSales, depositLogs, orderPacks, orders, paymentRefunds } from '../src/db/schema';
import { newMember } from './support/order-fixtures';
import {
  call,
  createPaymentTestApp,
  postForm,
  sandboxTradeOf,
  startSyb,
  unpaidOrder,
} from './support/payment-fixtures';
import { type StaffLogin, staffToken } from './support/staff';
import type { TestApp } from './support/test-app';

/**
 * An after-sales refund of an order paid through a channel goes back through that channel (issue #39): the request
 * is 退款中 until the channel confirms, then 已退款; a refund the channel does not make puts it back where it was.
 */

// Each test pays an order at the sandbox's cashier and refunds it: sized for a busy shared machine.
describe('after-sales refunds through the sandbox channel', { timeout: 90_000 }, () => {
  let t: TestApp;
  let skuId: number;
  let finance: StaffLogin;

  beforeAll(async () => {
    ({ t, skuId } = await createPaymentTestApp({ SHOP_PAY_SANDBOX_NOTIFY_DELAY_MS: '150' }));
    finance = await staffToken(t, 'finance');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const ok = async <T>(path: string, body: unknown, token: string) => {
    const res = await call<T>(t.app, path, body, token);
    expect(res.success, res.message).toBe(true);
    return res.data;
  };

  /** A ¥94.00 order paid by W01 at the sandbox's cashier and since shipped, with a refund-only request approved. */
  async function approvedOnChannel() {
    const buyer = await newMember(t.app);
    const order = await unpaidOrder(t.database.db, { memberId: buyer.id, skuId, total: 9400 });
    const start = await startSyb(t.app, buyer.token, order.id, 'W01');
    const trade = await sandboxTradeOf(t.database.db, start.tradeNo);
    await postForm(t.app, `${SandboxPaths.cashier}${trade?.channelTradeNo}/pay`);
    await t.app.services.payments.idle();
    await t.database.db.update(orders).set({ status: OrderStatus.Shipped }).where(eq(orders.id, order.id));
    await t.database.db
      .update(orderPacks)
      .set({ status: OrderStatus.Shipped })
      .where(eq(orderPacks.orderId, order.id));
    const made = await ok<AfterSaleDetail>(
      AfterSalePaths.create,
      { orderId: order.id, type: 'refund', reason: 'damaged', lines: [{ itemId: order.itemIds[0], qty: 1 }] },
      buyer.token,
    );
    const approved = await ok<AdminAfterSaleDetail>(
      AdminAfterSalePaths.approve,
      { id: made.id, version: made.version },
      finance.token,
    );
    expect(approved.refundWay).toBe('channel');
    return { buyer, order, approved };
  }

  it('is 退款中 until the channel confirms, then 已退款; the deposit is untouched', async () => {
    const { buyer, order, approved } = await approvedOnChannel();
    const asked = await ok<AdminAfterSaleDetail>(
      AdminAfterSalePaths.refund,
      { id: approved.id, version: approved.version, withFreight: true },
      finance.token,
    );
    expect(asked).toMatchObject({ refundTo: 'channel', refundAmount: 94 });
    expect(['refunding', 'refunded']).toContain(asked.state);
    let state = asked.state;
    for (let i = 0; i < 100 && state !== 'refunded'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      state = (await ok<AfterSaleDetail>(AfterSalePaths.detail, { id: approved.id }, buyer.token)).state;
    }
    expect(state).toBe('refunded');
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ refundedAmount: 9400, refundingAmount: 0 });
    const logs = await t.database.db.select().from(depositLogs).where(eq(depositLogs.memberId, buyer.id));
    expect(logs.filter((l) => l.type === 5)).toHaveLength(0);
  });

  it('a refund the channel does not make puts the request back, for staff to refund again', async () => {
    const { approved } = await approvedOnChannel();
    const asked = await ok<AdminAfterSaleDetail>(
      AdminAfterSalePaths.refund,
      { id: approved.id, version: approved.version },
      finance.token,
    );
    const [request] = await t.database.db.select().from(afterSales).where(eq(afterSales.id, asked.id));
    const refundNo = request?.refundNo ?? '';
    expect(refundNo).not.toBe('');
    const [refund] = await t.database.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.refundNo, refundNo));
    expect(refund?.amount).toBe(Math.round((asked.refundAmount ?? 0) * 100));
    // The channel's later word (a notify or the sweep's query) that it closed the refund, applied as refund-order's
    // apply does, in one transaction.
    expect(request?.state).toBe('refunding');
    await t.database.db.transaction((tx) =>
      t.app.services.afterSales.refundEnded(tx, {
        refundNo,
        success: false,
        message: 'CLOSED',
        at: new Date(),
      }),
    );
    const back = await ok<AdminAfterSaleDetail>(AdminAfterSalePaths.detail, { id: asked.id }, finance.token);
    expect(back).toMatchObject({ state: 'approved', refundAmount: null, refundTo: null });
    expect(back.events.at(-1)).toMatchObject({ state: 'approved', by: 'system' });
  });
});
