import {
  type ApprovalListResponse,
  ApprovalMessages,
  ApprovalPaths,
  type CompanyDetail,
  type CompanyInvite,
  CompanyPaths,
  type CreatedOrder,
  MessagePaths,
  type OrderApproval,
  OrderPaths,
  OrderStatus,
  PaymentPaths,
  ResultCode,
} from '@shop/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notices, orderApprovals, staffAuditLog } from '../src/db/schema';
import { approvalNeed } from '../src/modules/company';
import {
  addToCart,
  type CheckoutTestApp,
  createCheckoutTestApp,
  orderForPickup,
} from './support/checkout-helpers';
import { memberWithContacts } from './support/company-helpers';
import { orderState, stockOf } from './support/order-fixtures';
import { envelope, post } from './support/test-app';

/**
 * Approvals (issue #38 part 2, ADR 055): a buyer's order over their limit per order or per month is placed as
 * NotConfirmed -1 with its stock held, and one of the company's admins approves it (待支付) or rejects it (cancelled,
 * stock back); a hold that lapses is cancelled by the sweep. The fixture's Aptamil is AUD 45.90 for pickup.
 */

let c: CheckoutTestApp;
beforeAll(async () => {
  c = await createCheckoutTestApp({ LOG_LEVEL: 'error' });
});
afterAll(async () => {
  await c?.t.close();
});

async function call<T>(path: string, body: unknown, token: string) {
  const res = await post(c.t.app, path, body, token);
  return { status: res.statusCode, ...envelope<T>(res) };
}

async function ok<T>(path: string, body: unknown, token: string) {
  const res = await call<T>(path, body, token);
  expect(res.success, res.message).toBe(true);
  return res.data;
}

type Who = Awaited<ReturnType<typeof memberWithContacts>>;

let mailboxes = 0;
/** A unique address a member proved. */
const mailbox = (who: string) => {
  mailboxes += 1;
  return `${who}.${process.pid}.${mailboxes}@example.com`;
};

/** A company with an admin and a buyer whose AUD limits are these; both proved an e-mail address. */
async function companyWithBuyer(limits: { perOrder: number | null; perMonth: number | null }) {
  const admin = await memberWithContacts(c.t, mailbox('admin'));
  await ok<CompanyDetail>(CompanyPaths.create, { name: '审批公司', taxNo: '51824753556' }, admin.token);
  const buyer = await memberWithContacts(c.t, mailbox('buyer'));
  const invite = await ok<CompanyInvite>(
    CompanyPaths.invite,
    { contact: buyer.phone, role: 'buyer' },
    admin.token,
  );
  await ok(CompanyPaths.accept, { id: invite.id }, buyer.token);
  await ok(
    CompanyPaths.setLimit,
    { memberId: buyer.memberId, limits: { aud: limits, cny: { perOrder: null, perMonth: null } } },
    admin.token,
  );
  return { admin, buyer };
}

/** Aptamil × qty ordered for pickup in AUD. */
async function order(who: Who, qty: number): Promise<CreatedOrder> {
  await addToCart(c.t, who.token, [[c.sku.aptamil, qty]]);
  const res = envelope<CreatedOrder>(await orderForPickup(c.t, who.token));
  expect(res.success, res.message).toBe(true);
  return res.data;
}

const approvals = (token: string, body: Record<string, unknown> = {}) =>
  ok<ApprovalListResponse>(ApprovalPaths.list, body, token);

