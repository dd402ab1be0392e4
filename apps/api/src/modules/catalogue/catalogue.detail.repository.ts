import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { brands, categories, goods, goodsImages, skuPrices, skus } from '../../db/schema';
import { hasSkuForSale, likeContains, onShelf, skuBreaks, skuColumns } from './catalogue.query-parts';
import { decodeBreaks } from './catalogue.wire';

/**
 * Queries of a product's detail page and of the storefront's taxonomy: the category tree and the brands with their
 * numbers of listed goods.
 */

export type CategoryRow = typeof categories.$inferSelect;
export type BrandRow = typeof brands.$inferSelect;

export interface GoodsDetailRow {
  id: number;
  code: string;
  name: string;
  nameEn: string;
  location: number;
  onFlag: boolean;
  content: string;
  categoryId: number;
  categoryPath: string;
  brandId: number | null;
  brandName: string | null;
  brandLogo: string | null;
}

/** One product whatever its shelf state, with its brand and its category's path. */
export async function findGoodsDetail(db: Database, id: number): Promise<GoodsDetailRow | null> {
  const rows = await db
    .select({
      id: goods.id,
      code: goods.code,
      name: goods.name,
      nameEn: goods.nameEn,
      location: goods.location,
      onFlag: goods.onFlag,
      content: goods.content,
      categoryId: goods.categoryId,
      categoryPath: categories.path,
      brandId: goods.brandId,
      brandName: brands.name,
      brandLogo: brands.logo,
    })
    .from(goods)
    .innerJoin(categories, eq(categories.id, goods.categoryId))
    .leftJoin(brands, eq(brands.id, goods.brandId))
    .where(eq(goods.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** The goods a SKU belongs to, or null for an unknown SKU. */
export async function findGoodsIdOfSku(db: Database, skuId: number): Promise<number | null> {
  const rows = await db.select({ goodsId: skus.goodsId }).from(skus).where(eq(skus.id, skuId)).limit(1);
  return rows[0]?.goodsId ?? null;
}

/** Categories by id (the ancestors of a product's category). */
export function findCategoriesByIds(db: Database, ids: readonly number[]): Promise<CategoryRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(categories)
    .where(inArray(categories.id, [...ids]));
}

export async function findCategory(db: Database, id: number): Promise<CategoryRow | null> {
  const rows = await db.select().from(categories).where(eq(categories.id, id)).limit(1);
  return rows[0] ?? null;
}

/** A product's images of every kind, in display order. */
export function listGoodsImages(db: Database, goodsId: number) {
  return db
    .select({ kind: goodsImages.kind, path: goodsImages.path })
    .from(goodsImages)
    .where(eq(goodsImages.goodsId, goodsId))
    .orderBy(asc(goodsImages.sort), asc(goodsImages.id));
}

/** A product's SKUs in display order with their volume prices at `level` (the detail adds every level's prices). */
export async function listSkusOfGoods(db: Database, goodsId: number, level: number) {
  const rows = await db
    .select({ ...skuColumns, breaks: skuBreaks(level), breaksMixed: goods.breaksMixed })
    .from(skus)
    .innerJoin(goods, eq(goods.id, skus.goodsId))
    .where(eq(skus.goodsId, goodsId))
    .orderBy(asc(skus.sort), asc(skus.id));
  return rows.map((row) => ({ ...row, breaks: decodeBreaks(row.breaks) }));
}

/** Every price of every SKU of a product (all levels, both currencies). */
export function listPricesOfGoods(db: Database, goodsId: number) {
  return db
    .select({
      skuId: skuPrices.skuId,
      level: skuPrices.level,
      currency: skuPrices.currency,
      amount: skuPrices.amount,
    })
    .from(skuPrices)
    .innerJoin(skus, eq(skus.id, skuPrices.skuId))
    .where(eq(skus.goodsId, goodsId))
    .orderBy(asc(skuPrices.level));
}

/** The whole category tree as rows, in display order. */
export function listCategories(db: Database): Promise<CategoryRow[]> {
  return db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id));
}

/** Root categories in display order. */
export function listRootCategories(db: Database): Promise<CategoryRow[]> {
  return db
    .select()
    .from(categories)
    .where(isNull(categories.parentId))
    .orderBy(asc(categories.sort), asc(categories.id));
}

