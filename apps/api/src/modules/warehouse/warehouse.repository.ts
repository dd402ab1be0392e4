import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pickupPoints } from '../../db/schema';

/** Queries of the warehouse module: the warehouses' pickup points. */

export type PickupPointRow = typeof pickupPoints.$inferSelect;

/** Every pickup point row, enabled or not, by warehouse id. */
export function listPickupPoints(db: Database): Promise<PickupPointRow[]> {
  return db.select().from(pickupPoints).orderBy(asc(pickupPoints.warehouseId));
}

/** Sets a warehouse's pickup point and turns it on (insert or replace). */
export async function enablePickup(
  db: Database,
  values: { warehouseId: number; address: string; hours: string; phone: string },
  now: Date,
): Promise<PickupPointRow> {
  const { warehouseId: _id, ...fields } = values;
  const rows = await db
    .insert(pickupPoints)
    .values({ ...values, enabled: true, updatedAt: now })
    .onConflictDoUpdate({
      target: pickupPoints.warehouseId,
      set: { ...fields, enabled: true, updatedAt: now },
    })
    .returning();
  const row = rows[0];
  if (!row) throw new Error('pickup point upsert returned nothing');
  return row;
}

/** Turns a warehouse's pickup off, keeping its address and hours; null when it never had a pickup point. */
export async function disablePickup(
  db: Database,
  warehouseId: number,
  now: Date,
): Promise<PickupPointRow | null> {
  const rows = await db
    .update(pickupPoints)
    .set({ enabled: false, updatedAt: now })
    .where(eq(pickupPoints.warehouseId, warehouseId))
    .returning();
  return rows[0] ?? null;
}
