import {
  AdminPaths,
  LOGIN_EXPIRED_MESSAGE,
  MemberPaths,
  Permission,
  ResultCode,
  ROLE_PERMISSIONS,
  type StaffAccount,
  type StaffSession,
} from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliActor } from '../src/lib/audit';
import { STAFF_LOGIN_LIMITS, StaffMessages } from '../src/modules/staff/staff.service';
import { StaffAuthMessages } from '../src/plugins/staff-auth';
import {
  enableTotp,
  type StaffLogin,
  staffLogin,
  staffToken,
  totpCode,
  uniqueStaffUsername,
} from './support/staff';
import { createLimitsTestApp, envelope, post, type TestApp } from './support/test-app';

let t: TestApp;
let owner: StaffLogin;
let memberToken: string;
let seededStaff: number;

beforeAll(async () => {
  // The demo seed runs (SEED_DEMO=true): it must make no staff account.
  t = await createLimitsTestApp();
  seededStaff = (await t.app.services.staff.list()).length;
  owner = await staffToken(t, 'owner');
  const login = await post(t.app, MemberPaths.login, { username: 'demo', password: 'demo1234' });
  memberToken = envelope<{ token: string }>(login).data.token;
});
afterAll(async () => {
  await t?.close();
});

let addressSeq = 0;
/** An address no other attempt used, so only the account's counter can trip. */
const freshAddress = () => {
  addressSeq += 1;
  return `10.20.${addressSeq % 250}.${Math.floor(addressSeq / 250) + 1}`;
};

const call = async <T = unknown>(path: string, body: unknown, token?: string) =>
  envelope<T>(await post(t.app, path, body, token));

/** A body each call accepts (ids of the owner's own account, where the call takes one). */
function validBody(path: string): Record<string, unknown> {
  switch (path) {
    case AdminPaths.changePassword:
      return { oldPassword: 'Wrong-pass-0000', newPassword: 'Other-pass-2026' };
    case AdminPaths.totpEnable:
      return { code: '000000' };
    case AdminPaths.staffCreate:
      return {
        username: uniqueStaffUsername('x'),
        name: '新员工',
        role: 'service',
        password: 'Abcdef-12345',
      };
    case AdminPaths.staffUpdate:
      return { id: owner.staffId, name: '店主' };
    case AdminPaths.staffResetPassword:
      return { id: 999_999, password: 'Abcdef-12345' };
    case AdminPaths.staffResetTotp:
      return { id: 999_999 };
    case AdminPaths.auditList:
      return { pageNo: 1 };
    default:
      return {};
  }
}

/** Calls needing a permission, and the permission. */
const GUARDED: [string, Permission][] = [
  [AdminPaths.staffList, Permission.staffManage],
  [AdminPaths.staffCreate, Permission.staffManage],
  [AdminPaths.staffUpdate, Permission.staffManage],
  [AdminPaths.staffResetPassword, Permission.staffManage],
  [AdminPaths.staffResetTotp, Permission.staffManage],
  [AdminPaths.auditList, Permission.auditRead],
];
const SESSION_CALLS = [
  AdminPaths.logout,
  AdminPaths.logoutAll,
  AdminPaths.current,
  AdminPaths.changePassword,
  AdminPaths.totpSetup,
  AdminPaths.totpEnable,
];
const ALL_CALLS = [...SESSION_CALLS, ...GUARDED.map(([p]) => p)];

describe('staff accounts', () => {
  it('are never seeded: the demo data has none, the operator makes the first owner', () => {
    expect(seededStaff).toBe(0);
  });
});

