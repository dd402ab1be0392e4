import { count, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { brands, categories, goods, goodsImages, skuPriceBreaks, skuPrices, skus } from '../../db/schema';
import {
  type CategoryRef,
  categoryRefColumns,
  chunks,
  type NewGoodsRow,
  type NewSkuPriceRow,
  type NewSkuRow,
} from './catalogue.sheet-import.repository';

/**
 * Writes and look-ups of the demo seed: a whole catalogue inserted in batches, and the ids the content seed links
 * to (categories, brands, goods).
 */

export type NewGoodsImageRow = typeof goodsImages.$inferInsert;

export async function countGoods(db: Database): Promise<number> {
  const rows = await db.select({ n: count() }).from(goods);
  return rows[0]?.n ?? 0;
}

export interface BrandRef {
  id: number;
  name: string;
  nameEn: string;
  logo: string;
}

export async function listBrandRefs(db: Database): Promise<BrandRef[]> {
  return db
    .select({ id: brands.id, name: brands.name, nameEn: brands.nameEn, logo: brands.logo })
    .from(brands)
    .orderBy(brands.sort, brands.id);
}

export async function listCategories(db: Database): Promise<CategoryRef[]> {
  return db
    .select(categoryRefColumns)
    .from(categories)
    .orderBy(categories.depth, categories.sort, categories.id);
}

/** Inserts goods; returns their ids by code. */
export async function insertGoods(db: Database, rows: readonly NewGoodsRow[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const batch of chunks(rows, 300)) {
    const inserted = await db.insert(goods).values(batch).returning({ id: goods.id, code: goods.code });
    for (const row of inserted) ids.set(row.code, row.id);
  }
  return ids;
}

/** Inserts SKUs; returns their ids by code. */
export async function insertSkus(db: Database, rows: readonly NewSkuRow[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const batch of chunks(rows)) {
    const inserted = await db.insert(skus).values(batch).returning({ id: skus.id, code: skus.code });
    for (const row of inserted) ids.set(row.code, row.id);
  }
  return ids;
}

export async function insertSkuPrices(db: Database, rows: readonly NewSkuPriceRow[]): Promise<void> {
  for (const batch of chunks(rows, 2000)) await db.insert(skuPrices).values(batch);
}

/** Inserts volume prices (ADR 050). */
export async function insertSkuPriceBreaks(
  db: Database,
  rows: readonly (typeof skuPriceBreaks.$inferInsert)[],
): Promise<void> {
  for (const batch of chunks(rows, 2000)) await db.insert(skuPriceBreaks).values(batch);
}

export async function insertGoodsImages(db: Database, rows: readonly NewGoodsImageRow[]): Promise<void> {
  for (const batch of chunks(rows, 2000)) await db.insert(goodsImages).values(batch);
}

/** Goods ids by code. */
export async function goodsIdsByCode(db: Database, codes: readonly string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ id: goods.id, code: goods.code })
    .from(goods)
    .where(inArray(goods.code, [...codes]));
  return new Map(rows.map((r) => [r.code, r.id]));
}
