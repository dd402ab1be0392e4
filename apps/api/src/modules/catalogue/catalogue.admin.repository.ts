import { SkuStatus } from '@shop/domain';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { brands, categories, goods, goodsImages, skuPrices, skus } from '../../db/schema';

/**
 * Writes of the catalogue's operator side (demo seed, sheet import, shelf and stock commands). The read
 * API has its own repository; both work on the tables of db/catalogue-schema.ts.
 */

export type NewBrandRow = typeof brands.$inferInsert;
export type NewGoodsRow = typeof goods.$inferInsert;
export type NewSkuRow = typeof skus.$inferInsert;
export type NewSkuPriceRow = typeof skuPrices.$inferInsert;
export type NewGoodsImageRow = typeof goodsImages.$inferInsert;

/** Rows per INSERT: at most ~16 columns each, far below PostgreSQL's 65535 parameters. */
const BATCH = 1000;

function chunks<T>(rows: readonly T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

export async function countGoods(db: Database): Promise<number> {
  const rows = await db.select({ n: count() }).from(goods);
  return rows[0]?.n ?? 0;
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

export interface CategoryRef {
  id: number;
  parentId: number | null;
  name: string;
  depth: number;
  path: string;
  image: string;
}

export async function listCategories(db: Database): Promise<CategoryRef[]> {
  return db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      name: categories.name,
      depth: categories.depth,
      path: categories.path,
      image: categories.image,
    })
    .from(categories)
    .orderBy(categories.depth, categories.sort, categories.id);
}

/** The child of `parentId` (null: a root) called `name`, or null. */
export async function findCategoryChild(
  db: Database,
  parentId: number | null,
  name: string,
): Promise<CategoryRef | null> {
  const rows = await db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      name: categories.name,
      depth: categories.depth,
      path: categories.path,
      image: categories.image,
    })
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

export async function insertGoodsImages(db: Database, rows: readonly NewGoodsImageRow[]): Promise<void> {
  for (const batch of chunks(rows, 2000)) await db.insert(goodsImages).values(batch);
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

/** Goods ids by code. */
export async function goodsIdsByCode(db: Database, codes: readonly string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ id: goods.id, code: goods.code })
    .from(goods)
    .where(inArray(goods.code, [...codes]));
  return new Map(rows.map((r) => [r.code, r.id]));
}

export interface GoodsFilter {
  keyword?: string | undefined;
  categoryId?: number | undefined;
  brandId?: number | undefined;
  location?: number | undefined;
  onShelf?: boolean | undefined;
  /** 'low': some SKU sold by stock count has lowAtMost or fewer left; 'soldOut': no SKU can be bought. */
  stock?: 'low' | 'soldOut' | undefined;
  lowAtMost: number;
}

/**
 * One page of goods, newest changed first, each with its brand, category, main picture and SKU counts, and the
 * total, in one statement. A category matches itself and the two levels below it.
 */