describe('the staff guard on every console call', () => {
  it('refuses no token, a made-up token and a member’s token with InvalidToken 401', async () => {
    for (const path of ALL_CALLS) {
      for (const token of [undefined, 'x'.repeat(43), memberToken]) {
        const res = await post(t.app, path, validBody(path), token);
        expect(res.statusCode, path).toBe(401);
        expect(envelope(res), path).toEqual({
          success: false,
          resultCode: ResultCode.InvalidToken,
          message: LOGIN_EXPIRED_MESSAGE,
          data: null,
        });
      }
    }
  });

  it('refuses a role without the permission with PermissionDenied 403, before reading the body', async () => {
    const clerk = await staffToken(t, 'warehouse');
    for (const [path, permission] of GUARDED) {
      expect(ROLE_PERMISSIONS.warehouse).not.toContain(permission);
      for (const body of [validBody(path), { notAField: 1 }]) {
        const res = await post(t.app, path, body, clerk.token);
        expect(res.statusCode, path).toBe(403);
        expect(envelope(res), path).toMatchObject({
          resultCode: ResultCode.PermissionDenied,
          message: StaffAuthMessages.permissionDenied,
        });
      }
    }
  });

  it('names the bad field to a staff member who may make the call', async () => {
    for (const path of ALL_CALLS.filter((p) => p !== AdminPaths.logout && p !== AdminPaths.logoutAll)) {
      const res = await post(t.app, path, { ...validBody(path), notAField: 1 }, owner.token);
      expect(res.statusCode, path).toBe(400);
      expect(envelope(res).resultCode, path).toBe(ResultCode.ParamsError);
    }
    const bad = await call(
      AdminPaths.staffCreate,
      { username: 'a b', name: 'x', role: 'boss', password: 'short' },
      owner.token,
    );
    expect(bad).toMatchObject({ success: false, resultCode: ResultCode.ParamsError });
    const weak = await call(
      AdminPaths.staffCreate,
      { username: uniqueStaffUsername('w'), name: 'x', role: 'service', password: 'abc12345' },
      owner.token,
    );
    expect(weak.message).toContain('员工密码至少10位');
    const badDate = await call(AdminPaths.auditList, { from: '2026-02-30' }, owner.token);
    expect(badDate).toMatchObject({ resultCode: ResultCode.ParamsError });
  });

  it('lets each role read its own session with its permissions', async () => {
    for (const role of ['service', 'warehouse', 'content'] as const) {
      const s = await staffToken(t, role);
      const current = await call<StaffSession>(AdminPaths.current, {}, s.token);
      expect(current.data).toMatchObject({
        id: s.staffId,
        username: s.username,
        role,
        permissions: ROLE_PERMISSIONS[role],
        totpEnabled: false,
        totpSetupRequired: false,
        mustChangePassword: false,
      });
    }
  });
});

