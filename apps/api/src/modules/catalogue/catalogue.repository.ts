import { DEFAULT_MEMBER_LEVEL, SkuStatus } from '@shop/domain';
import { type AnyColumn, and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  brands,
  categories,
  goods,
  goodsImages,
  goodsPriceKeys,
  priceLevels,
  skuPrices,
  skus,
} from '../../db/schema';
import type { StatementStep } from '../../db/statement';

/**
 * Queries of the catalogue module (warehouses, categories, brands, goods, images, SKUs, prices). Every list
 * is a fixed number of queries whatever the page size: goods of a page, then the SKUs of all those goods.
 */

export type CategoryRow = typeof categories.$inferSelect;
export type BrandRow = typeof brands.$inferSelect;
export type PriceCurrency = 'AUD' | 'CNY';

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

/** '%' '_' and '\' are LIKE wildcards: a shopper typing them means the characters themselves. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
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

/** On the shelf: the column itself, as the partial index of the lists (goods_listed_idx) names it. */
const onShelf = sql`${goods.onFlag}`;

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

// Correlated subqueries name the outer product explicitly: Drizzle leaves columns unqualified in a
// single-table query, and an unqualified "id" would resolve to the subquery's own table.
const outerGoodsId = sql.raw('"goods"."id"');

/**
 * The product has a SKU that is not NotForSale. Spec §4: not-for-sale SKUs are dropped from lists, so a product
 * whose every SKU is not for sale (or that has none) would be an empty entry: it leaves the lists too. Counted on
 * the product by migration 0021's triggers.
 */
const hasSkuForSale = sql`${goods.skusForSale} > 0`;

/** The product has a SKU a shopper can put into the cart now (the 综合 order puts these first). */
const hasPurchasableSku = sql`${goods.skusPurchasable} > 0`;

/**
 * The price of one currency a caller pays, over the sku_prices rows of one SKU (an aggregate): the row of the
 * caller's level, else that of the default level 37 (spec §3 'User'), else null. The one rule of the SKUs' prices
 * and the cart's; migration 0022's goods_price_keys_refresh applies it to the lists' Price sort keys, and
 * catalogue-price-keys.test.ts holds the keys to it.
 */
function priceAtLevel(currency: PriceCurrency, level: number): SQL<number | null> {
  return sql<number | null>`coalesce(
    max(${skuPrices.amount}) filter (where ${skuPrices.currency} = ${currency} and ${skuPrices.level} = ${level}::int),
    max(${skuPrices.amount}) filter (where ${skuPrices.currency} = ${currency} and ${skuPrices.level} = ${DEFAULT_MEMBER_LEVEL}))`;
}

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

const mainImage = sql<string>`coalesce((select gi.path from ${goodsImages} gi
  where gi.goods_id = ${outerGoodsId} and gi.kind = 'good' order by gi.sort, gi.id limit 1), '')`;

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

export interface SkuPriceRow {
  id: number;
  goodsId: number;
  code: string;
  name: string;
  property: Record<string, string>;
  status: number;
  stock: number;
  weight: number;
  /** Minor units at the caller's level, else the default level; null when there is no such price. */
  aud: number | null;
  cny: number | null;
}

const skuColumns = {
  id: skus.id,
  goodsId: skus.goodsId,
  code: skus.code,
  name: skus.name,
  property: skus.property,
  status: skus.status,
  stock: skus.stock,
  weight: skus.weight,
};

const outerSkuId = sql.raw('"skus"."id"');

/**
 * The prices a caller pays for a SKU (joined laterally to skus), by priceAtLevel. One primary-key range scan per SKU,
 * which stays fast even before the planner has statistics (PGlite never auto-analyzes).
 */
