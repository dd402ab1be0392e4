import {
  AdminMemberPaths,
  type DepositAdjustResponse,
  DepositPaths,
  type Recharge,
  type RechargeReviewResponse,
} from '@shop/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAuditLog } from '../src/db/schema';
import { balancesOf, logsOf } from './support/deposit-helpers';
import { newMember } from './support/order-fixtures';
import { type StaffLogin, staffToken } from './support/staff';
import { createTestApp, envelope, post, type TestApp } from './support/test-app';

// PGlite runs one query at a time and would hide a race (docs/conventions.md 'Tests'): real PostgreSQL only.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)(
  'console money actions on PostgreSQL (skipped: TEST_DATABASE_URL is not set)',
  () => {
    let t: TestApp;
    let finance: StaffLogin;
    let owner: StaffLogin;
    beforeAll(async () => {
      t = await createTestApp({ env: { SEED_DEMO: 'false' } });
      finance = await staffToken(t, 'finance');
      owner = await staffToken(t, 'owner');
    });
    afterAll(async () => {
      await t?.close();
    });

    async function pendingTransfer(money: number) {
      const m = await newMember(t.app, 'race');
      const made = envelope<Recharge>(
        await post(t.app, DepositPaths.bankTransfer, { currency: 'AUD', money, reference: '并发' }, m.token),
      );
      expect(made.success, made.message).toBe(true);
      return { m, rechargeNo: made.data.rechargeNo };
    }

    it('two reviewers approving one transfer at once (5 rounds × 4 clicks): credited once each round', async () => {
      for (let round = 0; round < 5; round += 1) {
        const { m, rechargeNo } = await pendingTransfer(25);
        const answers = await Promise.all(
          [finance, owner, finance, owner].map((s) =>
            post(t.app, AdminMemberPaths.rechargeApprove, { rechargeNo }, s.token),
          ),
        );
        const bodies = answers.map((r) => envelope<RechargeReviewResponse>(r));
        for (const b of bodies) expect(b.success, b.message).toBe(true);
        expect(
          bodies.filter((b) => b.data.changed),
          `round ${round}`,
        ).toHaveLength(1);
        expect(await balancesOf(t.database.db, m.id)).toEqual({ CNY: 0, AUD: 2500 });
        expect(await logsOf(t.database.db, m.id)).toHaveLength(1);
      }
    });

    it('approvals with the amount received at once (5 rounds × 4): credited once, balance-after chained right', async () => {
      const m = await newMember(t.app, 'race');
      for (let round = 0; round < 5; round += 1) {
        const made = envelope<Recharge>(
          await post(
            t.app,
            DepositPaths.bankTransfer,
            { currency: 'AUD', money: 100, reference: '并发' },
            m.token,
          ),
        );
        const rechargeNo = made.data.rechargeNo;
        // Each reviewer typed what they saw on the statement: two different amounts race.
        const answers = await Promise.all(
          [
            [finance, 99],
            [owner, 98.5],
            [finance, 99],
            [owner, 98.5],
          ].map(([s, creditedAmount]) =>
            post(
              t.app,
              AdminMemberPaths.rechargeApprove,
              { rechargeNo, creditedAmount, note: '手续费' },
              (s as StaffLogin).token,
            ),
          ),
        );
        const bodies = answers.map((r) => envelope<RechargeReviewResponse>(r));
        for (const b of bodies) expect(b.success, b.message).toBe(true);
        const winners = bodies.filter((b) => b.data.changed);
        expect(winners, `round ${round}`).toHaveLength(1);
        const credited = (winners[0]?.data.recharge.creditedAmount ?? 0) * 100;
        // Every answer names the one amount that was credited.
        for (const b of bodies) expect(b.data.recharge.creditedAmount).toBe(credited / 100);
        const logs = await logsOf(t.database.db, m.id);
        expect(logs).toHaveLength(round + 1);
        expect(logs.at(-1)?.amount).toBe(credited);
      }
      // The log adds up: each balance-after is the one before plus the amount, and the last is the balance.
      const logs = await logsOf(t.database.db, m.id);
      let running = 0;
      for (const l of logs) {
        running += l.amount;
        expect(l.balanceAfter).toBe(running);
      }
      expect((await balancesOf(t.database.db, m.id)).AUD).toBe(running);
      // One audit row per credit, naming both amounts.
      const audits = await t.database.db
        .select({ after: staffAuditLog.after })
        .from(staffAuditLog)
        .where(
          and(
            eq(staffAuditLog.action, 'recharge.approve'),
            sql`${staffAuditLog.after}->>'memberId' = ${String(m.id)}`,
          ),
        );
      expect(audits).toHaveLength(5);
      for (const a of audits) expect(a.after).toMatchObject({ askedAmount: 10_000, note: '手续费' });
    });

    it('an approval and a rejection at once: exactly one of them settles the transfer', async () => {
      for (let round = 0; round < 5; round += 1) {
        const { m, rechargeNo } = await pendingTransfer(12);
        const [approve, reject] = await Promise.all([
          post(t.app, AdminMemberPaths.rechargeApprove, { rechargeNo }, finance.token),
          post(t.app, AdminMemberPaths.rechargeReject, { rechargeNo, reason: '未到账' }, owner.token),
        ]);
        const approved = envelope<RechargeReviewResponse>(approve).success;
        const rejected = envelope<RechargeReviewResponse>(reject).success;
        expect(approved !== rejected, `round ${round}`).toBe(true);
        const balances = await balancesOf(t.database.db, m.id);
        expect(balances.AUD).toBe(approved ? 1200 : 0);
        expect(await logsOf(t.database.db, m.id)).toHaveLength(approved ? 1 : 0);
      }
    });

    it('a cash credit sent 8 times at once with one requestId credits once; 8 different ones credit 8 times', async () => {
      for (let round = 0; round < 3; round += 1) {
        const m = await newMember(t.app, 'cashrace');
        const body = {
          memberId: m.id,
          kind: 'cash',
          currency: 'CNY',
          amount: 10,
          requestId: `race-${m.id}-${round}`,
        };
        const answers = await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            post(t.app, AdminMemberPaths.depositAdjust, body, i % 2 ? owner.token : finance.token),
          ),
        );
        const bodies = answers.map((r) => envelope<DepositAdjustResponse>(r));
        for (const b of bodies) expect(b.success, b.message).toBe(true);
        expect(
          bodies.filter((b) => b.data.changed),
          `round ${round}`,
        ).toHaveLength(1);
        for (const b of bodies) expect(b.data.balanceAfter).toBe(10);
        expect(await balancesOf(t.database.db, m.id)).toEqual({ CNY: 1000, AUD: 0 });
        expect(await logsOf(t.database.db, m.id)).toHaveLength(1);
      }
      const m = await newMember(t.app, 'cashmany');
      await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          post(
            t.app,
            AdminMemberPaths.depositAdjust,
            { memberId: m.id, kind: 'gift', currency: 'AUD', amount: 1.25, requestId: `many-${m.id}-${i}` },
            finance.token,
          ),
        ),
      );
      expect(await balancesOf(t.database.db, m.id)).toEqual({ CNY: 0, AUD: 1000 });
      expect(await logsOf(t.database.db, m.id)).toHaveLength(8);
    });
  },
);
