import { and, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { brands, categories, goods, skuPriceBreaks, skuPrices, skus } from '../../db/schema';

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
  await insertNewBrands(db, rows);
  return brandIdsByName(
    db,
    rows.map((r) => r.name),
  );
}

/** Inserts the brands whose name is new; returns how many were. */
export async function insertNewBrands(db: Database, rows: readonly NewBrandRow[]): Promise<number> {
  let created = 0;
  for (const batch of chunks(rows)) {
    const inserted = await db
      .insert(brands)
      .values(batch)
      .onConflictDoNothing({ target: brands.name })
      .returning({ id: brands.id });
    created += inserted.length;
  }
  return created;
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

/** Every category (a few hundred at most): the import resolves its paths in memory. */
export async function allCategories(db: Database): Promise<CategoryRef[]> {
  return db.select(categoryRefColumns).from(categories).orderBy(categories.id);
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

/** `set` of an upsert: each named column takes the value the statement tried to insert, and updatedAt moves. */
function fromExcluded(table: typeof goods | typeof skus, keys: readonly string[]) {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const set: Record<string, SQL> = { updatedAt: sql`now()` };
  for (const key of keys) {
    const column = columns[key];
    if (!column) throw new Error(`unknown column ${key}`);
    set[key] = sql.raw(`excluded."${column.name}"`);
  }
  return set;
}

/** One upserted row: its id, its code, and whether this statement inserted it. */
export interface Upserted {
  id: number;
  code: string;
  inserted: boolean;
}

/**
 * Inserts or updates goods by code, many per statement; known goods get the columns named in `update`. The rows
 * must have distinct codes.
 */
export async function upsertGoodsBatch(
  db: Database,
  rows: readonly NewGoodsRow[],
  update: readonly (keyof NewGoodsRow)[],
): Promise<Upserted[]> {
  const out: Upserted[] = [];
  for (const batch of chunks(rows)) {
    out.push(
      ...(await db
        .insert(goods)
        .values(batch)
        .onConflictDoUpdate({ target: goods.code, set: fromExcluded(goods, update) })
        // xmax is 0 only for a row this statement inserted.
        .returning({ id: goods.id, code: goods.code, inserted: sql<boolean>`(xmax = 0)` })),
    );
  }
  return out;
}

/** Inserts or updates SKUs by code, many per statement (see upsertGoodsBatch). */
export async function upsertSkusBatch(
  db: Database,
  rows: readonly NewSkuRow[],
  update: readonly (keyof NewSkuRow)[],
): Promise<Upserted[]> {
  const out: Upserted[] = [];
  for (const batch of chunks(rows)) {
    out.push(
      ...(await db
        .insert(skus)
        .values(batch)
        .onConflictDoUpdate({ target: skus.code, set: fromExcluded(skus, update) })
        .returning({ id: skus.id, code: skus.code, inserted: sql<boolean>`(xmax = 0)` })),
    );
  }
  return out;
}

/**
 * Replaces SKUs' volume prices of a currency and level each (ADR 050): the old ones of those keys deleted, the new
 * inserted, many per statement.
 */
export async function replaceSkuBreaks(
  db: Database,
  rows: readonly {
    skuId: number;
    currency: string;
    level: number;
    entries: readonly { minQty: number; amount: number }[];
  }[],
): Promise<void> {
  for (const batch of chunks(rows)) {
    const keys = JSON.stringify(batch.map((r) => [r.skuId, r.currency, r.level]));
    await db.execute(sql`delete from ${skuPriceBreaks} b using json_array_elements(${keys}::json) k
      where b.sku_id = (k->>0)::int and b.currency = k->>1 and b.level = (k->>2)::int`);
  }
  const inserts = rows.flatMap((r) =>
    r.entries.map((e) => ({
      skuId: r.skuId,
      currency: r.currency,
      level: r.level,
      minQty: e.minQty,
      amount: e.amount,
    })),
  );
  for (const batch of chunks(inserts)) await db.insert(skuPriceBreaks).values(batch);
}

/** Sets SKU prices (one per SKU, level and currency), many per statement. */
export async function upsertSkuPrices(db: Database, rows: readonly NewSkuPriceRow[]): Promise<void> {
  for (const batch of chunks(rows)) {
    await db
      .insert(skuPrices)
      .values(batch)
      .onConflictDoUpdate({
        target: [skuPrices.skuId, skuPrices.level, skuPrices.currency],
        set: { amount: sql`excluded.amount` },
      });
  }
}

/** A price's key: the SKU, the member level and the currency. */
export interface PriceKey {
  skuId: number;
  level: number;
  currency: string;
}

/** Removes these prices where they exist; returns how many there were. */
export async function deleteSkuPrices(db: Database, keys: readonly PriceKey[]): Promise<number> {
  let removed = 0;
  for (const batch of chunks(keys)) {
    const tuples = sql.join(
      batch.map((k) => sql`(${k.skuId}::int, ${k.level}::int, ${k.currency}::char(3))`),
      sql`, `,
    );
    const rows = await db
      .delete(skuPrices)
      .where(sql`(${skuPrices.skuId}, ${skuPrices.level}, ${skuPrices.currency}) in (${tuples})`)
      .returning({ skuId: skuPrices.skuId });
    removed += rows.length;
  }
  return removed;
}

/** The prices these SKUs have now, as keys. */
export async function priceKeysOfSkus(db: Database, skuIds: readonly number[]): Promise<PriceKey[]> {
  const out: PriceKey[] = [];
  for (const batch of chunks(skuIds)) {
    out.push(
      ...(await db
        .select({ skuId: skuPrices.skuId, level: skuPrices.level, currency: skuPrices.currency })
        .from(skuPrices)
        .where(inArray(skuPrices.skuId, batch))),
    );
  }
  return out;
}

/** The SKUs with these codes now: their id and the code of the goods they belong to. */
export async function skusByCode(
  db: Database,
  skuCodes: readonly string[],
): Promise<Map<string, { id: number; goodsCode: string }>> {
  const found = new Map<string, { id: number; goodsCode: string }>();
  for (const batch of chunks(skuCodes)) {
    const rows = await db
      .select({ id: skus.id, skuCode: skus.code, goodsCode: goods.code })
      .from(skus)
      .innerJoin(goods, eq(goods.id, skus.goodsId))
      .where(inArray(skus.code, batch));
    for (const r of rows) found.set(r.skuCode, { id: r.id, goodsCode: r.goodsCode });
  }
  return found;
}

/** The code of the SKU holding each of these barcodes (a barcode no SKU holds is left out). */
export async function skuCodesByBarcode(
  db: Database,
  barcodes: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const batch of chunks([...new Set(barcodes)])) {
    const rows = await db
      .select({ barcode: sql<string>`${skus.barcode}`, code: skus.code })
      .from(skus)
      .where(inArray(skus.barcode, batch));
    for (const r of rows) found.set(r.barcode, r.code);
  }
  return found;
}

/** Takes the barcodes off the SKUs of these codes (an import writes them again). */
export async function clearBarcodesOfCodes(db: Database, codes: readonly string[]): Promise<void> {
  for (const batch of chunks(codes))
    await db
      .update(skus)
      .set({ barcode: null })
      .where(and(inArray(skus.code, batch), sql`${skus.barcode} is not null`));
}

/** The Latin names of known goods by code (an import without a nameEn column keeps them in the search text). */
export async function goodsNameEnByCode(
  db: Database,
  codes: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const batch of chunks(codes)) {
    const rows = await db
      .select({ code: goods.code, nameEn: goods.nameEn })
      .from(goods)
      .where(inArray(goods.code, batch));
    for (const r of rows) found.set(r.code, r.nameEn);
  }
  return found;
}
