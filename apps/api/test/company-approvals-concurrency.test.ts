import {
  ApprovalPaths,
  type CompanyInvite,
  CompanyPaths,
  type CreatedOrder,
  OrderStatus,
} from '@shop/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderApprovals, staffAuditLog } from '../src/db/schema';
import {
  addToCart,
  type CheckoutTestApp,
  createCheckoutTestApp,
  orderForPickup,
} from './support/checkout-helpers';
import { memberWithContacts } from './support/company-helpers';
import { orderState, stockOf } from './support/order-fixtures';
import { envelope, post } from './support/test-app';

// PGlite runs one query at a time and would hide a race (docs/conventions.md 'Tests'): real PostgreSQL only.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)(
  'approvals under parallel decisions on PostgreSQL (skipped: TEST_DATABASE_URL is not set)',
  () => {
    let c: CheckoutTestApp;
    beforeAll(async () => {
      c = await createCheckoutTestApp();
    });
    afterAll(async () => {
      await c?.t.close();
    });

    const call = async <T>(path: string, body: unknown, token: string) =>
      envelope<T>(await post(c.t.app, path, body, token));

    /** A company with two admins and a buyer limited to AUD 50 an order. */
    async function company() {
      const admin = await memberWithContacts(c.t);
      expect(
        (await call(CompanyPaths.create, { name: '并发审批', taxNo: '51824753556' }, admin.token)).success,
      ).toBe(true);
      const join = async (role: string) => {
        const who = await memberWithContacts(c.t);
        const invite = await call<CompanyInvite>(
          CompanyPaths.invite,
          { contact: who.phone, role },
          admin.token,
        );
        expect((await call(CompanyPaths.accept, { id: invite.data.id }, who.token)).success).toBe(true);
        return who;
      };
      const second = await join('admin');
      const buyer = await join('buyer');
      const limits = { aud: { perOrder: 50, perMonth: null }, cny: { perOrder: null, perMonth: null } };
      expect(
        (await call(CompanyPaths.setLimit, { memberId: buyer.memberId, limits }, admin.token)).success,
      ).toBe(true);
      return { admins: [admin, second], buyer };
    }

    async function waiting(buyer: { token: string }) {
      await addToCart(c.t, buyer.token, [[c.sku.aptamil, 2]]);
      const placed = envelope<CreatedOrder>(await orderForPickup(c.t, buyer.token));
      expect(placed.data.status).toBe(OrderStatus.NotConfirmed);
      return placed.data.orderId;
    }

    it('two admins approving at once, 10 rounds: the order moves once, with one audit row', async () => {
      const { admins, buyer } = await company();
      for (let round = 0; round < 10; round += 1) {
        const orderId = await waiting(buyer);
        const answers = await Promise.all(
          [...admins, ...admins].map((admin) => call(ApprovalPaths.approve, { orderId }, admin.token)),
        );
        expect(answers.every((a) => a.success)).toBe(true);
        const state = await orderState(c.t.database.db, orderId);
        expect(state.order?.status).toBe(OrderStatus.NotPaid);
        expect(state.packStatuses).toEqual([OrderStatus.NotPaid]);
        const audits = await c.t.database.db
          .select()
          .from(staffAuditLog)
          .where(
            and(eq(staffAuditLog.action, 'company.approve'), eq(staffAuditLog.objectId, String(orderId))),
          );
        expect(audits).toHaveLength(1);
      }
    });

    it('an approval and a rejection at once, 10 rounds: one decides, and the order and stock agree with it', async () => {
      const { admins, buyer } = await company();
      const [first, second] = admins;
      if (!first || !second) throw new Error('two admins');
      for (let round = 0; round < 10; round += 1) {
        const stock = await stockOf(c.t.database.db, c.sku.aptamil);
        const orderId = await waiting(buyer);
        const [approve, reject] = await Promise.all([
          call(ApprovalPaths.approve, { orderId }, first.token),
          call(ApprovalPaths.reject, { orderId, reason: '同时拒绝' }, second.token),
        ]);
        expect([approve.success, reject.success].filter(Boolean)).toHaveLength(1);
        const [row] = await c.t.database.db
          .select()
          .from(orderApprovals)
          .where(eq(orderApprovals.orderId, orderId));
        const state = await orderState(c.t.database.db, orderId);
        if (approve.success) {
          expect(row?.status).toBe('approved');
          expect(state.order?.status).toBe(OrderStatus.NotPaid);
          expect(await stockOf(c.t.database.db, c.sku.aptamil)).toBe(stock - 2);
        } else {
          expect(row?.status).toBe('rejected');
          expect(state.order?.status).toBe(OrderStatus.Cancelled);
          expect(await stockOf(c.t.database.db, c.sku.aptamil)).toBe(stock);
        }
      }
    });

    it('a buyer ordering while the admin changes their limits, 10 rounds: both go through, neither waits on the other for good', async () => {
      const { admins, buyer } = await company();
      const [admin] = admins;
      if (!admin) throw new Error('an admin');
      for (let round = 0; round < 10; round += 1) {
        await addToCart(c.t, buyer.token, [[c.sku.aptamil, 2]]);
        const perOrder = round % 2 === 0 ? 40 : 500;
        const limits = { aud: { perOrder, perMonth: null }, cny: { perOrder: null, perMonth: null } };
        const [placed, changed] = await Promise.all([
          orderForPickup(c.t, buyer.token).then((res) => envelope<CreatedOrder>(res)),
          call(CompanyPaths.setLimit, { memberId: buyer.memberId, limits }, admin.token),
        ]);
        expect(placed.success, placed.message).toBe(true);
        expect(changed.success, changed.message).toBe(true);
        // Whichever went first decided: the order waits under a limit of 40, and not under one of 500.
        expect([OrderStatus.NotPaid, OrderStatus.NotConfirmed]).toContain(placed.data.status);
      }
    });

    it('the sweep in two processes at once ends a lapsed hold once, giving its stock back once', async () => {
      const { buyer } = await company();
      const stock = await stockOf(c.t.database.db, c.sku.aptamil);
      const orderId = await waiting(buyer);
      await c.t.database.db
        .update(orderApprovals)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(orderApprovals.orderId, orderId));
      const ended = await Promise.all([1, 2, 3].map(() => c.t.app.services.orderApproval.sweep()));
      expect(ended.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await stockOf(c.t.database.db, c.sku.aptamil)).toBe(stock);
    });
  },
);