describe('staff login', () => {
  it('always needs the captcha; a wrong or reused one is refused', async () => {
    const s = await staffToken(t, 'service');
    const without = await post(t.app, AdminPaths.login, { username: s.username, password: s.password });
    // Missing is 'needs verification' (403), wrong is ImageVerifyFailed (404): spec §8.
    expect(envelope(without)).toMatchObject({
      resultCode: ResultCode.SmsNeedImageVerify,
      message: StaffMessages.captchaRequired,
    });
    const wrong = await post(t.app, AdminPaths.login, {
      username: s.username,
      password: s.password,
      captchaId: 'nope',
      captchaCode: 'zzzz',
    });
    expect(envelope(wrong)).toMatchObject({
      resultCode: ResultCode.ImageVerifyFailed,
      message: StaffMessages.captchaFailed,
    });
  });

  it('answers a wrong password and an unknown account alike, and a member cannot sign in', async () => {
    const s = await staffToken(t, 'service');
    const wrong = await staffLogin(t, { username: s.username, password: 'Wrong-pass-1234' }, freshAddress());
    const unknown = await staffLogin(
      t,
      { username: 'nobody_here', password: 'Wrong-pass-1234' },
      freshAddress(),
    );
    const member = await staffLogin(t, { username: 'demo', password: 'demo1234' }, freshAddress());
    for (const body of [wrong, unknown, member])
      expect(body).toMatchObject({
        success: false,
        resultCode: ResultCode.ParamsError,
        message: StaffMessages.badCredentials,
      });
  });

  it('refuses an account past its attempt limit from that address, even with the right password', async () => {
    const s = await staffToken(t, 'content');
    const guesser = freshAddress();
    for (let i = 0; i < STAFF_LOGIN_LIMITS.accountCeiling; i += 1) {
      const res = await staffLogin(t, { username: s.username, password: `Wrong-pass-${i}` }, guesser);
      expect(res.message).toBe(StaffMessages.badCredentials);
    }
    const right = await staffLogin(t, { username: s.username, password: s.password }, guesser);
    expect(right).toMatchObject({ success: false, resultCode: ResultCode.TooManyRequests });
    // The lock is the guesser's address's, not the account's: its holder signs in from elsewhere (#35).
    const elsewhere = await staffLogin(t, { username: s.username, password: s.password }, freshAddress());
    expect(elsewhere.success, elsewhere.message).toBe(true);
  });

  it('counts no attempt with a made-up or missing captcha against the account', async () => {
    const s = await staffToken(t, 'content');
    const attacker = freshAddress();
    for (let i = 0; i < STAFF_LOGIN_LIMITS.accountCeiling * 2; i += 1) {
      const made = {
        username: s.username,
        password: `Wrong-pass-${i}`,
        captchaId: `made-up-${i}`,
        captchaCode: 'zzzz',
      };
      const res = await post(
        t.app,
        AdminPaths.login,
        i % 2 ? made : { ...made, captchaId: undefined },
        undefined,
        attacker,
      );
      expect(res.statusCode).not.toBe(429);
    }
    const right = await staffLogin(t, { username: s.username, password: s.password }, attacker);
    expect(right.success, right.message).toBe(true);
  });

  it('the operator’s unlock lifts an account’s locks from every address, audited', async () => {
    const s = await staffToken(t, 'content');
    const [first, second] = [freshAddress(), freshAddress()];
    for (const address of [first, second])
      for (let i = 0; i <= STAFF_LOGIN_LIMITS.accountCeiling; i += 1)
        await staffLogin(t, { username: s.username, password: `Wrong-pass-${i}` }, address);
    const locked = await staffLogin(t, { username: s.username, password: s.password }, first);
    expect(locked.resultCode).toBe(ResultCode.TooManyRequests);
    const account = await t.app.services.staff.findByUsername(s.username);
    await t.app.services.staff.unlock(cliActor(undefined), { id: account.id });
    for (const address of [first, second]) {
      const right = await staffLogin(t, { username: s.username, password: s.password }, address);
      expect(right.success, right.message).toBe(true);
    }
    const audit = await t.app.services.audit.list({ pageSize: 100 });
    expect(
      audit.items.find((r) => r.action === 'staff.unlock' && r.objectId === String(account.id)),
    ).toBeTruthy();
  });

  it('refuses an address past its attempt limit', async () => {
    const address = freshAddress();
    const s = await staffToken(t, 'content');
    for (let i = 0; i < STAFF_LOGIN_LIMITS.addressCeiling; i += 1)
      await t.app.rateLimiter.hit(`staff-login:address:${address}`, STAFF_LOGIN_LIMITS.windowMs);
    const right = await staffLogin(t, { username: s.username, password: s.password }, address);
    expect(right).toMatchObject({ success: false, resultCode: ResultCode.TooManyRequests });
  });

  it('refuses a disabled account, and disabling signs it out', async () => {
    const s = await staffToken(t, 'warehouse');
    const disabled = await call<StaffAccount>(
      AdminPaths.staffUpdate,
      { id: s.staffId, disabled: true },
      owner.token,
    );
    expect(disabled.data.disabled).toBe(true);
    expect(envelope(await post(t.app, AdminPaths.current, {}, s.token)).resultCode).toBe(
      ResultCode.InvalidToken,
    );
    const login = await staffLogin(t, { username: s.username, password: s.password }, freshAddress());
    expect(login).toMatchObject({ success: false, message: StaffMessages.disabled });
    // Enabled again, the account signs in.
    await call(AdminPaths.staffUpdate, { id: s.staffId, disabled: false }, owner.token);
    expect(
      (await staffLogin(t, { username: s.username, password: s.password }, freshAddress())).success,
    ).toBe(true);
  });
});

