import {
  type AccountPayment,
  type AdminCreditDetail,
  AdminCreditPaths,
  AdminOrderPaths,
  CompanyPaths,
  CreditMessages,
  formatPrice,
  MessagePaths,
  ON_ACCOUNT_CODE,
  OrderStatus,
  type PaymentConfig,
  PaymentPaths,
  type PayOnAccountResponse,
  ResultCode,
  type StatementListResponse,
  StatementPaths,
  type StatementPayByDepositResponse,
} from '@shop/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountInvoices, depositLogs, notices, staffAuditLog } from '../src/db/schema';
import { cliActor } from '../src/lib/audit';
import { addShopDays, shopDay } from '../src/lib/shop-day';
import { ledgerOf } from '../src/modules/credit';
import { type CheckoutTestApp, createCheckoutTestApp, newMember } from './support/checkout-helpers';
import { aptamilOrder, companyWith, grant, okCall } from './support/credit-helpers';
import { balancesOf, giveDeposit } from './support/deposit-helpers';
import { orderState } from './support/order-fixtures';
import { type StaffLogin, staffToken } from './support/staff';
import { envelope, post } from './support/test-app';

/**
 * Pay on account (issue #38 part 3, ADR 055): finance grant a company credit; its admins and buyers pay orders on
 * account (Paid 60 at once, an invoice due at the terms); the statement lists the invoices; finance record
 * payments and allocate them; an overdue invoice stops on-account orders; refunds reduce the invoice first. After
 * every change the ledger adds up: used = what the open invoices owe, and never above the limit.
 */

let c: CheckoutTestApp;
let finance: StaffLogin;
let service: StaffLogin;
/** A member in no company. */
let loner: { token: string; memberId: number };
beforeAll(async () => {
  c = await createCheckoutTestApp({ LOG_LEVEL: 'error' });
  loner = await newMember(c.t);
  finance = await staffToken(c.t, 'finance');
  service = await staffToken(c.t, 'service');
});
afterAll(async () => {
  await c?.t.close();
});

async function call<T>(path: string, body: unknown, token: string) {
  const res = await post(c.t.app, path, body, token);
  return { status: res.statusCode, ...envelope<T>(res) };
}

const payOnAccount = (orderId: number, token: string) =>
  call<PayOnAccountResponse>(PaymentPaths.payOnAccount, { orderId }, token);
const statement = (token: string, body: Record<string, unknown> = {}) =>
  okCall<StatementListResponse>(c, StatementPaths.list, body, token);
const onAccountMethod = async (token?: string) => {
  const res = await post(c.t.app, PaymentPaths.configList, { supportWebsite: true }, token);
  return envelope<PaymentConfig[]>(res).data.find((m) => m.code === ON_ACCOUNT_CODE);
};

/** The ledger's invariant for a company: in every currency, used = owed and 0 <= used <= limit. */
async function expectLedgerAddsUp(companyId: number) {
  for (const line of await ledgerOf(c.t.database.db, companyId)) {
    expect(line.used, `${line.currency} used vs owed`).toBe(line.owed);
    expect(line.used).toBeGreaterThanOrEqual(0);
    expect(line.used).toBeLessThanOrEqual(line.limit);
  }
}

