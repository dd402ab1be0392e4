import {
  type AuditAction,
  LOGIN_EXPIRED_MESSAGE,
  maskEmail,
  type Permission,
  ResultCode,
  ROLE_PERMISSIONS,
  roleCan,
  roleNeedsTwoFactor,
  STAFF_ROLES,
  type StaffAccount,
  type StaffLoginRequest,
  type StaffLoginResponse,
  StaffRole,
  type StaffSession,
  type TotpSetupResponse,
} from '@shop/domain';
import type { Database } from '../../db/client';
import { AppError, notFoundError, paramsError } from '../../lib/app-error';
import type { AuditActor, AuditRecorder } from '../../lib/audit';
import type { CaptchaCheck } from '../../lib/captcha-check';
import type { Clock } from '../../lib/clock';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { NO_COUNTERS, type ShopCounters } from '../../lib/metrics';
import { hashPassword, verifyAccountPassword, verifyPassword } from '../../lib/password';
import { qrImage } from '../../lib/qr-image';
import { clientAddressKey, type RateLimiter } from '../../lib/rate-limiter';
import { createSecretBox, type SecretBox } from '../../lib/secret-box';
import { shopTimeZone } from '../../lib/shop-day';
import type { StaffContext, StaffSessionState } from '../../plugins/staff-auth';
import * as repo from './staff.repository';
import { newTotpSecret, totpStepOf, totpUrl } from './totp';

export const StaffMessages = {
  captchaRequired: '请输入图片验证码',
  captchaFailed: '验证码错误或已过期',
  badCredentials: '用户名或密码错误',
  disabled: '该账号已停用，请联系店主',
  tooManyAttempts: '登录尝试次数过多，请15分钟后再试',
  tooManyPasswordChecks: '原密码错误次数过多，请15分钟后再试',
  totpRequired: '请输入身份验证器中的6位验证码',
  totpWrong: '验证码错误或已使用，请输入身份验证器中最新的6位验证码',
  emailCodeSent: (to: string) => `验证码已发送到工作邮箱 ${to}，请输入邮件中的6位数字`,
  emailCodeWrong: '邮件验证码错误或已过期，请重新登录获取新的验证码',
  totpAlreadyEnabled: '两步验证已启用；如需更换手机，请店主重置两步验证',
  totpNotSetUp: '请先获取两步验证的二维码',
  wrongOldPassword: '原密码错误',
  samePassword: '新密码不能与原密码相同',
  usernameTaken: '用户名已存在',
  staffNotFound: '员工账号不存在',
  lastOwner: '至少要保留一位启用中的店主',
  selfDisable: '不能停用自己的账号',
  loggedIn: '登录成功',
  loggedOut: '已退出登录',
  loggedOutAll: '已在所有设备退出登录',
  passwordChanged: '密码已修改',
  totpEnabled: '两步验证已启用',
  created: '员工账号已创建',
  updated: '员工账号已更新',
  passwordReset: '密码已重置，该员工下次登录须修改密码',
  totpReset: '两步验证已重置，该员工下次登录须重新设置',
} as const;

/** A console session lasts a working day; then the staff member signs in again (with the second factor). */
export const STAFF_TOKEN_TTL_MS = 12 * 60 * 60 * 1000;

/**
 * Sign-in attempts in one 15-minute window. Every attempt counts against its address (past 100 refused) before
 * anything is checked; once its captcha is solved it also counts against the account from that address (past 10
 * refused), counted before the password is checked so guesses sent together count one by one. A wrong or missing
 * captcha never counts against an account, and an account is only ever locked for one address: an anonymous
 * attacker cannot lock the owner out (#35). Old-password checks of changePassword/: 5 per staff member.
 */
export const STAFF_LOGIN_LIMITS = {
  accountCeiling: 10,
  addressCeiling: 100,
  passwordChecks: 5,
  windowMs: 15 * 60 * 1000,
} as const;

/** The start of an account's sign-in counters, one per address. */
const accountLoginPrefix = (username: string) => `staff-login:account:${username.toLowerCase()}:`;

