import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sellerDetails } from '../../db/schema';

/** Queries of the shop's seller details (one row, id 1, written by its migration). */

export type SellerRow = typeof sellerDetails.$inferSelect;
export type SellerFields = Pick<
  SellerRow,
  'legalName' | 'abn' | 'address' | 'gstRegistered' | 'pricesIncludeGst'
>;

/** The seller details, or null when the row is missing (a database restored from before the migration). */
export async function findSeller(db: Database): Promise<SellerRow | null> {
  return (await db.select().from(sellerDetails).where(eq(sellerDetails.id, 1)).limit(1))[0] ?? null;
}

/** The seller details locked until the transaction ends. */
export async function lockSeller(db: Database): Promise<SellerRow | null> {
  return (await db.select().from(sellerDetails).where(eq(sellerDetails.id, 1)).for('update'))[0] ?? null;
}

/** Writes the seller details (inserting the row if missing); returns the stored row. */
export async function saveSeller(db: Database, fields: SellerFields, at: Date): Promise<SellerRow> {
  const rows = await db
    .insert(sellerDetails)
    .values({ id: 1, ...fields, updatedAt: at })
    .onConflictDoUpdate({ target: sellerDetails.id, set: { ...fields, updatedAt: at } })
    .returning();
  const row = rows[0];
  if (!row) throw new Error('seller details upsert returned nothing');
  return row;
}