describe('on account as a payment method', () => {
  it('is offered only to a company admin or buyer whose company has credit', async () => {
    const { companyId, admin, others } = await companyWith(c, ['buyer', 'viewer']);
    const [buyer, viewer] = others as [(typeof others)[0], (typeof others)[0]];
    expect(await onAccountMethod()).toBeUndefined();
    expect(await onAccountMethod(admin.token)).toBeUndefined();

    await grant(c, companyId, 'AUD', 500, 30);
    const offered = await onAccountMethod(buyer.token);
    expect(offered).toMatchObject({
      kind: 'account',
      credit: [{ currency: 'AUD', available: 500, termsDays: 30 }],
    });
    expect(await onAccountMethod(admin.token)).toBeDefined();
    expect(await onAccountMethod(viewer.token)).toBeUndefined();
    // A member in no company never sees it.
    expect(await onAccountMethod(loner.token)).toBeUndefined();
  });

  it('pays a buyer’s order at once, makes an invoice due at the terms, and the statement shows it', async () => {
    const { companyId, admin, others } = await companyWith(c, ['buyer', 'viewer']);
    const [buyer, viewer] = others as [(typeof others)[0], (typeof others)[0]];
    await grant(c, companyId, 'AUD', 500, 14);
    const order = await aptamilOrder(c, buyer, 2);

    const paid = await payOnAccount(order.orderId, buyer.token);
    expect(paid.success, paid.message).toBe(true);
    const today = shopDay(new Date());
    expect(paid.data).toMatchObject({
      status: OrderStatus.Paid,
      currency: 'AUD',
      amount: 91.8,
      dueOn: addShopDays(today, 14),
      available: 408.2,
    });
    expect(paid.data.invoiceNo).toBe(`AR${order.orderNo}`);
    const state = await orderState(c.t.database.db, order.orderId);
    expect(state.order?.status).toBe(OrderStatus.Paid);
    expect(state.order?.payChannel).toBe(ON_ACCOUNT_CODE);
    expect(state.packStatuses.every((s) => s === OrderStatus.Paid)).toBe(true);

    // Paying again is refused and charges nothing more.
    const again = await payOnAccount(order.orderId, buyer.token);
    expect(again.message).toBe(CreditMessages.orderPaid);

    for (const who of [admin, buyer, viewer]) {
      const list = await statement(who.token);
      expect(list.items).toHaveLength(1);
      expect(list.items[0]).toMatchObject({ invoiceNo: paid.data.invoiceNo, owed: 91.8, state: 'open' });
      expect(list.credit).toEqual([
        { currency: 'AUD', limit: 500, used: 91.8, available: 408.2, termsDays: 14 },
      ]);
      expect(list.totals).toEqual([{ currency: 'AUD', owed: 91.8, overdue: 0 }]);
    }
    // A buyer sees only their own orders' invoices.
    const adminOrder = await aptamilOrder(c, admin, 1);
    expect((await payOnAccount(adminOrder.orderId, admin.token)).success).toBe(true);
    expect((await statement(buyer.token)).items).toHaveLength(1);
    expect((await statement(viewer.token)).items).toHaveLength(2);
    await expectLedgerAddsUp(companyId);

    const audits = await c.t.database.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.action, 'credit.charge'), eq(staffAuditLog.objectId, order.orderNo)));
    expect(audits).toHaveLength(1);
  });

  it('refuses without enough credit, without credit, for a viewer, and for another member’s order', async () => {
    const { companyId, admin, others } = await companyWith(c, ['buyer', 'viewer']);
    const [buyer, viewer] = others as [(typeof others)[0], (typeof others)[0]];
    const order = await aptamilOrder(c, buyer, 1);
    expect((await payOnAccount(order.orderId, buyer.token)).message).toBe(CreditMessages.noCredit);

    await grant(c, companyId, 'AUD', 40);
    const short = await payOnAccount(order.orderId, buyer.token);
    expect(short.message).toBe(CreditMessages.notEnough);
    expect((await orderState(c.t.database.db, order.orderId)).order?.status).toBe(OrderStatus.NotPaid);
    expect(
      await c.t.database.db.select().from(accountInvoices).where(eq(accountInvoices.companyId, companyId)),
    ).toEqual([]);

    const asViewer = await payOnAccount(order.orderId, viewer.token);
    expect(asViewer.resultCode).toBe(ResultCode.PermissionDenied);
    // The admin sees the buyer's order but only its buyer pays it.
    await grant(c, companyId, 'AUD', 400);
    expect((await payOnAccount(order.orderId, admin.token)).message).toBe(CreditMessages.orderNotFound);
    // A member of another company, and a member in none.
    const other = await companyWith(c, []);
    await grant(c, other.companyId, 'AUD', 400);
    expect((await payOnAccount(order.orderId, other.admin.token)).message).toBe(CreditMessages.orderNotFound);
    expect((await payOnAccount(order.orderId, loner.token)).message).toBe(CreditMessages.noCompany);
    await expectLedgerAddsUp(companyId);

    // A removed buyer loses the company's credit and statement at once.
    const paid = await aptamilOrder(c, buyer, 1);
    expect((await payOnAccount(paid.orderId, buyer.token)).success).toBe(true);
    expect((await statement(buyer.token)).items).toHaveLength(1);
    await okCall(c, CompanyPaths.remove, { memberId: buyer.memberId }, admin.token);
    expect(await statement(buyer.token)).toMatchObject({ items: [], credit: [] });
    expect((await payOnAccount(order.orderId, buyer.token)).message).toBe(CreditMessages.noCompany);
    expect(await onAccountMethod(buyer.token)).toBeUndefined();
    expect((await statement(admin.token)).items).toHaveLength(1);
  });

  it('an overdue invoice stops on-account orders and says so; paying it opens them again', async () => {
    const { companyId, admin, others } = await companyWith(c);
    const [buyer] = others as [(typeof others)[0]];
    await grant(c, companyId, 'AUD', 1000, 7);
    const first = await aptamilOrder(c, buyer, 1);
    const paid = await payOnAccount(first.orderId, buyer.token);
    expect(paid.success).toBe(true);
    const yesterday = addShopDays(shopDay(new Date()), -1);
    await c.t.database.db
      .update(accountInvoices)
      .set({ dueOn: yesterday })
      .where(eq(accountInvoices.orderId, first.orderId));

    const list = await statement(admin.token);
    expect(list.blocked).toBe(true);
    expect(list.items[0]?.state).toBe('overdue');
    expect(list.totals).toEqual([{ currency: 'AUD', owed: 45.9, overdue: 45.9 }]);
    expect((await statement(admin.token, { state: 'overdue' })).items).toHaveLength(1);
    expect((await statement(admin.token, { state: 'open' })).items).toHaveLength(0);
    expect(await onAccountMethod(buyer.token)).toBeUndefined();
    const second = await aptamilOrder(c, buyer, 1);
    expect((await payOnAccount(second.orderId, buyer.token)).message).toBe(CreditMessages.overdue);

    const invoiceId = list.items[0]?.id ?? 0;
    await okCall<AccountPayment>(
      c,
      AdminCreditPaths.recordPayment,
      {
        companyId,
        currency: 'AUD',
        amount: 45.9,
        reference: `BANK-${first.orderNo}`,
        receivedOn: shopDay(new Date()),
        allocations: [{ invoiceId, amount: 45.9 }],
      },
      finance.token,
    );
    expect((await statement(admin.token)).blocked).toBe(false);
    expect((await payOnAccount(second.orderId, buyer.token)).success).toBe(true);
    await expectLedgerAddsUp(companyId);
  });
});