// base64url of 32 bytes: anything else cannot be one of our tokens, so it is refused without a query.
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface StaffServiceDeps {
  db: Database;
  clock: Clock;
  rateLimiter: RateLimiter;
  /** The picture captcha (the captcha module, wired in services.ts): the first check of an answer uses it up. */
  captcha: CaptchaCheck;
  /** The audit log (the audit module, wired in services.ts), written on the change's own transaction. */
  audit: AuditRecorder;
  /** Refused logins are counted for the metrics (GET /metrics). */
  counters?: Pick<ShopCounters, 'loginRefused'>;
  /** Seals TOTP secrets at rest (SHOP_SECRET_KEY, lib/secret-box.ts); absent: stored as they are. */
  secrets?: SecretBox;
  /**
   * Codes by e-mail (the notices module): the second factor of an account whose role moves no money, has no TOTP
   * and has a work address (#31 'Staff'). Absent: such accounts sign in with the password alone, as before.
   */
  emailCodes?: StaffEmailCodes | undefined;
}

/** What the staff module asks of the notices module for the e-mailed second factor. */
export interface StaffEmailCodes {
  issue(executor: Database, input: { target: string; staffId: number }): Promise<void>;
  withCode<T>(input: { target: string; code: string }, within: (tx: Database) => Promise<T>): Promise<T>;
}

/** The data of a TwoFactorRequired answer: which factor the console asks for ('email': a code was mailed). */
export interface SecondFactorAsked {
  factor: 'totp' | 'email';
  /** The masked work address the code went to (factor 'email'). */
  sentTo?: string;
}

export interface NewStaff {
  username: string;
  name?: string | undefined;
  role: StaffRole;
  password: string;
  email?: string | undefined;
  /** Default true: the first password is the owner's or operator's, not the staff member's. */
  mustChangePassword?: boolean;
}

export interface StaffChangeRequest {
  id: number;
  name?: string | undefined;
  role?: StaffRole | undefined;
  disabled?: boolean | undefined;
  email?: string | undefined;
}

export type StaffService = ReturnType<typeof createStaffService>;

/** What the console shows of an account; never a hash or a secret. */
export function toStaffAccount(row: repo.StaffRow): StaffAccount {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    role: row.role as StaffRole,
    email: row.email,
    disabled: row.disabled,
    totpEnabled: row.totpEnabled,
    mustChangePassword: row.mustChangePassword,
    lastLoginTime: row.lastLoginTime?.toISOString() ?? null,
    createTime: row.createdAt.toISOString(),
  };
}

/** The audited picture of an account: what an owner may change, no secrets. */
function auditView(row: repo.StaffRow) {
  return {
    username: row.username,
    name: row.name,
    role: row.role,
    email: row.email,
    disabled: row.disabled,
    mustChangePassword: row.mustChangePassword,
    totpEnabled: row.totpEnabled,
  };
}

function sessionOf(row: repo.StaffRow): StaffSession {
  const role = row.role as StaffRole;
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    role,
    permissions: [...ROLE_PERMISSIONS[role]],
    totpEnabled: row.totpEnabled,
    totpSetupRequired: roleNeedsTwoFactor(role) && !row.totpEnabled,
    mustChangePassword: row.mustChangePassword,
    timeZone: shopTimeZone(),
  };
}

const sleep = (ms: number) => (ms > 0 ? new Promise<void>((r) => setTimeout(r, ms)) : Promise.resolve());

/**
 * The staff module: staff accounts, their sign-in with captcha and TOTP, their sessions, and the owner's
 * management of the accounts (docs/design.md 'Staff are not members'; docs/decisions/019). Every change writes its
 * audit row on its own transaction. The console's calls and the operator's commands both end here.
 */
