import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { savedListItems, savedLists } from '../../db/schema';

/** Queries of the saved lists; every query names the member (a list of another member is not found). */

export type SavedListRow = typeof savedLists.$inferSelect;
export type SavedListLineRow = { skuId: number; qty: number };

/**
 * Serializes one member's list writes until the transaction ends, so the list limit and the one-name rule hold
 * under parallel requests (the address book's way).
 */
export async function lockMemberLists(db: Database, memberId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('saved_lists'), ${memberId}::int)`);
}

/** The member's lists with their line counts, last changed first. */
export function listLists(db: Database, memberId: number) {
  return db
    .select({
      id: savedLists.id,
      name: savedLists.name,
      createdAt: savedLists.createdAt,
      updatedAt: savedLists.updatedAt,
      lineCount: sql<number>`(select count(*)::int from ${savedListItems} where ${savedListItems.listId} = ${savedLists.id})`,
    })
    .from(savedLists)
    .where(eq(savedLists.memberId, memberId))
    .orderBy(desc(savedLists.updatedAt), desc(savedLists.id));
}

/** The member's list, or null (another member's id is not found). */
export async function findList(db: Database, memberId: number, id: number): Promise<SavedListRow | null> {
  const rows = await db
    .select()
    .from(savedLists)
    .where(and(eq(savedLists.memberId, memberId), eq(savedLists.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

/** The id of the member's list of that name, if any. */
export async function listIdByName(db: Database, memberId: number, name: string): Promise<number | null> {
  const rows = await db
    .select({ id: savedLists.id })
    .from(savedLists)
    .where(and(eq(savedLists.memberId, memberId), eq(savedLists.name, name)))
    .limit(1);
  return rows[0]?.id ?? null;
}

export async function countLists(db: Database, memberId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(savedLists)
    .where(eq(savedLists.memberId, memberId));
  return rows[0]?.n ?? 0;
}

/** The lines of lists, in each list's order. */
export function listLines(db: Database, listIds: readonly number[]) {
  if (listIds.length === 0) return Promise.resolve([]);
  return db
    .select({ listId: savedListItems.listId, skuId: savedListItems.skuId, qty: savedListItems.qty })
    .from(savedListItems)
    .where(inArray(savedListItems.listId, [...listIds]))
    .orderBy(asc(savedListItems.listId), asc(savedListItems.position));
}

export async function insertList(
  db: Database,
  memberId: number,
  name: string,
  at: Date,
): Promise<SavedListRow> {
  const rows = await db
    .insert(savedLists)
    .values({ memberId, name, createdAt: at, updatedAt: at })
    .returning();
  const row = rows[0];
  if (!row) throw new Error('saved list insert returned nothing');
  return row;
}

/** Renames (when a name is given) and touches the member's list; null when it is not theirs. */
export async function touchList(
  db: Database,
  memberId: number,
  id: number,
  at: Date,
  name?: string,
): Promise<SavedListRow | null> {
  const rows = await db
    .update(savedLists)
    .set({ updatedAt: at, ...(name === undefined ? {} : { name }) })
    .where(and(eq(savedLists.memberId, memberId), eq(savedLists.id, id)))
    .returning();
  return rows[0] ?? null;
}

/** Replaces a list's lines with these, in this order (the caller owns the list). */
export async function replaceLines(
  db: Database,
  listId: number,
  lines: readonly SavedListLineRow[],
): Promise<void> {
  await db.delete(savedListItems).where(eq(savedListItems.listId, listId));
  if (lines.length === 0) return;
  await db
    .insert(savedListItems)
    .values(lines.map((l, position) => ({ listId, skuId: l.skuId, qty: l.qty, position })));
}

/** Deletes the member's list with its lines; false when it is not theirs. */
export async function deleteList(db: Database, memberId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(savedLists)
    .where(and(eq(savedLists.memberId, memberId), eq(savedLists.id, id)))
    .returning({ id: savedLists.id });
  return rows.length > 0;
}