describe('payments received and their allocation', () => {
  it('records a bank payment, allocates it in part and later in full; the statement shows it paid', async () => {
    const { companyId, admin, others } = await companyWith(c);
    const [buyer] = others as [(typeof others)[0]];
    await grant(c, companyId, 'AUD', 1000);
    const a = await aptamilOrder(c, buyer, 1);
    const b = await aptamilOrder(c, buyer, 2);
    await payOnAccount(a.orderId, buyer.token);
    await payOnAccount(b.orderId, buyer.token);
    const items = (await statement(admin.token, { state: 'unpaid' })).items;
    const invA = items.find((i) => i.orderId === a.orderId)?.id ?? 0;
    const invB = items.find((i) => i.orderId === b.orderId)?.id ?? 0;

    const payment = await okCall<AccountPayment>(
      c,
      AdminCreditPaths.recordPayment,
      {
        companyId,
        currency: 'AUD',
        amount: 100,
        reference: `TT-${a.orderNo}`,
        receivedOn: shopDay(new Date()),
        allocations: [
          { invoiceId: invA, amount: 45.9 },
          { invoiceId: invB, amount: 20 },
        ],
        note: '四月货款',
      },
      finance.token,
    );
    expect(payment).toMatchObject({ amount: 100, allocated: 65.9, unallocated: 34.1, method: 'bank' });
    expect(payment.allocations.map((x) => x.amount)).toEqual([45.9, 20]);
    await expectLedgerAddsUp(companyId);
    let list = await statement(admin.token);
    expect(list.items.find((i) => i.id === invA)).toMatchObject({ state: 'paid', owed: 0 });
    expect(list.items.find((i) => i.id === invB)).toMatchObject({ state: 'open', paid: 20, owed: 71.8 });

    // The same bank reference again is refused; so is an allocation past what is left, and nothing changes.
    const dup = await call(
      AdminCreditPaths.recordPayment,
      {
        companyId,
        currency: 'AUD',
        amount: 1,
        reference: `TT-${a.orderNo}`,
        receivedOn: shopDay(new Date()),
      },
      finance.token,
    );
    expect(dup.message).toBe(CreditMessages.duplicateReference);
    const over = await call(
      AdminCreditPaths.allocate,
      { paymentId: payment.id, allocations: [{ invoiceId: invB, amount: 40 }] },
      finance.token,
    );
    expect(over.success).toBe(false);
    expect(over.message).toContain('超过该笔收款未分配');
    const tooMuch = await call(
      AdminCreditPaths.recordPayment,
      {
        companyId,
        currency: 'AUD',
        amount: 500,
        reference: `TT2-${a.orderNo}`,
        receivedOn: shopDay(new Date()),
        allocations: [{ invoiceId: invB, amount: 80 }],
      },
      finance.token,
    );
    expect(tooMuch.message).toContain('超过账单未付金额');
    const payments = await okCall<{ items: AccountPayment[] }>(
      c,
      AdminCreditPaths.payments,
      { companyId },
      finance.token,
    );
    expect(payments.items).toHaveLength(1);

    const body = {
      paymentId: payment.id,
      allocatedBefore: 65.9,
      allocations: [{ invoiceId: invB, amount: 34.1 }],
    };
    const rest = await okCall<AccountPayment>(c, AdminCreditPaths.allocate, body, finance.token);
    expect(rest.unallocated).toBe(0);
    // The console's repeated submission names what it showed as allocated, and allocates nothing twice.
    expect((await call(AdminCreditPaths.allocate, body, finance.token)).message).toBe(
      CreditMessages.allocatedChanged,
    );
    list = await statement(admin.token);
    expect(list.items.find((i) => i.id === invB)).toMatchObject({ paid: 54.1, owed: 37.7 });
    expect(list.credit[0]).toMatchObject({ used: 37.7, available: 962.3 });
    await expectLedgerAddsUp(companyId);

    const detail = await okCall<AdminCreditDetail>(c, AdminCreditPaths.detail, { companyId }, service.token);
    expect(detail.entries.map((e) => e.kind)).toEqual([
      'allocation',
      'allocation',
      'allocation',
      'charge',
      'charge',
      'limit',
    ]);
  });

  it('an admin settles an invoice from their deposit; a buyer may not; another company’s invoice is not found', async () => {
    const { companyId, admin, others } = await companyWith(c);
    const [buyer] = others as [(typeof others)[0]];
    await grant(c, companyId, 'AUD', 1000);
    const o = await aptamilOrder(c, buyer, 1);
    await payOnAccount(o.orderId, buyer.token);
    const invoiceId = (await statement(admin.token)).items[0]?.id ?? 0;
    await giveDeposit(c.t.app, admin.memberId, 'AUD', 3000);

    const asBuyer = await call(StatementPaths.payByDeposit, { invoiceId, amount: 10 }, buyer.token);
    expect(asBuyer.resultCode).toBe(ResultCode.PermissionDenied);
    const other = await companyWith(c, []);
    const foreign = await call(StatementPaths.payByDeposit, { invoiceId, amount: 10 }, other.admin.token);
    expect(foreign.message).toBe(CreditMessages.invoiceNotFound);
    const short = await call(StatementPaths.payByDeposit, { invoiceId, amount: 40 }, admin.token);
    expect(short.message).toContain('余额不足');

    const part = await okCall<StatementPayByDepositResponse>(
      c,
      StatementPaths.payByDeposit,
      { invoiceId, amount: 20 },
      admin.token,
    );
    expect(part).toMatchObject({ invoice: { paid: 20, owed: 25.9, state: 'open' }, balance: 10 });
    const over = await call(StatementPaths.payByDeposit, { invoiceId, amount: 26 }, admin.token);
    expect(over.message).toBe(CreditMessages.payTooMuch(formatPrice(2590, 'AUD')));
    // A repeated submission names what it showed as paid, and pays nothing twice.
    const again = await call(
      StatementPaths.payByDeposit,
      { invoiceId, amount: 5, paidBefore: 0 },
      admin.token,
    );
    expect(again.message).toBe(CreditMessages.paidChanged);
    expect((await balancesOf(c.t.database.db, admin.memberId)).AUD).toBe(1000);
    const logs = await c.t.database.db
      .select()
      .from(depositLogs)
      .where(eq(depositLogs.memberId, admin.memberId));
    expect(logs.filter((l) => l.type === 8).map((l) => l.amount)).toEqual([-2000]);
    await expectLedgerAddsUp(companyId);
  });
});

