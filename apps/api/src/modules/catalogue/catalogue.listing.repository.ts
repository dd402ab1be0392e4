import { DEFAULT_MEMBER_LEVEL } from '@shop/domain';
import { type AnyColumn, and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { brands, categories, goods, goodsPriceKeys, priceLevels } from '../../db/schema';
import { hasSkuForSale, likeContains, mainImage, onShelf, type PriceCurrency } from './catalogue.query-parts';

/**
 * Queries of the goods lists and the keyword search (spec §7 goods/list/). Every list is a fixed number of queries
 * whatever the page size: goods of a page, then the SKUs of all those goods (catalogue.prices.repository.ts).
 */

/** Filters shared by the goods list and the exports (spec §7 goods/list/). */
export interface GoodsFilter {
  /** Warehouse id; undefined for every warehouse. */
  location?: number | undefined;
  /** The category and its whole subtree. */
  cateId?: number | undefined;
  brandId?: number | undefined;
  /** Lower-cased keyword words; each must match the goods' search text. */
  keywords: readonly string[];
  /** Only these goods (a hand-picked home floor); undefined for any. */
  goodsIds?: readonly number[] | undefined;
}

// Latin letters or digits: the words a typo can be forgiven in (brand and product names such as 'Swisse').
const LATIN_WORD = /[a-z0-9]/i;

/** The longest words `goods.search_grams` holds (migration 0023): single characters and pairs. */
const GRAM_MAX_LENGTH = 2;

function keywordMatches(word: string): SQL {
  const contains = sql`${goods.searchText} ilike ${likeContains(word)} escape '\\'`;
  // ILIKE finds Chinese fragments and exact Latin parts. `<%` (word similarity above pg_trgm's default
  // 0.6) finds a misspelt Latin word such as 'blackmors'; a Chinese fragment is matched exactly, so the
  // costlier similarity test is left out for it.
  if (LATIN_WORD.test(word)) return sql`(${contains} or ${word} <% ${goods.searchText})`;
  // The trigram index serves three characters and more; one or two are found in the index of every product's
  // characters and pairs, and the ILIKE then checks only those goods.
  if ([...word].length <= GRAM_MAX_LENGTH)
    return sql`(${goods.searchGrams} @> array[${word}]::text[] and ${contains})`;
  return contains;
}

/** The category and every category below it, through the materialized path ('/1/5/23/'). */
function inCategorySubtree(cateId: number): SQL {
  return sql`${goods.categoryId} in (
    select c.id from ${categories} c, ${categories} p
    where p.id = ${cateId} and (c.id = p.id or (p.path <> '' and c.path like p.path || '%')))`;
}

/** The WHERE of the shelf lists and exports: on the shelf, plus the caller's filters. */
export function goodsConditions(filter: GoodsFilter): SQL {
  const conditions: SQL[] = [onShelf];
  if (filter.location !== undefined) conditions.push(eq(goods.location, filter.location));
  if (filter.brandId !== undefined) conditions.push(eq(goods.brandId, filter.brandId));
  if (filter.cateId !== undefined) conditions.push(inCategorySubtree(filter.cateId));
  for (const word of filter.keywords) conditions.push(keywordMatches(word));
  if (filter.goodsIds !== undefined)
    conditions.push(filter.goodsIds.length > 0 ? inArray(goods.id, [...filter.goodsIds]) : sql`false`);
  return and(...conditions) as SQL;
}

/** Match quality of a keyword search: a hit in the product name beats one in brand or category names. */
function keywordRank(words: readonly string[]): SQL {
  const phrase = words.join(' ');
  return sql`(case when ${goods.name} ilike ${likeContains(phrase)} escape '\\' or ${goods.nameEn} ilike ${likeContains(phrase)} escape '\\' then 2 else 0 end
    + case when ${goods.searchText} ilike ${likeContains(phrase)} escape '\\' then 1 else 0 end
    + word_similarity(${phrase}, ${goods.searchText}))`;
}

/** The product has a SKU a shopper can put into the cart now (the 综合 order puts these first). */
const hasPurchasableSku = sql`${goods.skusPurchasable} > 0`;

/**
 * The level whose Price sort keys a caller at `level` reads (migration 0022): their own when a SKU has ever been
 * priced at it, else the default level's, whose prices they pay.
 */
function keyLevel(level: number): SQL<number> {
  return sql<number>`(select coalesce(max(${priceLevels.level}), ${DEFAULT_MEMBER_LEVEL}) from ${priceLevels}
    where ${priceLevels.level} = ${level}::int)`;
}

export type GoodsSort =
  | { by: 'Comprehensive' }
  | { by: 'Relevance'; keywords: readonly string[] }
  | {
      by: 'Price';
      level: number;
      direction: 'ASC' | 'DESC';
      /** The page currency the prices are compared in. */
      currency: PriceCurrency;
    }
  | { by: 'Sales'; direction: 'ASC' | 'DESC' }
  | { by: 'Newest'; direction: 'ASC' | 'DESC' };

function orderOf(sort: GoodsSort): SQL[] {
  const dir = (column: SQL | AnyColumn, d: 'ASC' | 'DESC') => (d === 'ASC' ? asc(column) : desc(column));
  switch (sort.by) {
    // 综合 (with or without a keyword): goods a shopper can buy now first, then the shop's own order.
    case 'Comprehensive':
      return [desc(hasPurchasableSku), desc(goods.sortWeight), desc(goods.sales), desc(goods.id)];
    case 'Relevance':
      return [
        desc(hasPurchasableSku),
        desc(keywordRank(sort.keywords)),
        desc(goods.sortWeight),
        desc(goods.sales),
        desc(goods.id),
      ];
    case 'Price': {
      // A product without a price to compare goes last in both directions: the order of one of the keys' indexes.
      const key = sort.currency === 'CNY' ? goodsPriceKeys.sortCny : goodsPriceKeys.sortAud;
      return [sql`${key} ${sql.raw(sort.direction)} nulls last`, desc(goodsPriceKeys.goodsId)];
    }
    case 'Sales':
      return [dir(goods.sales, sort.direction), desc(goods.id)];
    case 'Newest':
      return [dir(goods.createdAt, sort.direction), dir(goods.id, sort.direction)];
  }
}

const goodsListColumns = {
  id: goods.id,
  code: goods.code,
  name: goods.name,
  nameEn: goods.nameEn,
  location: goods.location,
  brandId: goods.brandId,
  brandName: sql<string>`coalesce(${brands.name}, '')`,
  categoryId: goods.categoryId,
  image: mainImage,
  onFlag: goods.onFlag,
  sales: goods.sales,
};
export type GoodsListRow = {
  id: number;
  code: string;
  name: string;
  nameEn: string;
  location: number;
  brandId: number | null;
  brandName: string;
  categoryId: number;
  image: string;
  onFlag: boolean;
  sales: number;
};

/** The WHERE of the goods lists: the shelf filters, and only goods with a SKU for sale (spec §4). */
function listedGoodsConditions(filter: GoodsFilter): SQL {
  return and(goodsConditions(filter), hasSkuForSale) as SQL;
}

/** Number of goods on the shelf with a SKU for sale matching the filter. */
export async function countGoods(db: Database, filter: GoodsFilter): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(goods)
    .where(listedGoodsConditions(filter));
  return rows[0]?.n ?? 0;
}

