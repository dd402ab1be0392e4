import { and, count, eq, gt, inArray, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { memberResetLinks, members, memberTokens } from '../../db/schema';
import { sessionsChanged } from './member.sessions';

export type MemberRow = typeof members.$inferSelect;
export type NewMemberRow = typeof members.$inferInsert;

export interface ProfileChanges {
  name?: string | undefined;
  email?: string | undefined;
  mobile?: string | undefined;
  company?: string | undefined;
  wechat?: string | undefined;
  abn?: string | undefined;
  taxNo?: string | undefined;
}

/** Finds a member by username, ignoring case (usernames are unique case-insensitively). */
export async function findMemberByUsername(db: Database, username: string): Promise<MemberRow | null> {
  const rows = await db
    .select()
    .from(members)
    .where(sql`lower(${members.username}) = lower(${username})`)
    .limit(1);
  return rows[0] ?? null;
}

export async function findMemberById(db: Database, id: number): Promise<MemberRow | null> {
  const rows = await db.select().from(members).where(eq(members.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The member with their price level (`priceLevel`: their company's, while they belong to one). */
export async function findMemberWithPriceLevel(
  db: Database,
  id: number,
  priceLevel: PriceLevelSql,
): Promise<(MemberRow & { priceLevel: number }) | null> {
  const rows = await db
    .select({ member: members, priceLevel: priceLevel(members.id, members.level) })
    .from(members)
    .where(eq(members.id, id))
    .limit(1);
  const row = rows[0];
  return row ? { ...row.member, priceLevel: row.priceLevel } : null;
}

/** Inserts a member; returns null when the username is taken (unique index, race-safe). */
export async function insertMember(db: Database, row: NewMemberRow): Promise<MemberRow | null> {
  const rows = await db.insert(members).values(row).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

export async function countMembers(db: Database): Promise<number> {
  const rows = await db.select({ n: count() }).from(members);
  return rows[0]?.n ?? 0;
}

export async function updateMemberProfile(
  db: Database,
  id: number,
  changes: ProfileChanges,
  now: Date,
): Promise<MemberRow | null> {
  const rows = await db
    .update(members)
    .set({
      ...changes,
      // A changed address is unproved until a code proves it again (#31).
      ...(changes.email === undefined
        ? {}
        : {
            emailVerifiedAt: sql`case when lower(${members.email}) = lower(${changes.email}) then ${members.emailVerifiedAt} end`,
          }),
      updatedAt: now,
    })
    .where(eq(members.id, id))
    .returning();
  return rows[0] ?? null;
}

/** The member whose proved phone number is `phone` (E.164). */
export async function findMemberByPhone(db: Database, phone: string): Promise<MemberRow | null> {
  const rows = await db.select().from(members).where(eq(members.phone, phone)).limit(1);
  return rows[0] ?? null;
}

/** The member who proved the e-mail address `email` (any case). */
export async function findMemberByVerifiedEmail(db: Database, email: string): Promise<MemberRow | null> {
  const rows = await db
    .select()
    .from(members)
    .where(and(sql`lower(${members.email}) = ${email.toLowerCase()}`, isNotNull(members.emailVerifiedAt)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Records a proved phone number or e-mail address; null when another member proved it first (the unique indexes
 * members_phone_key and members_verified_email_key decide, so two members can never hold one).
 */
export async function setProvedContact(
  db: Database,
  id: number,
  contact: { phone: string } | { email: string },
  now: Date,
): Promise<MemberRow | null> {
  const changes =
    'phone' in contact
      ? { phone: contact.phone, phoneVerifiedAt: now }
      : { email: contact.email, emailVerifiedAt: now };
  try {
    const rows = await db
      .update(members)
      .set({ ...changes, updatedAt: now })
      .where(eq(members.id, id))
      .returning();
    return rows[0] ?? null;
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return null;
    throw error;
  }
}

export async function findNoticePrefs(db: Database, id: number): Promise<unknown> {
  const rows = await db.select({ prefs: members.noticePrefs }).from(members).where(eq(members.id, id));
  return rows[0]?.prefs;
}

export async function writeNoticePrefs(
  db: Database,
  id: number,
  prefs: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await db.update(members).set({ noticePrefs: prefs, updatedAt: now }).where(eq(members.id, id));
}

/** Sets the member's level when it differs; the row before and after, or null when unknown. */
/** A member named by the operator (username, any case) or picked in the console (id). */
export type MemberRef = { username: string } | { id: number };

export async function setMemberLevel(
  db: Database,
  who: MemberRef,
  level: number,
  now: Date,
): Promise<{ id: number; before: number; after: number } | null> {
  const [current] = await db
    .select({ id: members.id, level: members.level })
    .from(members)
    .where(
      'id' in who ? eq(members.id, who.id) : eq(sql`lower(${members.username})`, who.username.toLowerCase()),
    )
    .limit(1)
    .for('update');
  if (!current) return null;
  if (current.level !== level) {
    await db.update(members).set({ level, updatedAt: now }).where(eq(members.id, current.id));
    sessionsChanged();
  }
  return { id: current.id, before: current.level, after: level };
}

/** Sets the member's own new password, which lifts the change staff asked for with a reset. */
export async function updateMemberPassword(db: Database, id: number, passwordHash: string, now: Date) {
  await db
    .update(members)
    .set({ passwordHash, mustChangePassword: false, updatedAt: now })
    .where(eq(members.id, id));
  sessionsChanged();
}

/** Makes a one-time reset link for the member, retiring the member's older unused ones. */
export async function insertResetLink(
  db: Database,
  row: { tokenHash: string; memberId: number; staffId: number | null; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await dropResetLinks(db, row.memberId);
  await db.insert(memberResetLinks).values(row);
}

/** Retires a member's unused reset links (a newer link, or a new password chosen another way). */
export async function dropResetLinks(db: Database, memberId: number): Promise<void> {
  await db
    .delete(memberResetLinks)
    .where(and(eq(memberResetLinks.memberId, memberId), isNull(memberResetLinks.usedAt)));
}

/** The member of a reset link that can still be used, or null when it is unknown, used or expired. */
export async function findLiveResetLink(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<{ memberId: number; username: string; expiresAt: Date } | null> {
  const rows = await db
    .select({
      memberId: memberResetLinks.memberId,
      username: members.username,
      expiresAt: memberResetLinks.expiresAt,
    })
    .from(memberResetLinks)
    .innerJoin(members, eq(members.id, memberResetLinks.memberId))
    .where(
      and(
        eq(memberResetLinks.tokenHash, tokenHash),
        isNull(memberResetLinks.usedAt),
        gt(memberResetLinks.expiresAt, now),
      ),
    );
  return rows[0] ?? null;
}

/**
 * Uses a reset link and sets the member's new password in one statement: of two requests with the same link, the
 * second waits for the first's row lock, finds it used and changes nothing. The member's id, or null when the
 * link is unknown, used or expired.
 */
export async function setPasswordByResetLink(
  db: Database,
  tokenHash: string,
  passwordHash: string,
  now: Date,
): Promise<number | null> {
  const at = now.toISOString();
  const result = (await db.execute(sql`
    with used as (
      update ${memberResetLinks} set used_at = ${at}::timestamptz
      where ${memberResetLinks.tokenHash} = ${tokenHash}
        and ${memberResetLinks.usedAt} is null
        and ${memberResetLinks.expiresAt} > ${at}::timestamptz
      returning ${memberResetLinks.memberId} as member_id
    )
    update ${members}
    set password_hash = ${passwordHash}, must_change_password = false, updated_at = ${at}::timestamptz
    from used where ${members.id} = used.member_id
    returning ${members.id} as id`)) as unknown as { rows: { id: number }[] };
  sessionsChanged();
  return result.rows[0]?.id ?? null;
}

export async function insertToken(
  db: Database,
  row: { tokenHash: string; memberId: number; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(memberTokens).values({ ...row, lastUsedAt: row.createdAt });
}

/**
 * The live-token lookup of every member request, built once per database and prepared by name, so its SQL is
 * neither rebuilt nor planned again on each call (ADR 022).
 */
/**
 * A member's price level as a statement part (a company member's is the company's, ADR 055): given by the
 * composition root; the member's own level where none is given (the command line).
 */
export type PriceLevelSql = (memberId: AnyPgColumn, ownLevel: AnyPgColumn) => SQL<number>;
export const ownLevel: PriceLevelSql = (_memberId, level) => sql<number>`${level}`;

const prepareLiveToken = (db: Database, priceLevel: PriceLevelSql) =>
  db
    .select({
      id: memberTokens.id,
      memberId: memberTokens.memberId,
      lastUsedAt: memberTokens.lastUsedAt,
      expiresAt: memberTokens.expiresAt,
      mustChangePassword: members.mustChangePassword,
      level: priceLevel(members.id, members.level),
    })
    .from(memberTokens)
    .innerJoin(members, eq(members.id, memberTokens.memberId))
    .where(
      and(
        eq(memberTokens.tokenHash, sql.placeholder('tokenHash')),
        isNull(memberTokens.revokedAt),
        gt(memberTokens.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('member_live_token');
const liveTokenQueries = new WeakMap<Database, ReturnType<typeof prepareLiveToken>>();

/** A live token with its member's password state and level, as the auth hook and the session cache hold it. */
export interface LiveToken {
  id: number;
  memberId: number;
  lastUsedAt: Date;
  expiresAt: Date;
  mustChangePassword: boolean;
  level: number;
}

/** The live (not revoked, not expired) token with this hash, with its member's password state and level. */
export async function findLiveToken(
  db: Database,
  tokenHash: string,
  now: Date,
  priceLevel: PriceLevelSql = ownLevel,
): Promise<LiveToken | null> {
  let query = liveTokenQueries.get(db);
  if (!query) {
    query = prepareLiveToken(db, priceLevel);
    liveTokenQueries.set(db, query);
  }
  const rows = await query.execute({ tokenHash, now: now.toISOString() });
  return rows[0] ?? null;
}

export async function touchToken(db: Database, tokenId: number, now: Date): Promise<void> {
  await db.update(memberTokens).set({ lastUsedAt: now }).where(eq(memberTokens.id, tokenId));
}

export async function revokeToken(db: Database, tokenId: number, now: Date): Promise<void> {
  await db
    .update(memberTokens)
    .set({ revokedAt: now })
    .where(and(eq(memberTokens.id, tokenId), isNull(memberTokens.revokedAt)));
  sessionsChanged();
}

/** Revokes every live token of a member, except `keepTokenId` when given; how many it revoked. */
export async function revokeTokens(
  db: Database,
  memberId: number,
  now: Date,
  keepTokenId?: number,
): Promise<number> {
  const rows = await db
    .update(memberTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(memberTokens.memberId, memberId),
        keepTokenId === undefined ? undefined : ne(memberTokens.id, keepTokenId),
        isNull(memberTokens.revokedAt),
      ),
    )
    .returning({ id: memberTokens.id });
  sessionsChanged();
  return rows.length;
}

/** Ids of the members with these usernames, keyed by the lower-cased username; unknown names are left out. */
export async function findMemberIdsByUsernames(
  db: Database,
  usernames: readonly string[],
): Promise<Map<string, number>> {
  const lower = [...new Set(usernames.map((u) => u.toLowerCase()))];
  if (lower.length === 0) return new Map();
  const rows = await db
    .select({ id: members.id, username: sql<string>`lower(${members.username})` })
    .from(members)
    .where(
      sql`lower(${members.username}) in (${sql.join(
        lower.map((u) => sql`${u}`),
        sql`, `,
      )})`,
    );
  return new Map(rows.map((r) => [r.username, r.id]));
}

/** Usernames of the given member ids (unknown ids are left out). */
export async function findUsernamesByIds(db: Database, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: members.id, username: members.username })
    .from(members)
    .where(inArray(members.id, unique));
  return new Map(rows.map((r) => [r.id, r.username]));
}