const brandColumns = {
  id: brands.id,
  name: brands.name,
  nameEn: brands.nameEn,
  initial: brands.initial,
  logo: brands.logo,
  country: brands.country,
};
export type BrandListRow = {
  id: number;
  name: string;
  nameEn: string;
  initial: string;
  logo: string;
  country: string;
  goodsCount: number;
};

// Brands grouped A–Z with '#' (names starting with neither a letter nor a Chinese character) last.
const brandOrder = [sql`${brands.initial} = '#'`, asc(brands.initial), asc(brands.name), asc(brands.id)];

/** Brands with their number of listed goods (on the shelf, a SKU for sale), optionally those whose name contains the keyword. */
export function listBrands(db: Database, keyword?: string): Promise<BrandListRow[]> {
  const where = keyword
    ? sql`(${brands.name} ilike ${likeContains(keyword)} escape '\\' or ${brands.nameEn} ilike ${likeContains(keyword)} escape '\\')`
    : undefined;
  return db
    .select({ ...brandColumns, goodsCount: sql<number>`count(${goods.id})::int` })
    .from(brands)
    .leftJoin(goods, and(eq(goods.brandId, brands.id), onShelf, hasSkuForSale))
    .where(where)
    .groupBy(brands.id)
    .orderBy(...brandOrder);
}

/** One brand with its number of listed goods (on the shelf, a SKU for sale). */
export async function findBrand(
  db: Database,
  id: number,
): Promise<(BrandRow & { goodsCount: number }) | null> {
  const rows = await db
    .select({ brand: brands, goodsCount: sql<number>`count(${goods.id})::int` })
    .from(brands)
    .leftJoin(goods, and(eq(goods.brandId, brands.id), onShelf, hasSkuForSale))
    .where(eq(brands.id, id))
    .groupBy(brands.id);
  const row = rows[0];
  return row ? { ...row.brand, goodsCount: row.goodsCount } : null;
}

/**
 * Brands having goods on the shelf, per root category (the root id is the first id of the category path),
 * or within one category's subtree when cateId is given; goodsCount counts the goods of that subtree.
 */
export function listBrandsByRootCategory(
  db: Database,
  cateId?: number,
): Promise<(BrandListRow & { rootId: number })[]> {
  const rootId = sql<number>`nullif(split_part(${categories.path}, '/', 2), '')::int`;
  const scope =
    cateId === undefined
      ? sql`${rootId} is not null`
      : sql`${categories.id} in (
          select c.id from ${categories} c, ${categories} p
          where p.id = ${cateId} and (c.id = p.id or (p.path <> '' and c.path like p.path || '%')))`;
  // With one category asked for, that category is the only group.
  const groupKey = cateId === undefined ? rootId : sql<number>`${cateId}::int`;
  return db
    .select({ ...brandColumns, goodsCount: sql<number>`count(${goods.id})::int`, rootId: groupKey })
    .from(goods)
    .innerJoin(categories, eq(categories.id, goods.categoryId))
    .innerJoin(brands, eq(brands.id, goods.brandId))
    .where(and(onShelf, hasSkuForSale, scope))
    .groupBy(...(cateId === undefined ? [rootId, brands.id] : [brands.id]))
    .orderBy(...brandOrder);
}

/** The expected arrival days of ByBook SKUs ('YYYY-MM-DD', issue #39), by SKU id; those without one are left out. */
export async function expectedDatesOf(db: Database, skuIds: readonly number[]): Promise<Map<number, string>> {
  if (skuIds.length === 0) return new Map();
  const rows = await db
    .select({ id: skus.id, day: sql<string>`to_char(${skus.expectedDate}, 'YYYY-MM-DD')` })
    .from(skus)
    .where(and(inArray(skus.id, [...new Set(skuIds)]), sql`${skus.expectedDate} is not null`));
  return new Map(rows.map((r) => [r.id, r.day]));
}

/**
 * Every product a visitor can open from the lists (on the shelf, with a SKU for sale), by id, with when it last
 * changed: the sitemap's products (issue #40). One query, the ids and times only.
 */
export function listShelfGoods(db: Database): Promise<{ id: number; updatedAt: Date }[]> {
  return db
    .select({ id: goods.id, updatedAt: goods.updatedAt })
    .from(goods)
    .where(and(onShelf, hasSkuForSale))
    .orderBy(asc(goods.id));
}
