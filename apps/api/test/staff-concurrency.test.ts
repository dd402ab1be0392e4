import { AdminPaths, ResultCode } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliActor } from '../src/lib/audit';
import { StaffMessages } from '../src/modules/staff/staff.service';
import { type StaffLogin, staffLogin, staffToken, totpCode } from './support/staff';
import { createTestApp, envelope, post, type TestApp } from './support/test-app';

// PGlite runs one query at a time and would hide a race (docs/conventions.md 'Tests'): real PostgreSQL only.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('staff races on PostgreSQL (skipped: TEST_DATABASE_URL is not set)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SEED_DEMO: 'false' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const activeOwners = async () =>
    (await t.app.services.staff.list()).filter((a) => a.role === 'owner' && !a.disabled).length;

  it('the last two owners demoting each other at once: one change passes, one owner is left', async () => {
    for (let round = 0; round < 5; round += 1) {
      const a: StaffLogin = await staffToken(t, 'owner');
      const b: StaffLogin = await staffToken(t, 'owner');
      // Every other owner steps aside first, so a and b are the last two.
      for (const o of (await t.app.services.staff.list()).filter(
        (o) => o.role === 'owner' && !o.disabled && o.id !== a.staffId && o.id !== b.staffId,
      ))
        await t.app.services.staff.update(cliActor(), { id: o.id, role: 'content' });
      expect(await activeOwners()).toBe(2);
      const [byA, byB] = await Promise.all([
        post(t.app, AdminPaths.staffUpdate, { id: b.staffId, role: 'service' }, a.token),
        post(t.app, AdminPaths.staffUpdate, { id: a.staffId, disabled: true }, b.token),
      ]);
      const answers = [envelope(byA), envelope(byB)];
      const passed = answers.filter((x) => x.success);
      // The first change revokes the other's session, or the second finds no other owner left.
      expect(passed).toHaveLength(1);
      for (const refused of answers.filter((x) => !x.success))
        expect([StaffMessages.lastOwner, '未登录或登录已过期']).toContain(refused.message);
      expect(await activeOwners()).toBe(1);
    }
  });

  it('the service demoting both of the last two owners at once leaves one', async () => {
    const a = await staffToken(t, 'owner');
    const b = await staffToken(t, 'owner');
    for (const o of (await t.app.services.staff.list()).filter(
      (o) => o.role === 'owner' && !o.disabled && o.id !== a.staffId && o.id !== b.staffId,
    ))
      await t.app.services.staff.update(cliActor(), { id: o.id, role: 'content' });
    const results = await Promise.allSettled([
      t.app.services.staff.update(cliActor(), { id: a.staffId, role: 'finance' }),
      t.app.services.staff.update(cliActor(), { id: b.staffId, disabled: true }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await activeOwners()).toBe(1);
  });

  it('one TOTP code sent in two sign-ins at once signs in once', async () => {
    const s = await staffToken(t, 'finance');
    const code = await totpCode(t, s.totpSecret ?? '');
    const answers = await Promise.all([
      staffLogin(t, { username: s.username, password: s.password, totpCode: code }),
      staffLogin(t, { username: s.username, password: s.password, totpCode: code }),
    ]);
    expect(answers.filter((x) => x.success)).toHaveLength(1);
    expect(answers.find((x) => !x.success)?.resultCode).toBe(ResultCode.TwoFactorRequired);
  });
});