describe('refunds of orders paid on account', () => {
  it('a cancel reduces the invoice and gives the credit back; what was paid beyond it goes to the deposit', async () => {
    const { companyId, admin, others } = await companyWith(c);
    const [buyer] = others as [(typeof others)[0]];
    await grant(c, companyId, 'AUD', 1000);
    const o = await aptamilOrder(c, buyer, 2);
    await payOnAccount(o.orderId, buyer.token);
    const invoiceId = (await statement(admin.token)).items[0]?.id ?? 0;
    await okCall(
      c,
      AdminCreditPaths.recordPayment,
      {
        companyId,
        currency: 'AUD',
        amount: 50,
        reference: `R-${o.orderNo}`,
        receivedOn: shopDay(new Date()),
        allocations: [{ invoiceId, amount: 50 }],
      },
      finance.token,
    );
    // Staff read where a refund goes before confirming it.
    const consoleOrder = await okCall<{ refundTo: string; payChannelName: string | null }>(
      c,
      AdminOrderPaths.detail,
      { orderNo: o.orderNo },
      finance.token,
    );
    expect(consoleOrder).toMatchObject({ refundTo: 'account', payChannelName: '账期支付' });
    // A partial refund of 30 comes off what the invoice still owes (41.80).
    await okCall(
      c,
      AdminOrderPaths.refund,
      { orderNo: o.orderNo, amount: 30, refundedBefore: 0, reason: '少发一件' },
      finance.token,
    );
    let inv = (await statement(admin.token)).items[0];
    expect(inv).toMatchObject({ amount: 61.8, paid: 50, owed: 11.8 });
    expect((await balancesOf(c.t.database.db, buyer.memberId)).AUD).toBe(0);
    await expectLedgerAddsUp(companyId);

    // Cancelling refunds the other 61.80: 11.80 off the invoice, 50 (already paid) to the buyer's deposit.
    await okCall(c, AdminOrderPaths.cancelPaid, { orderNo: o.orderNo, reason: '客户取消' }, finance.token);
    inv = (await statement(admin.token)).items[0];
    expect(inv).toMatchObject({ amount: 50, paid: 50, owed: 0, state: 'paid' });
    expect((await balancesOf(c.t.database.db, buyer.memberId)).AUD).toBe(5000);
    expect((await statement(admin.token)).credit[0]).toMatchObject({ used: 0, available: 1000 });
    await expectLedgerAddsUp(companyId);
  });
});

