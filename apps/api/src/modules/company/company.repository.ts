import { and, asc, eq, getTableName, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { companies, companyInvites, companyMembers } from '../../db/schema';

/** Queries of companies, their members and invites. A membership is always read afresh, never from a cache. */

export type CompanyRow = typeof companies.$inferSelect;
export type CompanyMemberRow = typeof companyMembers.$inferSelect;
export type CompanyInviteRow = typeof companyInvites.$inferSelect;
export type LimitColumns = Pick<
  CompanyMemberRow,
  'perOrderAud' | 'perMonthAud' | 'perOrderCny' | 'perMonthCny'
>;

/** The member's membership with its company, or null. */
export async function membershipOf(
  db: Database,
  memberId: number,
): Promise<{ member: CompanyMemberRow; company: CompanyRow } | null> {
  const rows = await db
    .select({ member: companyMembers, company: companies })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.memberId, memberId))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Locks the company's row until the transaction ends: every change of its members and invites takes this lock
 * first, so 'at least one admin' and the member limit hold under parallel requests. It is a no-key lock: an order
 * or an approval written for the company meanwhile (their foreign keys take a key-share lock on the row) does not
 * wait for it. A buyer's order holds the buyer's member row while it writes, so a key lock here and that row
 * taken by setLimit/ would wait on each other (tested on PostgreSQL).
 */
export async function lockCompany(tx: Database, companyId: number): Promise<void> {
  await tx.execute(sql`select id from ${companies} where ${companies.id} = ${companyId} for no key update`);
}

/**
 * A new company with `adminId` as its first admin, in the caller's transaction; null when that member already
 * belongs to a company (the member key decides between parallel creations; the caller rolls the company back).
 */
export async function insertCompanyWithAdmin(
  tx: Database,
  fields: { name: string; taxNo: string; level: number },
  adminId: number,
  at: Date,
): Promise<CompanyRow | null> {
  const rows = await tx.insert(companies).values(fields).returning();
  const company = rows[0];
  if (!company) throw new Error('company insert returned nothing');
  return (await insertMember(tx, company.id, adminId, 'admin', at)) ? company : null;
}

/** Adds the member to the company; false when the member already belongs to a company (the key decides). */
export async function insertMember(
  tx: Database,
  companyId: number,
  memberId: number,
  role: string,
  at: Date,
): Promise<boolean> {
  const rows = await tx
    .insert(companyMembers)
    .values({ companyId, memberId, role, joinedAt: at, updatedAt: at })
    .onConflictDoNothing({ target: companyMembers.memberId })
    .returning({ memberId: companyMembers.memberId });
  return rows.length > 0;
}

export function listMembers(db: Database, companyId: number) {
  return db
    .select()
    .from(companyMembers)
    .where(eq(companyMembers.companyId, companyId))
    .orderBy(
      sql`case ${companyMembers.role} when 'admin' then 0 when 'buyer' then 1 else 2 end`,
      asc(companyMembers.joinedAt),
      asc(companyMembers.memberId),
    );
}

export async function countMembers(db: Database, companyId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(companyMembers)
    .where(eq(companyMembers.companyId, companyId));
  return rows[0]?.n ?? 0;
}

export async function countAdmins(tx: Database, companyId: number): Promise<number> {
  const rows = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, 'admin')));
  return rows[0]?.n ?? 0;
}

const open = (now: Date) =>
  and(isNull(companyInvites.acceptedAt), isNull(companyInvites.revokedAt), gt(companyInvites.expiresAt, now));

/** The company's invites still open (not accepted, withdrawn or expired), newest first. */
export function openInvites(db: Database, companyId: number, now: Date) {
  return db
    .select()
    .from(companyInvites)
    .where(and(eq(companyInvites.companyId, companyId), open(now)))
    .orderBy(sql`${companyInvites.createdAt} desc`, sql`${companyInvites.id} desc`);
}

/** Open invites to any of these contacts, with their company's name. */
export function invitesTo(db: Database, contacts: readonly string[], now: Date) {
  if (contacts.length === 0) return Promise.resolve([]);
  return db
    .select({ invite: companyInvites, companyName: companies.name })
    .from(companyInvites)
    .innerJoin(companies, eq(companies.id, companyInvites.companyId))
    .where(and(inArray(companyInvites.contact, [...contacts]), open(now)))
    .orderBy(sql`${companyInvites.createdAt} desc`);
}

/** Withdraws the company's unaccepted invite to this contact, expired or not (a new one replaces it). */
export async function revokeInvitesTo(tx: Database, companyId: number, contact: string, at: Date) {
  await tx
    .update(companyInvites)
    .set({ revokedAt: at })
    .where(
      and(
        eq(companyInvites.companyId, companyId),
        eq(companyInvites.contact, contact),
        isNull(companyInvites.acceptedAt),
        isNull(companyInvites.revokedAt),
      ),
    );
}

/** Withdraws one open invite of the company; null when it is not the company's or no longer open. */
export async function revokeInvite(tx: Database, companyId: number, id: number, at: Date) {
  const rows = await tx
    .update(companyInvites)
    .set({ revokedAt: at })
    .where(and(eq(companyInvites.companyId, companyId), eq(companyInvites.id, id), open(at)))
    .returning();
  return rows[0] ?? null;
}

