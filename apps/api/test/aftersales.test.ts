import {
  type AdminAfterSaleDetail,
  type AdminAfterSaleListResponse,
  AdminAfterSalePaths,
  type AdminAfterSaleSettings,
  type AfterSaleClaimable,
  type AfterSaleDetail,
  type AfterSaleListResponse,
  AfterSaleMessages,
  AfterSalePaths,
  OrderStatus,
  RefundLineMessages,
  refundSplit,
  SupportTicketPaths,
} from '@shop/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterSales, messages, notices, orders, staff, staffAuditLog, stockLedger } from '../src/db/schema';
import { deliveredOrder } from './support/aftersale-fixtures';
import { type CheckoutTestApp, createCheckoutTestApp, newMember } from './support/checkout-helpers';
import { balancesOf } from './support/deposit-helpers';
import { insertOrder, stockOf } from './support/order-fixtures';
import { type StaffLogin, staffToken } from './support/staff';
import { envelope, post } from './support/test-app';
import { testImage, upload } from './support/upload';

/**
 * After-sales (issue #39, ADR 057): a member claims delivered pieces of an order (refund only, return and refund,
 * exchange) with photos; staff approve or reject, receive the goods back to stock or written off, refund by the one
 * split rule through the order's refund, or ship the exchange. Every step is one conditional move with its event,
 * notice and audit row; nothing is claimed or refunded twice.
 */

let c: CheckoutTestApp;
let service: StaffLogin;
let finance: StaffLogin;
let warehouse: StaffLogin;
beforeAll(async () => {
  c = await createCheckoutTestApp({ LOG_LEVEL: 'error' });
  service = await staffToken(c.t, 'service');
  finance = await staffToken(c.t, 'finance');
  warehouse = await staffToken(c.t, 'warehouse');
  // Staff hear of new requests by e-mail.
  await c.t.database.db
    .update(staff)
    .set({ email: 'service@shop.test' })
    .where(eq(staff.id, service.staffId));
  await c.t.app.services.afterSales.saveSettings(
    { staffId: null, actor: 'test', ip: null },
    { windowDays: 7, returnAddress: '墨尔本 Clayton 仓库 退货组' },
  );
}, 120_000);
afterAll(async () => {
  await c?.t.close();
});

const db = () => c.t.database.db;

async function call<T>(path: string, body: unknown, token: string) {
  const res = await post(c.t.app, path, body, token);
  return { status: res.statusCode, ...envelope<T>(res) };
}
async function ok<T>(path: string, body: unknown, token: string) {
  const res = await call<T>(path, body, token);
  expect(res.success, res.message).toBe(true);
  return res.data;
}
async function refused(path: string, body: unknown, token: string, message?: string) {
  const res = await call(path, body, token);
  expect(res.success).toBe(false);
  if (message) expect(res.message).toContain(message);
  return res;
}

async function photo(token: string): Promise<number> {
  const res = envelope<{ id: number }>(
    await upload(c.t.app, SupportTicketPaths.uploadImage, token, await testImage('png')),
  );
  expect(res.success, res.message).toBe(true);
  return res.data.id;
}

const audBalance = async (memberId: number) => (await balancesOf(db(), memberId)).AUD;

async function auditsOf(no: string) {
  return db()
    .select()
    .from(staffAuditLog)
    .where(eq(staffAuditLog.objectId, no))
    .orderBy(asc(staffAuditLog.id));
}