function callerPrices(db: Database, level: number) {
  const pick = (currency: PriceCurrency) => priceAtLevel(currency, level).mapWith(Number);
  return db
    .select({ aud: pick('AUD').as('aud'), cny: pick('CNY').as('cny') })
    .from(skuPrices)
    .where(
      and(sql`${skuPrices.skuId} = ${outerSkuId}`, inArray(skuPrices.level, [level, DEFAULT_MEMBER_LEVEL])),
    )
    .as('caller_prices');
}

/** The SKUs of the given goods with the caller's prices, in display order. */
export async function listSkusWithPrices(
  db: Database,
  goodsIds: readonly number[],
  level: number,
): Promise<SkuPriceRow[]> {
  if (goodsIds.length === 0) return [];
  const prices = callerPrices(db, level);
  return db
    .select({ ...skuColumns, aud: prices.aud, cny: prices.cny })
    .from(skus)
    .leftJoinLateral(prices, sql`true`)
    .where(inArray(skus.goodsId, [...goodsIds]))
    .orderBy(asc(skus.goodsId), asc(skus.sort), asc(skus.id));
}

/** A SKU as the cart shows it: its product's name, shelf state, warehouse and main image, and the caller's prices. */
export interface CartSkuRow extends SkuPriceRow {
  goodsName: string;
  onFlag: boolean;
  location: number;
  image: string;
}

/** The given SKUs (any shelf state) with their product and the caller's prices; one query for the whole cart. */
export async function listCartSkus(
  db: Database,
  skuIds: readonly number[],
  level: number,
): Promise<CartSkuRow[]> {
  if (skuIds.length === 0) return [];
  const prices = callerPrices(db, level);
  return db
    .select({
      ...skuColumns,
      aud: prices.aud,
      cny: prices.cny,
      goodsName: goods.name,
      onFlag: goods.onFlag,
      location: goods.location,
      image: mainImage,
    })
    .from(skus)
    .innerJoin(goods, eq(goods.id, skus.goodsId))
    .leftJoinLateral(prices, sql`true`)
    .where(inArray(skus.id, [...new Set(skuIds)]));
}

/** A line of a cart's sub-select with its SKU, or a SKU asked for besides the lines (then `line` is null). */
export interface CartLineSkuRow {
  line: { id: number; skuId: number; qty: number; selected: boolean } | null;
  /** Null when the line's SKU is gone. */
  sku: CartSkuRow | null;
}

/** A row of the cart_offers step as the driver answers it. */
interface CartLineSkuRecord {
  line_id: number | null;
  line_sku_id: number | null;
  line_qty: number | null;
  line_selected: boolean | null;
  id: number | null;
  goods_id: number;
  code: string;
  name: string;
  property: Record<string, string> | string;
  status: number;
  stock: number;
  weight: number;
  aud: number | string | bigint | null;
  cny: number | string | bigint | null;
  goods_name: string;
  on_flag: boolean;
  location: number;
  image: string;
}

const minorOrNull = (value: number | string | bigint | null) => (value === null ? null : Number(value));

/** The step of cartOffersPart that answers: each line with its SKU, in the lines' order. */
export const CART_OFFERS = 'cart_offers';

/**
 * A cart's lines and their SKUs as a part of one statement (checkout reads them for every summary and order,
 * composing this with the cart's selected lines: db/statement.ts). `lines.selectedLines` is the step of the cart's
 * part answering id, sku_id, qty, selected and position (1 for the first line); the SKUs are those the lines name
 * and `extraSkuIds`, as listCartSkus gives them (the caller's prices by priceAtLevel). A full join keeps a line
 * whose SKU is gone and a SKU that no line names; the SKU ids are gathered into an array first, so the SKUs are
 * read by their primary key. Written as SQL text rather than with the query builder, and run as a named
 * statement: this runs for every summary and order, building a select of this shape cost the API process more
 * than the round trip, and planning it cost PostgreSQL more than running it.
 */
