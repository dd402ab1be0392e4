import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { supplierApplicationNotes, supplierApplications } from '../../db/schema';

/** Queries of the supplier module (its applications and their contact history). */

export type SupplierApplicationRow = typeof supplierApplications.$inferSelect;
export type NewSupplierApplication = typeof supplierApplications.$inferInsert;
export type SupplierNoteRow = typeof supplierApplicationNotes.$inferSelect;

export async function insertApplication(db: Database, row: NewSupplierApplication): Promise<number> {
  const [inserted] = await db
    .insert(supplierApplications)
    .values(row)
    .returning({ id: supplierApplications.id });
  if (!inserted) throw new Error('supplier application not inserted');
  return inserted.id;
}

/** `%`, `_` and `\` typed by staff match themselves, not any text. */
const contains = (keyword: string) => `%${keyword.replace(/[\\%_]/g, '\\$&')}%`;

function keywordFilter(keyword: string | undefined): SQL | undefined {
  if (!keyword) return undefined;
  const k = contains(keyword);
  return or(
    ilike(supplierApplications.company, k),
    ilike(supplierApplications.contact, k),
    ilike(supplierApplications.phone, k),
    ilike(supplierApplications.email, k),
  );
}

/** One page of applications newest first, optionally of one status and/or matching a keyword. */
export function pageApplications(
  db: Database,
  filter: { status?: string | undefined; keyword?: string | undefined },
  page: { limit: number; offset: number },
) {
  return db
    .select()
    .from(supplierApplications)
    .where(
      and(
        filter.status === undefined ? undefined : eq(supplierApplications.status, filter.status),
        keywordFilter(filter.keyword),
      ),
    )
    .orderBy(desc(supplierApplications.createdAt), desc(supplierApplications.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** How many applications of each status match a keyword (statuses without any are left out). */
export async function countByStatus(db: Database, keyword: string | undefined): Promise<Map<string, number>> {
  const rows = await db
    .select({ status: supplierApplications.status, n: count() })
    .from(supplierApplications)
    .where(keywordFilter(keyword))
    .groupBy(supplierApplications.status);
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

export async function findApplication(db: Database, id: number): Promise<SupplierApplicationRow | null> {
  const rows = await db.select().from(supplierApplications).where(eq(supplierApplications.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The application's status under a row lock held to the end of the transaction; null when there is none. */
export async function lockApplication(tx: Database, id: number): Promise<{ status: string } | null> {
  const [row] = await tx
    .select({ status: supplierApplications.status })
    .from(supplierApplications)
    .where(eq(supplierApplications.id, id))
    .for('update');
  return row ?? null;
}

/** Records that the staff followed an application up at `at`, moving it to `status` when one is given. */
export async function markFollowedUp(tx: Database, id: number, at: Date, status?: string): Promise<void> {
  await tx
    .update(supplierApplications)
    .set(status === undefined ? { updatedAt: at } : { status, statusChangedAt: at, updatedAt: at })
    .where(eq(supplierApplications.id, id));
}

export async function insertNote(
  tx: Database,
  row: typeof supplierApplicationNotes.$inferInsert,
): Promise<SupplierNoteRow> {
  const [inserted] = await tx.insert(supplierApplicationNotes).values(row).returning();
  if (!inserted) throw new Error('supplier note not inserted');
  return inserted;
}

/** An application's contact history, oldest first. */
export function listNotes(db: Database, applicationId: number): Promise<SupplierNoteRow[]> {
  return db
    .select()
    .from(supplierApplicationNotes)
    .where(eq(supplierApplicationNotes.applicationId, applicationId))
    .orderBy(asc(supplierApplicationNotes.createdAt), asc(supplierApplicationNotes.id));
}
