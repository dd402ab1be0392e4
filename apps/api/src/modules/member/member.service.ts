import {
  type BindContactRequest,
  COOKIE_DEFAULT_DAYS,
  type CodeScene,
  DEFAULT_MEMBER_LEVEL,
  LOGIN_EXPIRED_MESSAGE,
  type LoginRefusal,
  type LoginRequest,
  type Member,
  maskEmail,
  maskPhone,
  type NoticePrefs,
  type RegisterRequest,
  type ResetLinkStatusResponse,
  type ResetPasswordByLinkRequest,
  type ResetPasswordRequest,
  ResultCode,
  readNoticePrefs,
  type SendCodeRequest,
  type SendCodeResponse,
  type SmsLoginRequest,
  toMajor,
  type UpdatePasswordRequest,
  type UpdateProfileRequest,
} from '@shop/domain';
import type { Database } from '../../db/client';
import { AppError, notFoundError, paramsError } from '../../lib/app-error';
import type { CaptchaCheck } from '../../lib/captcha-check';
import type { Clock } from '../../lib/clock';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { NO_COUNTERS, type ShopCounters } from '../../lib/metrics';
import { hashPassword, verifyAccountPassword, verifyPassword } from '../../lib/password';
import { clientAddressKey, type RateLimiter } from '../../lib/rate-limiter';
import type { AuthContext, MemberSession } from '../../plugins/auth';
import { type MemberBrief, memberBriefs } from './member.briefs';
import * as repo from './member.repository';
import type { SessionCache } from './member.sessions';

export const MemberMessages = {
  registered: '注册成功',
  captchaFailed: '验证码错误或已过期',
  codeWrong: '验证码错误或已过期',
  usernameTaken: '用户名已被注册',
  badCredentials: '用户名或密码错误',
  tooManyAttempts: '该网络登录尝试次数过多，请15分钟后再试',
  tooManyPasswordChecks: '原密码错误次数过多，请15分钟后再试',
  captchaRequired: '请输入图片验证码',
  profileUpdated: '资料已更新',
  wrongOldPassword: '原密码错误',
  wrongPassword: '登录密码错误',
  passwordChanged: '密码已修改',
  loggedOut: '已退出登录',
  badLevel: '会员等级须为 0-999 的整数',
  memberNotFound: (username: string) => `会员不存在：${username}`,
  codeSent: '验证码已发送，请查收',
  tooManyCodes: '获取验证码过于频繁，请稍后再试',
  noEmailChannel: '本店暂未开通邮件验证码，请使用手机号',
  noSmsChannel: '本店暂未开通短信验证码，请使用邮箱',
  passwordReset: '密码已重置，请使用新密码登录',
  contactBound: '验证成功，已绑定',
  contactTaken: '该手机号或邮箱已绑定其他账号',
  prefsSaved: '通知设置已保存',
  resetLinkDead: '该链接已使用或已过期，请联系客服重新获取',
  passwordSet: '新密码已设置，请使用新密码登录',
} as const;

/**
 * Codes one may ask for (sendCode/, #31): one a minute and 5 an hour per phone or address, 10 an hour per client
 * address, 20 a day per phone or address. Each counter is incremented atomically before anything is sent.
 */
export const CODE_LIMITS = {
  resendAfterSeconds: 60,
  perTargetHour: 5,
  perTargetDay: 20,
  perAddressHour: 10,
  /** How long a code stays valid (the notices module's CODE_RULES.ttlSeconds). */
  expiresInSeconds: 300,
} as const;

/**
 * Counts one more code to `target` against the limits per phone or address (and per client address when given),
 * atomically and before anything is sent; refused past any of them. Shared by sendCode/ and the console's reset.
 */