export function cartOffersSteps(
  lines: { readonly selectedLines: string },
  extraSkuIds: readonly number[],
  level: number,
): StatementStep[] {
  // The extra ids as one JSON parameter: the SQL text stays the same whatever their number (a named statement).
  const extra = JSON.stringify([...new Set(extraSkuIds)]);
  const cart = sql.identifier(lines.selectedLines);
  return [
    {
      name: 'offered',
      body: sql`select s.id, s.goods_id, s.code, s.name, s.property, s.status, s.stock, s.weight,
          g.name as goods_name, g.on_flag, g.location,
          coalesce((select gi.path from ${goodsImages} gi
            where gi.goods_id = g.id and gi.kind = 'good' order by gi.sort, gi.id limit 1), '') as image,
          p.aud, p.cny
        from ${skus} s
        join ${goods} g on g.id = s.goods_id
        left join lateral (
          select ${priceAtLevel('AUD', level)} as aud, ${priceAtLevel('CNY', level)} as cny from ${skuPrices}
          where ${skuPrices.skuId} = s.id and ${skuPrices.level} in (${level}::int, ${DEFAULT_MEMBER_LEVEL})
        ) p on true
        where s.id = any(array(select sku_id from ${cart})
          || array(select value::int from json_array_elements_text(${extra}::json)))`,
    },
    {
      name: CART_OFFERS,
      body: sql`select c.id as line_id, c.sku_id as line_sku_id, c.qty as line_qty, c.selected as line_selected,
          c.position as line_position, o.*
        from ${cart} c
        full join offered o on o.id = c.sku_id`,
    },
  ];
}

/** A row of the cart_offers step, decoded. */
export function cartOfferRow(record: Readonly<Record<string, unknown>>): CartLineSkuRow {
  const row = record as unknown as CartLineSkuRecord;
  return {
    line:
      row.line_id === null
        ? null
        : {
            id: Number(row.line_id),
            skuId: Number(row.line_sku_id),
            qty: Number(row.line_qty),
            selected: row.line_selected === true,
          },
    sku:
      row.id === null
        ? null
        : {
            id: row.id,
            goodsId: row.goods_id,
            code: row.code,
            name: row.name,
            property: typeof row.property === 'string' ? JSON.parse(row.property) : row.property,
            status: row.status,
            stock: row.stock,
            weight: row.weight,
            aud: minorOrNull(row.aud),
            cny: minorOrNull(row.cny),
            goodsName: row.goods_name,
            onFlag: row.on_flag,
            location: row.location,
            image: row.image,
          },
  };
}

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

/** A product's SKUs in display order (the detail adds every level's prices). */
export function listSkusOfGoods(db: Database, goodsId: number) {
  return db
    .select(skuColumns)
    .from(skus)
    .where(eq(skus.goodsId, goodsId))
    .orderBy(asc(skus.sort), asc(skus.id));
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

export interface ExportRow {
  goodsCode: string;
  goodsName: string;
  goodsNameEn: string;
  brandName: string;
  location: number;
  skuCode: string;
  skuName: string;
  property: Record<string, string>;
  status: number;
  stock: number;
  weight: number;
  aud: number | null;
  cny: number | null;
}

/** SKU rows of the goods on the shelf matching the filter, with the caller's prices, for the exports. */
export async function listExportRows(
  db: Database,
  filter: GoodsFilter,
  level: number,
  limit: number,
): Promise<ExportRow[]> {
  const prices = callerPrices(db, level);
  return db
    .select({
      goodsCode: goods.code,
      goodsName: goods.name,
      goodsNameEn: goods.nameEn,
      brandName: sql<string>`coalesce(${brands.name}, '')`,
      location: goods.location,
      skuCode: skus.code,
      skuName: skus.name,
      property: skus.property,
      status: skus.status,
      stock: skus.stock,
      weight: skus.weight,
      aud: prices.aud,
      cny: prices.cny,
    })
    .from(skus)
    .innerJoin(goods, eq(goods.id, skus.goodsId))
    .leftJoin(brands, eq(brands.id, goods.brandId))
    .leftJoinLateral(prices, sql`true`)
    .where(goodsConditions(filter))
    .orderBy(asc(goods.location), asc(goods.code), asc(skus.sort), asc(skus.id))
    .limit(limit);
}

/** A product's name, main image, warehouse and shelf state (checkout gift products). */
export interface GoodsBriefRow {
  id: number;
  name: string;
  image: string;
  location: number;
  onFlag: boolean;
}

/** The given goods (any shelf state) with their main image; unknown ids are left out. */
export function listGoodsBriefs(db: Database, goodsIds: readonly number[]): Promise<GoodsBriefRow[]> {
  if (goodsIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: goods.id,
      name: goods.name,
      image: mainImage,
      location: goods.location,
      onFlag: goods.onFlag,
    })
    .from(goods)
    .where(inArray(goods.id, [...new Set(goodsIds)]))
    .orderBy(asc(goods.id));
}

