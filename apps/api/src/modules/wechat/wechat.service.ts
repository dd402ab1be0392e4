import {
  type CheckQrScanResponse,
  LOGIN_EXPIRED_MESSAGE,
  QR_TICKET_TTL_SECONDS,
  type QrCodeRequest,
  type QrCodeResponse,
  QrScanMessages,
  ResultCode,
  type WechatBinding,
  type WechatBindRequest,
  type WechatUnbindRequest,
} from '@shop/domain';
import type { Database } from '../../db/client';
import { AppError, paramsError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { qrImage as drawQr } from '../../lib/qr-image';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { AuthContext } from '../../plugins/auth';
import { WechatAuthFailure, type WechatIdentity, type WechatLoginProvider } from './wechat.provider';
import * as repo from './wechat.repository';

export const WechatMessages = {
  unavailable: '微信扫码登录暂未开放',
  authFailed: '微信授权失败，请刷新二维码后重试',
  tooManyCodes: '二维码请求过于频繁，请稍后再试',
  tooManyChecks: '扫码状态查询过于频繁，请稍后再试',
  notConfirmed: '请先用微信扫码并在手机上确认',
  ticketInvalid: '二维码已失效，请重新扫码',
  notYourMemberId: '只能为当前登录的账号绑定微信',
  identityTaken: '该微信已绑定其他账号，请先在该账号中解绑',
  memberHasBinding: '您的账号已绑定微信，请先解绑',
  notBound: '您的账号未绑定微信',
  unbound: '已解除微信绑定',
  bound: '微信绑定成功',
} as const;

/**
 * After a confirmed scan the page has this long to sign in, or to log in or register and bind: longer than the
 * code's own five minutes, since registering takes a while.
 */
export const BIND_WINDOW_MS = 10 * 60 * 1000;
/** QR codes per client address and minute; status checks per client address and minute (one every 2 s is 30). */
export const QR_LIMITS = { codesPerMinute: 20, checksPerMinute: 120, windowMs: 60_000 } as const;

/** What the wechat module needs of the member module (a port, docs/decisions/009). */
export interface WechatMemberPort {
  /** A login token for the member, exactly as login/ issues it, on the caller's transaction. */
  issueLoginToken(memberId: number, executor: Database): Promise<string>;
  /** Checks the member's own password (rate-limited); throws when wrong. */
  confirmPassword(memberId: number, password: string): Promise<void>;
}

export interface WechatServiceDeps {
  db: Database;
  clock: Clock;
  rateLimiter: RateLimiter;
  /** The running provider: the open platform when configured, else the sandbox when on, else none. */
  provider: WechatLoginProvider | null;
  members: WechatMemberPort;
}

export type WechatService = ReturnType<typeof createWechatService>;

/** What the sandbox's scan page shows. */
export type SandboxScanState = 'open' | 'confirmed' | 'cancelled' | 'invalid';

/** What the return from the open platform shows in the browser window that went there. */
export type AuthorizeOutcome = 'confirmed' | 'cancelled' | 'invalid' | 'failed';

function toBindingDto(row: repo.BindingRow): WechatBinding {
  return { nickname: row.nickname, avatar: row.avatar, boundAt: row.boundAt.toISOString() };
}

/** QR sign-in with the chat app (spec §4 'QR scan check', §7 'Member' wechat/; docs/decisions/015). */
export function createWechatService({ db, clock, rateLimiter, provider, members }: WechatServiceDeps) {
  function requireProvider(): WechatLoginProvider {
    if (!provider) throw new AppError(ResultCode.WeChatAuthError, WechatMessages.unavailable);
    return provider;
  }

  async function limit(key: string, max: number, message: string) {
    if ((await rateLimiter.hit(key, QR_LIMITS.windowMs)) > max)
      throw new AppError(ResultCode.TooManyRequests, message);
  }

  /** A confirmed scan still usable for signing in or binding. */
  const confirmedAndFresh = (row: repo.TicketRow, now: Date) =>
    row.status === 'confirmed' &&
    row.openid !== null &&
    row.confirmedAt !== null &&
    now.getTime() - row.confirmedAt.getTime() <= BIND_WINDOW_MS;

  return {
    /** The provider's name, or null when QR sign-in is off (start log, the storefront's tab). */
    providerName: provider?.name ?? null,

    /**
     * A new QR code (spec §7 getQrCode/): an unguessable ticket the page keeps (stored only as its digest), and a
     * separate scan code the QR code carries, so whoever photographs the code cannot poll for the token.
     */
    async getQrCode(
      input: QrCodeRequest,
      auth: AuthContext | null,
      clientAddress: string,
      origin: string,
    ): Promise<QrCodeResponse> {
      const active = requireProvider();
      const purpose = input.purpose ?? 'login';
      if (purpose === 'bind' && !auth) throw new AppError(ResultCode.InvalidToken, LOGIN_EXPIRED_MESSAGE);
      await limit(`qr:code:${clientAddress}`, QR_LIMITS.codesPerMinute, WechatMessages.tooManyCodes);
      const ticket = randomToken(32);
      const scanCode = randomToken(18);
      const now = clock();
      await repo.deleteOldTickets(db, new Date(now.getTime() - 24 * 60 * 60 * 1000));
      await repo.insertTicket(db, {
        ticketHash: sha256Hex(ticket),
        scanCode,
        purpose,
        provider: active.name,
        memberId: purpose === 'bind' && auth ? auth.memberId : null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + QR_TICKET_TTL_SECONDS * 1000),
      });
      const scanUrl = active.scanUrl(scanCode, origin);
      // The open platform's page draws its own code; the sandbox's scan page is a code of ours.
      const qrImage = active.name === 'sandbox' ? drawQr(scanUrl) : '';
      return { ticket, provider: active.name, qrImage, scanUrl, expiresIn: QR_TICKET_TTL_SECONDS };
    },

    /**
     * The state of a QR code, polled by the page (spec §4 'QR scan check'). A confirmed scan of a bound identity
     * answers the member's token once, on the transaction that marks the ticket used; of an unknown identity,
     * needBind. Expired, used and unknown tickets are `invalid`; a provider failure is WeChatAuthError 1010.
     */
    async checkQrScan(ticket: string, clientAddress: string): Promise<CheckQrScanResponse> {
      await limit(`qr:check:${clientAddress}`, QR_LIMITS.checksPerMinute, WechatMessages.tooManyChecks);
      const ticketHash = sha256Hex(ticket);
      return db.transaction(async (tx) => {
        const row = await repo.findTicket(tx, ticketHash, true);
        const now = clock();
        if (!row) return { status: 'invalid' as const };
        const expired = row.expiresAt.getTime() <= now.getTime();
        switch (row.status) {
          case 'waiting':
          case 'scanned':
            return { status: expired ? 'invalid' : row.status };
          case 'exchanging':
            return { status: expired ? 'invalid' : 'scanned' };
          case 'cancelled':
            return { status: 'cancelled' };
          case 'failed':
            throw new AppError(ResultCode.WeChatAuthError, WechatMessages.authFailed);
          case 'confirmed': {
            if (!confirmedAndFresh(row, now) || row.openid === null) return { status: 'invalid' };
            const scanned = { nickname: row.nickname ?? '', avatar: row.avatar ?? '' };
            if (row.purpose === 'bind') return { status: 'needBind', ...scanned };
            const binding = await repo.findBindingByIdentity(tx, row.provider, row.openid);
            if (!binding) return { status: 'needBind', ...scanned };
            await repo.markUsed(tx, ticketHash, now);
            return { status: 'success', token: await members.issueLoginToken(binding.memberId, tx) };
          }
          default:
            return { status: 'invalid' };
        }
      });
    },

    /**
     * Binds the identity of a confirmed scan to the calling member (spec §7 wechatBind/), and uses the ticket up,
     * in one transaction: a refusal leaves neither a binding nor a used ticket. One identity per member and one
     * member per identity (unique indexes: of two binds sent together, one wins).
     */
    async bind(auth: AuthContext, input: WechatBindRequest): Promise<WechatBinding> {
      if (input.memberId !== auth.memberId)
        throw new AppError(ResultCode.WeChatVerifyFailed, WechatMessages.notYourMemberId);
      const ticketHash = sha256Hex(input.ticket);
      return db.transaction(async (tx) => {
        const row = await repo.findTicket(tx, ticketHash, true);
        const now = clock();
        if (!row || row.status === 'used' || (row.purpose === 'bind' && row.memberId !== auth.memberId))
          throw new AppError(ResultCode.WeChatVerifyFailed, WechatMessages.ticketInvalid);
        if (row.status !== 'confirmed' || row.openid === null)
          throw new AppError(
            ResultCode.WeChatVerifyFailed,
            row.expiresAt <= now ? WechatMessages.ticketInvalid : WechatMessages.notConfirmed,
          );
        if (!confirmedAndFresh(row, now))
          throw new AppError(ResultCode.WeChatVerifyFailed, WechatMessages.ticketInvalid);
        const taken = await repo.findBindingByIdentity(tx, row.provider, row.openid);
        if (taken && taken.memberId !== auth.memberId)
          throw new AppError(ResultCode.WeChatVerifyFailed, WechatMessages.identityTaken);
        if (taken) {
          // Bound to this member already (a second tab): nothing to change.
          await repo.markUsed(tx, ticketHash, now);
          return toBindingDto(taken);
        }
        const inserted = await repo.insertBinding(tx, {
          memberId: auth.memberId,
          provider: row.provider,
          openid: row.openid,
          unionid: row.unionid,
          nickname: row.nickname ?? '',
          avatar: row.avatar ?? '',
          boundAt: now,
        });
        if (!inserted) {
          // A unique index refused it: this member has a binding, or another bind took the identity meanwhile.
          const mine = await repo.findBindingByMember(tx, auth.memberId);
          throw new AppError(
            ResultCode.WeChatVerifyFailed,
            mine ? WechatMessages.memberHasBinding : WechatMessages.identityTaken,
          );
        }
        await repo.markUsed(tx, ticketHash, now);
        return toBindingDto(inserted);
      });
    },

    /** The calling member's binding, or null. */
    async binding(auth: AuthContext): Promise<WechatBinding | null> {
      const row = await repo.findBindingByMember(db, auth.memberId);
      return row ? toBindingDto(row) : null;
    },

    /** Removes the calling member's binding after checking their password (/member/security). */
    async unbind(auth: AuthContext, input: WechatUnbindRequest): Promise<void> {
      await members.confirmPassword(auth.memberId, input.password);
      if (!(await repo.deleteBinding(db, auth.memberId))) throw paramsError(WechatMessages.notBound);
    },

    /**
     * The sandbox's scan page was opened: the code counts as scanned. What the page shows: the form while the code
     * can be answered, else its end; null for a code the sandbox never issued.
     */
    async sandboxScan(scanCode: string): Promise<SandboxScanState | null> {
      const now = clock();
      await repo.moveByScanCode(db, { scanCode, provider: 'sandbox', from: ['waiting'], to: 'scanned' }, now);
      const row = await repo.findTicketByScanCode(db, scanCode);
      if (row?.provider !== 'sandbox') return null;
      if (row.status === 'confirmed' || row.status === 'used') return 'confirmed';
      if (row.status === 'cancelled') return 'cancelled';
      return row.status === 'scanned' && row.expiresAt > now ? 'open' : 'invalid';
    },

    /** The sandbox's phone confirms (with the chat-app user the tester chose) or cancels; false when too late. */
    async sandboxAnswer(scanCode: string, answer: WechatIdentity | 'cancel'): Promise<boolean> {
      const move = { scanCode, provider: 'sandbox', from: ['waiting', 'scanned'] as const };
      const now = clock();
      const row =
        answer === 'cancel'
          ? await repo.moveByScanCode(db, { ...move, to: 'cancelled' }, now)
          : await repo.moveByScanCode(db, { ...move, to: 'confirmed' }, now, answer);
      return row !== null;
    },

    /**
     * The open platform sent the browser back (its redirect): the state names the ticket, which moves to
     * `exchanging` before the code is exchanged, so a state and its code are used once; a missing code means the
     * user declined. A failure of the platform marks the ticket failed (the page then shows 1010).
     */
    async authorize(
      state: string,
      code: string | undefined,
      log: (error: Error) => void,
    ): Promise<AuthorizeOutcome> {
      if (!provider?.exchangeCode) return 'invalid';
      const now = clock();
      const move = { scanCode: state, provider: provider.name, from: ['waiting', 'scanned'] as const };
      if (!code)
        return (await repo.moveByScanCode(db, { ...move, to: 'cancelled' }, now)) ? 'cancelled' : 'invalid';
      if (!(await repo.moveByScanCode(db, { ...move, to: 'exchanging' }, now))) return 'invalid';
      let identity: WechatIdentity;
      try {
        identity = await provider.exchangeCode(code);
      } catch (error) {
        await repo.setStatusByScanCode(db, state, 'failed');
        if (error instanceof WechatAuthFailure) {
          log(error);
          return 'failed';
        }
        throw error;
      }
      // The exchange may have taken a while: the ticket still moves on, its expiry only limits the scan.
      const confirmed = await repo.moveByScanCode(
        db,
        { scanCode: state, provider: provider.name, from: ['exchanging'], to: 'confirmed', anyTime: true },
        clock(),
        identity,
      );
      return confirmed ? 'confirmed' : 'invalid';
    },

    /** The message of a polled state (spec §4: needBind's speaks of binding, invalid's of invalidity). */
    message: (status: CheckQrScanResponse['status']) => QrScanMessages[status],
  };
}