export async function countCodeTo(
  rateLimiter: RateLimiter,
  target: string,
  resendAfterSeconds: number,
  clientAddress?: string,
): Promise<void> {
  const limits: [string, number, number][] = [
    [`code:resend:${target}`, resendAfterSeconds * 1000, 1],
    [`code:hour:${target}`, 3_600_000, CODE_LIMITS.perTargetHour],
    [`code:day:${target}`, 86_400_000, CODE_LIMITS.perTargetDay],
  ];
  if (clientAddress !== undefined)
    limits.push([`code:address:${clientAddressKey(clientAddress)}`, 3_600_000, CODE_LIMITS.perAddressHour]);
  for (const [key, windowMs, most] of limits)
    if ((await rateLimiter.hit(key, windowMs)) > most)
      throw new AppError(ResultCode.TooManyRequests, MemberMessages.tooManyCodes);
}

/** What the member module asks of the notices module (a port wired in services.ts). */
export interface CodePort {
  /** Whether codes can go by this channel at all (a mail server or SMS gateway, or the sandbox). */
  canSend(channel: 'email' | 'sms'): boolean;
  issueCode(
    executor: Database,
    input: { scene: CodeScene; channel: 'email' | 'sms'; target: string; memberId?: number | undefined },
  ): Promise<void>;
  withCode<T>(
    input: { scene: CodeScene; target: string; code: string },
    within: (tx: Database, memberId: number | null) => Promise<T>,
  ): Promise<T>;
}

const captchaMessages = { required: MemberMessages.captchaRequired, failed: MemberMessages.captchaFailed };

/** Tokens live as long as the storefront's token cookie (spec §9: 30 days). */
export const TOKEN_TTL_MS = COOKIE_DEFAULT_DAYS * 24 * 60 * 60 * 1000;
/**
 * Login attempts in one 15-minute window: past 3 for an account or 10 for an address the captcha is asked; past
 * 100 an address is refused. Old-password checks of updatePwd/: 5 per member.
 */
export const LOGIN_LIMITS = {
  captchaAfterAccount: 3,
  captchaAfterAddress: 10,
  addressCeiling: 100,
  passwordChecks: 5,
  windowMs: 15 * 60 * 1000,
} as const;

/** Extra wait of a failed login from a busy address: 0 below the captcha threshold, then growing to 2 s. */
export function failureDelayMs(addressAttempts: number): number {
  const over = addressAttempts - LOGIN_LIMITS.captchaAfterAddress;
  return over <= 0 ? 0 : Math.min(2000, 50 * 2 ** Math.min(over - 1, 6));
}

const sleep = (ms: number) => (ms > 0 ? new Promise<void>((r) => setTimeout(r, ms)) : Promise.resolve());
// Writing last_used_at on every call would turn each read into a write; once a few minutes is enough.
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;
// base64url of 32 bytes: anything else cannot be one of our tokens, so it is refused without a query.
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface MemberServiceDeps {
  db: Database;
  clock: Clock;
  rateLimiter: RateLimiter;
  /** The picture captcha (the captcha module, wired in services.ts): the first check of an answer uses it up. */
  captcha: CaptchaCheck;
  /** Refused logins are counted for the metrics (GET /metrics). */
  counters?: Pick<ShopCounters, 'loginRefused'>;
  /** Live sessions in this process's memory (member.sessions.ts); absent in the command line and where turned off. */
  sessions?: SessionCache | null | undefined;
  /** Verification codes by SMS and e-mail (the notices module); absent: sendCode/ and its kin are refused. */
  codes?: CodePort | undefined;
  /** Seconds before another code may go to the same number or address (SHOP_CODE_RESEND_SECONDS, default 60). */
  resendAfterSeconds?: number;
  /** A member's price level as a statement part: a company member's is the company's (ADR 055); own by default. */
  priceLevel?: repo.PriceLevelSql | undefined;
}

export interface NewMember {
  username: string;
  password: string;
  name?: string | undefined;
  level?: number | undefined;
  email?: string | undefined;
  mobile?: string | undefined;
  company?: string | undefined;
  wechat?: string | undefined;
  /** When the member joined: the database's now unless given (the demo's buyers of the past, demo-history.ts). */
  joinedAt?: Date | undefined;
}

export type MemberService = ReturnType<typeof createMemberService>;

