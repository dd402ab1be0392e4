import {
  type AdminMember,
  type AdminMemberListRequest,
  CodeScene,
  type MemberResetPasswordResponse,
  maskEmail,
  maskPhone,
  toMajor,
} from '@shop/domain';
import type { Database } from '../../db/client';
import { notFoundError } from '../../lib/app-error';
import type { AuditActor, AuditRecorder } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { randomToken, sha256Hex } from '../../lib/crypto';
import type { RateLimiter } from '../../lib/rate-limiter';
import * as repo from './member.admin.repository';
import { findMemberById, insertResetLink } from './member.repository';
import { CODE_LIMITS, type CodePort, countCodeTo } from './member.service';

export const MemberAdminMessages = {
  notFound: '会员不存在',
} as const;

export type MemberAdminService = ReturnType<typeof createMemberAdminService>;

/** A reset link staff hand over lives 30 minutes and is used once (ADR 045). */
export const RESET_LINK_TTL_SECONDS = 30 * 60;

/** The storefront page a reset link opens; the secret follows '#', so it never reaches a server's logs. */
export const resetLinkUrl = (shopUrl: string, token: string) =>
  `${shopUrl.replace(/\/+$/, '')}/password-reset#${token}`;

function toAdminMember(row: repo.AdminMemberRow): AdminMember {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    mobile: row.mobile,
    email: row.email,
    company: row.company,
    wechat: row.wechat,
    level: row.level,
    cnyDeposit: toMajor(Number(row.cnyDeposit)),
    audDeposit: toMajor(Number(row.audDeposit)),
    createTime: row.createdAt.toISOString(),
    lastLoginTime: row.lastLoginAt === null ? null : new Date(row.lastLoginAt).toISOString(),
  };
}

export interface MemberAdminDeps {
  db: Database;
  clock: Clock;
  /** The audit log (the audit module, wired in services.ts), written on the change's own transaction. */
  audit: AuditRecorder;
  /** Codes by SMS and e-mail (the notices module), as the storefront's 忘记密码 sends them; absent: links only. */
  codes?: CodePort | undefined;
  /** Counts the codes a reset sends against the same limits as sendCode/. */
  rateLimiter: RateLimiter;
  resendAfterSeconds?: number;
  /** The storefront's public address, which a reset link opens. */
  shopUrl: string;
}

/**
 * The staff's view of members (console 会员): search and one member's profile (member.read), and a password
 * reset (member.password).
 */
export function createMemberAdminService({
  db,
  clock,
  audit,
  codes,
  rateLimiter,
  resendAfterSeconds = CODE_LIMITS.resendAfterSeconds,
  shopUrl,
}: MemberAdminDeps) {
  return {
    /** Members newest first, found by part of username, name, phone, e-mail or company, and/or by level. */
    async list(
      input: Required<Pick<AdminMemberListRequest, 'pageNo' | 'pageSize'>> & AdminMemberListRequest,
    ) {
      const filter = { keyword: input.keyword || undefined, level: input.level };
      const page = { limit: input.pageSize, offset: (input.pageNo - 1) * input.pageSize };
      const { rows, total } = await repo.pageMembers(db, filter, page);
      // A page past the end has no row to carry the total: ask for the first one.
      const totalCount =
        rows.length === 0 && input.pageNo > 1
          ? (await repo.pageMembers(db, filter, { limit: 1, offset: 0 })).total
          : total;
      return { items: rows.map(toAdminMember), totalCount };
    },

    /** One member's profile; NotFound when there is none. */
    async profile(id: number): Promise<AdminMember & { mustChangePassword: boolean }> {
      const row = await repo.findAdminMember(db, id);
      if (!row) throw notFoundError(MemberAdminMessages.notFound);
      return { ...toAdminMember(row), mustChangePassword: row.mustChangePassword };
    },

    /**
     * Lets the member choose a new password without staff ever seeing or setting one (issue #35, ADR 045): a reset
     * code to the member's proved phone, else proved e-mail address, through the notices exactly as 忘记密码 sends
     * it; a member with neither gets a one-time link that staff hand over, kept only as a hash. The current password
     * and sessions stay until the member chooses the new one. Audited (who, which member, which channel), never the
     * code or the link.
     */
    async resetPassword(by: AuditActor, id: number): Promise<MemberResetPasswordResponse> {
      const member = await findMemberById(db, id);
      if (!member) throw notFoundError(MemberAdminMessages.notFound);
      const route =
        member.phone && member.phoneVerifiedAt && codes?.canSend('sms')
          ? { channel: 'sms' as const, target: member.phone, sentTo: maskPhone(member.phone), port: codes }
          : member.email && member.emailVerifiedAt && codes?.canSend('email')
            ? {
                channel: 'email' as const,
                target: member.email.toLowerCase(),
                sentTo: maskEmail(member.email),
                port: codes,
              }
            : null;
      const now = clock();
      const record = (tx: Database, channel: MemberResetPasswordResponse['channel']) =>
        audit(tx, {
          by,
          action: 'member.resetPassword',
          objectType: 'member',
          objectId: member.id,
          after: { channel, ...(route ? { sentTo: route.sentTo } : {}) },
        });
      if (route) {
        await countCodeTo(rateLimiter, route.target, resendAfterSeconds);
        await db.transaction(async (tx) => {
          await route.port.issueCode(tx, {
            scene: CodeScene.Reset,
            channel: route.channel,
            target: route.target,
            memberId: member.id,
          });
          await record(tx, route.channel);
        });
        return { channel: route.channel, sentTo: route.sentTo, expiresIn: CODE_LIMITS.expiresInSeconds };
      }
      const token = randomToken(32);
      await db.transaction(async (tx) => {
        await insertResetLink(tx, {
          tokenHash: sha256Hex(token),
          memberId: member.id,
          staffId: by.staffId,
          createdAt: now,
          expiresAt: new Date(now.getTime() + RESET_LINK_TTL_SECONDS * 1000),
        });
        await record(tx, 'link');
      });
      return { channel: 'link', link: resetLinkUrl(shopUrl, token), expiresIn: RESET_LINK_TTL_SECONDS };
    },
  };
}