describe('asking', () => {
  it('claims delivered pieces with photos; the member sees it, staff are told, the pieces are taken', async () => {
    const m = await newMember(c.t);
    const order = await deliveredOrder(c, m.memberId);
    const claimable = await ok<AfterSaleClaimable>(AfterSalePaths.claimable, { orderId: order.id }, m.token);
    expect(claimable).toMatchObject({ open: true, reason: null, windowEndsAt: null, windowDays: 7 });
    expect(claimable.lines.map((l) => [l.name, l.delivered, l.claimable, l.isGift])).toEqual([
      ['爱他美金装', 3, 3, false],
      ['米粉', 2, 2, false],
      ['米粉小样', 1, 0, true],
    ]);
    const images = [await photo(m.token), await photo(m.token)];
    const made = await ok<AfterSaleDetail>(
      AfterSalePaths.create,
      {
        orderId: order.id,
        type: 'return',
        reason: 'damaged',
        text: '外箱压坏\n两罐凹陷',
        images,
        lines: [{ itemId: order.aptamil, qty: 2 }],
      },
      m.token,
    );
    expect(made).toMatchObject({
      state: 'pending',
      type: 'return',
      orderNo: order.orderNo,
      pieces: 2,
      lineCount: 1,
      title: '爱他美金装',
      text: '外箱压坏\n两罐凹陷',
    });
    expect(made.afterSaleNo).toMatch(/^AS\d{8}\d{6}$/);
    expect(made.images).toHaveLength(2);
    expect(made.events.map((e) => [e.state, e.by])).toEqual([['pending', 'member']]);
    // The photos left the loose uploads: a second request cannot use them.
    await refused(
      AfterSalePaths.create,
      { orderId: order.id, type: 'refund', reason: 'short', images, lines: [{ itemId: order.rice, qty: 1 }] },
      m.token,
      AfterSaleMessages.image,
    );
    const after = await ok<AfterSaleClaimable>(AfterSalePaths.claimable, { orderId: order.id }, m.token);
    expect(after.lines[0]).toMatchObject({ claimed: 2, claimable: 1 });
    const list = await ok<AfterSaleListResponse>(AfterSalePaths.list, { orderId: order.id }, m.token);
    expect(list.items.map((i) => i.id)).toEqual([made.id]);
    const staffNotices = await db().select().from(notices).where(eq(notices.kind, 'staffAfterSale'));
    expect(staffNotices.some((n) => JSON.stringify(n.params).includes(made.afterSaleNo))).toBe(true);
    const queue = await ok<AdminAfterSaleListResponse>(
      AdminAfterSalePaths.list,
      { keyword: order.orderNo },
      service.token,
    );
    expect(queue.items.map((i) => i.id)).toEqual([made.id]);
    expect(queue.counts.pending).toBeGreaterThanOrEqual(1);
  });

  it('refuses what cannot be claimed, and writes nothing', async () => {
    const m = await newMember(c.t);
    const order = await deliveredOrder(c, m.memberId);
    const claim = (lines: unknown, extra: Record<string, unknown> = {}) =>
      refused(
        AfterSalePaths.create,
        { orderId: order.id, type: 'refund', reason: 'short', lines, ...extra },
        m.token,
      );
    expect((await claim([{ itemId: order.aptamil, qty: 4 }])).message).toBe(
      AfterSaleMessages.nothingLeft('爱他美金装', 3),
    );
    expect((await claim([{ itemId: order.gift, qty: 1 }])).message).toBe(AfterSaleMessages.gift);
    expect((await claim([{ itemId: 999_999, qty: 1 }])).message).toBe(AfterSaleMessages.unknownLine(999_999));
    expect((await claim([])).success).toBe(false);
    const unpaid = await insertOrder(db(), {
      memberId: m.memberId,
      status: OrderStatus.Paid,
      items: [{ skuId: c.sku.rice, qty: 1, unitPrice: 3200 }],
    });
    expect(
      (
        await refused(
          AfterSalePaths.create,
          {
            orderId: unpaid.id,
            type: 'refund',
            reason: 'short',
            lines: [{ itemId: unpaid.itemIds[0], qty: 1 }],
          },
          m.token,
        )
      ).message,
    ).toBe(AfterSaleMessages.orderNotDelivered);
    const old = await deliveredOrder(c, m.memberId, {
      status: OrderStatus.Finished,
      finishedAt: new Date(Date.now() - 8 * 24 * 3600_000),
    });
    const closed = await ok<AfterSaleClaimable>(AfterSalePaths.claimable, { orderId: old.id }, m.token);
    expect(closed).toMatchObject({ open: false, reason: AfterSaleMessages.windowClosed(7) });
    await refused(
      AfterSalePaths.create,
      { orderId: old.id, type: 'refund', reason: 'short', lines: [{ itemId: old.aptamil, qty: 1 }] },
      m.token,
      AfterSaleMessages.windowClosed(7),
    );
    // Another member's order and photos are not found, not used.
    const other = await newMember(c.t);
    await refused(
      AfterSalePaths.claimable,
      { orderId: order.id },
      other.token,
      AfterSaleMessages.orderNotFound,
    );
    await refused(
      AfterSalePaths.create,
      { orderId: order.id, type: 'refund', reason: 'short', lines: [{ itemId: order.aptamil, qty: 1 }] },
      other.token,
      AfterSaleMessages.orderNotFound,
    );
    const theirs = await photo(other.token);
    await claim([{ itemId: order.aptamil, qty: 1 }], { images: [theirs] });
    const rows = await db().select().from(afterSales).where(eq(afterSales.orderId, order.id));
    expect(rows).toHaveLength(0);
  });
});