export async function insertInvite(
  tx: Database,
  values: { companyId: number; contact: string; role: string; invitedBy: number; at: Date; expiresAt: Date },
): Promise<CompanyInviteRow> {
  const { at, ...rest } = values;
  const rows = await tx
    .insert(companyInvites)
    .values({ ...rest, createdAt: at })
    .returning();
  const row = rows[0];
  if (!row) throw new Error('invite insert returned nothing');
  return row;
}

export async function countOpenInvites(tx: Database, companyId: number, now: Date): Promise<number> {
  const rows = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(companyInvites)
    .where(and(eq(companyInvites.companyId, companyId), open(now)));
  return rows[0]?.n ?? 0;
}

export async function findInvite(db: Database, id: number): Promise<CompanyInviteRow | null> {
  const rows = await db.select().from(companyInvites).where(eq(companyInvites.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Marks an open invite accepted; false when it was accepted, withdrawn or expired meanwhile. */
export async function markAccepted(tx: Database, id: number, memberId: number, at: Date): Promise<boolean> {
  const rows = await tx
    .update(companyInvites)
    .set({ acceptedAt: at, acceptedBy: memberId })
    .where(and(eq(companyInvites.id, id), open(at)))
    .returning({ id: companyInvites.id });
  return rows.length > 0;
}

/** Changes a member's role and limits; null when the member is not in the company. */
export async function updateMember(
  tx: Database,
  companyId: number,
  memberId: number,
  fields: Partial<LimitColumns> & { role?: string },
  at: Date,
): Promise<CompanyMemberRow | null> {
  const rows = await tx
    .update(companyMembers)
    .set({ ...fields, updatedAt: at })
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.memberId, memberId)))
    .returning();
  return rows[0] ?? null;
}

export async function deleteMember(
  tx: Database,
  companyId: number,
  memberId: number,
): Promise<CompanyMemberRow | null> {
  const rows = await tx
    .delete(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.memberId, memberId)))
    .returning();
  return rows[0] ?? null;
}

/** The member's row within the transaction, locked behind the company's lock (read afresh after it). */
export async function memberRow(
  tx: Database,
  companyId: number,
  memberId: number,
): Promise<CompanyMemberRow | null> {
  const rows = await tx
    .select()
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.memberId, memberId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findCompany(db: Database, id: number): Promise<CompanyRow | null> {
  const rows = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return rows[0] ?? null;
}

/**
 * A member's price level as a statement part: their company's level while they belong to one, else their own
 * (`ownLevel`). The member module's session lookup and current/ read it (wired in services.ts), so the catalogue's
 * prices by level need nothing of companies.
 */
export function priceLevelSql(memberId: AnyPgColumn, ownLevel: AnyPgColumn): SQL<number> {
  // Every column named with its table: in a query of one table Drizzle writes bare columns, and the subquery
  // would take the outer `id` for one of its own.
  const named = (column: AnyPgColumn) =>
    sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
  return sql<number>`coalesce((select ${named(companies.level)} from ${companyMembers} inner join ${companies} on ${named(companies.id)} = ${named(companyMembers.companyId)} where ${named(companyMembers.memberId)} = ${named(memberId)}), ${named(ownLevel)})`;
}

/** Companies whose name or tax number holds `keyword`, newest first, a page of them, with the total. */
export async function listCompanies(
  db: Database,
  keyword: string | undefined,
  offset: number,
  limit: number,
) {
  const where = keyword
    ? sql`(${companies.name} ilike ${`%${keyword}%`} or ${companies.taxNo} ilike ${`%${keyword}%`})`
    : undefined;
  const [rows, total] = await Promise.all([
    db
      .select({
        company: companies,
        memberCount: sql<number>`(select count(*)::int from ${companyMembers} where ${companyMembers.companyId} = ${companies.id})`,
      })
      .from(companies)
      .where(where)
      .orderBy(sql`${companies.createdAt} desc`, sql`${companies.id} desc`)
      .offset(offset)
      .limit(limit),
    db.select({ n: sql<number>`count(*)::int` }).from(companies).where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/** The admins' member ids of these companies. */
export async function adminsOf(db: Database, companyIds: readonly number[]) {
  if (companyIds.length === 0) return [];
  return db
    .select({ companyId: companyMembers.companyId, memberId: companyMembers.memberId })
    .from(companyMembers)
    .where(and(inArray(companyMembers.companyId, [...companyIds]), eq(companyMembers.role, 'admin')))
    .orderBy(asc(companyMembers.joinedAt));
}

/** Sets a company's price level; its row before and after, or null when there is no such company. */
export async function setLevel(tx: Database, id: number, level: number, at: Date) {
  const before = await tx.select().from(companies).where(eq(companies.id, id)).for('no key update').limit(1);
  if (!before[0]) return null;
  const after = await tx
    .update(companies)
    .set({ level, updatedAt: at })
    .where(eq(companies.id, id))
    .returning();
  return { before: before[0], after: after[0] ?? before[0] };
}
