import {
  type AdminMember,
  type AdminMemberListRequest,
  type MemberResetPasswordResponse,
  toMajor,
} from '@shop/domain';
import type { Database } from '../../db/client';
import { notFoundError } from '../../lib/app-error';
import type { AuditActor, AuditRecorder } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { generateOneTimePassword, hashPassword } from '../../lib/password';
import * as repo from './member.admin.repository';
import { resetMemberPassword, revokeTokens } from './member.repository';

export const MemberAdminMessages = {
  notFound: '会员不存在',
} as const;

export type MemberAdminService = ReturnType<typeof createMemberAdminService>;

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
}

/**
 * The staff's view of members (console 会员): search and one member's profile (member.read), and a password
 * reset (member.password).
 */
export function createMemberAdminService({ db, clock, audit }: MemberAdminDeps) {
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
     * Gives the member a one-time password that staff hand over (issue 'Staff console part 1': the member must
     * change it at next login): its hash stored, the flag that holds the member to updatePwd/ set, every session
     * ended and the reset audited (never the password), in one transaction. The password is answered this once.
     */
    async resetPassword(by: AuditActor, id: number): Promise<MemberResetPasswordResponse> {
      const password = generateOneTimePassword();
      const passwordHash = await hashPassword(password);
      const now = clock();
      await db.transaction(async (tx) => {
        const row = await resetMemberPassword(tx, id, passwordHash, now);
        if (!row) throw notFoundError(MemberAdminMessages.notFound);
        const revoked = await revokeTokens(tx, row.id, now);
        await audit(tx, {
          by,
          action: 'member.resetPassword',
          objectType: 'member',
          objectId: row.id,
          after: { mustChangePassword: true, revokedSessions: revoked },
        });
      });
      return { password };
    },
  };
}