describe('the second factor', () => {
  it('set up, enabled, then needed at sign-in: each code once, a wrong one refused', async () => {
    const s = await staffToken(t, 'service');
    const setup = await call<{ secret: string; otpauthUrl: string; qrCode: string }>(
      AdminPaths.totpSetup,
      {},
      s.token,
    );
    expect(setup.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.data.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.data.otpauthUrl).toContain(`secret=${setup.data.secret}`);
    expect(setup.data.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const wrongEnable = await call(AdminPaths.totpEnable, { code: '000000' }, s.token);
    expect(wrongEnable.resultCode).toBe(ResultCode.TwoFactorRequired);
    const enabled = await call<StaffSession>(
      AdminPaths.totpEnable,
      { code: await totpCode(t, setup.data.secret) },
      s.token,
    );
    expect(enabled.data.totpEnabled).toBe(true);
    // A second setup would replace the active secret: refused, the owner resets it.
    expect((await call(AdminPaths.totpSetup, {}, s.token)).message).toBe(StaffMessages.totpAlreadyEnabled);

    const noCode = await staffLogin(t, { username: s.username, password: s.password }, freshAddress());
    expect(noCode).toMatchObject({ success: false, resultCode: ResultCode.TwoFactorRequired });
    const badCode = await staffLogin(
      t,
      { username: s.username, password: s.password, totpCode: '123456' },
      freshAddress(),
    );
    expect(badCode).toMatchObject({ success: false, resultCode: ResultCode.TwoFactorRequired });
    const code = await totpCode(t, setup.data.secret);
    const good = await staffLogin(
      t,
      { username: s.username, password: s.password, totpCode: code },
      freshAddress(),
    );
    expect(good.success, good.message).toBe(true);
    const replay = await staffLogin(
      t,
      { username: s.username, password: s.password, totpCode: code },
      freshAddress(),
    );
    expect(replay).toMatchObject({ success: false, resultCode: ResultCode.TwoFactorRequired });
    // A code one step old is still accepted once (a phone's clock a little behind); two steps old is not.
    const previous = await totpCode(t, setup.data.secret);
    t.clock.advance(30_000);
    const late = await staffLogin(
      t,
      { username: s.username, password: s.password, totpCode: previous },
      freshAddress(),
    );
    expect(late.success, late.message).toBe(true);
    const old = await totpCode(t, setup.data.secret);
    t.clock.advance(60_000);
    const tooOld = await staffLogin(
      t,
      { username: s.username, password: s.password, totpCode: old },
      freshAddress(),
    );
    expect(tooOld.resultCode).toBe(ResultCode.TwoFactorRequired);
  });

  it('holds a money role without it to setting it up', async () => {
    const finance = await staffToken(t, 'finance', { withTotp: false });
    const current = await call<StaffSession>(AdminPaths.current, {}, finance.token);
    expect(current.data).toMatchObject({
      totpSetupRequired: true,
      totpEnabled: false,
      mustChangePassword: false,
    });
    for (const path of [AdminPaths.auditList, AdminPaths.staffList, AdminPaths.changePassword]) {
      const res = await post(t.app, path, validBody(path), finance.token);
      expect(res.statusCode, path).toBe(403);
      expect(envelope(res).resultCode, path).toBe(ResultCode.TwoFactorSetupRequired);
    }
    await enableTotp(t, finance.token);
    const after = await call<StaffSession>(AdminPaths.current, {}, finance.token);
    expect(after.data).toMatchObject({ totpSetupRequired: false, totpEnabled: true });
    // Open now: finance still may not manage staff.
    expect((await call(AdminPaths.staffList, {}, finance.token)).resultCode).toBe(
      ResultCode.PermissionDenied,
    );
  });

  it('the owner’s reset clears it and signs the account out', async () => {
    const finance = await staffToken(t, 'finance');
    const reset = await call<StaffAccount>(AdminPaths.staffResetTotp, { id: finance.staffId }, owner.token);
    expect(reset.data.totpEnabled).toBe(false);
    expect((await call(AdminPaths.current, {}, finance.token)).resultCode).toBe(ResultCode.InvalidToken);
    const again = await staffLogin(
      t,
      { username: finance.username, password: finance.password },
      freshAddress(),
    );
    expect(again.success).toBe(true);
    expect(again.data.staff.totpSetupRequired).toBe(true);
  });
});

describe('the password gate and password changes', () => {
  it('a reset password holds the session to changing it; the change opens it and signs out the others', async () => {
    const s = await staffToken(t, 'warehouse');
    const other = await staffLogin(t, { username: s.username, password: s.password }, freshAddress());
    const reset = await call<StaffAccount>(
      AdminPaths.staffResetPassword,
      { id: s.staffId, password: 'Reset-pass-2026' },
      owner.token,
    );
    expect(reset.data.mustChangePassword).toBe(true);
    for (const token of [s.token, other.data.token])
      expect((await call(AdminPaths.current, {}, token)).resultCode).toBe(ResultCode.InvalidToken);

    const first = await staffLogin(t, { username: s.username, password: 'Reset-pass-2026' }, freshAddress());
    expect(first.data.staff.mustChangePassword).toBe(true);
    const second = await staffLogin(t, { username: s.username, password: 'Reset-pass-2026' }, freshAddress());
    const token = first.data.token;
    expect((await call(AdminPaths.current, {}, token)).success).toBe(true);
    for (const path of [AdminPaths.totpSetup, AdminPaths.staffList]) {
      const res = await post(t.app, path, validBody(path), token);
      expect(res.statusCode, path).toBe(403);
      expect(envelope(res).resultCode, path).toBe(ResultCode.PasswordChangeRequired);
    }
    const same = await call(
      AdminPaths.changePassword,
      { oldPassword: 'Reset-pass-2026', newPassword: 'Reset-pass-2026' },
      token,
    );
    expect(same.message).toBe(StaffMessages.samePassword);
    const wrong = await call(
      AdminPaths.changePassword,
      { oldPassword: 'Wrong-pass-2026', newPassword: 'Mine-pass-2026' },
      token,
    );
    expect(wrong.message).toBe(StaffMessages.wrongOldPassword);
    const changed = await call<StaffSession>(
      AdminPaths.changePassword,
      { oldPassword: 'Reset-pass-2026', newPassword: 'Mine-pass-2026' },
      token,
    );
    expect(changed.data.mustChangePassword).toBe(false);
    expect((await call(AdminPaths.current, {}, token)).data).toMatchObject({ mustChangePassword: false });
    expect((await call(AdminPaths.current, {}, second.data.token)).resultCode).toBe(ResultCode.InvalidToken);
    expect(
      (await staffLogin(t, { username: s.username, password: 'Mine-pass-2026' }, freshAddress())).success,
    ).toBe(true);
  });

  it('a new owner changes the one-time password first, then sets up the second factor, then is let in', async () => {
    const s = await staffToken(t, 'owner', { mustChangePassword: true });
    const first = await call<StaffSession>(AdminPaths.current, {}, s.token);
    expect(first.data).toMatchObject({ mustChangePassword: true, totpSetupRequired: true });
    expect((await call(AdminPaths.totpSetup, {}, s.token)).resultCode).toBe(
      ResultCode.PasswordChangeRequired,
    );
    expect((await call(AdminPaths.staffList, {}, s.token)).resultCode).toBe(
      ResultCode.PasswordChangeRequired,
    );
    const changed = await call<StaffSession>(
      AdminPaths.changePassword,
      { oldPassword: s.password, newPassword: 'Owner-new-2026' },
      s.token,
    );
    expect(changed.data).toMatchObject({ mustChangePassword: false, totpSetupRequired: true });
    expect((await call(AdminPaths.staffList, {}, s.token)).resultCode).toBe(
      ResultCode.TwoFactorSetupRequired,
    );
    await enableTotp(t, s.token);
    expect((await call(AdminPaths.staffList, {}, s.token)).success).toBe(true);
  });

  it('a new account must change its first password', async () => {
    const username = uniqueStaffUsername('new');
    const created = await call<StaffAccount>(
      AdminPaths.staffCreate,
      { username, name: '新人', role: 'content', password: 'First-pass-2026' },
      owner.token,
    );
    expect(created.data).toMatchObject({
      username,
      role: 'content',
      mustChangePassword: true,
      disabled: false,
    });
    const login = await staffLogin(t, { username, password: 'First-pass-2026' }, freshAddress());
    expect(login.data.staff.mustChangePassword).toBe(true);
    const dup = await call(
      AdminPaths.staffCreate,
      { username: username.toUpperCase(), name: '重名', role: 'content', password: 'First-pass-2026' },
      owner.token,
    );
    expect(dup.message).toBe(StaffMessages.usernameTaken);
  });
});

describe('sessions', () => {
  it('logout revokes the token used, logoutAll every token', async () => {
    const s = await staffToken(t, 'service');
    const second = (await staffLogin(t, { username: s.username, password: s.password }, freshAddress())).data
      .token;
    const third = (await staffLogin(t, { username: s.username, password: s.password }, freshAddress())).data
      .token;
    expect((await call(AdminPaths.logout, {}, s.token)).success).toBe(true);
    expect((await call(AdminPaths.current, {}, s.token)).resultCode).toBe(ResultCode.InvalidToken);
    expect((await call(AdminPaths.current, {}, second)).success).toBe(true);
    expect((await call(AdminPaths.logoutAll, {}, second)).success).toBe(true);
    for (const token of [second, third])
      expect((await call(AdminPaths.current, {}, token)).resultCode).toBe(ResultCode.InvalidToken);
  });

  it('a new role signs the account out; the next session has the new permissions', async () => {
    const s = await staffToken(t, 'service');
    const updated = await call<StaffAccount>(
      AdminPaths.staffUpdate,
      { id: s.staffId, role: 'warehouse' },
      owner.token,
    );
    expect(updated.data.role).toBe('warehouse');
    expect((await call(AdminPaths.current, {}, s.token)).resultCode).toBe(ResultCode.InvalidToken);
    const again = await staffLogin(t, { username: s.username, password: s.password }, freshAddress());
    expect(again.data.staff.permissions).toEqual(ROLE_PERMISSIONS.warehouse);
    // A name change alone keeps the sessions.
    await call(AdminPaths.staffUpdate, { id: s.staffId, name: '仓库小王' }, owner.token);
    expect((await call<StaffSession>(AdminPaths.current, {}, again.data.token)).data.name).toBe('仓库小王');
  });
});

describe('owners', () => {
  it('the last owner can be neither demoted nor disabled, and an owner cannot disable themselves', async () => {
    const app = t.app.services.staff;
    const owners = (await app.list()).filter((a) => a.role === 'owner' && !a.disabled);
    // Leave exactly one active owner: the test's owner.
    for (const o of owners.filter((o) => o.id !== owner.staffId))
      await app.update(cliActor(), { id: o.id, disabled: true });
    const demote = await call(AdminPaths.staffUpdate, { id: owner.staffId, role: 'finance' }, owner.token);
    expect(demote).toMatchObject({ success: false, message: StaffMessages.lastOwner });
    const disable = await call(AdminPaths.staffUpdate, { id: owner.staffId, disabled: true }, owner.token);
    expect(disable).toMatchObject({ success: false, message: StaffMessages.selfDisable });
    await expect(app.update(cliActor(), { id: owner.staffId, disabled: true })).rejects.toThrow(
      StaffMessages.lastOwner,
    );

    const second = await staffToken(t, 'owner');
    expect(
      (await call(AdminPaths.staffUpdate, { id: owner.staffId, disabled: true }, owner.token)).message,
    ).toBe(StaffMessages.selfDisable);
    // With two owners one may step down; then the other is the last.
    const stepDown = await call<StaffAccount>(
      AdminPaths.staffUpdate,
      { id: second.staffId, role: 'finance' },
      owner.token,
    );
    expect(stepDown.data.role).toBe('finance');
    const back = await call(AdminPaths.staffUpdate, { id: owner.staffId, role: 'service' }, owner.token);
    expect(back.message).toBe(StaffMessages.lastOwner);
    expect((await call(AdminPaths.staffUpdate, { id: 999_999, name: 'x' }, owner.token)).resultCode).toBe(
      ResultCode.BadRequest,
    );
  });
});

// Last: it moves the clock 12 hours, past every token above.
describe('token lifetime', () => {
  it('gives a 12-hour token and records the sign-in time', async () => {
    const s = await staffToken(t, 'service');
    const list = await call<{ items: StaffAccount[] }>(AdminPaths.staffList, {}, owner.token);
    expect(list.data.items.find((a) => a.id === s.staffId)?.lastLoginTime).not.toBeNull();
    t.clock.advance(11 * 3600_000);
    expect((await call(AdminPaths.current, {}, s.token)).success).toBe(true);
    t.clock.advance(3600_000 + 1000);
    expect((await call(AdminPaths.current, {}, s.token)).resultCode).toBe(ResultCode.InvalidToken);
  });
});
