import {
  type AdminAfterSaleDetail,
  AdminAfterSalePaths,
  AdminOrderPaths,
  type AfterSaleDetail,
  AfterSaleMessages,
  AfterSalePaths,
} from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterSales, depositLogs, orders } from '../src/db/schema';
import { deliveredOrder } from './support/aftersale-fixtures';
import { type CheckoutTestApp, createCheckoutTestApp, newMember } from './support/checkout-helpers';
import { type StaffLogin, staffToken } from './support/staff';
import { envelope, post } from './support/test-app';

// PGlite runs one query at a time and would hide a race (docs/conventions.md 'Tests'): real PostgreSQL only.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)(
  'after-sales claimed and refunded in parallel on PostgreSQL (skipped: TEST_DATABASE_URL is not set)',
  { timeout: 120_000 },
  () => {
    let c: CheckoutTestApp;
    let finance: StaffLogin;
    beforeAll(async () => {
      c = await createCheckoutTestApp();
      finance = await staffToken(c.t, 'finance');
    }, 120_000);
    afterAll(async () => {
      await c?.t.close();
    });

    const send = async <T>(path: string, body: unknown, token: string) =>
      envelope<T>(await post(c.t.app, path, body, token));
    const ok = async <T>(path: string, body: unknown, token: string) => {
      const res = await send<T>(path, body, token);
      expect(res.success, res.message).toBe(true);
      return res.data;
    };
    const approvedRefund = async (
      token: string,
      orderId: number,
      lines: { itemId: number; qty: number }[],
    ) => {
      const made = await ok<AfterSaleDetail>(
        AfterSalePaths.create,
        { orderId, type: 'refund', reason: 'short', lines },
        token,
      );
      return ok<AdminAfterSaleDetail>(
        AdminAfterSalePaths.approve,
        { id: made.id, version: made.version },
        finance.token,
      );
    };

    it('10 claims at once for the last pieces: exactly one is made', async () => {
      const m = await newMember(c.t);
      const order = await deliveredOrder(c, m.memberId);
      await ok(
        AfterSalePaths.create,
        { orderId: order.id, type: 'refund', reason: 'short', lines: [{ itemId: order.aptamil, qty: 2 }] },
        m.token,
      );
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          send(
            AfterSalePaths.create,
            {
              orderId: order.id,
              type: 'return',
              reason: 'damaged',
              lines: [{ itemId: order.aptamil, qty: 1 }],
            },
            m.token,
          ),
        ),
      );
      expect(results.filter((r) => r.success)).toHaveLength(1);
      expect(
        results
          .filter((r) => !r.success)
          .every((r) => r.message === AfterSaleMessages.nothingLeft('爱他美金装', 0)),
      ).toBe(true);
      const rows = await c.t.database.db.select().from(afterSales).where(eq(afterSales.orderId, order.id));
      expect(rows).toHaveLength(2);
    });

    it('one claim refunded 10 times at once: paid once', async () => {
      const m = await newMember(c.t);
      const order = await deliveredOrder(c, m.memberId);
      const approved = await approvedRefund(m.token, order.id, [{ itemId: order.aptamil, qty: 1 }]);
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          send(AdminAfterSalePaths.refund, { id: approved.id, version: approved.version }, finance.token),
        ),
      );
      expect(results.filter((r) => r.success)).toHaveLength(1);
      const logs = await c.t.database.db
        .select()
        .from(depositLogs)
        .where(eq(depositLogs.memberId, m.memberId));
      expect(logs).toHaveLength(1);
      const [row] = await c.t.database.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row?.refundedAmount).toBe(logs[0]?.amount);
    });

    it('claims and order refunds racing for the whole order: never more than was paid', async () => {
      const m = await newMember(c.t);
      const order = await deliveredOrder(c, m.memberId);
      const a = await approvedRefund(m.token, order.id, [{ itemId: order.aptamil, qty: 3 }]);
      const b = await approvedRefund(m.token, order.id, [{ itemId: order.rice, qty: 2 }]);
      const results = await Promise.all([
        send(AdminAfterSalePaths.refund, { id: a.id, version: a.version, withFreight: true }, finance.token),
        send(AdminAfterSalePaths.refund, { id: b.id, version: b.version, withFreight: true }, finance.token),
        ...Array.from({ length: 4 }, () =>
          send(AdminOrderPaths.refund, { orderNo: order.orderNo, amount: 50, reason: '补偿' }, finance.token),
        ),
      ]);
      const [row] = await c.t.database.db.select().from(orders).where(eq(orders.id, order.id));
      const paidBack = (
        await c.t.database.db.select().from(depositLogs).where(eq(depositLogs.memberId, m.memberId))
      ).reduce((sum, l) => sum + l.amount, 0);
      expect(row?.refundedAmount).toBeLessThanOrEqual(15_570);
      expect(paidBack).toBe(row?.refundedAmount);
      expect(results.some((r) => !r.success)).toBe(true);
      const requests = await c.t.database.db
        .select()
        .from(afterSales)
        .where(eq(afterSales.orderId, order.id));
      const refunded = requests
        .filter((r) => r.state === 'refunded')
        .reduce((s, r) => s + (r.refundAmount ?? 0), 0);
      expect(refunded).toBeLessThanOrEqual(row?.refundedAmount ?? 0);
    });
  },
);