describe('a return and refund', () => {
  it('runs approve → sent back → received (stock and write-off) → refunded to the deposit, once', async () => {
    const m = await newMember(c.t);
    const order = await deliveredOrder(c, m.memberId);
    const made = await ok<AfterSaleDetail>(
      AfterSalePaths.create,
      { orderId: order.id, type: 'return', reason: 'quality', lines: [{ itemId: order.aptamil, qty: 2 }] },
      m.token,
    );
    // The member cannot send back before approval.
    await refused(
      AfterSalePaths.shipBack,
      { id: made.id, courierCode: 'AUP', logisticCode: 'AU123456' },
      m.token,
      AfterSaleMessages.notApproved,
    );
    await refused(
      AdminAfterSalePaths.approve,
      { id: made.id, version: made.version },
      service.token,
      AfterSaleMessages.returnAddress,
    );
    const approved = await ok<AdminAfterSaleDetail>(
      AdminAfterSalePaths.approve,
      { id: made.id, version: made.version, returnAddress: '墨尔本 Clayton 仓库 退货组', shipBackDays: 5 },
      service.token,
    );
    expect(approved).toMatchObject({
      state: 'approved',
      returnAddress: '墨尔本 Clayton 仓库 退货组',
      refundWay: 'deposit',
    });
    // An approval over the version seen is refused (a second click, another staff member).
    await refused(
      AdminAfterSalePaths.approve,
      { id: made.id, version: made.version, returnAddress: 'x' },
      service.token,
      AfterSaleMessages.notPending,
    );
    const seen = await ok<AfterSaleDetail>(AfterSalePaths.detail, { id: made.id }, m.token);
    expect(seen.couriers.map((x) => x.code)).toEqual(expect.arrayContaining(['AUP', 'SFX']));
    await refused(
      AfterSalePaths.shipBack,
      { id: made.id, courierCode: 'NOPE', logisticCode: 'AU123456' },
      m.token,
      AfterSaleMessages.unknownCourier('NOPE'),
    );
    const sent = await ok<AfterSaleDetail>(
      AfterSalePaths.shipBack,
      { id: made.id, courierCode: 'aup', logisticCode: 'AU123456' },
      m.token,
    );
    expect(sent).toMatchObject({
      state: 'shippedBack',
      returnCourier: '澳邮',
      returnLogisticCode: 'AU123456',
    });
    // The member may no longer cancel once the goods are on their way.
    await refused(AfterSalePaths.cancel, { id: made.id }, m.token, AfterSaleMessages.cannotCancel);

    const stockBefore = await stockOf(db(), c.sku.aptamil);
    await refused(
      AdminAfterSalePaths.receive,
      { id: made.id, version: sent.version, lines: [{ itemId: order.aptamil, restock: 2, writeOff: 1 }] },
      service.token,
      AfterSaleMessages.receiveLines,
    );
    const received = await ok<AdminAfterSaleDetail>(
      AdminAfterSalePaths.receive,
      {
        id: made.id,
        version: sent.version,
        lines: [{ itemId: order.aptamil, restock: 1, writeOff: 1 }],
        note: '一罐漏粉',
      },
      service.token,
    );
    expect(received.state).toBe('received');
    expect(received.lines[0]).toMatchObject({ restocked: 1, writtenOff: 1 });
    expect(await stockOf(db(), c.sku.aptamil)).toBe(stockBefore + 1);
    const [ledger] = await db()
      .select()
      .from(stockLedger)
      .where(eq(stockLedger.skuId, c.sku.aptamil))
      .orderBy(asc(stockLedger.id))
      .then((rows) => rows.slice(-1));
    expect(ledger).toMatchObject({ before: stockBefore, after: stockBefore + 1, writtenOff: 1 });
    expect(ledger?.reason).toContain(made.afterSaleNo);

    // The rule: 2 of 3 × 45.90 share the goods part (155.70 − 10.00 freight) by price: 145.70 × 91.80 ÷ 150.70.
    const rule = refundSplit(
      {
        totalAmount: 15570,
        paidAmount: 15570,
        shippingAmount: 1000,
        promotionsAmount: 500,
        items: [
          { id: order.aptamil, name: 'a', qty: 3, unitPrice: 4590, isGift: false },
          { id: order.rice, name: 'r', qty: 2, unitPrice: 650, isGift: false },
          { id: order.gift, name: 'g', qty: 1, unitPrice: 0, isGift: true },
        ],
      },
      [{ itemId: order.aptamil, qty: 2 }],
    );
    expect(received.split?.amount).toBe(rule.amount / 100);
    expect(received.split).toMatchObject({ goods: 91.8, freight: 0 });
    expect(received.splitWithFreight?.freight).toBe(10);
    // Service may not refund; finance may, not beyond the rule.
    await refused(AdminAfterSalePaths.refund, { id: made.id, version: received.version }, service.token);
    await refused(
      AdminAfterSalePaths.refund,
      { id: made.id, version: received.version, amount: rule.amount / 100 + 0.01 },
      finance.token,
      '退款金额不能超过',
    );
    const balance = await audBalance(m.memberId);
    const refunded = await ok<AdminAfterSaleDetail>(
      AdminAfterSalePaths.refund,
      { id: made.id, version: received.version },
      finance.token,
    );
    expect(refunded).toMatchObject({
      state: 'refunded',
      refundTo: 'deposit',
      refundAmount: rule.amount / 100,
      refundCurrency: 'AUD',
    });
    expect(await audBalance(m.memberId)).toBe(balance + rule.amount);
    const [orderRow] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(orderRow?.refundedAmount).toBe(rule.amount);
    // A second refund of the request is refused and pays nothing.
    await refused(
      AdminAfterSalePaths.refund,
      { id: made.id, version: refunded.version },
      finance.token,
      AfterSaleMessages.notRefundable,
    );
    expect(await audBalance(m.memberId)).toBe(balance + rule.amount);

    const final = await ok<AfterSaleDetail>(AfterSalePaths.detail, { id: made.id }, m.token);
    expect(final.events.map((e) => e.state)).toEqual([
      'pending',
      'approved',
      'shippedBack',
      'received',
      'refunded',
    ]);
    const notes = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.memberId, m.memberId), eq(messages.link, `/member/aftersales/${made.id}`)));
    expect(notes.length).toBeGreaterThanOrEqual(4);
    expect((await auditsOf(made.afterSaleNo)).map((a) => a.action)).toEqual([
      'aftersale.approve',
      'aftersale.receive',
      'aftersale.refund',
    ]);
  });

  it('refunds parts of an order to exactly what was paid, freight once, never beyond', async () => {
    const m = await newMember(c.t);
    const order = await deliveredOrder(c, m.memberId, { status: OrderStatus.Finished });
    const refundOnly = async (lines: { itemId: number; qty: number }[], withFreight: boolean) => {
      const made = await ok<AfterSaleDetail>(
        AfterSalePaths.create,
        { orderId: order.id, type: 'refund', reason: 'short', lines },
        m.token,
      );
      const approved = await ok<AdminAfterSaleDetail>(
        AdminAfterSalePaths.approve,
        { id: made.id, version: made.version },
        finance.token,
      );
      return ok<AdminAfterSaleDetail>(
        AdminAfterSalePaths.refund,
        { id: made.id, version: approved.version, withFreight },
        finance.token,
      );
    };
    const a = await refundOnly([{ itemId: order.aptamil, qty: 1 }], false);
    const b = await refundOnly([{ itemId: order.rice, qty: 1 }], true);
    expect(b.freightRefunded).toBe(false);
    const rest = await refundOnly(
      [
        { itemId: order.aptamil, qty: 2 },
        { itemId: order.rice, qty: 1 },
      ],
      true,
    );
    // The freight went back once (with b); the three refunds come to exactly what was paid.
    expect(rest.freightRefunded).toBe(true);
    const sum = Math.round(((a.refundAmount ?? 0) + (b.refundAmount ?? 0) + (rest.refundAmount ?? 0)) * 100);
    expect(sum).toBe(15570);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row?.refundedAmount).toBe(15570);
    // Nothing is left to claim.
    await refused(
      AfterSalePaths.create,
      { orderId: order.id, type: 'refund', reason: 'short', lines: [{ itemId: order.aptamil, qty: 1 }] },
      m.token,
      AfterSaleMessages.nothingLeft('爱他美金装', 0),
    );
  });
});

