import {
  type AccountPayment,
  AdminCreditPaths,
  AdminOrderPaths,
  type CreatedOrder,
  OrderStatus,
  PaymentPaths,
  type StatementListResponse,
  StatementPaths,
} from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountInvoices, depositLogs, orders } from '../src/db/schema';
import { shopDay } from '../src/lib/shop-day';
import { ledgerOf } from '../src/modules/credit';
import { type CheckoutTestApp, createCheckoutTestApp } from './support/checkout-helpers';
import { aptamilOrder, companyWith, grant, okCall } from './support/credit-helpers';
import { balancesOf, giveDeposit } from './support/deposit-helpers';
import { type StaffLogin, staffToken } from './support/staff';
import { envelope, post } from './support/test-app';

// PGlite runs one query at a time and would hide a race (docs/conventions.md 'Tests'): real PostgreSQL only.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)(
  'pay on account under parallel requests on PostgreSQL (skipped: TEST_DATABASE_URL is not set)',
  () => {
    let c: CheckoutTestApp;
    let finance: StaffLogin;
    beforeAll(async () => {
      c = await createCheckoutTestApp();
      finance = await staffToken(c.t, 'finance');
    });
    afterAll(async () => {
      await c?.t.close();
    });

    /** The ledger's invariant: in every currency, used = what the open invoices owe, 0 <= used <= limit. */
    async function expectLedgerAddsUp(companyId: number) {
      for (const line of await ledgerOf(c.t.database.db, companyId)) {
        expect(line.used).toBe(line.owed);
        expect(line.used).toBeGreaterThanOrEqual(0);
        expect(line.used).toBeLessThanOrEqual(line.limit);
      }
    }

    it('20 on-account orders at once against credit for 3: exactly 3 are paid, the credit never below zero', async () => {
      const { companyId, admin, others } = await companyWith(c, ['buyer']);
      const buyer = others[0] as (typeof others)[0];
      // Aptamil is AUD 45.90: the credit covers three orders and not a fourth.
      await grant(c, companyId, 'AUD', 140);
      const placed: { order: CreatedOrder; token: string }[] = [];
      for (let i = 0; i < 20; i += 1) {
        const who = i % 2 === 0 ? admin : buyer;
        placed.push({ order: await aptamilOrder(c, who, 1), token: who.token });
      }
      const results = await Promise.all(
        placed.map(({ order, token }) =>
          post(c.t.app, PaymentPaths.payOnAccount, { orderId: order.orderId }, token).then((r) =>
            envelope(r),
          ),
        ),
      );
      expect(results.filter((r) => r.success)).toHaveLength(3);
      expect(results.filter((r) => !r.success).every((r) => r.message.includes('额度不足'))).toBe(true);
      const paid = await c.t.database.db.select().from(orders).where(eq(orders.companyId, companyId));
      expect(paid.filter((o) => o.status === OrderStatus.Paid)).toHaveLength(3);
      expect(paid.filter((o) => o.status === OrderStatus.NotPaid)).toHaveLength(17);
      const invoices = await c.t.database.db
        .select()
        .from(accountInvoices)
        .where(eq(accountInvoices.companyId, companyId));
      expect(invoices).toHaveLength(3);
      const list = await okCall<StatementListResponse>(c, StatementPaths.list, {}, admin.token);
      expect(list.credit[0]).toMatchObject({ limit: 140, used: 137.7, available: 2.3 });
      await expectLedgerAddsUp(companyId);
    });

    it('the same allocation sent 10 times at once pays the invoice once', async () => {
      const { companyId, admin, others } = await companyWith(c, ['buyer']);
      const buyer = others[0] as (typeof others)[0];
      await grant(c, companyId, 'AUD', 1000);
      const o = await aptamilOrder(c, buyer, 1);
      expect(
        (await post(c.t.app, PaymentPaths.payOnAccount, { orderId: o.orderId }, buyer.token)).statusCode,
      ).toBe(200);
      const invoiceId = (await okCall<StatementListResponse>(c, StatementPaths.list, {}, admin.token))
        .items[0]?.id;
      // A payment large enough for ten allocations: only the invoice's owed amount stops the others.
      const payment = await okCall<AccountPayment>(
        c,
        AdminCreditPaths.recordPayment,
        {
          companyId,
          currency: 'AUD',
          amount: 500,
          reference: `RACE-${o.orderNo}`,
          receivedOn: shopDay(new Date()),
        },
        finance.token,
      );
      const body = { paymentId: payment.id, allocations: [{ invoiceId, amount: 45.9 }] };
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          post(c.t.app, AdminCreditPaths.allocate, body, finance.token).then((r) => envelope(r)),
        ),
      );
      expect(results.filter((r) => r.success)).toHaveLength(1);
      const [invoice] = await c.t.database.db
        .select()
        .from(accountInvoices)
        .where(eq(accountInvoices.orderId, o.orderId));
      expect(invoice).toMatchObject({ paid: 4590, amount: 4590 });
      const after = await okCall<{ items: AccountPayment[] }>(
        c,
        AdminCreditPaths.payments,
        { companyId },
        finance.token,
      );
      expect(after.items[0]).toMatchObject({ allocated: 45.9, unallocated: 454.1 });
      await expectLedgerAddsUp(companyId);
    });

    it('an admin paying the same invoice from the deposit 5 times at once is charged once', async () => {
      const { companyId, admin, others } = await companyWith(c, ['buyer']);
      const buyer = others[0] as (typeof others)[0];
      await grant(c, companyId, 'AUD', 1000);
      const o = await aptamilOrder(c, buyer, 1);
      await post(c.t.app, PaymentPaths.payOnAccount, { orderId: o.orderId }, buyer.token);
      const invoiceId = (await okCall<StatementListResponse>(c, StatementPaths.list, {}, admin.token))
        .items[0]?.id;
      await giveDeposit(c.t.app, admin.memberId, 'AUD', 50_000);
      const results = await Promise.all(
        Array.from({ length: 5 }, () =>
          post(c.t.app, StatementPaths.payByDeposit, { invoiceId, amount: 45.9 }, admin.token).then((r) =>
            envelope(r),
          ),
        ),
      );
      expect(results.filter((r) => r.success)).toHaveLength(1);
      expect((await balancesOf(c.t.database.db, admin.memberId)).AUD).toBe(50_000 - 4590);
      const logs = await c.t.database.db
        .select()
        .from(depositLogs)
        .where(eq(depositLogs.memberId, admin.memberId));
      expect(logs.filter((l) => l.type === 8)).toHaveLength(1);
      await expectLedgerAddsUp(companyId);
    });

    it('allocations in both orders, a deposit settlement and refunds on the same invoices at once: no deadlock', async () => {
      const { companyId, admin } = await companyWith(c, []);
      await grant(c, companyId, 'AUD', 1000);
      const one = await aptamilOrder(c, admin, 2);
      const two = await aptamilOrder(c, admin, 2);
      for (const o of [one, two])
        expect(
          envelope(await post(c.t.app, PaymentPaths.payOnAccount, { orderId: o.orderId }, admin.token))
            .success,
        ).toBe(true);
      const items = (await okCall<StatementListResponse>(c, StatementPaths.list, {}, admin.token)).items;
      const inv1 = items.find((i) => i.orderId === one.orderId)?.id ?? 0;
      const inv2 = items.find((i) => i.orderId === two.orderId)?.id ?? 0;
      const record = (reference: string) =>
        okCall<AccountPayment>(
          c,
          AdminCreditPaths.recordPayment,
          { companyId, currency: 'AUD', amount: 50, reference, receivedOn: shopDay(new Date()) },
          finance.token,
        );
      const p1 = await record(`DL1-${one.orderNo}`);
      const p2 = await record(`DL2-${one.orderNo}`);
      await giveDeposit(c.t.app, admin.memberId, 'AUD', 10_000);
      const results = await Promise.all([
        post(
          c.t.app,
          AdminCreditPaths.allocate,
          {
            paymentId: p1.id,
            allocations: [
              { invoiceId: inv1, amount: 10 },
              { invoiceId: inv2, amount: 10 },
            ],
          },
          finance.token,
        ),
        post(
          c.t.app,
          AdminCreditPaths.allocate,
          {
            paymentId: p2.id,
            allocations: [
              { invoiceId: inv2, amount: 10 },
              { invoiceId: inv1, amount: 10 },
            ],
          },
          finance.token,
        ),
        post(c.t.app, StatementPaths.payByDeposit, { invoiceId: inv1, amount: 5 }, admin.token),
        post(
          c.t.app,
          AdminOrderPaths.refund,
          { orderNo: one.orderNo, amount: 5, refundedBefore: 0 },
          finance.token,
        ),
        post(
          c.t.app,
          AdminOrderPaths.refund,
          { orderNo: two.orderNo, amount: 5, refundedBefore: 0 },
          finance.token,
        ),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(results.every((r) => envelope(r).success)).toBe(true);
      await expectLedgerAddsUp(companyId);
    });

    it('finance lowering the limit while orders take credit never leaves the company over its limit', async () => {
      const { companyId, admin } = await companyWith(c, []);
      await grant(c, companyId, 'AUD', 1000);
      const placed: CreatedOrder[] = [];
      for (let i = 0; i < 6; i += 1) placed.push(await aptamilOrder(c, admin, 1));
      const results = await Promise.all([
        ...placed.map((o) =>
          post(c.t.app, PaymentPaths.payOnAccount, { orderId: o.orderId }, admin.token).then((r) =>
            envelope(r),
          ),
        ),
        post(
          c.t.app,
          AdminCreditPaths.grant,
          { companyId, currency: 'AUD', limit: 100, termsDays: 30 },
          finance.token,
        ).then((r) => envelope(r)),
      ]);
      expect(results.some((r) => r.success)).toBe(true);
      await expectLedgerAddsUp(companyId);
    });
  },
);