/** Goods on the shelf with a SKU for sale matching the filter, counted per warehouse (ADR 025's counts). */
export function countGoodsByLocation(
  db: Database,
  filter: GoodsFilter,
): Promise<{ location: number; count: number }[]> {
  return db
    .select({ location: goods.location, count: sql<number>`count(*)::int` })
    .from(goods)
    .where(listedGoodsConditions(filter))
    .groupBy(goods.location)
    .orderBy(asc(goods.location));
}

/** One page of goods on the shelf with a SKU for sale, with brand name and main image. */
export function listGoodsPage(
  db: Database,
  filter: GoodsFilter,
  sort: GoodsSort,
  page: { limit: number; offset: number },
): Promise<GoodsListRow[]> {
  const conditions = listedGoodsConditions(filter);
  if (sort.by === 'Price') {
    // Every listed product has a key at every level of price_levels (migration 0022), so the join drops none.
    return db
      .select(goodsListColumns)
      .from(goodsPriceKeys)
      .innerJoin(goods, eq(goods.id, goodsPriceKeys.goodsId))
      .leftJoin(brands, eq(brands.id, goods.brandId))
      .where(and(eq(goodsPriceKeys.level, keyLevel(sort.level)), conditions))
      .orderBy(...orderOf(sort))
      .limit(page.limit)
      .offset(page.offset);
  }
  return db
    .select(goodsListColumns)
    .from(goods)
    .leftJoin(brands, eq(brands.id, goods.brandId))
    .where(conditions)
    .orderBy(...orderOf(sort))
    .limit(page.limit)
    .offset(page.offset);
}