describe('an exchange, a rejection and a cancel', () => {
  it('ships the exchange out of stock after the goods came back', async () => {
    const m = await newMember(c.t);
    const order = await deliveredOrder(c, m.memberId);
    const made = await ok<AfterSaleDetail>(
      AfterSalePaths.create,
      { orderId: order.id, type: 'exchange', reason: 'wrong', lines: [{ itemId: order.rice, qty: 2 }] },
      m.token,
    );
    const approved = await ok<AdminAfterSaleDetail>(
      AdminAfterSalePaths.approve,
      { id: made.id, version: made.version, returnAddress: '退货地址' },
      service.token,
    );
    expect(approved.split).toBeNull();
    const sent = await ok<AfterSaleDetail>(
      AfterSalePaths.shipBack,
      { id: made.id, courierCode: 'SFX', logisticCode: 'SF0001' },
      m.token,
    );
    const received = await ok<AdminAfterSaleDetail>(
      AdminAfterSalePaths.receive,
      { id: made.id, version: sent.version, lines: [{ itemId: order.rice, restock: 0, writeOff: 2 }] },
      service.token,
    );
    await refused(
      AdminAfterSalePaths.refund,
      { id: made.id, version: received.version },
      finance.token,
      AfterSaleMessages.notRefundable,
    );
    const stock = await stockOf(db(), c.sku.rice);
    const shipped = await ok<AdminAfterSaleDetail>(
      AdminAfterSalePaths.shipExchange,
      { id: made.id, version: received.version, courierCode: 'SFX', logisticCode: 'SF0002' },
      service.token,
    );
    expect(shipped).toMatchObject({
      state: 'exchanged',
      exchangeCourier: '顺丰速运',
      exchangeLogisticCode: 'SF0002',
    });
    expect(await stockOf(db(), c.sku.rice)).toBe(stock - 2);
    await refused(
      AdminAfterSalePaths.shipExchange,
      { id: made.id, version: shipped.version, courierCode: 'SFX', logisticCode: 'SF0003' },
      service.token,
      AfterSaleMessages.notExchange,
    );
  });

  it('a rejected or cancelled request frees its pieces for another', async () => {
    const m = await newMember(c.t);
    const order = await deliveredOrder(c, m.memberId);
    const ask = () =>
      ok<AfterSaleDetail>(
        AfterSalePaths.create,
        { orderId: order.id, type: 'refund', reason: 'short', lines: [{ itemId: order.aptamil, qty: 3 }] },
        m.token,
      );
    const first = await ask();
    await refused(
      AdminAfterSalePaths.reject,
      { id: first.id, version: first.version, reason: '' },
      service.token,
    );
    const rejected = await ok<AdminAfterSaleDetail>(
      AdminAfterSalePaths.reject,
      { id: first.id, version: first.version, reason: '照片显示商品完好' },
      service.token,
    );
    expect(rejected).toMatchObject({ state: 'rejected', rejectReason: '照片显示商品完好' });
    const second = await ask();
    const cancelled = await ok<AfterSaleDetail>(AfterSalePaths.cancel, { id: second.id }, m.token);
    expect(cancelled.state).toBe('cancelled');
    await refused(
      AdminAfterSalePaths.approve,
      { id: second.id, version: cancelled.version },
      service.token,
      AfterSaleMessages.notPending,
    );
    expect((await ask()).state).toBe('pending');
  });
});