/** The catalogue's version (the sequence catalogueVersion of the schema), as decimal text: '0' before the first change. */
export async function readCatalogueVersion(db: Database): Promise<string> {
  const result = (await db.execute(
    sql`select last_value::text as value, is_called from catalogue_version`,
  )) as unknown as { rows: { value: string; is_called: boolean }[] };
  const row = result.rows[0];
  return row?.is_called ? row.value : '0';
}

/** Moves the catalogue's version on; not transactional (a sequence), so it never makes another writer wait. */
export async function bumpCatalogueVersion(db: Database): Promise<void> {
  await db.execute(sql`select nextval('catalogue_version')`);
}

/** A SKU row of the quick-order sheet: the SKU, its product, brand and category path, the caller's prices. */
export interface QuickOrderDbRow {
  skuId: number;
  goodsId: number;
  name: string;
  skuName: string;
  code: string;
  property: unknown;
  location: number;
  brandId: number | null;
  brandName: string;
  categoryId: number;
  categoryPath: string;
  image: string;
  status: number;
  stock: number;
  aud: number | null;
  cny: number | null;
}

/**
 * Every SKU on the shelf that is for sale (spec §4: not-for-sale SKUs are dropped from lists), with the caller's
 * prices, in the shop's own order of the goods then the SKUs' (the service puts what can be bought first). One query.
 */
export async function listQuickOrderRows(db: Database, level: number): Promise<QuickOrderDbRow[]> {
  const prices = callerPrices(db, level);
  return db
    .select({
      skuId: skus.id,
      goodsId: goods.id,
      name: goods.name,
      skuName: skus.name,
      code: skus.code,
      property: skus.property,
      location: goods.location,
      brandId: goods.brandId,
      brandName: sql<string>`coalesce(${brands.name}, '')`,
      categoryId: goods.categoryId,
      categoryPath: sql<string>`coalesce(${categories.path}, '')`,
      image: mainImage,
      status: skus.status,
      stock: skus.stock,
      aud: prices.aud,
      cny: prices.cny,
    })
    .from(skus)
    .innerJoin(goods, eq(goods.id, skus.goodsId))
    .leftJoin(brands, eq(brands.id, goods.brandId))
    .leftJoin(categories, eq(categories.id, goods.categoryId))
    .leftJoinLateral(prices, sql`true`)
    .where(and(eq(goods.onFlag, true), sql`${skus.status} <> ${SkuStatus.NotForSale}`))
    .orderBy(desc(goods.sortWeight), desc(goods.sales), desc(goods.id), asc(skus.sort), asc(skus.id));
}

/** SKUs whose code or name is one of `names` (an old order's line names its SKU so), with code and name. */
export async function findSkusByCodeOrName(
  db: Database,
  names: readonly string[],
): Promise<{ id: number; code: string; name: string }[]> {
  if (names.length === 0) return [];
  const list = [...new Set(names)];
  return db
    .select({ id: skus.id, code: skus.code, name: skus.name })
    .from(skus)
    .where(sql`${inArray(skus.code, list)} or ${inArray(skus.name, list)}`)
    .orderBy(asc(skus.id));
}
