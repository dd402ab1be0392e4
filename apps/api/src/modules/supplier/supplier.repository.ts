import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { supplierApplications } from '../../db/schema';

/** Queries of the supplier module (its applications). */

export type SupplierApplicationRow = typeof supplierApplications.$inferSelect;
export type NewSupplierApplication = typeof supplierApplications.$inferInsert;

export async function insertApplication(db: Database, row: NewSupplierApplication): Promise<number> {
  const [inserted] = await db
    .insert(supplierApplications)
    .values(row)
    .returning({ id: supplierApplications.id });
  if (!inserted) throw new Error('supplier application not inserted');
  return inserted.id;
}

/** Applications newest first, optionally of one status. */
export function listApplications(db: Database, status: string | undefined, limit: number) {
  return db
    .select()
    .from(supplierApplications)
    .where(status === undefined ? undefined : eq(supplierApplications.status, status))
    .orderBy(desc(supplierApplications.createdAt), desc(supplierApplications.id))
    .limit(limit);
}

export async function findApplication(db: Database, id: number): Promise<SupplierApplicationRow | null> {
  const rows = await db.select().from(supplierApplications).where(eq(supplierApplications.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Sets an application's status and note; returns its previous status, or null when it does not exist. */
export async function updateStatus(
  db: Database,
  id: number,
  change: { status: string; note: string; at: Date },
): Promise<{ previous: string } | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: supplierApplications.status })
      .from(supplierApplications)
      .where(eq(supplierApplications.id, id))
      .for('update');
    if (!row) return null;
    await tx
      .update(supplierApplications)
      .set({ status: change.status, note: change.note, statusChangedAt: change.at, updatedAt: change.at })
      .where(eq(supplierApplications.id, id));
    return { previous: row.status };
  });
}