export async function pageGoods(db: Database, f: GoodsFilter, page: { limit: number; offset: number }) {
  const buyable = sql`(${skus.status} in (${SkuStatus.ByBook}, ${SkuStatus.InStock}) or (${skus.status} = ${SkuStatus.ByStock} and ${skus.stock} > 0))`;
  const like = f.keyword ? `%${f.keyword}%` : undefined;
  const conditions = [
    like
      ? sql`(${goods.name} ilike ${like} or ${goods.nameEn} ilike ${like} or ${goods.code} ilike ${like}
          or exists (select 1 from ${skus} where ${skus.goodsId} = ${goods.id} and ${skus.code} ilike ${like}))`
      : undefined,
    f.categoryId === undefined
      ? undefined
      : sql`${goods.categoryId} in (
          select c.id from ${categories} c where c.id = ${f.categoryId} or c.parent_id = ${f.categoryId}
          or c.parent_id in (select p.id from ${categories} p where p.parent_id = ${f.categoryId}))`,
    f.brandId === undefined ? undefined : eq(goods.brandId, f.brandId),
    f.location === undefined ? undefined : eq(goods.location, f.location),
    f.onShelf === undefined ? undefined : eq(goods.onFlag, f.onShelf),
    f.stock === 'low'
      ? sql`exists (select 1 from ${skus} where ${skus.goodsId} = ${goods.id} and ${skus.status} = ${SkuStatus.ByStock} and ${skus.stock} <= ${f.lowAtMost})`
      : f.stock === 'soldOut'
        ? sql`not exists (select 1 from ${skus} where ${skus.goodsId} = ${goods.id} and ${buyable})`
        : undefined,
  ].filter((c) => c !== undefined);
  const rows = await db
    .select({
      id: goods.id,
      code: goods.code,
      name: goods.name,
      nameEn: goods.nameEn,
      location: goods.location,
      onShelf: goods.onFlag,
      updatedAt: goods.updatedAt,
      brandName: brands.name,
      categoryName: categories.name,
      image: sql<string | null>`(select ${goodsImages.path} from ${goodsImages}
        where ${goodsImages.goodsId} = ${goods.id} and ${goodsImages.kind} = 'good'
        order by ${goodsImages.sort}, ${goodsImages.id} limit 1)`,
      skuCount: sql<number>`(select count(*) from ${skus} where ${skus.goodsId} = ${goods.id})`.mapWith(
        Number,
      ),
      buyableSkuCount:
        sql<number>`(select count(*) from ${skus} where ${skus.goodsId} = ${goods.id} and ${buyable})`.mapWith(
          Number,
        ),
      lowestStock: sql<number | null>`(select min(${skus.stock}) from ${skus}
        where ${skus.goodsId} = ${goods.id} and ${skus.status} = ${SkuStatus.ByStock})`,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(goods)
    .leftJoin(brands, eq(brands.id, goods.brandId))
    .leftJoin(categories, eq(categories.id, goods.categoryId))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(goods.updatedAt), desc(goods.id))
    .limit(page.limit)
    .offset(page.offset);
  return {
    rows: rows.map((r) => ({ ...r, lowestStock: r.lowestStock === null ? null : Number(r.lowestStock) })),
    total: rows[0]?.total ?? 0,
  };
}

// ------------------------------------------------------------------------------- the goods editor

export type GoodsEditRow = Pick<
  typeof goods.$inferSelect,
  | 'id'
  | 'code'
  | 'name'
  | 'nameEn'
  | 'brandId'
  | 'categoryId'
  | 'location'
  | 'onFlag'
  | 'content'
  | 'updatedAt'
>;
const goodsEditColumns = {
  id: goods.id,
  code: goods.code,
  name: goods.name,
  nameEn: goods.nameEn,
  brandId: goods.brandId,
  categoryId: goods.categoryId,
  location: goods.location,
  onFlag: goods.onFlag,
  content: goods.content,
  updatedAt: goods.updatedAt,
};

/** One good's editable fields; with `lock`, its row stays locked until the transaction ends. */
export async function findGoodsForEdit(db: Database, id: number, lock = false): Promise<GoodsEditRow | null> {
  const query = db.select(goodsEditColumns).from(goods).where(eq(goods.id, id));
  const rows = lock ? await query.for('update') : await query;
  return rows[0] ?? null;
}

export type SkuEditRow = Pick<
  typeof skus.$inferSelect,
  'id' | 'code' | 'name' | 'property' | 'status' | 'stock' | 'weight' | 'sort'
>;

/** A good's SKUs in display order; with `lock`, locked in id order like orders lock them. */
export async function skusForEdit(db: Database, goodsId: number, lock = false): Promise<SkuEditRow[]> {
  const columns = {
    id: skus.id,
    code: skus.code,
    name: skus.name,
    property: skus.property,
    status: skus.status,
    stock: skus.stock,
    weight: skus.weight,
    sort: skus.sort,
  };
  if (lock) {
    const rows = await db
      .select(columns)
      .from(skus)
      .where(eq(skus.goodsId, goodsId))
      .orderBy(skus.id)
      .for('update');
    return rows.sort((a, b) => a.sort - b.sort || a.id - b.id);
  }
  return db.select(columns).from(skus).where(eq(skus.goodsId, goodsId)).orderBy(skus.sort, skus.id);
}

export async function imagesOfGoods(db: Database, goodsId: number) {
  return db
    .select({ path: goodsImages.path, kind: goodsImages.kind })
    .from(goodsImages)
    .where(eq(goodsImages.goodsId, goodsId))
    .orderBy(goodsImages.sort, goodsImages.id);
}

/** Inserts a good; null when its code is taken (the unique index decides, so two creating at once cannot both win). */
export async function insertGoodsIfNew(db: Database, row: NewGoodsRow): Promise<GoodsEditRow | null> {
  const rows = await db.insert(goods).values(row).onConflictDoNothing().returning(goodsEditColumns);
  return rows[0] ?? null;
}

/**
 * Changes a good and moves its updateTime on to a millisecond no earlier read could have seen, so the editor's
 * stale-save check (which compares milliseconds) always notices this change. Null when the new code is taken.
 */
export async function updateGoodsFields(
  db: Database,
  id: number,
  fields: Partial<NewGoodsRow>,
): Promise<GoodsEditRow | null> {
  const rows = await db
    .update(goods)
    .set({
      ...fields,
      updatedAt: sql`date_trunc('milliseconds', greatest(clock_timestamp(), ${goods.updatedAt} + interval '1 millisecond'))`,
    })
    .where(eq(goods.id, id))
    .returning(goodsEditColumns);
  return rows[0] ?? null;
}

/** Whether another good already has this code (any case). */
export async function goodsCodeTaken(db: Database, code: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: goods.id })
    .from(goods)
    .where(
      and(
        sql`upper(${goods.code}) = upper(${code})`,
        exceptId === undefined ? undefined : sql`${goods.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The SKU codes (any case) among these that belong to another good, with that good's code. */
export async function skuCodesOfOtherGoods(
  db: Database,
  codes: readonly string[],
  goodsId: number | null,
): Promise<{ skuCode: string; goodsCode: string }[]> {
  if (codes.length === 0) return [];
  return db
    .select({ skuCode: skus.code, goodsCode: goods.code })
    .from(skus)
    .innerJoin(goods, eq(goods.id, skus.goodsId))
    .where(
      and(
        inArray(
          sql`upper(${skus.code})`,
          codes.map((c) => c.toUpperCase()),
        ),
        goodsId === null ? undefined : sql`${skus.goodsId} <> ${goodsId}`,
      ),
    );
}

export async function brandName(db: Database, id: number): Promise<{ name: string; nameEn: string } | null> {
  const rows = await db
    .select({ name: brands.name, nameEn: brands.nameEn })
    .from(brands)
    .where(eq(brands.id, id));
  return rows[0] ?? null;
}

export async function replaceGoodsImages(
  db: Database,
  goodsId: number,
  images: readonly { path: string; kind: string }[],
): Promise<void> {
  await db.delete(goodsImages).where(eq(goodsImages.goodsId, goodsId));
  if (images.length > 0)
    await db.insert(goodsImages).values(images.map((image, sort) => ({ goodsId, ...image, sort })));
}

/** Inserts a SKU; null when its code is taken. */
export async function insertSkuIfNew(db: Database, row: NewSkuRow): Promise<number | null> {
  const rows = await db.insert(skus).values(row).onConflictDoNothing().returning({ id: skus.id });
  return rows[0]?.id ?? null;
}

/** Changes a SKU's fields (not its stock, which goes through the stock ledger); false when the new code is taken. */
export async function updateSkuFields(
  db: Database,
  id: number,
  fields: Pick<NewSkuRow, 'code' | 'name' | 'property' | 'status' | 'weight' | 'sort'>,
): Promise<void> {
  await db
    .update(skus)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(skus.id, id));
}

export async function deleteSkus(db: Database, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await db.delete(skus).where(inArray(skus.id, [...ids]));
}

/** Replaces a SKU's prices of these levels (other levels' prices stay as they are). */
export async function replaceSkuPrices(
  db: Database,
  skuId: number,
  levels: readonly number[],
  prices: readonly { level: number; currency: string; amount: number }[],
): Promise<void> {
  await db.delete(skuPrices).where(and(eq(skuPrices.skuId, skuId), inArray(skuPrices.level, [...levels])));
  if (prices.length > 0) await db.insert(skuPrices).values(prices.map((p) => ({ skuId, ...p })));
}

/** A category and its parents from the root (ids and names, from its stored path); null when unknown. */
export async function categoryLine(db: Database, id: number): Promise<{ id: number; name: string }[] | null> {
  const [category] = await db.select({ path: categories.path }).from(categories).where(eq(categories.id, id));
  if (!category) return null;
  const ids = category.path.split('/').filter(Boolean).map(Number);
  const rows = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(inArray(categories.id, ids.length > 0 ? ids : [id]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return (ids.length > 0 ? ids : [id]).flatMap((i) => {
    const row = byId.get(i);
    return row ? [row] : [];
  });
}

/** Gives a SKU a placeholder code for the rest of the transaction, so codes can move between its good's SKUs. */
export async function renameSku(db: Database, id: number, code: string): Promise<void> {
  await db.update(skus).set({ code }).where(eq(skus.id, id));
}

/** Whether a SKU other than `exceptId` holds this code (any case). */
export async function skuCodeHolder(db: Database, code: string, exceptId: number): Promise<boolean> {
  const rows = await db
    .select({ id: skus.id })
    .from(skus)
    .where(and(sql`upper(${skus.code}) = upper(${code})`, sql`${skus.id} <> ${exceptId}`))
    .limit(1);
  return rows.length > 0;
}
