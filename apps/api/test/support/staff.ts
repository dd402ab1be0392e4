import { randomBytes } from 'node:crypto';
import {
  AdminPaths,
  MemberPaths,
  roleNeedsTwoFactor,
  type StaffLoginResponse,
  type StaffRole,
  type TotpSetupResponse,
} from '@shop/domain';
import { expect } from 'vitest';
import { cliActor } from '../../src/lib/audit';
import { TOTP_PERIOD_SECONDS, totpCodeAt } from '../../src/modules/staff/totp';
import { type EnvelopeBody, envelope, post, TEST_CAPTCHA, type TestApp } from './test-app';

/**
 * Staff accounts and their tokens for the console's tests. The next console calls test their guard with:
 *
 *   const owner = await staffToken(t, 'owner');          // signed in, second factor on, no gate
 *   const clerk = await staffToken(t, 'warehouse');
 *   await post(t.app, SomeAdminPath, body, clerk.token); // a console call as that role
 *
 * Every account is made through the staff service and signed in through the real login call (captcha, and for
 * the money roles TOTP set up and enabled with the secret it returns), so the token is exactly a console's.
 */

export const STAFF_TEST_PASSWORD = 'Staff-pass-2026';

export interface StaffLogin {
  token: string;
  staffId: number;
  username: string;
  password: string;
  role: StaffRole;
  /** The TOTP secret, for the roles that need it (or `withTotp`). */
  totpSecret: string | null;
}

export interface StaffTokenOptions {
  username?: string;
  password?: string;
  name?: string;
  /** The account must change its password first (the gate stays shut). */
  mustChangePassword?: boolean;
  /** Set up the second factor: default for the roles that need it; false leaves a money role gated. */
  withTotp?: boolean;
  /** The client address of the login call (each address has its own attempt limit). */
  address?: string;
}

let seq = 0;
/** A username no other test account has. */
export function uniqueStaffUsername(prefix = 'staff'): string {
  seq += 1;
  return `${prefix}${seq}_${randomBytes(3).toString('hex')}`;
}

/** A fresh captcha id; its answer is TEST_CAPTCHA. */
export async function captchaId(t: TestApp, address?: string): Promise<string> {
  const res = await post(t.app, MemberPaths.captcha, {}, undefined, address);
  return envelope<{ captchaId: string }>(res).data.captchaId;
}

/**
 * The current TOTP code of a secret on the app's clock. `fresh` first moves the clock one step on, so the code is
 * of a step never used before (a code is accepted once).
 */
export async function totpCode(t: TestApp, secret: string, fresh = true): Promise<string> {
  if (fresh) t.clock.advance(TOTP_PERIOD_SECONDS * 1000);
  return totpCodeAt(secret, t.clock.now());
}

/** Calls the staff login with a fresh captcha; the envelope as answered. */
export async function staffLogin(
  t: TestApp,
  body: { username: string; password: string; totpCode?: string; emailCode?: string },
  address?: string,
): Promise<EnvelopeBody<StaffLoginResponse>> {
  const id = await captchaId(t, address);
  const res = await post(
    t.app,
    AdminPaths.login,
    { ...body, captchaId: id, captchaCode: TEST_CAPTCHA },
    undefined,
    address,
  );
  return envelope<StaffLoginResponse>(res);
}

/** Sets up and enables the second factor on a signed-in session; the secret. */
export async function enableTotp(t: TestApp, token: string): Promise<string> {
  const setup = envelope<TotpSetupResponse>(await post(t.app, AdminPaths.totpSetup, {}, token));
  expect(setup.success, setup.message).toBe(true);
  const enabled = envelope(
    await post(t.app, AdminPaths.totpEnable, { code: await totpCode(t, setup.data.secret) }, token),
  );
  expect(enabled.success, enabled.message).toBe(true);
  return setup.data.secret;
}

/** Creates a staff account of `role` and signs it in; a token ready for the console's calls. */
export async function staffToken(
  t: TestApp,
  role: StaffRole,
  options: StaffTokenOptions = {},
): Promise<StaffLogin> {
  const username = options.username ?? uniqueStaffUsername(role);
  const password = options.password ?? STAFF_TEST_PASSWORD;
  const account = await t.app.services.staff.create(cliActor('test'), {
    username,
    name: options.name ?? `${role} 测试`,
    role,
    password,
    mustChangePassword: options.mustChangePassword ?? false,
  });
  const login = await staffLogin(t, { username, password }, options.address);
  expect(login.success, login.message).toBe(true);
  const token = login.data.token;
  const wantTotp = options.withTotp ?? roleNeedsTwoFactor(role);
  const totpSecret = wantTotp && !options.mustChangePassword ? await enableTotp(t, token) : null;
  return { token, staffId: account.id, username, password, role, totpSecret };
}