describe('who may see and act', () => {
  it('keeps each request to its member, and each step to its role', async () => {
    const m = await newMember(c.t);
    const other = await newMember(c.t);
    const order = await deliveredOrder(c, m.memberId);
    const made = await ok<AfterSaleDetail>(
      AfterSalePaths.create,
      { orderId: order.id, type: 'return', reason: 'damaged', lines: [{ itemId: order.aptamil, qty: 1 }] },
      m.token,
    );
    for (const path of [AfterSalePaths.detail, AfterSalePaths.cancel])
      await refused(path, { id: made.id }, other.token, AfterSaleMessages.notFound);
    await refused(
      AfterSalePaths.shipBack,
      { id: made.id, courierCode: 'AUP', logisticCode: 'AU999999' },
      other.token,
      AfterSaleMessages.notFound,
    );
    expect((await ok<AfterSaleListResponse>(AfterSalePaths.list, {}, other.token)).items).toHaveLength(0);
    for (const path of [AfterSalePaths.list, AfterSalePaths.detail, AfterSalePaths.create]) {
      const res = await call(path, { id: made.id }, '');
      expect(res.success).toBe(false);
    }
    // A member's token and the warehouse role reach no console step.
    for (const path of [AdminAfterSalePaths.list, AdminAfterSalePaths.detail, AdminAfterSalePaths.approve]) {
      expect((await call(path, { id: made.id, version: made.version }, warehouse.token)).success).toBe(false);
      expect((await call(path, { id: made.id, version: made.version }, m.token)).success).toBe(false);
    }
    expect(
      (await call(AdminAfterSalePaths.settingsSave, { windowDays: 30, returnAddress: 'x' }, warehouse.token))
        .success,
    ).toBe(false);
    const settings = await ok<AdminAfterSaleSettings>(AdminAfterSalePaths.settings, {}, service.token);
    expect(settings.windowDays).toBe(7);
    expect(RefundLineMessages.gift).toBe('赠品不能退款');
  });
});