describe('orders and cancels', () => {
  it('an order placed before joining is not the company’s to pay on account', async () => {
    const before = await newMember(c.t);
    const order = await aptamilOrder(c, { ...before, phone: '' }, 1);
    const company = await okCall<{ company: { id: number } | null }>(
      c,
      CompanyPaths.create,
      { name: '后加入公司', taxNo: '51824753556' },
      before.token,
    );
    await grant(c, company.company?.id ?? 0, 'AUD', 500);
    expect((await payOnAccount(order.orderId, before.token)).message).toBe(CreditMessages.otherCompanyOrder);
  });

  it('a cancel without a refund still clears what the invoice owes', async () => {
    const { companyId, admin, others } = await companyWith(c);
    const [buyer] = others as [(typeof others)[0]];
    await grant(c, companyId, 'AUD', 1000);
    const o = await aptamilOrder(c, buyer, 1);
    await payOnAccount(o.orderId, buyer.token);
    await c.t.app.services.refundOrder.cancelPaid(cliActor('finance'), o.orderNo, { noRefund: true });
    const inv = (await statement(admin.token)).items[0];
    expect(inv).toMatchObject({ amount: 0, owed: 0, state: 'paid' });
    expect((await statement(admin.token)).credit[0]).toMatchObject({ used: 0 });
    expect((await balancesOf(c.t.database.db, buyer.memberId)).AUD).toBe(0);
    await expectLedgerAddsUp(companyId);
  });
});