describe('which orders wait', () => {
  it('over the limit per order, or over the month with what was spent before it; at the limit is within', () => {
    expect(approvalNeed({ perOrder: 5000, perMonth: null }, 5000, 0)).toBeNull();
    expect(approvalNeed({ perOrder: 5000, perMonth: null }, 5001, 0)).toEqual({
      reason: 'perOrder',
      limit: 5000,
      spentBefore: 0,
    });
    expect(approvalNeed({ perOrder: null, perMonth: 10_000 }, 4000, 6000)).toBeNull();
    expect(approvalNeed({ perOrder: null, perMonth: 10_000 }, 4001, 6000)).toEqual({
      reason: 'perMonth',
      limit: 10_000,
      spentBefore: 6000,
    });
    expect(approvalNeed({ perOrder: null, perMonth: null }, 1_000_000, 9_000_000)).toBeNull();
  });

  it('a buyer’s order over the limit per order waits as 待确认 with its stock held; the admin is told', async () => {
    const { admin, buyer } = await companyWithBuyer({ perOrder: 50, perMonth: null });
    const within = await order(buyer, 1);
    expect(within.status).toBe(OrderStatus.NotPaid);

    const stock = await stockOf(c.t.database.db, c.sku.aptamil);
    const over = await order(buyer, 2);
    expect(over.status).toBe(OrderStatus.NotConfirmed);
    expect(await stockOf(c.t.database.db, c.sku.aptamil)).toBe(stock - 2);
    expect((await orderState(c.t.database.db, over.orderId)).packStatuses).toEqual([
      OrderStatus.NotConfirmed,
    ]);

    const waiting = await approvals(admin.token, { status: 'pending' });
    expect(waiting.totalCount).toBe(1);
    expect(waiting.items[0]).toMatchObject({
      orderId: over.orderId,
      orderNo: over.orderNo,
      currency: 'AUD',
      amount: over.totalPrice,
      reason: 'perOrder',
      limit: 50,
      status: 'pending',
      decidedBy: null,
    });
    const held =
      Date.parse(waiting.items[0]?.expiresAt ?? '') - Date.parse(waiting.items[0]?.createdAt ?? '');
    expect(held).toBe(24 * 3_600_000);
    // The buyer sees their own; the admin's inbox says what waits.
    expect((await approvals(buyer.token)).items.map((a) => a.orderId)).toEqual([over.orderId]);
    const inbox = await ok<{ items: { title: string; content: string }[] }>(
      MessagePaths.list,
      {},
      admin.token,
    );
    expect(inbox.items[0]).toMatchObject({ title: '有订单等待您审批' });
    expect(inbox.items[0]?.content).toContain(over.orderNo);
    // And by e-mail, as members get their notices (a text only for those who chose it).
    const sent = await c.t.database.db
      .select({ channel: notices.channel, params: notices.params })
      .from(notices)
      .where(and(eq(notices.kind, 'approvalWaiting'), eq(notices.memberId, admin.memberId)));
    expect(sent).toEqual([
      { channel: 'email', params: { orderNo: over.orderNo, amount: `$${over.totalPrice.toFixed(2)}` } },
    ]);
  });

  it('over the month: the month’s orders count, cancelled ones aside', async () => {
    const { buyer } = await companyWithBuyer({ perOrder: null, perMonth: 100 });
    const first = await order(buyer, 1);
    const second = await order(buyer, 1);
    expect([first.status, second.status]).toEqual([OrderStatus.NotPaid, OrderStatus.NotPaid]);
    const third = await order(buyer, 1);
    expect(third.status).toBe(OrderStatus.NotConfirmed);
    const [mine] = (await approvals(buyer.token, { orderId: third.orderId })).items;
    expect(mine).toMatchObject({ reason: 'perMonth', limit: 100, spentBefore: first.totalPrice * 2 });

    // Cancelling the first frees its share of the month: the next one is within it again.
    await ok(OrderPaths.cancel, { id: first.orderId }, buyer.token);
    await ok(OrderPaths.cancel, { id: third.orderId }, buyer.token);
    expect((await order(buyer, 1)).status).toBe(OrderStatus.NotPaid);
    // The buyer's cancel withdrew the waiting approval.
    const [withdrawn] = (await approvals(buyer.token, { orderId: third.orderId })).items;
    expect(withdrawn?.status).toBe('withdrawn');
  });

  it('an admin’s and a member without limits’ orders never wait', async () => {
    const { admin } = await companyWithBuyer({ perOrder: 1, perMonth: 1 });
    expect((await order(admin, 3)).status).toBe(OrderStatus.NotPaid);
  });
});

