import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { addressBook } from '../../db/schema';

/** Queries of the sender and receiver address books; every query names the member and the book. */

export type AddressBookKind = 'sender' | 'receiver';
export type AddressRow = typeof addressBook.$inferSelect;
export type AddressFields = Omit<AddressRow, 'id' | 'memberId' | 'book' | 'createdAt' | 'updatedAt'>;

const ofBook = (memberId: number, book: AddressBookKind) =>
  and(eq(addressBook.memberId, memberId), eq(addressBook.book, book));

/** A member's book, the default entry first, then newest first (spec §3: the cart takes the default, else the first). */
export function listEntries(db: Database, memberId: number, book: AddressBookKind): Promise<AddressRow[]> {
  return db
    .select()
    .from(addressBook)
    .where(ofBook(memberId, book))
    .orderBy(desc(addressBook.defaultFlag), desc(addressBook.createdAt), desc(addressBook.id));
}

/**
 * Serializes the address writes of one member and book until the transaction ends, so the entry limit, the
 * first-entry default and the single default hold under concurrent saves.
 */
export async function lockBook(db: Database, memberId: number, book: AddressBookKind): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`address_book:${book}`}), ${memberId}::int)`);
}

/** The member's entry in the book, or null (another member's id is not found). */
export async function findEntry(
  db: Database,
  memberId: number,
  book: AddressBookKind,
  id: number,
): Promise<AddressRow | null> {
  const rows = await db
    .select()
    .from(addressBook)
    .where(and(ofBook(memberId, book), eq(addressBook.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

export async function countEntries(db: Database, memberId: number, book: AddressBookKind): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(addressBook)
    .where(ofBook(memberId, book));
  return rows[0]?.n ?? 0;
}

/** Takes the default flag off the member's other entries of the book. */
export async function clearDefault(
  db: Database,
  memberId: number,
  book: AddressBookKind,
  exceptId?: number,
): Promise<void> {
  await db
    .update(addressBook)
    .set({ defaultFlag: false })
    .where(
      and(
        ofBook(memberId, book),
        eq(addressBook.defaultFlag, true),
        exceptId === undefined ? undefined : ne(addressBook.id, exceptId),
      ),
    );
}

export async function insertEntry(
  db: Database,
  memberId: number,
  book: AddressBookKind,
  fields: AddressFields,
): Promise<AddressRow> {
  const rows = await db
    .insert(addressBook)
    .values({ ...fields, memberId, book })
    .returning();
  const row = rows[0];
  if (!row) throw new Error('address insert returned nothing');
  return row;
}

export async function updateEntry(
  db: Database,
  memberId: number,
  book: AddressBookKind,
  id: number,
  fields: AddressFields,
  at: Date,
): Promise<AddressRow | null> {
  const rows = await db
    .update(addressBook)
    .set({ ...fields, updatedAt: at })
    .where(and(ofBook(memberId, book), eq(addressBook.id, id)))
    .returning();
  return rows[0] ?? null;
}

/** Deletes the member's entry; returns it, or null when it is not the member's. */
export async function deleteEntry(
  db: Database,
  memberId: number,
  book: AddressBookKind,
  id: number,
): Promise<AddressRow | null> {
  const rows = await db
    .delete(addressBook)
    .where(and(ofBook(memberId, book), eq(addressBook.id, id)))
    .returning();
  return rows[0] ?? null;
}

/** Makes the newest entry of the book the default (after the default was deleted). */
export async function promoteNewest(db: Database, memberId: number, book: AddressBookKind): Promise<void> {
  const newest = db
    .select({ id: addressBook.id })
    .from(addressBook)
    .where(ofBook(memberId, book))
    .orderBy(desc(addressBook.createdAt), desc(addressBook.id))
    .limit(1);
  await db
    .update(addressBook)
    .set({ defaultFlag: true })
    .where(and(ofBook(memberId, book), eq(addressBook.id, sql`(${newest})`)));
}