/** A member as the storefront sees it (spec §3 'User'): deposits in major units, e.g. 1250 fen → 12.5. */
export function toMemberDto(row: repo.MemberRow): Member {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    level: row.level,
    cnyDeposit: toMajor(row.cnyDeposit),
    audDeposit: toMajor(row.audDeposit),
    email: maskEmail(row.email),
    mobile: row.mobile,
    company: row.company,
    wechat: row.wechat,
    abn: row.abn,
    taxNo: row.taxNo,
    createdAt: row.createdAt.toISOString(),
    mustChangePassword: row.mustChangePassword,
    phone: maskPhone(row.phone),
    phoneVerified: row.phoneVerifiedAt !== null,
    emailVerified: row.emailVerifiedAt !== null,
  };
}

/** The member module: registration, login, tokens and profile (spec §7 'Member'). */
export function createMemberService({
  db,
  clock,
  rateLimiter,
  captcha,
  counters = NO_COUNTERS,
  sessions = null,
  codes,
  resendAfterSeconds = CODE_LIMITS.resendAfterSeconds,
  priceLevel = repo.ownLevel,
}: MemberServiceDeps) {
  function requireCodes(channel: 'email' | 'sms'): CodePort {
    if (!codes?.canSend(channel))
      throw paramsError(channel === 'email' ? MemberMessages.noEmailChannel : MemberMessages.noSmsChannel);
    return codes;
  }

  /** The member a phone or a proved address belongs to, or null. */
  function findByContactOn(
    executor: Database,
    contact: { phone?: string | undefined; email?: string | undefined },
  ) {
    return contact.phone
      ? repo.findMemberByPhone(executor, contact.phone)
      : repo.findMemberByVerifiedEmail(executor, contact.email ?? '');
  }
  const findByContact = (contact: { phone?: string | undefined; email?: string | undefined }) =>
    findByContactOn(db, contact);

  async function issueToken(memberId: number, executor: Database = db): Promise<string> {
    const token = randomToken(32);
    const now = clock();
    await repo.insertToken(executor, {
      tokenHash: sha256Hex(token),
      memberId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + TOKEN_TTL_MS),
    });
    return token;
  }

  async function requireMember(memberId: number): Promise<repo.MemberRow> {
    const row = await repo.findMemberById(db, memberId);
    // The token was valid a moment ago; a member removed since is simply logged out.
    if (!row) throw new AppError(ResultCode.InvalidToken, LOGIN_EXPIRED_MESSAGE);
    return row;
  }

  /**
   * Checks a signed-in member's own password (updatePwd/, unbinding the chat app). Wrong ones count like login
   * failures, 5 per member in 15 minutes, so a stolen token cannot guess the password. Returns the counter's key,
   * for the caller to clear once its change is done.
   */
  async function checkOwnPassword(
    memberId: number,
    password: string,
    wrongMessage: string = MemberMessages.wrongOldPassword,
  ): Promise<string> {
    const guessKey = `password:member:${memberId}`;
    // Reserved before the check, so guesses sent together count one by one.
    if ((await rateLimiter.hit(guessKey, LOGIN_LIMITS.windowMs)) > LOGIN_LIMITS.passwordChecks) {
      throw new AppError(ResultCode.TooManyRequests, MemberMessages.tooManyPasswordChecks);
    }
    const member = await requireMember(memberId);
    if (!(await verifyPassword(member.passwordHash, password))) {
      throw paramsError(wrongMessage);
    }
    return guessKey;
  }

  /**
   * What follows a new password chosen with a code or a link: every session ends (whoever held one signs in
   * again) and reset links not yet used are retired.
   */
  async function afterPasswordReset(tx: Database, memberId: number, now: Date): Promise<void> {
    await repo.revokeTokens(tx, memberId, now);
    await repo.dropResetLinks(tx, memberId);
  }

  return {
    /**
     * Signs a member in without a password, for a caller that has proved who they are another way (a confirmed
     * QR scan of a bound chat-app identity): the same token as login/, on the caller's transaction.
     */
    issueLoginToken(memberId: number, executor: Database): Promise<string> {
      return issueToken(memberId, executor);
    },

    /** Checks the member's own password before a sensitive change (unbinding); wrong ones are rate-limited. */
    async confirmPassword(memberId: number, password: string): Promise<void> {
      await rateLimiter.reset(await checkOwnPassword(memberId, password, MemberMessages.wrongPassword));
    },

    /** Creates a member without a captcha (operator CLI, seed); rejects a taken username. */
    async createMember(input: NewMember): Promise<repo.MemberRow> {
      const passwordHash = await hashPassword(input.password);
      const row = await repo.insertMember(db, {
        username: input.username,
        passwordHash,
        name: input.name ?? '',
        level: input.level ?? DEFAULT_MEMBER_LEVEL,
        email: input.email ?? '',
        mobile: input.mobile ?? '',
        company: input.company ?? '',
        wechat: input.wechat ?? '',
        ...(input.joinedAt ? { createdAt: input.joinedAt } : {}),
      });
      if (!row) throw paramsError(MemberMessages.usernameTaken);
      return row;
    },

    /** Creates the member unless the username exists; true when it was created (idempotent seeding). */
    async ensureMember(input: NewMember): Promise<boolean> {
      if (await repo.findMemberByUsername(db, input.username)) return false;
      const row = await repo.insertMember(db, {
        username: input.username,
        passwordHash: await hashPassword(input.password),
        name: input.name ?? '',
        level: input.level ?? DEFAULT_MEMBER_LEVEL,
      });
      return row !== null;
    },

    /** Number of members (a fresh database has none). */
    countMembers(): Promise<number> {
      return repo.countMembers(db);
    },

    /** Registers a member after checking the captcha, and logs them in (spec §7 register/). */
    async register(input: RegisterRequest): Promise<{ token: string }> {
      await captcha.check(input, { messages: captchaMessages });
      if (await repo.findMemberByUsername(db, input.username)) {
        throw paramsError(MemberMessages.usernameTaken);
      }
      const passwordHash = await hashPassword(input.password);
      // The member and the first token go together: a register that fails halfway leaves nothing behind.
      return db.transaction(async (tx) => {
        const row = await repo.insertMember(tx, {
          username: input.username,
          passwordHash,
          name: input.name ?? '',
          email: input.email ?? '',
          mobile: input.mobile ?? '',
          company: input.company ?? '',
          wechat: input.wechat ?? '',
        });
        // Another request took the name between our check and the insert.
        if (!row) throw paramsError(MemberMessages.usernameTaken);
        return { token: await issueToken(row.id, tx) };
      });
    },

    /**
     * Logs in with username and password (spec §7 login/). Each attempt is counted before the password is
     * checked, so guesses sent together count one by one. After a few for the account or the address the picture
     * captcha is asked too (none: SmsNeedImageVerify 403; wrong: ImageVerifyFailed 404, spec §8), which a guesser must solve once per guess while the
     * rightful owner still gets in; an address past the ceiling is refused, its failures answered ever slower.
     */
    async login(input: LoginRequest, clientAddress: string): Promise<{ token: string }> {
      const accountKey = `login:account:${input.username.toLowerCase()}`;
      const addressKey = `login:address:${clientAddress}`;
      const addressAttempts = await rateLimiter.hit(addressKey, LOGIN_LIMITS.windowMs);
      if (addressAttempts > LOGIN_LIMITS.addressCeiling) {
        throw new AppError(ResultCode.TooManyRequests, MemberMessages.tooManyAttempts);
      }
      const accountAttempts = await rateLimiter.hit(accountKey, LOGIN_LIMITS.windowMs);
      const needCaptcha =
        accountAttempts > LOGIN_LIMITS.captchaAfterAccount ||
        addressAttempts > LOGIN_LIMITS.captchaAfterAddress;
      if (needCaptcha) {
        const refusal: LoginRefusal = { needCaptcha: true };
        await captcha.check(input, { messages: captchaMessages, data: refusal });
      }
      const member = await repo.findMemberByUsername(db, input.username);
      const passwordOk = await verifyAccountPassword(member?.passwordHash, input.password);
      if (!member || !passwordOk) {
        await sleep(failureDelayMs(addressAttempts));
        // The next attempt will need the captcha: say so now, so the dialog shows it at once.
        const refusal: LoginRefusal = {
          needCaptcha:
            accountAttempts >= LOGIN_LIMITS.captchaAfterAccount ||
            addressAttempts >= LOGIN_LIMITS.captchaAfterAddress,
        };
        counters.loginRefused('member');
        // One answer for 'no such member' and 'wrong password', so usernames cannot be probed.
        throw paramsError(MemberMessages.badCredentials, refusal);
      }
      // A right password clears the account's count and does not count against the address.
      await Promise.all([rateLimiter.reset(accountKey), rateLimiter.undo(addressKey)]);
      return { token: await issueToken(member.id) };
    },

    /**
     * Resolves a bearer token to its member, or null when unknown, expired or revoked; in the same query, whether
     * staff reset the password since (the auth hooks then hold the member to changing it).
     */
    async authenticate(token: string): Promise<MemberSession | null> {
      if (!TOKEN_PATTERN.test(token)) return null;
      const now = clock();
      const tokenHash = sha256Hex(token);
      const read = () => repo.findLiveToken(db, tokenHash, now, priceLevel);
      const found = sessions ? await sessions.get(tokenHash, read) : await read();
      // A remembered token is checked against the clock here: it may have expired since it was read.
      if (!found || found.expiresAt.getTime() <= now.getTime()) return null;
      if (now.getTime() - found.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
        await repo.touchToken(db, found.id, now);
        // The remembered entry too, so the next calls do not write it again.
        found.lastUsedAt = now;
      }
      return {
        memberId: found.memberId,
        tokenId: found.id,
        mustChangePassword: found.mustChangePassword,
        level: found.level,
      };
    },

    /** The calling member (spec §7 current/). */
    /** The member as current/ answers (spec §7): `level` is the price level, their company's while in one. */
    async current(auth: AuthContext): Promise<Member> {
      const row = await repo.findMemberWithPriceLevel(db, auth.memberId, priceLevel);
      // The token was valid a moment ago; a member removed since is simply logged out.
      if (!row) throw new AppError(ResultCode.InvalidToken, LOGIN_EXPIRED_MESSAGE);
      return toMemberDto({ ...row, level: row.priceLevel });
    },

    /**
     * Changes a member's price level (spec §3 'User' level; the operator decides), on the caller's transaction;
     * `changed` is false when it was the level already.
     */
    async setLevel(executor: Database, who: repo.MemberRef, level: number) {
      if (!Number.isInteger(level) || level < 0 || level > 999) throw paramsError(MemberMessages.badLevel);
      const row = await repo.setMemberLevel(executor, who, level, clock());
      if (!row) throw notFoundError(MemberMessages.memberNotFound('id' in who ? `#${who.id}` : who.username));
      return { memberId: row.id, before: row.before, after: row.after, changed: row.before !== row.after };
    },

    /** When the member registered (announcements sent before are not theirs). */
    async joinedAt(memberId: number): Promise<Date> {
      return (await requireMember(memberId)).createdAt;
    },

    /** The member's display name for the shop's staff and messages: the name, else the username. */
    async displayName(memberId: number): Promise<string> {
      const row = await requireMember(memberId);
      return row.name || row.username;
    },

    /** The business details a tax invoice or fapiao names the member by (modules/invoice). */
    async businessDetails(
      memberId: number,
    ): Promise<{ name: string; company: string; abn: string; taxNo: string; username: string }> {
      const row = await requireMember(memberId);
      return { name: row.name, company: row.company, abn: row.abn, taxNo: row.taxNo, username: row.username };
    },

    /** Updates the profile fields given; omitted fields stay as they are (spec §7 update/). */
    async updateProfile(auth: AuthContext, input: UpdateProfileRequest): Promise<Member> {
      const row = await repo.updateMemberProfile(db, auth.memberId, input, clock());
      if (!row) throw new AppError(ResultCode.InvalidToken, LOGIN_EXPIRED_MESSAGE);
      return toMemberDto(row);
    },

    /**
     * Changes the password (spec §7 updatePwd/) and logs out every other session, keeping the one in use; a
     * password staff reset is thereby replaced and the member's calls open again. Wrong old passwords count like
     * login failures, so a stolen token cannot guess the password.
     */
    async changePassword(auth: AuthContext, input: UpdatePasswordRequest): Promise<void> {
      const guessKey = await checkOwnPassword(auth.memberId, input.oldPassword);
      const passwordHash = await hashPassword(input.newPassword);
      const now = clock();
      // New password and revoked sessions go together: never the one without the other.
      await db.transaction(async (tx) => {
        await repo.updateMemberPassword(tx, auth.memberId, passwordHash, now);
        await repo.revokeTokens(tx, auth.memberId, now, auth.tokenId);
        // A reset link staff made before is no longer wanted.
        await repo.dropResetLinks(tx, auth.memberId);
      });
      await rateLimiter.reset(guessKey);
    },

    /**
     * Sends a code by SMS or e-mail (#31 sendCode/). The picture captcha first (none: SmsNeedImageVerify 403; wrong:
     * ImageVerifyFailed 404), then the limits per phone or address and per client address, counted atomically.
     * For sign-in and reset, a number or address no member has gets the same answer and nothing is sent; for
     * binding, the signed-in member's; for registration, one no member has.
     */
    async sendCode(
      input: SendCodeRequest,
      clientAddress: string,
      auth: AuthContext | null,
    ): Promise<SendCodeResponse> {
      const channel = input.phone ? 'sms' : 'email';
      const port = requireCodes(channel);
      await captcha.check(input, { messages: captchaMessages });
      const target = input.phone ?? input.email ?? '';
      if (input.scene === 'bind' && !auth) throw new AppError(ResultCode.InvalidToken, LOGIN_EXPIRED_MESSAGE);
      await countCodeTo(rateLimiter, target, resendAfterSeconds, clientAddress);
      const owner = await findByContact(input);
      const send =
        input.scene === 'bind'
          ? !owner || owner.id === auth?.memberId
          : input.scene === 'register'
            ? !owner
            : owner !== null;
      if (send)
        await db.transaction((tx) =>
          port.issueCode(tx, {
            scene: input.scene,
            channel,
            target,
            memberId: input.scene === 'bind' ? auth?.memberId : owner?.id,
          }),
        );
      return { resendAfter: resendAfterSeconds, expiresIn: CODE_LIMITS.expiresInSeconds };
    },

    /** Signs in with a phone number and its code (#31 smsLogin/): the same token as login/. */
    async smsLogin(input: SmsLoginRequest): Promise<{ token: string }> {
      const port = requireCodes('sms');
      return port.withCode({ scene: 'login', target: input.phone, code: input.code }, async (tx) => {
        // The number may have moved to another member since the code was sent: sign in its holder now.
        const member = await repo.findMemberByPhone(tx, input.phone);
        if (!member) throw paramsError(MemberMessages.codeWrong);
        return { token: await issueToken(member.id, tx) };
      });
    },

    /**
     * Sets a new password with a code sent to the member's phone or proved address (#31 resetPwd/), and ends every
     * session of the member: whoever held one must sign in again.
     */
    async resetPassword(input: ResetPasswordRequest): Promise<void> {
      const port = requireCodes(input.phone ? 'sms' : 'email');
      const target = input.phone ?? input.email ?? '';
      const passwordHash = await hashPassword(input.password);
      await port.withCode({ scene: 'reset', target, code: input.code }, async (tx, memberId) => {
        const member = await findByContactOn(tx, input);
        if (!member || member.id !== memberId) throw paramsError(MemberMessages.codeWrong);
        const now = clock();
        await repo.updateMemberPassword(tx, member.id, passwordHash, now);
        await afterPasswordReset(tx, member.id, now);
      });
    },

    /** Whether a one-time reset link staff handed over can still be used (ADR 045), and whose account it is for. */
    async resetLinkStatus(token: string): Promise<ResetLinkStatusResponse> {
      const link = await repo.findLiveResetLink(db, sha256Hex(token), clock());
      if (!link) throw paramsError(MemberMessages.resetLinkDead);
      return { username: link.username, expiresAt: link.expiresAt.toISOString() };
    },

    /**
     * Sets the member's own new password with a one-time link (ADR 045): the link is used and the password set in
     * one statement, so of two uses only one succeeds; then every session ends as with 忘记密码.
     */
    async resetPasswordByLink(input: ResetPasswordByLinkRequest): Promise<void> {
      const tokenHash = sha256Hex(input.token);
      // A dead link is refused before the costly hash, so stray requests cost the server a lookup only.
      if (!(await repo.findLiveResetLink(db, tokenHash, clock())))
        throw paramsError(MemberMessages.resetLinkDead);
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        const now = clock();
        const memberId = await repo.setPasswordByResetLink(tx, tokenHash, passwordHash, now);
        if (memberId === null) throw paramsError(MemberMessages.resetLinkDead);
        await afterPasswordReset(tx, memberId, now);
      });
    },

    /** Proves and records a phone number or e-mail address for the signed-in member (#31 bindContact/). */
    async bindContact(auth: AuthContext, input: BindContactRequest): Promise<Member> {
      const port = requireCodes(input.phone ? 'sms' : 'email');
      const target = input.phone ?? input.email ?? '';
      const row = await port.withCode({ scene: 'bind', target, code: input.code }, async (tx, memberId) => {
        if (memberId !== auth.memberId) throw paramsError(MemberMessages.codeWrong);
        const contact = input.phone ? { phone: input.phone } : { email: target };
        const bound = await repo.setProvedContact(tx, auth.memberId, contact, clock());
        if (!bound) throw paramsError(MemberMessages.contactTaken);
        return bound;
      });
      return toMemberDto(row);
    },

    /** The member's choice of notices by e-mail and SMS (/member/settings). */
    async noticePrefs(auth: AuthContext): Promise<NoticePrefs> {
      return readNoticePrefs(await repo.findNoticePrefs(db, auth.memberId));
    },

    async updateNoticePrefs(auth: AuthContext, prefs: NoticePrefs): Promise<NoticePrefs> {
      await repo.writeNoticePrefs(db, auth.memberId, prefs, clock());
      return prefs;
    },

    /**
     * How to reach a member for a notice, on the caller's executor (the notices module's port): only proved
     * contacts, and the member's choices.
     */
    async noticeContacts(
      executor: Database,
      memberId: number,
    ): Promise<{ email: string; phone: string; prefs: NoticePrefs } | null> {
      const row = await repo.findMemberById(executor, memberId);
      if (!row || !codes) return null;
      return {
        email: row.emailVerifiedAt ? row.email : '',
        phone: row.phoneVerifiedAt ? row.phone : '',
        prefs: readNoticePrefs(row.noticePrefs),
      };
    },

    /** The member who proved this phone number (E.164) or e-mail address, or null (company invites, #38). */
    async idByProvedContact(contact: string): Promise<number | null> {
      const row = contact.includes('@')
        ? await repo.findMemberByVerifiedEmail(db, contact)
        : await repo.findMemberByPhone(db, contact);
      return row?.id ?? null;
    },

    /** The member's proved phone number and e-mail address ('' when none), on the caller's executor. */
    async provedContacts(
      memberId: number,
      executor: Database = db,
    ): Promise<{ phone: string; email: string }> {
      const row = await repo.findMemberById(executor, memberId);
      return {
        phone: row?.phoneVerifiedAt ? row.phone : '',
        email: row?.emailVerifiedAt ? row.email.toLowerCase() : '',
      };
    },

    /** Revokes the token the member presented (spec §4 'Logout'). */
    async logout(auth: AuthContext): Promise<void> {
      await repo.revokeToken(db, auth.tokenId, clock());
    },

    /** Member ids by username, case-insensitively (operator imports name members by username; spec §4 'Old-order status'). */
    async idsByUsernames(usernames: readonly string[]): Promise<Map<string, number>> {
      return repo.findMemberIdsByUsernames(db, usernames);
    },

    /** Members by id as the staff console names them (username, name, level). */
    briefs(ids: readonly number[]): Promise<Map<number, MemberBrief>> {
      return memberBriefs(db, ids);
    },
    /** Members' usernames by id (the console's order lists name the member). */
    async usernamesByIds(ids: readonly number[]): Promise<Map<number, string>> {
      return repo.findUsernamesByIds(db, ids);
    },
  };
}