export function createStaffService({
  db,
  clock,
  rateLimiter,
  captcha,
  audit,
  counters = NO_COUNTERS,
  emailCodes,
  secrets = createSecretBox(undefined),
}: StaffServiceDeps) {
  /** The audit row of a change to a staff account, on the change's transaction. */
  function recordStaff(
    tx: Database,
    by: AuditActor,
    action: AuditAction,
    staffId: number,
    change: { before?: unknown; after?: unknown } = {},
  ): Promise<void> {
    return audit(tx, { by, action, objectType: 'staff', objectId: staffId, ...change });
  }

  async function requireAccount(executor: Database, id: number): Promise<repo.StaffRow> {
    const row = await repo.findStaffById(executor, id);
    if (!row) throw notFoundError(StaffMessages.staffNotFound);
    return row;
  }

  async function requireSelf(auth: StaffContext): Promise<repo.StaffRow> {
    const row = await repo.findStaffById(db, auth.staffId);
    if (!row || row.disabled) throw new AppError(ResultCode.InvalidToken, LOGIN_EXPIRED_MESSAGE);
    return row;
  }

  /** A TOTP code of the account's secret that was never accepted before; its step is recorded on `executor`. */
  async function acceptTotp(executor: Database, row: repo.StaffRow, code: string): Promise<boolean> {
    if (!row.totpSecret) return false;
    const now = clock();
    const step = await totpStepOf(secrets.open(row.totpSecret), code, now);
    return step !== null && repo.acceptTotpStep(executor, row.id, step, now);
  }

  /**
   * An owner's (or operator's) reset of an account: the change, every session of the account revoked and the
   * audit row showing `field` before and after, in one transaction.
   */
  async function resetAccount(
    by: AuditActor,
    id: number,
    action: AuditAction,
    field: 'mustChangePassword' | 'totpEnabled',
    changes: repo.StaffChanges,
  ): Promise<StaffAccount> {
    const now = clock();
    return db.transaction(async (tx) => {
      const row = await requireAccount(tx, id);
      const updated = (await repo.updateStaff(tx, row.id, changes, now)) ?? row;
      const revoked = await repo.revokeTokens(tx, row.id, now);
      await recordStaff(tx, by, action, row.id, {
        before: { [field]: row[field] },
        after: { [field]: updated[field], revokedSessions: revoked },
      });
      return toStaffAccount(updated);
    });
  }

  /** Changes an account as the owner (or operator) asked, keeping one active owner; audited. */
  async function changeAccount(by: AuditActor, input: StaffChangeRequest) {
    const now = clock();
    return db.transaction(async (tx) => {
      const locked = await repo.lockForOwnerChange(tx, input.id);
      if (!locked) throw notFoundError(StaffMessages.staffNotFound);
      const { row, otherOwners } = locked;
      const role = input.role ?? (row.role as StaffRole);
      const disabled = input.disabled ?? row.disabled;
      if (disabled && !row.disabled && by.staffId === row.id) throw paramsError(StaffMessages.selfDisable);
      const wasActiveOwner = row.role === StaffRole.owner && !row.disabled;
      const staysActiveOwner = role === StaffRole.owner && !disabled;
      if (wasActiveOwner && !staysActiveOwner && otherOwners === 0)
        throw paramsError(StaffMessages.lastOwner);
      const updated = await repo.updateStaff(
        tx,
        row.id,
        { name: input.name ?? row.name, role, disabled, email: input.email ?? row.email },
        now,
      );
      if (!updated) throw notFoundError(StaffMessages.staffNotFound);
      // A new role or a disabled account takes effect now, not when the sessions expire.
      if (role !== row.role || (disabled && !row.disabled)) await repo.revokeTokens(tx, row.id, now);
      await recordStaff(tx, by, 'staff.update', row.id, {
        before: auditView(row),
        after: auditView(updated),
      });
      return toStaffAccount(updated);
    });
  }

  return {
    /**
     * Signs a staff member in: every attempt carries the picture captcha; attempts are counted per address
     * before anything is checked and, once the captcha is solved, per account and address (STAFF_LOGIN_LIMITS); an account with a second factor needs its current code, which is
     * accepted once only (TwoFactorRequired otherwise). Wrong username and wrong password answer alike.
     */
    async login(input: StaffLoginRequest, clientAddress: string): Promise<StaffLoginResponse> {
      const address = clientAddressKey(clientAddress);
      const accountKey = `${accountLoginPrefix(input.username)}${address}`;
      const addressKey = `staff-login:address:${address}`;
      const addressAttempts = await rateLimiter.hit(addressKey, STAFF_LOGIN_LIMITS.windowMs);
      if (addressAttempts > STAFF_LOGIN_LIMITS.addressCeiling)
        throw new AppError(ResultCode.TooManyRequests, StaffMessages.tooManyAttempts);
      await captcha.check(input, {
        messages: { required: StaffMessages.captchaRequired, failed: StaffMessages.captchaFailed },
      });
      const accountAttempts = await rateLimiter.hit(accountKey, STAFF_LOGIN_LIMITS.windowMs);
      if (accountAttempts > STAFF_LOGIN_LIMITS.accountCeiling)
        throw new AppError(ResultCode.TooManyRequests, StaffMessages.tooManyAttempts);

      const row = await repo.findStaffByUsername(db, input.username);
      const passwordOk = await verifyAccountPassword(row?.passwordHash, input.password);
      if (!row || !passwordOk) {
        // Failures from a busy address are answered ever slower (up to 2 s).
        await sleep(Math.min(2000, Math.max(0, addressAttempts - 10) * 100));
        counters.loginRefused('staff');
        throw paramsError(StaffMessages.badCredentials);
      }
      // Said only to the one who knows the password.
      if (row.disabled) {
        counters.loginRefused('staff');
        throw paramsError(StaffMessages.disabled);
      }

      const now = clock();
      const token = randomToken(32);
      const totp: SecondFactorAsked = { factor: 'totp' };
      // Roles that move no money and have no authenticator: a code mailed to the work address, when there is one.
      const byEmail =
        emailCodes && !row.totpEnabled && !roleNeedsTwoFactor(row.role as StaffRole) && row.email !== '';
      const signIn = async (tx: Database) => {
        if (row.totpEnabled) {
          if (!input.totpCode)
            throw new AppError(ResultCode.TwoFactorRequired, StaffMessages.totpRequired, totp);
          if (!(await acceptTotp(tx, row, input.totpCode))) {
            counters.loginRefused('staff');
            throw new AppError(ResultCode.TwoFactorRequired, StaffMessages.totpWrong, totp);
          }
        }
        await repo.insertToken(tx, {
          tokenHash: sha256Hex(token),
          staffId: row.id,
          createdAt: now,
          expiresAt: new Date(now.getTime() + STAFF_TOKEN_TTL_MS),
        });
        const updated = await repo.updateStaff(tx, row.id, { lastLoginTime: now }, now);
        const self = { staffId: row.id, actor: row.username, ip: clientAddress };
        await recordStaff(tx, self, 'staff.login', row.id);
        return updated ?? row;
      };
      let signedIn: repo.StaffRow;
      if (byEmail && emailCodes) {
        const asked: SecondFactorAsked = { factor: 'email', sentTo: maskEmail(row.email) };
        if (!input.emailCode) {
          // One code a minute per account: the password's holder cannot flood the address.
          if ((await rateLimiter.hit(`staff-login:code:${row.id}`, 60_000)) <= 1)
            await db.transaction((tx) => emailCodes.issue(tx, { target: row.email, staffId: row.id }));
          throw new AppError(
            ResultCode.TwoFactorRequired,
            StaffMessages.emailCodeSent(asked.sentTo ?? ''),
            asked,
          );
        }
        try {
          signedIn = await emailCodes.withCode({ target: row.email, code: input.emailCode }, signIn);
        } catch (error) {
          if (!(error instanceof AppError) || error.code !== ResultCode.ParamsError) throw error;
          counters.loginRefused('staff');
          throw new AppError(ResultCode.TwoFactorRequired, StaffMessages.emailCodeWrong, asked);
        }
      } else {
        signedIn = await db.transaction(signIn);
      }
      // The right password and code clear the account's count and do not count against the address.
      await Promise.all([rateLimiter.reset(accountKey), rateLimiter.undo(addressKey)]);
      return { token, staff: sessionOf(signedIn) };
    },

    /**
     * Lifts the sign-in locks of an account from every address (the operator's staff:unlock); audited. The
     * locks live in the shop's shared limiter (Redis or PostgreSQL); on the embedded database they live in the
     * server's memory and a restart lifts them.
     */
    async unlock(by: AuditActor, input: { id: number }): Promise<void> {
      const row = await requireAccount(db, input.id);
      const lifted = await rateLimiter.resetPrefix(accountLoginPrefix(row.username));
      await db.transaction((tx) => recordStaff(tx, by, 'staff.unlock', row.id, { after: { lifted } }));
    },

    /**
     * Seals every stored TOTP secret under the current key (the operator's secrets:rotate): plain ones stored
     * before SHOP_SECRET_KEY was set, and ones sealed under an old key (SHOP_SECRET_KEY_OLD). How many changed.
     */
    /** Whether secrets are sealed (SHOP_SECRET_KEY is set). */
    sealsSecrets: secrets.current !== undefined,

    async rotateSecrets(): Promise<{ resealed: number; total: number }> {
      const rows = await repo.totpSecrets(db);
      let resealed = 0;
      for (const row of rows) {
        if (secrets.isCurrent(row.totpSecret)) continue;
        const after = secrets.seal(secrets.open(row.totpSecret));
        if (await repo.resealTotpSecret(db, row.id, row.totpSecret, after)) resealed += 1;
      }
      return { resealed, total: rows.length };
    },

    /**
     * What the server checks at start about the stored TOTP secrets: how many accounts have TOTP on, and how many
     * secrets no configured key opens (their owners could not sign in).
     */
    async secretsAtRest(): Promise<{ withTotp: number; unreadable: number }> {
      const rows = await repo.totpSecrets(db);
      let unreadable = 0;
      for (const row of rows) {
        try {
          secrets.open(row.totpSecret);
        } catch {
          unreadable += 1;
        }
      }
      return { withTotp: rows.filter((r) => r.totpEnabled).length, unreadable };
    },

    /** Resolves a bearer token to its live session (the staff guard), or null. */
    async authenticate(token: string): Promise<StaffSessionState | null> {
      if (!TOKEN_PATTERN.test(token)) return null;
      const found = await repo.findLiveSession(db, sha256Hex(token), clock());
      if (!found) return null;
      const session = sessionOf(found.account);
      return {
        staffId: session.id,
        tokenId: found.tokenId,
        username: session.username,
        role: found.account.role as StaffRole,
        mustChangePassword: session.mustChangePassword,
        totpSetupRequired: session.totpSetupRequired,
      };
    },

    /** The signed-in staff member, with the permissions the console draws its menu from. */
    async current(auth: StaffContext): Promise<StaffSession> {
      return sessionOf(await requireSelf(auth));
    },

    /** Revokes the token the staff member presented. */
    async logout(auth: StaffContext, by: AuditActor): Promise<void> {
      await db.transaction(async (tx) => {
        await repo.revokeToken(tx, auth.tokenId, clock());
        await recordStaff(tx, by, 'staff.logout', auth.staffId);
      });
    },

    /** Revokes every token of the staff member (sign out everywhere, a phone or laptop lost). */
    async logoutAll(auth: StaffContext, by: AuditActor): Promise<void> {
      await db.transaction(async (tx) => {
        const revoked = await repo.revokeTokens(tx, auth.staffId, clock());
        await recordStaff(tx, by, 'staff.logoutAll', auth.staffId, { after: { revokedSessions: revoked } });
      });
    },

    /**
     * Changes the staff member's own password (also the one the owner reset), lifts the password gate and signs
     * out every other session. Wrong old passwords count, 5 per staff member in 15 minutes.
     */
    async changePassword(
      auth: StaffContext,
      input: { oldPassword: string; newPassword: string },
      by: AuditActor,
    ): Promise<StaffSession> {
      const guessKey = `password:staff:${auth.staffId}`;
      if ((await rateLimiter.hit(guessKey, STAFF_LOGIN_LIMITS.windowMs)) > STAFF_LOGIN_LIMITS.passwordChecks)
        throw new AppError(ResultCode.TooManyRequests, StaffMessages.tooManyPasswordChecks);
      const row = await requireSelf(auth);
      if (!(await verifyPassword(row.passwordHash, input.oldPassword)))
        throw paramsError(StaffMessages.wrongOldPassword);
      if (input.newPassword === input.oldPassword) throw paramsError(StaffMessages.samePassword);
      const passwordHash = await hashPassword(input.newPassword);
      const now = clock();
      const updated = await db.transaction(async (tx) => {
        const changed = await repo.updateStaff(tx, row.id, { passwordHash, mustChangePassword: false }, now);
        await repo.revokeTokens(tx, row.id, now, auth.tokenId);
        await recordStaff(tx, by, 'staff.changePassword', row.id, {
          before: { mustChangePassword: row.mustChangePassword },
          after: { mustChangePassword: false },
        });
        return changed ?? row;
      });
      await rateLimiter.reset(guessKey);
      return sessionOf(updated);
    },

    /**
     * A new TOTP secret for the caller, shown once as text and as a QR code; not active until totpEnable/
     * confirms a code of it. Refused while a second factor is active: changing it goes through the owner's reset.
     */
    async totpSetup(auth: StaffContext, by: AuditActor): Promise<TotpSetupResponse> {
      const row = await requireSelf(auth);
      if (row.totpEnabled) throw paramsError(StaffMessages.totpAlreadyEnabled);
      const secret = newTotpSecret();
      await db.transaction(async (tx) => {
        await repo.updateStaff(tx, row.id, { totpSecret: secrets.seal(secret), totpLastStep: null }, clock());
        await recordStaff(tx, by, 'staff.totpSetup', row.id);
      });
      const otpauthUrl = totpUrl(secret, row.username);
      return {
        secret,
        otpauthUrl,
        qrCode: qrImage(otpauthUrl),
      };
    },

    /** Turns the second factor on once the caller typed a code of the new secret (the gate then opens). */
    async totpEnable(auth: StaffContext, code: string, by: AuditActor): Promise<StaffSession> {
      const row = await requireSelf(auth);
      if (row.totpEnabled) throw paramsError(StaffMessages.totpAlreadyEnabled);
      if (!row.totpSecret) throw paramsError(StaffMessages.totpNotSetUp);
      const updated = await db.transaction(async (tx) => {
        if (!(await acceptTotp(tx, row, code)))
          throw new AppError(ResultCode.TwoFactorRequired, StaffMessages.totpWrong);
        const changed = await repo.updateStaff(tx, row.id, { totpEnabled: true }, clock());
        await recordStaff(tx, by, 'staff.totpEnable', row.id, {
          before: { totpEnabled: false },
          after: { totpEnabled: true },
        });
        return changed ?? row;
      });
      return sessionOf(updated);
    },

    /** Every staff account, oldest first (owner only). */
    async list(): Promise<StaffAccount[]> {
      return (await repo.listStaff(db)).map(toStaffAccount);
    },

    /** The account of a username (the command line names accounts by username). */
    async findByUsername(username: string): Promise<StaffAccount> {
      const row = await repo.findStaffByUsername(db, username);
      if (!row) throw notFoundError(StaffMessages.staffNotFound);
      return toStaffAccount(row);
    },

    /** Creates an account; the staff member must change the first password at first sign-in unless told not. */
    async create(by: AuditActor, input: NewStaff): Promise<StaffAccount> {
      const passwordHash = await hashPassword(input.password);
      const now = clock();
      return db.transaction(async (tx) => {
        const row = await repo.insertStaff(tx, {
          username: input.username,
          name: input.name ?? '',
          role: input.role,
          email: input.email ?? '',
          passwordHash,
          mustChangePassword: input.mustChangePassword ?? true,
          createdAt: now,
          updatedAt: now,
        });
        if (!row) throw paramsError(StaffMessages.usernameTaken);
        await recordStaff(tx, by, 'staff.create', row.id, { after: auditView(row) });
        return toStaffAccount(row);
      });
    },

    /**
     * Changes an account's name, role or whether it is disabled. The last active owner can be neither demoted nor
     * disabled (the accounts are locked, so two changes at once cannot both pass), an owner cannot disable
     * themselves, and a new role or disabling signs the account out everywhere.
     */
    update: changeAccount,

    /**
     * Where the notices of a kind of work go (#31 'Staff'): the e-mail addresses of active staff whose role has
     * `permission`, the owner aside (the owner has every permission and gets the daily summary instead) unless
     * `owners`: a change the owners must see, not work.
     */
    async noticeRecipients(
      executor: Database,
      permission: Permission,
      options: { owners?: boolean | undefined } = {},
    ): Promise<{ id: number; email: string }[]> {
      const roles = STAFF_ROLES.filter(
        (r) => (options.owners === true || r !== StaffRole.owner) && roleCan(r, permission),
      );
      return repo.staffEmails(executor, roles);
    },

    /** The owners' e-mail addresses (the daily summary). */
    async ownerEmails(): Promise<{ id: number; email: string }[]> {
      return repo.staffEmails(db, [StaffRole.owner]);
    },

    /** Sets a new password the staff member must change at next sign-in, and signs them out everywhere. */
    async resetPassword(by: AuditActor, input: { id: number; password: string }): Promise<StaffAccount> {
      const passwordHash = await hashPassword(input.password);
      return resetAccount(by, input.id, 'staff.resetPassword', 'mustChangePassword', {
        passwordHash,
        mustChangePassword: true,
      });
    },

    /** Clears the second factor (a lost phone): set up again at next sign-in; signs them out everywhere. */
    async resetTotp(by: AuditActor, input: { id: number }): Promise<StaffAccount> {
      return resetAccount(by, input.id, 'staff.resetTotp', 'totpEnabled', {
        totpSecret: null,
        totpEnabled: false,
        totpLastStep: null,
      });
    },
  };
}
