import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { goods } from '../../db/schema';

/** Writes of the goods' shelf state (on or off the shelf), under a lock of the goods changed. */

export interface ShelfRow {
  id: number;
  code: string;
  name: string;
  onFlag: boolean;
}

/** Goods by codes or ids, locked for the shelf change. */
export async function lockGoods(
  db: Database,
  by: { codes: readonly string[] } | { ids: readonly number[] },
): Promise<ShelfRow[]> {
  const where = 'codes' in by ? inArray(goods.code, [...by.codes]) : inArray(goods.id, [...by.ids]);
  return db
    .select({ id: goods.id, code: goods.code, name: goods.name, onFlag: goods.onFlag })
    .from(goods)
    .where(where)
    .orderBy(goods.id)
    .for('update');
}

export async function setGoodsOnFlag(db: Database, ids: readonly number[], onFlag: boolean): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(goods)
    .set({ onFlag, updatedAt: sql`now()` })
    .where(inArray(goods.id, [...ids]));
}
