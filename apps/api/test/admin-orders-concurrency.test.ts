import { AdminOrderPaths, AdminPaths, type AuditListResponse, OrderStatus } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleOrder, depositPaidOrder } from './support/admin-orders';
import { createCatalogueTestApp } from './support/catalogue-helpers';
import { balancesOf, logsOf } from './support/deposit-helpers';
import { type StaffLogin, staffToken } from './support/staff';
import { envelope, post, type TestApp } from './support/test-app';

// PGlite runs one query at a time and would hide a race (docs/conventions.md 'Tests'): real PostgreSQL only.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)(
  'console money actions racing on PostgreSQL (skipped: TEST_DATABASE_URL is not set)',
  () => {
    let t: TestApp;
    let rice = 0;
    let finance: StaffLogin;
    let owner: StaffLogin;
    beforeAll(async () => {
      const made = await createCatalogueTestApp();
      t = made.t;
      rice = made.fixture.goods.riceCereal.skuIds[0] ?? 0;
      finance = await staffToken(t, 'finance');
      owner = await staffToken(t, 'owner');
    });
    afterAll(async () => {
      await t?.close();
    });

    const auditCount = async (action: string, objectId: string) =>
      envelope<AuditListResponse>(await post(t.app, AdminPaths.auditList, { action, objectId }, owner.token))
        .data.totalCount;

    it('the same refund sent 10 times at once refunds once', async () => {
      const { m, order: o } = await depositPaidOrder(t, rice);
      const body = { orderNo: o.orderNo, amount: 10, refundedBefore: 0 };
      const results = await Promise.all(
        Array.from({ length: 10 }, () => post(t.app, AdminOrderPaths.refund, body, finance.token)),
      );
      expect(results.filter((r) => envelope(r).success)).toHaveLength(1);
      expect((await balancesOf(t.database.db, m.id)).CNY).toBe(10_000 - 3200 + 1000);
      expect((await logsOf(t.database.db, m.id, 'CNY')).filter((l) => l.type === 5)).toHaveLength(1);
      expect(await auditCount('order.refund', o.orderNo)).toBe(1);
    });

    it('a cancel with refund sent 5 times at once returns the money once', async () => {
      const { m, order: o } = await depositPaidOrder(t, rice);
      const results = await Promise.all(
        Array.from({ length: 5 }, () =>
          post(t.app, AdminOrderPaths.cancelPaid, { orderNo: o.orderNo }, finance.token),
        ),
      );
      expect(results.filter((r) => envelope(r).success)).toHaveLength(1);
      expect((await balancesOf(t.database.db, m.id)).CNY).toBe(10_000);
      expect(await auditCount('order.cancelPaid', o.orderNo)).toBe(1);
    });

    it('an offline payment marked 10 times at once is recorded once', async () => {
      const { order: o } = await consoleOrder(t, rice, { status: OrderStatus.NotPaid });
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          post(t.app, AdminOrderPaths.markPaid, { orderNo: o.orderNo }, finance.token),
        ),
      );
      const moved = results.filter((r) => envelope<{ moved: number[] }>(r).data?.moved?.length === 1);
      expect(moved).toHaveLength(1);
      expect(await auditCount('order.markPaid', o.orderNo)).toBe(1);
    });
  },
);
