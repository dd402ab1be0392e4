import { AdminPaths, type AuditListResponse, type StaffAccount } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliActor } from '../src/lib/audit';
import { type StaffLogin, staffLogin, staffToken, uniqueStaffUsername } from './support/staff';
import { createTestApp, envelope, post, type TestApp } from './support/test-app';

let t: TestApp;
let owner: StaffLogin;

beforeAll(async () => {
  t = await createTestApp({ env: { SEED_DEMO: 'false' } });
  owner = await staffToken(t, 'owner');
});
afterAll(async () => {
  await t?.close();
});

const audit = async (filters: Record<string, unknown> = {}) => {
  const body = envelope<AuditListResponse>(await post(t.app, AdminPaths.auditList, filters, owner.token));
  expect(body.success, body.message).toBe(true);
  return body.data;
};

describe('the audit log', () => {
  it('records each change with who, what, before and after, and never a secret', async () => {
    const username = uniqueStaffUsername('aud');
    const created = envelope<StaffAccount>(
      await post(
        t.app,
        AdminPaths.staffCreate,
        { username, name: '审计', role: 'service', password: 'Audit-pass-2026' },
        owner.token,
      ),
    ).data;
    await post(t.app, AdminPaths.staffUpdate, { id: created.id, role: 'warehouse' }, owner.token);
    await post(
      t.app,
      AdminPaths.staffResetPassword,
      { id: created.id, password: 'Reset-pass-2026' },
      owner.token,
    );

    const rows = (await audit({ objectType: 'staff', objectId: String(created.id) })).items;
    expect(rows.map((r) => r.action)).toEqual(['staff.resetPassword', 'staff.update', 'staff.create']);
    const [reset, update, create] = rows;
    expect(create).toMatchObject({
      staffId: owner.staffId,
      actor: owner.username,
      ip: '127.0.0.1',
      before: null,
      after: { username, name: '审计', role: 'service', disabled: false, mustChangePassword: true },
    });
    expect(update).toMatchObject({ before: { role: 'service' }, after: { role: 'warehouse' } });
    expect(reset).toMatchObject({ after: { mustChangePassword: true } });
    expect(create?.createTime).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    // Secrets stay out of the log: no hash, no password, no TOTP secret anywhere in it.
    const all = JSON.stringify((await audit({ pageSize: 100 })).items);
    expect(all).not.toMatch(/argon2|passwordHash|"password"|Audit-pass|Reset-pass|secret/i);
  });

  it('records sign-ins, second-factor steps and the command line', async () => {
    const finance = await staffToken(t, 'finance');
    const actions = (await audit({ staffId: finance.staffId })).items.map((r) => r.action);
    expect(actions).toEqual(['staff.totpEnable', 'staff.totpSetup', 'staff.login']);
    await t.app.services.staff.resetTotp(cliActor('alice'), { id: finance.staffId });
    const [row] = (await audit({ action: 'staff.resetTotp', objectId: String(finance.staffId) })).items;
    expect(row).toMatchObject({
      staffId: null,
      actor: 'cli:alice',
      ip: null,
      before: { totpEnabled: true },
      after: { totpEnabled: false, revokedSessions: 1 },
    });
  });

  it('filters by staff member, action or kind of action, object and shop day, and pages', async () => {
    const s = await staffToken(t, 'content');
    await post(t.app, AdminPaths.logout, {}, s.token);
    const mine = await audit({ staffId: s.staffId });
    expect(mine.items.map((r) => r.action)).toEqual(['staff.logout', 'staff.login']);
    expect(mine.totalCount).toBe(2);
    const logins = await audit({ action: 'staff.login' });
    expect(logins.items.every((r) => r.action === 'staff.login')).toBe(true);
    const kind = await audit({ action: 'staff', pageSize: 100 });
    expect(new Set(kind.items.map((r) => r.action)).size).toBeGreaterThan(3);
    expect((await audit({ action: 'sta' })).totalCount).toBe(0);

    const page1 = await audit({ pageSize: 2, pageNo: 1 });
    const page2 = await audit({ pageSize: 2, pageNo: 2 });
    expect(page1.items).toHaveLength(2);
    expect(page1.totalCount).toBe(kind.totalCount);
    expect(page2.items[0]?.id).toBeLessThan(page1.items[1]?.id ?? 0);

    // Days are Beijing days: 23:30 UTC is the next morning there.
    const now = t.clock.now();
    const beijingToday = new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    const tomorrow = new Date(now.getTime() + 32 * 3600_000).toISOString().slice(0, 10);
    expect((await audit({ from: beijingToday, to: beijingToday })).totalCount).toBe(kind.totalCount);
    expect((await audit({ from: tomorrow })).totalCount).toBe(0);
    expect((await audit({ to: '2020-01-01' })).totalCount).toBe(0);
    const backwards = envelope(
      await post(t.app, AdminPaths.auditList, { from: tomorrow, to: beijingToday }, owner.token),
    );
    expect(backwards.success).toBe(false);
  });

  it('refuses UPDATE, DELETE and TRUNCATE in the database itself', async () => {
    const db = t.database.db;
    const before = (await audit()).totalCount;
    for (const statement of [
      sql`update staff_audit_log set actor = 'someone else'`,
      sql`delete from staff_audit_log`,
      sql`truncate staff_audit_log`,
    ])
      await expect(db.execute(statement)).rejects.toThrow();
    expect((await audit()).totalCount).toBe(before);
    const rows = await db.execute(
      sql`select count(*)::int as n from staff_audit_log where actor = 'someone else'`,
    );
    expect(JSON.stringify(rows)).toContain('"n":0');
  });

  it('a failed change leaves no audit row', async () => {
    const before = (await audit()).totalCount;
    const demote = envelope(
      await post(t.app, AdminPaths.staffUpdate, { id: owner.staffId, role: 'service' }, owner.token),
    );
    expect(demote.success).toBe(false);
    // A failed sign-in changes nothing and writes nothing either.
    await staffLogin(t, { username: owner.username, password: 'Wrong-pass-2026' });
    expect((await audit()).totalCount).toBe(before);
  });
});
