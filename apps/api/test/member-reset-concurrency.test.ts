import { AdminMemberPaths, MemberPaths, type MemberResetPasswordResponse } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember } from './support/order-fixtures';
import { type StaffLogin, staffToken } from './support/staff';
import { createTestApp, envelope, post, type TestApp } from './support/test-app';

// PGlite runs one query at a time and would hide a race (docs/conventions.md 'Tests'): real PostgreSQL only.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)(
  'one-time reset links on PostgreSQL (skipped: TEST_DATABASE_URL is not set)',
  () => {
    let t: TestApp;
    let service: StaffLogin;
    beforeAll(async () => {
      t = await createTestApp({ env: { SEED_DEMO: 'false' } });
      service = await staffToken(t, 'service');
    });
    afterAll(async () => {
      await t?.close();
    });

    it('the same link used 4 times at once (5 rounds): one use sets its password, the others are refused', async () => {
      for (let round = 0; round < 5; round += 1) {
        const m = await newMember(t.app, 'linkrace');
        const made = envelope<MemberResetPasswordResponse>(
          await post(t.app, AdminMemberPaths.memberResetPassword, { id: m.id }, service.token),
        ).data;
        if (made.channel !== 'link') throw new Error(`expected a link, got ${made.channel}`);
        const token = new URL(made.link).hash.slice(1);
        const passwords = [0, 1, 2, 3].map((i) => `race${round}pass${i}`);
        const answers = await Promise.all(
          passwords.map((password) => post(t.app, MemberPaths.resetPwdByLink, { token, password })),
        );
        const ok = answers.map((res) => envelope(res).success);
        expect(ok.filter(Boolean), `round ${round}`).toHaveLength(1);
        for (const res of answers) expect(res.statusCode).toBeLessThan(500);
        // The password that holds is the winner's, and only it (one after another, the winner's first: the
        // account's failed sign-ins would bring the captcha after three), each from an address of its own.
        const winner = ok.indexOf(true);
        const order = [winner, ...passwords.keys()].filter((i, at, all) => all.indexOf(i) === at);
        for (const i of order) {
          const signIn = envelope(
            await post(
              t.app,
              MemberPaths.login,
              { username: m.username, password: passwords[i] },
              undefined,
              `10.36.${round}.${i}`,
            ),
          );
          expect(signIn.success, `round ${round}, password ${i}`).toBe(i === winner);
        }
      }
    });
  },
);
