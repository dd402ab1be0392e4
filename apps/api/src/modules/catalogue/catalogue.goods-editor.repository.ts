import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { brands, categories, goods, goodsImages, skuPriceBreaks, skuPrices, skus } from '../../db/schema';

/**
 * Reads and writes of the console's goods editor (商品 → 新建/编辑): one good with its pictures, SKUs and prices,
 * locked while it is saved.
 */

type NewGoodsRow = typeof goods.$inferInsert;
type NewSkuRow = typeof skus.$inferInsert;

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
  | 'breaksMixed'
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
  breaksMixed: goods.breaksMixed,
  updatedAt: goods.updatedAt,
};

/** One good's editable fields; with `lock`, its row stays locked until the transaction ends. */
export async function findGoodsForEdit(db: Database, id: number, lock = false): Promise<GoodsEditRow | null> {
  const query = db.select(goodsEditColumns).from(goods).where(eq(goods.id, id));
  const rows = lock ? await query.for('update') : await query;
  return rows[0] ?? null;
}

/** The SKU fields the editor writes (its stock aside, which goes through the stock ledger). */
type SkuEditField =
  | 'code'
  | 'name'
  | 'property'
  | 'status'
  | 'weight'
  | 'sort'
  | 'minQty'
  | 'stepQty'
  | 'maxQty'
  | 'barcode'
  | 'expectedDate';

export type SkuEditRow = Pick<typeof skus.$inferSelect, 'id' | 'stock' | SkuEditField>;

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
    minQty: skus.minQty,
    stepQty: skus.stepQty,
    maxQty: skus.maxQty,
    barcode: skus.barcode,
    expectedDate: sql<string | null>`to_char(${skus.expectedDate}, 'YYYY-MM-DD')`,
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

/** The SKUs of other goods (all goods when `goodsId` is null) that carry one of these barcodes. */
export async function skuBarcodesOfOtherGoods(
  db: Database,
  barcodes: readonly string[],
  goodsId: number | null,
): Promise<{ barcode: string; skuCode: string; goodsCode: string }[]> {
  if (barcodes.length === 0) return [];
  return db
    .select({ barcode: sql<string>`${skus.barcode}`, skuCode: skus.code, goodsCode: goods.code })
    .from(skus)
    .innerJoin(goods, eq(goods.id, skus.goodsId))
    .where(
      and(
        inArray(skus.barcode, [...barcodes]),
        goodsId === null ? undefined : sql`${skus.goodsId} <> ${goodsId}`,
      ),
    );
}

/**
 * Takes the barcodes off a good's SKUs before its SKUs are written again, so a barcode moving from one of its SKUs to
 * another never meets itself in the unique index halfway.
 */
export async function clearBarcodes(db: Database, goodsId: number): Promise<void> {
  await db
    .update(skus)
    .set({ barcode: null })
    .where(and(eq(skus.goodsId, goodsId), sql`${skus.barcode} is not null`));
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
  fields: Pick<NewSkuRow, SkuEditField>,
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

/** Replaces a SKU's volume prices of these levels (other levels' stay as they are; ADR 050). */
export async function replaceSkuBreaks(
  db: Database,
  skuId: number,
  levels: readonly number[],
  breaks: readonly { level: number; currency: string; minQty: number; amount: number }[],
): Promise<void> {
  await db
    .delete(skuPriceBreaks)
    .where(and(eq(skuPriceBreaks.skuId, skuId), inArray(skuPriceBreaks.level, [...levels])));
  if (breaks.length > 0) await db.insert(skuPriceBreaks).values(breaks.map((b) => ({ skuId, ...b })));
}

/** Every volume price of a good's SKUs, by SKU, currency, level and starting quantity. */
export function breaksOfGoods(db: Database, goodsId: number) {
  return db
    .select({
      skuId: skuPriceBreaks.skuId,
      currency: skuPriceBreaks.currency,
      level: skuPriceBreaks.level,
      minQty: skuPriceBreaks.minQty,
      amount: skuPriceBreaks.amount,
    })
    .from(skuPriceBreaks)
    .innerJoin(skus, eq(skus.id, skuPriceBreaks.skuId))
    .where(eq(skus.goodsId, goodsId))
    .orderBy(skuPriceBreaks.currency, skuPriceBreaks.level, skuPriceBreaks.minQty);
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
