import { DepositPaths, OrderStatus, PaymentPaths, ResultCode } from '@shop/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, skus } from '../src/db/schema';
import { cliActor } from '../src/lib/audit';
import { createCatalogueTestApp } from './support/catalogue-helpers';
import { balancesOf, giveDeposit, ledgerOf, logsOf } from './support/deposit-helpers';
import { insertOrder, newMember, stockOf } from './support/order-fixtures';
import { envelope, post, type TestApp } from './support/test-app';

// PGlite runs one query at a time and would hide a race (docs/conventions.md 'Tests'): real PostgreSQL only.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('deposit races on PostgreSQL (skipped: TEST_DATABASE_URL is not set)', () => {
  let t: TestApp;
  let rice = 0;
  beforeAll(async () => {
    const base = await createCatalogueTestApp();
    t = base.t;
    rice = base.fixture.goods.riceCereal.skuIds[0] ?? 0;
    await t.database.db.update(skus).set({ stock: 1000 }).where(eq(skus.id, rice));
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A ¥100.00 unpaid order of the member. */
  const order100 = (memberId: number) =>
    insertOrder(t.database.db, { memberId, items: [{ skuId: rice, qty: 1, unitPrice: 8500 }] });

  it('20 orders of ¥100 paid at once from ¥500: exactly 5 paid, 15 told 余额不足, balance 0, never below', async () => {
    const m = await newMember(t.app);
    const made = [];
    for (let i = 0; i < 20; i += 1) made.push(await order100(m.id));
    await giveDeposit(t.app, m.id, 'CNY', 50_000);

    const results = await Promise.all(
      made.map((o) =>
        post(t.app, PaymentPaths.payByDeposit, { orderId: o.id, currency: 'CNY', deposit: 100 }, m.token),
      ),
    );
    const won = results.filter((r) => envelope(r).success);
    const lost = results.filter((r) => !envelope(r).success);
    expect(won).toHaveLength(5);
    expect(lost).toHaveLength(15);
    for (const r of won) expect(envelope<{ status: number }>(r).data.status).toBe(OrderStatus.Paid);
    for (const r of lost) {
      expect(r.statusCode).toBe(400);
      expect(envelope(r).resultCode).toBe(ResultCode.ParamsError);
      expect(envelope(r).message).toMatch(/^人民币余额不足，当前余额 ¥\d+\.\d{2}$/);
    }
    // Every answered balance was ≥ 0 and the five debits left the deposit at exactly 0.
    const balances = won.map((r) => envelope<{ balance: number }>(r).data.balance).sort((a, b) => b - a);
    expect(balances).toEqual([400, 300, 200, 100, 0]);
    expect(await balancesOf(t.database.db, m.id)).toEqual({ CNY: 0, AUD: 0 });

    const payments = (await logsOf(t.database.db, m.id, 'CNY')).filter((l) => l.type === 3);
    expect(payments).toHaveLength(5);
    expect(payments.reduce((sum, l) => sum + l.amount, 0)).toBe(-50_000);
    expect(payments.every((l) => l.balanceAfter >= 0)).toBe(true);
    expect((await ledgerOf(t.database.db, m.id)).CNY).toEqual({ balance: 0, sum: 0, last: 0 });

    const rows = await t.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(
        inArray(
          orders.id,
          made.map((o) => o.id),
        ),
      );
    expect(rows.filter((r) => r.status === OrderStatus.Paid)).toHaveLength(5);
    expect(rows.filter((r) => r.status === OrderStatus.NotPaid)).toHaveLength(15);
  });

  it('one order paid by 8 requests at once is charged once', async () => {
    const m = await newMember(t.app);
    const o = await order100(m.id);
    await giveDeposit(t.app, m.id, 'CNY', 100_000);
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        post(t.app, PaymentPaths.payByDeposit, { orderId: o.id, currency: 'CNY', deposit: 100 }, m.token),
      ),
    );
    expect(results.filter((r) => envelope(r).success)).toHaveLength(1);
    for (const r of results.filter((x) => !envelope(x).success)) {
      expect(r.statusCode).toBe(400);
      expect(envelope(r).message).toBe('订单已支付，请勿重复付款');
    }
    expect(await balancesOf(t.database.db, m.id)).toEqual({ CNY: 90_000, AUD: 0 });
    expect((await logsOf(t.database.db, m.id)).filter((l) => l.type === 3)).toHaveLength(1);
  });

  it('cancels and refunds racing on one paid order give back stock once and never more than was paid', async () => {
    const m = await newMember(t.app);
    const o = await order100(m.id);
    await giveDeposit(t.app, m.id, 'CNY', 10_000);
    const paid = await post(
      t.app,
      PaymentPaths.payByDeposit,
      { orderId: o.id, currency: 'CNY', deposit: 100 },
      m.token,
    );
    expect(envelope(paid).success).toBe(true);
    const stock = await stockOf(t.database.db, rice);
    const admin = t.app.services.refundOrder;

    const outcomes = await Promise.allSettled([
      ...Array.from({ length: 4 }, () => admin.cancelPaid(cliActor(), o.orderNo, { by: 'a' })),
      ...Array.from({ length: 4 }, () => admin.refund(cliActor(), o.orderNo, { amount: 4_000, by: 'b' })),
    ]);
    const cancels = outcomes.slice(0, 4).filter((r) => r.status === 'fulfilled');
    expect(cancels).toHaveLength(1);
    expect(await stockOf(t.database.db, rice)).toBe(stock + 1);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, o.id));
    expect(row).toMatchObject({ status: OrderStatus.Cancelled, paidAmount: 10_000, refundedAmount: 10_000 });
    const back = (await logsOf(t.database.db, m.id)).filter((l) => l.type === 4 || l.type === 5);
    expect(back.reduce((sum, l) => sum + l.amount, 0)).toBe(10_000);
    expect(back.filter((l) => l.type === 4)).toHaveLength(1);
    expect((await ledgerOf(t.database.db, m.id)).CNY).toEqual({ balance: 10_000, sum: 10_000, last: 10_000 });
  });

  it('10 bank transfers sent at once: 5 wait for review, 5 told to wait', async () => {
    const m = await newMember(t.app);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(
          t.app,
          DepositPaths.bankTransfer,
          { currency: 'CNY', money: 100 + i, reference: `ref-${i}` },
          m.token,
        ),
      ),
    );
    expect(results.filter((r) => envelope(r).success)).toHaveLength(5);
    for (const r of results.filter((x) => !envelope(x).success)) {
      expect(r.statusCode).toBe(400);
      expect(envelope(r).message).toBe('待确认的转账充值过多，请等待审核');
    }
  });

  it('a member’s cancel and the operator’s approval of one transfer at once: exactly one wins, 20 times', async () => {
    for (let round = 0; round < 20; round += 1) {
      const m = await newMember(t.app);
      const made = envelope<{ rechargeNo: string }>(
        await post(
          t.app,
          DepositPaths.bankTransfer,
          { currency: 'CNY', money: 50, reference: '张三' },
          m.token,
        ),
      ).data;
      const [cancel, approve] = await Promise.allSettled([
        post(t.app, DepositPaths.cancelBankTransfer, { rechargeNo: made.rechargeNo }, m.token),
        t.app.services.depositAdmin.approve(cliActor('财务'), { rechargeNo: made.rechargeNo }),
      ]);
      const cancelled = cancel.status === 'fulfilled' && envelope(cancel.value).success;
      const approved = approve.status === 'fulfilled' && approve.value.changed;
      expect(cancelled !== approved, `round ${round}`).toBe(true);
      const balances = await balancesOf(t.database.db, m.id);
      const logs = await logsOf(t.database.db, m.id);
      if (approved) {
        // The loser is told it arrived; the money is in the deposit once.
        expect(cancel.status === 'fulfilled' && envelope(cancel.value).message).toBe(
          '该笔转账已确认到账，不能撤销',
        );
        expect(balances.CNY).toBe(5000);
        expect(logs).toHaveLength(1);
      } else {
        expect(approve.status).toBe('rejected');
        expect(balances.CNY).toBe(0);
        expect(logs).toHaveLength(0);
      }
    }
  });
});
