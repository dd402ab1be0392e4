import { type AdminMember, type AdminMemberListRequest, toMajor } from '@shop/domain';
import type { Database } from '../../db/client';
import { notFoundError } from '../../lib/app-error';
import * as repo from './member.admin.repository';

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

/** The staff's view of members (console 会员, member.read): search and one member's profile. */
export function createMemberAdminService({ db }: { db: Database }) {
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
  };
}
