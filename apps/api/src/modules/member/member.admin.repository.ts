import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { members, memberTokens } from '../../db/schema';

/** Queries of the console's member search and profile: one query a page, the total and last sign-in with it. */

/** `%`, `_` and `\` typed by staff match themselves, not any text. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The member's newest sign-in. The subquery names its own table by an alias and the member by table and column:
 * in a query on one table Drizzle writes the columns of a `sql` field without their table, so `member_id = id`
 * would compare a token with itself and give every member the same instant.
 */
const lastLogin = sql<Date | null>`(select max(t.created_at) from ${memberTokens} t where t.member_id = ${members}.id)`;

const memberColumns = {
  id: members.id,
  username: members.username,
  name: members.name,
  mobile: members.mobile,
  email: members.email,
  company: members.company,
  wechat: members.wechat,
  level: members.level,
  cnyDeposit: members.cnyDeposit,
  audDeposit: members.audDeposit,
  mustChangePassword: members.mustChangePassword,
  createdAt: members.createdAt,
  lastLoginAt: lastLogin,
};

export type AdminMemberRow = {
  id: number;
  username: string;
  name: string;
  mobile: string;
  email: string;
  company: string;
  wechat: string;
  level: number;
  cnyDeposit: number;
  audDeposit: number;
  mustChangePassword: boolean;
  createdAt: Date;
  lastLoginAt: Date | string | null;
};

/** Members newest first whose username, name, phone, e-mail or company contains `keyword`, and/or of one level. */
export async function pageMembers(
  db: Database,
  filter: { keyword?: string | undefined; level?: number | undefined },
  page: { limit: number; offset: number },
): Promise<{ rows: AdminMemberRow[]; total: number }> {
  const k = filter.keyword ? likePattern(filter.keyword) : undefined;
  const rows = await db
    .select({ ...memberColumns, total: sql<number>`count(*) over ()` })
    .from(members)
    .where(
      and(
        k
          ? or(
              ilike(members.username, k),
              ilike(members.name, k),
              ilike(members.mobile, k),
              ilike(members.email, k),
              ilike(members.company, k),
            )
          : undefined,
        filter.level === undefined ? undefined : eq(members.level, filter.level),
      ),
    )
    .orderBy(desc(members.createdAt), desc(members.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: Number(rows[0]?.total ?? 0) };
}

export async function findAdminMember(db: Database, id: number): Promise<AdminMemberRow | null> {
  const rows = await db.select(memberColumns).from(members).where(eq(members.id, id)).limit(1);
  return rows[0] ?? null;
}