describe('deciding', () => {
  it('approval moves the order to 待支付 once; the buyer is told; a repeat answers the same', async () => {
    const { admin, buyer } = await companyWithBuyer({ perOrder: 50, perMonth: null });
    const over = await order(buyer, 2);

    const approved = await call<OrderApproval>(ApprovalPaths.approve, { orderId: over.orderId }, admin.token);
    expect(approved.success, approved.message).toBe(true);
    expect(approved.message).toBe(ApprovalMessages.approved);
    expect(approved.data).toMatchObject({ status: 'approved', decidedBy: expect.any(String), note: '' });
    const state = await orderState(c.t.database.db, over.orderId);
    expect(state.order?.status).toBe(OrderStatus.NotPaid);
    expect(state.packStatuses).toEqual([OrderStatus.NotPaid]);

    const again = await ok<OrderApproval>(ApprovalPaths.approve, { orderId: over.orderId }, admin.token);
    expect(again.status).toBe('approved');
    const rejectLate = await call(
      ApprovalPaths.reject,
      { orderId: over.orderId, reason: '晚了' },
      admin.token,
    );
    expect(rejectLate).toMatchObject({ status: 400, message: ApprovalMessages.decided });

    const audits = await c.t.database.db
      .select()
      .from(staffAuditLog)
      .where(
        and(eq(staffAuditLog.action, 'company.approve'), eq(staffAuditLog.objectId, String(over.orderId))),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]?.actor).toBe(`member:${admin.memberId}`);
    const inbox = await ok<{ items: { title: string }[] }>(MessagePaths.list, {}, buyer.token);
    expect(inbox.items.map((m) => m.title)).toContain('订单已获批准');
  });

  it('rejection cancels the order with its reason and gives its stock back', async () => {
    const { admin, buyer } = await companyWithBuyer({ perOrder: 50, perMonth: null });
    const stock = await stockOf(c.t.database.db, c.sku.aptamil);
    const over = await order(buyer, 2);
    const blank = await call(ApprovalPaths.reject, { orderId: over.orderId, reason: '  ' }, admin.token);
    expect(blank).toMatchObject({ status: 400, resultCode: ResultCode.ParamsError });

    const rejected = await ok<OrderApproval>(
      ApprovalPaths.reject,
      { orderId: over.orderId, reason: '本月预算已用完' },
      admin.token,
    );
    expect(rejected).toMatchObject({ status: 'rejected', note: '本月预算已用完' });
    expect((await orderState(c.t.database.db, over.orderId)).order?.status).toBe(OrderStatus.Cancelled);
    expect(await stockOf(c.t.database.db, c.sku.aptamil)).toBe(stock);
    const approve = await call(ApprovalPaths.approve, { orderId: over.orderId }, admin.token);
    expect(approve).toMatchObject({ status: 400, message: ApprovalMessages.decided });
    const inbox = await ok<{ items: { content: string }[] }>(MessagePaths.list, {}, buyer.token);
    expect(inbox.items[0]?.content).toContain('本月预算已用完');
    const told = await c.t.database.db
      .select({ params: notices.params })
      .from(notices)
      .where(and(eq(notices.kind, 'approvalDecided'), eq(notices.memberId, buyer.memberId)));
    expect(told).toEqual([{ params: { orderNo: over.orderNo, result: '未获公司管理员批准，已取消' } }]);
  });

  it('is the admin’s: a buyer or a viewer is refused, another company’s admin finds nothing', async () => {
    const { admin, buyer } = await companyWithBuyer({ perOrder: 50, perMonth: null });
    const viewer = await memberWithContacts(c.t);
    const invite = await ok<CompanyInvite>(
      CompanyPaths.invite,
      { contact: viewer.phone, role: 'viewer' },
      admin.token,
    );
    await ok(CompanyPaths.accept, { id: invite.id }, viewer.token);
    const other = await companyWithBuyer({ perOrder: null, perMonth: null });
    const outsider = await memberWithContacts(c.t);
    const over = await order(buyer, 2);

    for (const who of [buyer, viewer]) {
      const refused = await call(ApprovalPaths.approve, { orderId: over.orderId }, who.token);
      expect(refused).toMatchObject({ status: 403, resultCode: ResultCode.PermissionDenied });
    }
    const foreign = await call(ApprovalPaths.approve, { orderId: over.orderId }, other.admin.token);
    expect(foreign).toMatchObject({ status: 404, message: ApprovalMessages.notFound });
    const foreignReject = await call(
      ApprovalPaths.reject,
      { orderId: over.orderId, reason: '不' },
      other.admin.token,
    );
    expect(foreignReject).toMatchObject({ status: 404 });
    const nobody = await call(ApprovalPaths.approve, { orderId: over.orderId }, outsider.token);
    expect(nobody).toMatchObject({ status: 404 });
    // Nothing of it shows outside the company; the viewer reads the company's.
    expect((await approvals(other.admin.token)).items).toEqual([]);
    expect((await approvals(outsider.token)).items).toEqual([]);
    expect((await approvals(viewer.token)).items.map((a) => a.orderId)).toEqual([over.orderId]);
    expect((await orderState(c.t.database.db, over.orderId)).order?.status).toBe(OrderStatus.NotConfirmed);
  });

  it('a waiting order is not paid; its buyer may cancel it, and approving it then is refused', async () => {
    const { admin, buyer } = await companyWithBuyer({ perOrder: 50, perMonth: null });
    const over = await order(buyer, 2);
    const paid = await call(
      PaymentPaths.payByDeposit,
      { orderId: over.orderId, currency: 'AUD', deposit: over.totalPrice },
      buyer.token,
    );
    expect(paid).toMatchObject({ success: false, message: '当前订单状态不能付款' });
    expect((await orderState(c.t.database.db, over.orderId)).order?.status).toBe(OrderStatus.NotConfirmed);
    await ok(OrderPaths.cancel, { id: over.orderId }, buyer.token);
    const approve = await call(ApprovalPaths.approve, { orderId: over.orderId }, admin.token);
    expect(approve).toMatchObject({ status: 400, message: ApprovalMessages.orderClosed });
  });
});