describe('console', () => {
  it('grants need credit.manage; a limit below what is used is refused', async () => {
    const { companyId, others } = await companyWith(c);
    const [buyer] = others as [(typeof others)[0]];
    const body = { companyId, currency: 'AUD', limit: 100, termsDays: 30 };
    const denied = await call(AdminCreditPaths.grant, body, service.token);
    expect(denied.status).toBe(403);
    expect((await call(AdminCreditPaths.detail, { companyId }, service.token)).success).toBe(true);
    expect((await call(AdminCreditPaths.grant, { ...body, termsDays: 45 }, finance.token)).success).toBe(
      false,
    );
    await okCall(c, AdminCreditPaths.grant, body, finance.token);
    const o = await aptamilOrder(c, buyer, 2);
    expect((await payOnAccount(o.orderId, buyer.token)).success).toBe(true);
    const below = await call(AdminCreditPaths.grant, { ...body, limit: 50 }, finance.token);
    expect(below.message).toBe(CreditMessages.limitBelowUsed(formatPrice(9180, 'AUD')));
    const exact = await okCall<AdminCreditDetail>(
      c,
      AdminCreditPaths.grant,
      { ...body, limit: 91.8 },
      finance.token,
    );
    expect(exact.credit[0]).toMatchObject({ limit: 91.8, used: 91.8, available: 0 });
    expect(await onAccountMethod(buyer.token)).toBeUndefined();
    await expectLedgerAddsUp(companyId);
  });

  it('another company’s invoice cannot be allocated from a payment', async () => {
    const one = await companyWith(c);
    const two = await companyWith(c);
    await grant(c, one.companyId, 'AUD', 500);
    const o = await aptamilOrder(c, one.others[0] as (typeof one.others)[0], 1);
    await payOnAccount(o.orderId, (one.others[0] as (typeof one.others)[0]).token);
    const invoiceId = (await statement(one.admin.token)).items[0]?.id ?? 0;
    const res = await call(
      AdminCreditPaths.recordPayment,
      {
        companyId: two.companyId,
        currency: 'AUD',
        amount: 45.9,
        reference: `X-${o.orderNo}`,
        receivedOn: shopDay(new Date()),
        allocations: [{ invoiceId, amount: 45.9 }],
      },
      finance.token,
    );
    expect(res.message).toBe(CreditMessages.invoiceNotFound);
    expect(await statement(two.admin.token)).toMatchObject({ items: [], credit: [] });
  });
});

describe('statements and reminders', () => {
  it('downloads as PDF and xlsx; a member in no company gets 404', async () => {
    const { companyId, admin, others } = await companyWith(c);
    await grant(c, companyId, 'AUD', 500);
    const o = await aptamilOrder(c, others[0] as (typeof others)[0], 1);
    await payOnAccount(o.orderId, (others[0] as (typeof others)[0]).token);
    const pdf = await post(c.t.app, StatementPaths.export, { format: 'pdf' }, admin.token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const xlsx = await post(c.t.app, StatementPaths.export, { format: 'xlsx', state: 'unpaid' }, admin.token);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(xlsx.headers['content-disposition']).toMatch(/Statement_\d{8}\.xlsx/);
    const none = await post(c.t.app, StatementPaths.export, { format: 'pdf' }, loner.token);
    expect(none.statusCode).toBe(404);
  });

  it('reminds the admins and the buyer before the due day and on it, once each', async () => {
    const { companyId, admin, others } = await companyWith(c);
    const [buyer] = others as [(typeof others)[0]];
    await grant(c, companyId, 'AUD', 500, 7);
    const o = await aptamilOrder(c, buyer, 1);
    await payOnAccount(o.orderId, buyer.token);
    const today = shopDay(new Date());
    await c.t.database.db
      .update(accountInvoices)
      .set({ dueOn: addShopDays(today, 2) })
      .where(eq(accountInvoices.orderId, o.orderId));
    const invoiceNo = `AR${o.orderNo}`;
    /** The in-shop messages of this invoice a member got. */
    const told = async (token: string) =>
      (await okCall<{ items: { title: string }[] }>(c, MessagePaths.list, {}, token)).items.filter((m) =>
        m.title.includes(invoiceNo),
      ).length;
    await c.t.app.services.credits.remindInvoices();
    await c.t.app.services.credits.remindInvoices();
    expect([await told(admin.token), await told(buyer.token)]).toEqual([1, 1]);

    await c.t.database.db
      .update(accountInvoices)
      .set({ dueOn: today })
      .where(eq(accountInvoices.orderId, o.orderId));
    await c.t.app.services.credits.remindInvoices();
    await c.t.app.services.credits.remindInvoices();
    expect([await told(admin.token), await told(buyer.token)]).toEqual([2, 2]);
    // The e-mail and SMS outbox gets the same news as the kind invoiceDue.
    const outside = await c.t.database.db.select().from(notices).where(eq(notices.kind, 'invoiceDue'));
    const mine = outside.filter((n) => n.memberId === admin.memberId || n.memberId === buyer.memberId);
    expect(mine).toHaveLength(4);
    const rows = await c.t.database.db
      .select()
      .from(accountInvoices)
      .where(eq(accountInvoices.orderId, o.orderId));
    expect(rows[0]?.remindedBeforeAt).not.toBeNull();
    expect(rows[0]?.remindedDueAt).not.toBeNull();
  });
});
