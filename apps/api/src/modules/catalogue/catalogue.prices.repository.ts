import { DEFAULT_MEMBER_LEVEL, type OfferBreak } from '@shop/domain';
import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Database, namedText } from '../../db/client';
import { goods, goodsImages, skuPrices, skus } from '../../db/schema';
import type { StatementStep } from '../../db/statement';
import {
  breaksAtLevel,
  callerPrices,
  mainImage,
  priceAtLevel,
  skuBreaks,
  skuColumns,
} from './catalogue.query-parts';
import { decodeBreaks } from './catalogue.wire';

/**
 * Queries of the SKUs with the prices a caller pays (priceAtLevel): the SKUs of the lists' goods, of a cart and of
 * checkout's gifts, and the briefs of products. Each is one query whatever the number of goods or lines.
 */

export interface SkuPriceRow {
  id: number;
  goodsId: number;
  code: string;
  name: string;
  property: Record<string, string>;
  status: number;
  stock: number;
  weight: number;
  /** The quantity rule (ADR 050). */
  minQty: number;
  stepQty: number;
  maxQty: number | null;
  /** A ByBook SKU's expected arrival day, 'YYYY-MM-DD' (issue #39); null when none. */
  expectedDate: string | null;
  /** Minor units at the caller's level, else the default level; null when there is no such price. */
  aud: number | null;
  cny: number | null;
  /** Volume prices at the caller's level (breaksAtLevel), ascending. */
  breaks: OfferBreak[];
  /** Whether the product's breaks count all its SKUs in the cart together (ADR 050). */
  breaksMixed: boolean;
}

/** A row with its breaks as the driver answers them, decoded. */
function withBreaks<T extends { breaks: unknown }>(row: T): Omit<T, 'breaks'> & { breaks: OfferBreak[] } {
  return { ...row, breaks: decodeBreaks(row.breaks) };
}

/** The SKUs of the given goods with the caller's prices, in display order. */
export async function listSkusWithPrices(
  db: Database,
  goodsIds: readonly number[],
  level: number,
): Promise<SkuPriceRow[]> {
  if (goodsIds.length === 0) return [];
  const prices = callerPrices(db, level);
  const rows = await db
    .select({
      ...skuColumns,
      aud: prices.aud,
      cny: prices.cny,
      breaks: skuBreaks(level),
      breaksMixed: goods.breaksMixed,
    })
    .from(skus)
    .innerJoin(goods, eq(goods.id, skus.goodsId))
    .leftJoinLateral(prices, sql`true`)
    .where(inArray(skus.goodsId, [...goodsIds]))
    .orderBy(asc(skus.goodsId), asc(skus.sort), asc(skus.id));
  return rows.map(withBreaks);
}

/** A SKU as the cart shows it: its product's name, shelf state, warehouse and main image, and the caller's prices. */
export interface CartSkuRow extends SkuPriceRow {
  goodsName: string;
  onFlag: boolean;
  location: number;
  image: string;
}

/** The given SKUs (any shelf state) with their product and the caller's prices; one query for the whole cart. */
export function listCartSkus(db: Database, skuIds: readonly number[], level: number): Promise<CartSkuRow[]> {
  if (skuIds.length === 0) return Promise.resolve([]);
  return cartSkusWhere(db, inArray(skus.id, [...new Set(skuIds)]), level);
}

/**
 * The SKUs a pasted order names (ADR 050): by code, upper case (the index on upper(code)), or by GS1 barcode (the
 * unique index on barcode). Each answers its id, upper-case code and barcode. One query, written once as SQL text
 * (namedText).
 */
export async function skusByCodesOrBarcodes(
  db: Database,
  codes: readonly string[],
): Promise<{ id: number; code: string; barcode: string | null }[]> {
  if (codes.length === 0) return [];
  return skusByCodesStatement(db, [JSON.stringify([...new Set(codes)])]);
}

const skusByCodesStatement = namedText<{ id: number; code: string; barcode: string | null }>(
  'skus_by_codes',
  `select id, upper(code) as code, barcode from skus
      where upper(code) in (select value from json_array_elements_text($1::json))
    union
    select id, upper(code) as code, barcode from skus
      where barcode in (select value from json_array_elements_text($1::json))`,
);

async function cartSkusWhere(db: Database, where: SQL, level: number): Promise<CartSkuRow[]> {
  const prices = callerPrices(db, level);
  const rows = await db
    .select({
      ...skuColumns,
      aud: prices.aud,
      cny: prices.cny,
      breaks: skuBreaks(level),
      goodsName: goods.name,
      onFlag: goods.onFlag,
      location: goods.location,
      image: mainImage,
      breaksMixed: goods.breaksMixed,
    })
    .from(skus)
    .innerJoin(goods, eq(goods.id, skus.goodsId))
    .leftJoinLateral(prices, sql`true`)
    .where(where);
  return rows.map(withBreaks);
}

/**
 * Up to `limit` SKU codes nearest each of `codes` by trigram similarity (upper case), nearest first: what a buyer who
 * mistyped a code probably meant. The trigram distance (`<->`, 1 − similarity) orders them, which the GiST index
 * skus_code_trgm_idx reads nearest first (migration 0042). One query for all the codes.
 */
export async function nearestSkuCodes(
  db: Database,
  codes: readonly string[],
  limit: number,
): Promise<Map<string, string[]>> {
  const near = new Map<string, string[]>();
  if (codes.length === 0) return near;
  const list = JSON.stringify([...new Set(codes)]);
  const result = (await db.execute(sql`select asked.value as asked, found.code
    from json_array_elements_text(${list}::json) as asked
    cross join lateral (select ${skus.code} as code from ${skus}
      where upper(${skus.code}) % asked.value
      order by upper(${skus.code}) <-> asked.value, ${skus.code}
      limit ${limit}::int) as found`)) as unknown as { rows: { asked: string; code: string }[] };
  for (const row of result.rows) near.set(row.asked, [...(near.get(row.asked) ?? []), row.code]);
  return near;
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
  min_qty: number;
  step_qty: number;
  max_qty: number | null;
  expected_date: string | null;
  aud: number | string | bigint | null;
  cny: number | string | bigint | null;
  breaks: unknown;
  goods_name: string;
  on_flag: boolean;
  breaks_mixed: boolean;
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
          s.min_qty, s.step_qty, s.max_qty, to_char(s.expected_date, 'YYYY-MM-DD') as expected_date,
          ${breaksAtLevel(sql.raw('s.id'), level)} as breaks,
          g.name as goods_name, g.on_flag, g.location, g.breaks_mixed,
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
            minQty: row.min_qty,
            stepQty: row.step_qty,
            maxQty: row.max_qty,
            expectedDate: row.expected_date,
            aud: minorOrNull(row.aud),
            cny: minorOrNull(row.cny),
            breaks: decodeBreaks(row.breaks),
            goodsName: row.goods_name,
            onFlag: row.on_flag,
            breaksMixed: row.breaks_mixed,
            location: row.location,
            image: row.image,
          },
  };
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
