import { and, desc, eq, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { addressBook } from '../../db/schema';

/** Queries of the sender and receiver address books; every query names the member and the book. */

export type AddressBookKind = 'sender' | 'receiver';
export type AddressRow = typeof addressBook.$inferSelect;
export type AddressFields = Omit<
  AddressRow,
  'id' | 'memberId' | 'book' | 'companyId' | 'createdAt' | 'updatedAt'
>;

/** Whose book a write is in: the member's own, or their company's (issue #38). */
export type BookOwner = { memberId: number; companyId: number | null };

/** The entries of one owner's book: the member's own (no company), or the company's. */
const ofBook = (owner: BookOwner, book: AddressBookKind): SQL | undefined =>
  owner.companyId === null
    ? and(eq(addressBook.memberId, owner.memberId), isNull(addressBook.companyId), eq(addressBook.book, book))
    : and(eq(addressBook.companyId, owner.companyId), eq(addressBook.book, book));

const own = (memberId: number): BookOwner => ({ memberId, companyId: null });

/** What a member sees: their own entries and, in a company, the company's. */
const seenBy = (memberId: number, companyId: number | null, book: AddressBookKind) =>
  and(
    eq(addressBook.book, book),
    companyId === null
      ? and(eq(addressBook.memberId, memberId), isNull(addressBook.companyId))
      : or(
          and(eq(addressBook.memberId, memberId), isNull(addressBook.companyId)),
          eq(addressBook.companyId, companyId),
        ),
  );

/**
 * A member's book with their company's entries, the default entry first, then newest first (spec §3: the cart
 * takes the default, else the first).
 */
export function listEntries(
  db: Database,
  memberId: number,
  book: AddressBookKind,
  companyId: number | null = null,
): Promise<AddressRow[]> {
  return db
    .select()
    .from(addressBook)
    .where(seenBy(memberId, companyId, book))
    .orderBy(desc(addressBook.defaultFlag), desc(addressBook.createdAt), desc(addressBook.id));
}

/** An entry the member sees (their own, or their company's), or null. */
export async function findSeenEntry(
  db: Database,
  memberId: number,
  book: AddressBookKind,
  id: number,
  companyId: number | null,
): Promise<AddressRow | null> {
  const rows = await db
    .select()
    .from(addressBook)
    .where(and(seenBy(memberId, companyId, book), eq(addressBook.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Serializes the address writes of one member and book until the transaction ends, so the entry limit, the
 * first-entry default and the single default hold under concurrent saves.
 */
export async function lockBook(db: Database, owner: BookOwner, book: AddressBookKind): Promise<void> {
  const key = owner.companyId === null ? `address_book:${book}` : `address_book:company:${book}`;
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtext(${key}), ${owner.companyId ?? owner.memberId}::int)`,
  );
}

/** The owner's entry in the book, or null (another member's or company's id is not found). */
export async function findEntry(
  db: Database,
  owner: BookOwner | number,
  book: AddressBookKind,
  id: number,
): Promise<AddressRow | null> {
  const rows = await db
    .select()
    .from(addressBook)
    .where(and(ofBook(typeof owner === 'number' ? own(owner) : owner, book), eq(addressBook.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

export async function countEntries(db: Database, owner: BookOwner, book: AddressBookKind): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(addressBook)
    .where(ofBook(owner, book));
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
        ofBook(own(memberId), book),
        eq(addressBook.defaultFlag, true),
        exceptId === undefined ? undefined : ne(addressBook.id, exceptId),
      ),
    );
}

export async function insertEntry(
  db: Database,
  owner: BookOwner,
  book: AddressBookKind,
  fields: AddressFields,
): Promise<AddressRow> {
  const rows = await db
    .insert(addressBook)
    .values({ ...fields, memberId: owner.memberId, companyId: owner.companyId, book })
    .returning();
  const row = rows[0];
  if (!row) throw new Error('address insert returned nothing');
  return row;
}

export async function updateEntry(
  db: Database,
  owner: BookOwner,
  book: AddressBookKind,
  id: number,
  fields: AddressFields,
  at: Date,
): Promise<AddressRow | null> {
  const rows = await db
    .update(addressBook)
    .set({ ...fields, updatedAt: at })
    .where(and(ofBook(owner, book), eq(addressBook.id, id)))
    .returning();
  return rows[0] ?? null;
}

/** Deletes the member's entry; returns it, or null when it is not the member's. */
export async function deleteEntry(
  db: Database,
  owner: BookOwner,
  book: AddressBookKind,
  id: number,
): Promise<AddressRow | null> {
  const rows = await db
    .delete(addressBook)
    .where(and(ofBook(owner, book), eq(addressBook.id, id)))
    .returning();
  return rows[0] ?? null;
}

/** Makes the newest entry of the book the default (after the default was deleted). */
export async function promoteNewest(db: Database, memberId: number, book: AddressBookKind): Promise<void> {
  const newest = db
    .select({ id: addressBook.id })
    .from(addressBook)
    .where(ofBook(own(memberId), book))
    .orderBy(desc(addressBook.createdAt), desc(addressBook.id))
    .limit(1);
  await db
    .update(addressBook)
    .set({ defaultFlag: true })
    .where(and(ofBook(own(memberId), book), eq(addressBook.id, sql`(${newest})`)));
}