describe('the hold', () => {
  it('lapses: the sweep cancels the order, gives the stock back and tells the buyer; approving it is refused', async () => {
    const { admin, buyer } = await companyWithBuyer({ perOrder: 50, perMonth: null });
    const stock = await stockOf(c.t.database.db, c.sku.aptamil);
    const over = await order(buyer, 2);
    const kept = await order(buyer, 2);
    await c.t.database.db
      .update(orderApprovals)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orderApprovals.orderId, over.orderId));

    const late = await call(ApprovalPaths.approve, { orderId: over.orderId }, admin.token);
    expect(late).toMatchObject({ status: 400, message: ApprovalMessages.lapsed });
    expect(await c.t.app.services.orderApproval.sweep()).toBe(1);
    expect(await c.t.app.services.orderApproval.sweep()).toBe(0);

    expect((await orderState(c.t.database.db, over.orderId)).order?.status).toBe(OrderStatus.Cancelled);
    expect((await orderState(c.t.database.db, kept.orderId)).order?.status).toBe(OrderStatus.NotConfirmed);
    expect(await stockOf(c.t.database.db, c.sku.aptamil)).toBe(stock - 2);
    const [lapsed] = (await approvals(admin.token, { orderId: over.orderId })).items;
    expect(lapsed?.status).toBe('lapsed');
    const inbox = await ok<{ items: { title: string }[] }>(MessagePaths.list, {}, buyer.token);
    expect(inbox.items[0]?.title).toBe('订单审批已超时');
  });
});
