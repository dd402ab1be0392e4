import { type CompanyDetail, type CompanyInvite, CompanyMessages, CompanyPaths } from '@shop/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, companyMembers } from '../src/db/schema';
import { memberWithContacts } from './support/company-helpers';
import { createTestApp, envelope, post, type TestApp } from './support/test-app';

// PGlite runs one query at a time and would hide a race (docs/conventions.md 'Tests'): real PostgreSQL only.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)(
  'companies under parallel requests on PostgreSQL (skipped: TEST_DATABASE_URL is not set)',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => {
      await t?.close();
    });

    const call = async <T>(path: string, body: unknown, token: string) =>
      envelope<T>(await post(t.app, path, body, token));

    async function companyOf(admin: { token: string }, name: string) {
      const made = await call<CompanyDetail>(
        CompanyPaths.create,
        { name, taxNo: '51824753556' },
        admin.token,
      );
      expect(made.success, made.message).toBe(true);
      return made.data.company?.id ?? 0;
    }

    const admins = async (companyId: number) =>
      (
        await t.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(companyMembers)
          .where(sql`${companyMembers.companyId} = ${companyId} and ${companyMembers.role} = 'admin'`)
      )[0]?.n;

    it('10 parallel creations by one member make one company and leave no other behind', async () => {
      const m = await memberWithContacts(t);
      const name = `并发公司${process.pid}`;
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => call(CompanyPaths.create, { name, taxNo: '51824753556' }, m.token)),
      );
      expect(answers.filter((a) => a.success)).toHaveLength(1);
      for (const refused of answers.filter((a) => !a.success))
        expect(refused.message).toBe(CompanyMessages.alreadyMember);
      const rows = await t.database.db.select().from(companies).where(eq(companies.name, name));
      expect(rows).toHaveLength(1);
    });

    it('an invite accepted 10 times in parallel adds the member once', async () => {
      const admin = await memberWithContacts(t);
      const companyId = await companyOf(admin, '同时接受公司');
      const buyer = await memberWithContacts(t);
      const invite = await call<CompanyInvite>(
        CompanyPaths.invite,
        { contact: buyer.phone, role: 'buyer' },
        admin.token,
      );
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => call(CompanyPaths.accept, { id: invite.data.id }, buyer.token)),
      );
      expect(answers.filter((a) => a.success)).toHaveLength(1);
      const rows = await t.database.db
        .select()
        .from(companyMembers)
        .where(eq(companyMembers.companyId, companyId));
      expect(rows.map((r) => r.role).sort()).toEqual(['admin', 'buyer']);
    });

    it('a member invited by two companies who accepts both at once joins one', async () => {
      const a = await memberWithContacts(t);
      const b = await memberWithContacts(t);
      await companyOf(a, '邀请方甲');
      await companyOf(b, '邀请方乙');
      const buyer = await memberWithContacts(t);
      const invites = await Promise.all(
        [a, b].map((admin) =>
          call<CompanyInvite>(CompanyPaths.invite, { contact: buyer.phone, role: 'buyer' }, admin.token),
        ),
      );
      const answers = await Promise.all(
        invites.map((i) => call(CompanyPaths.accept, { id: i.data.id }, buyer.token)),
      );
      expect(answers.filter((x) => x.success)).toHaveLength(1);
      const rows = await t.database.db
        .select()
        .from(companyMembers)
        .where(eq(companyMembers.memberId, buyer.memberId));
      expect(rows).toHaveLength(1);
    });

    it('two admins who step down, leave or remove each other at once leave the company an admin, 10 times over', async () => {
      for (let round = 0; round < 10; round += 1) {
        const first = await memberWithContacts(t);
        const second = await memberWithContacts(t);
        const companyId = await companyOf(first, `两位管理员${round}`);
        const invite = await call<CompanyInvite>(
          CompanyPaths.invite,
          { contact: second.phone, role: 'admin' },
          first.token,
        );
        expect((await call(CompanyPaths.accept, { id: invite.data.id }, second.token)).success).toBe(true);
        // One more member, so the last admin may not simply leave an empty company.
        const viewer = await memberWithContacts(t);
        const third = await call<CompanyInvite>(
          CompanyPaths.invite,
          { contact: viewer.phone, role: 'viewer' },
          first.token,
        );
        expect((await call(CompanyPaths.accept, { id: third.data.id }, viewer.token)).success).toBe(true);

        const moves = [
          () => call(CompanyPaths.setLimit, { memberId: first.memberId, role: 'buyer' }, first.token),
          () => call(CompanyPaths.setLimit, { memberId: second.memberId, role: 'viewer' }, second.token),
          () => call(CompanyPaths.leave, {}, first.token),
          () => call(CompanyPaths.leave, {}, second.token),
          () => call(CompanyPaths.remove, { memberId: second.memberId }, first.token),
          () => call(CompanyPaths.remove, { memberId: first.memberId }, second.token),
        ];
        // Both step down, both leave, one steps down as the other leaves, or they remove each other.
        const pairs = [
          [0, 1],
          [2, 3],
          [0, 3],
          [1, 2],
          [4, 5],
        ];
        const pick = pairs[round % pairs.length] ?? [];
        await Promise.all(pick.map((i) => moves[i]?.()));
        expect(await admins(companyId), `round ${round}`).toBeGreaterThanOrEqual(1);
      }
    });
  },
);
