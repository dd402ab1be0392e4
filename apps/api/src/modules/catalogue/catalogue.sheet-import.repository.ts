import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { brands, categories, goods, skuPrices, skus } from '../../db/schema';

/**
 * Writes of the goods sheet import (docs/catalogue-import.md): goods and SKUs upserted by code, missing brands and
 * categories created, prices set or removed. The demo seed's bulk insert shares the brand and category writes.
 */

export type NewBrandRow = typeof brands.$inferInsert;
export type NewGoodsRow = typeof goods.$inferInsert;
export type NewSkuRow = typeof skus.$inferInsert;
export type NewSkuPriceRow = typeof skuPrices.$inferInsert;

/** Rows per INSERT: at most ~16 columns each, far below PostgreSQL's 65535 parameters. */
const BATCH = 1000;

export function chunks<T>(rows: readonly T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Inserts brands whose name is new; returns every brand named (new and existing) by name. */
export async function upsertBrands(
  db: Database,
  rows: readonly NewBrandRow[],
): Promise<Map<string, { id: number; nameEn: string }>> {
  for (const batch of chunks(rows))
    await db.insert(brands).values(batch).onConflictDoNothing({ target: brands.name });
  return brandIdsByName(
    db,
    rows.map((r) => r.name),
  );
}

export async function brandIdsByName(
  db: Database,
  names: readonly string[],
): Promise<Map<string, { id: number; nameEn: string }>> {
  if (names.length === 0) return new Map();
  const found = await db
    .select({ id: brands.id, name: brands.name, nameEn: brands.nameEn })
    .from(brands)
    .where(inArray(brands.name, [...new Set(names)]));
  return new Map(found.map((b) => [b.name, { id: b.id, nameEn: b.nameEn }]));
}

export interface CategoryRef {
  id: number;
  parentId: number | null;
  name: string;
  depth: number;
  path: string;
  image: string;
}

/** The columns of a CategoryRef. */
export const categoryRefColumns = {
  id: categories.id,
  parentId: categories.parentId,
  name: categories.name,
  depth: categories.depth,
  path: categories.path,
  image: categories.image,
};

/** The child of `parentId` (null: a root) called `name`, or null. */
export async function findCategoryChild(
  db: Database,
  parentId: number | null,
  name: string,
): Promise<CategoryRef | null> {
  const rows = await db
    .select(categoryRefColumns)
    .from(categories)
    .where(
      and(
        parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId),
        eq(categories.name, name),
      ),
    )
    .orderBy(categories.id)
    .limit(1);
  return rows[0] ?? null;
}

export interface NewCategory {
  parentId: number | null;
  /** The parent's path ('' for a root); the new path is it plus the new id. */
  parentPath: string;
  name: string;
  depth: number;
  image?: string;
  sort?: number;
}

/**
 * Inserts categories of one depth (their parents exist already) and fills in their `path` ('/1/5/23/'),
 * which needs the new ids. Returns the new rows in input order.
 */
export async function insertCategories(db: Database, rows: readonly NewCategory[]): Promise<CategoryRef[]> {
  const created: CategoryRef[] = [];
  for (const batch of chunks(rows)) {
    const inserted = await db
      .insert(categories)
      .values(
        batch.map((r) => ({
          parentId: r.parentId,
          name: r.name,
          depth: r.depth,
          image: r.image ?? '',
          sort: r.sort ?? 0,
        })),
      )
      .returning({ id: categories.id });
    inserted.forEach((row, i) => {
      const source = batch[i];
      if (!source) return;
      created.push({
        id: row.id,
        parentId: source.parentId,
        name: source.name,
        depth: source.depth,
        path: `${source.parentPath || '/'}${row.id}/`,
        image: source.image ?? '',
      });
    });
  }
  // New rows still have path '' (the column default): derive it from the parent's path and the new id.
  await db.execute(sql`
    update ${categories} as c
    set path = coalesce((select p.path from ${categories} as p where p.id = c.parent_id), '/') || c.id || '/'
    where c.path = ''`);
  return created;
}

/** Inserts or updates one goods by code; `inserted` tells which happened. */
export async function upsertGoods(
  db: Database,
  row: NewGoodsRow,
  update: Partial<NewGoodsRow>,
): Promise<{ id: number; inserted: boolean }> {
  const rows = await db
    .insert(goods)
    .values(row)
    .onConflictDoUpdate({ target: goods.code, set: { ...update, updatedAt: sql`now()` } })
    // xmax is 0 only for a row this statement inserted.
    .returning({ id: goods.id, inserted: sql<boolean>`(xmax = 0)` });
  const result = rows[0];
  if (!result) throw new Error(`upsert of goods ${row.code} returned nothing`);
  return result;
}

/** Inserts or updates one SKU by code; `inserted` tells which happened. */
export async function upsertSku(
  db: Database,
  row: NewSkuRow,
  update: Partial<NewSkuRow>,
): Promise<{ id: number; inserted: boolean }> {
  const rows = await db
    .insert(skus)
    .values(row)
    .onConflictDoUpdate({ target: skus.code, set: { ...update, updatedAt: sql`now()` } })
    .returning({ id: skus.id, inserted: sql<boolean>`(xmax = 0)` });
  const result = rows[0];
  if (!result) throw new Error(`upsert of sku ${row.code} returned nothing`);
  return result;
}

/** Sets a SKU's price for one level and currency. */
export async function upsertSkuPrice(db: Database, row: NewSkuPriceRow): Promise<void> {
  await db
    .insert(skuPrices)
    .values(row)
    .onConflictDoUpdate({
      target: [skuPrices.skuId, skuPrices.level, skuPrices.currency],
      set: { amount: row.amount },
    });
}

/** Removes a SKU's price for one level and currency (then it is not sold in it at that level); true if there was one. */
export async function deleteSkuPrice(
  db: Database,
  skuId: number,
  level: number,
  currency: string,
): Promise<boolean> {
  const rows = await db
    .delete(skuPrices)
    .where(and(eq(skuPrices.skuId, skuId), eq(skuPrices.level, level), eq(skuPrices.currency, currency)))
    .returning({ skuId: skuPrices.skuId });
  return rows.length > 0;
}

/** The goods code each of these SKU codes belongs to now. */
export async function skuOwners(db: Database, skuCodes: readonly string[]): Promise<Map<string, string>> {
  if (skuCodes.length === 0) return new Map();
  const rows = await db
    .select({ skuCode: skus.code, goodsCode: goods.code })
    .from(skus)
    .innerJoin(goods, eq(goods.id, skus.goodsId))
    .where(inArray(skus.code, [...skuCodes]));
  return new Map(rows.map((r) => [r.skuCode, r.goodsCode]));
}

/** The Latin names of goods by code (an import without a nameEn column keeps them in the search text). */
export async function goodsNameEnByCode(
  db: Database,
  codes: readonly string[],
): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ code: goods.code, nameEn: goods.nameEn })
    .from(goods)
    .where(inArray(goods.code, [...codes]));
  return new Map(rows.map((r) => [r.code, r.nameEn]));
}
