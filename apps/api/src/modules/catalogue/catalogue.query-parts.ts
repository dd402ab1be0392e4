import { DEFAULT_MEMBER_LEVEL } from '@shop/domain';
import { and, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { goods, goodsImages, skuPriceBreaks, skuPrices, skus } from '../../db/schema';

/**
 * SQL pieces the catalogue's repositories share: the shelf conditions of the lists, a keyword's LIKE pattern, the
 * price a caller pays at their level, a product's main image and a SKU's columns.
 */

export type PriceCurrency = 'AUD' | 'CNY';

/** '%' '_' and '\' are LIKE wildcards: a shopper typing them means the characters themselves. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** On the shelf: the column itself, as the partial index of the lists (goods_listed_idx) names it. */
export const onShelf = sql`${goods.onFlag}`;

/**
 * The product has a SKU that is not NotForSale. Spec §4: not-for-sale SKUs are dropped from lists, so a product
 * whose every SKU is not for sale (or that has none) would be an empty entry: it leaves the lists too. Counted on
 * the product by migration 0021's triggers.
 */
export const hasSkuForSale = sql`${goods.skusForSale} > 0`;

/**
 * The price of one currency a caller pays, over the sku_prices rows of one SKU (an aggregate): the row of the
 * caller's level, else that of the default level 37 (spec §3 'User'), else null. The one rule of the SKUs' prices
 * and the cart's; migration 0022's goods_price_keys_refresh applies it to the lists' Price sort keys, and
 * catalogue-price-keys.test.ts holds the keys to it.
 */
export function priceAtLevel(currency: PriceCurrency, level: number): SQL<number | null> {
  return sql<number | null>`coalesce(
    max(${skuPrices.amount}) filter (where ${skuPrices.currency} = ${currency} and ${skuPrices.level} = ${level}::int),
    max(${skuPrices.amount}) filter (where ${skuPrices.currency} = ${currency} and ${skuPrices.level} = ${DEFAULT_MEMBER_LEVEL}))`;
}

// Correlated subqueries name the outer product explicitly: Drizzle leaves columns unqualified in a
// single-table query, and an unqualified "id" would resolve to the subquery's own table.
const outerGoodsId = sql.raw('"goods"."id"');

/** The product's first picture of kind 'good', or '' when it has none. */
export const mainImage = sql<string>`coalesce((select gi.path from ${goodsImages} gi
  where gi.goods_id = ${outerGoodsId} and gi.kind = 'good' order by gi.sort, gi.id limit 1), '')`;

export const skuColumns = {
  id: skus.id,
  goodsId: skus.goodsId,
  code: skus.code,
  name: skus.name,
  property: skus.property,
  status: skus.status,
  stock: skus.stock,
  weight: skus.weight,
  minQty: skus.minQty,
  stepQty: skus.stepQty,
  maxQty: skus.maxQty,
  /** 'YYYY-MM-DD' or null, as text whatever the driver does with dates. */
  expectedDate: sql<string | null>`to_char(${skus.expectedDate}, 'YYYY-MM-DD')`,
};

/**
 * A SKU's volume prices a caller pays (ADR 050), as a JSON array ascending by quantity of
 * `{ minQty, aud, cny }` (minor units, null where none): per currency, the breaks of the caller's level when the SKU
 * has any there, else the default level's, as priceAtLevel picks single prices. '[]' without breaks; one index
 * range of sku_price_breaks per SKU. `skuId` is the SKU's id in the outer query.
 */
export function breaksAtLevel(skuId: SQL, level: number): SQL<unknown> {
  return sql`coalesce((select json_agg(json_build_object('minQty', b.min_qty, 'aud', b.aud, 'cny', b.cny)
      order by b.min_qty)
    from (select t.min_qty, max(t.amount) filter (where t.currency = 'AUD') as aud,
        max(t.amount) filter (where t.currency = 'CNY') as cny
      from (select pb.min_qty, pb.currency, pb.amount, pb.level,
          bool_or(pb.level = ${level}::int) over (partition by pb.currency) as own
        from ${skuPriceBreaks} pb
        where pb.sku_id = ${skuId} and pb.level in (${level}::int, ${DEFAULT_MEMBER_LEVEL})) t
      where t.level = case when t.own then ${level}::int else ${DEFAULT_MEMBER_LEVEL} end
      group by t.min_qty) b), '[]'::json)`;
}

const outerSkuId = sql.raw('"skus"."id"');

/** The volume prices of the outer query's SKU at the caller's level (breaksAtLevel), for a select of skus. */
export const skuBreaks = (level: number) => breaksAtLevel(outerSkuId, level);

/**
 * The prices a caller pays for a SKU (joined laterally to skus), by priceAtLevel. One primary-key range scan per SKU,
 * which stays fast even before the planner has statistics (PGlite never auto-analyzes).
 */
export function callerPrices(db: Database, level: number) {
  const pick = (currency: PriceCurrency) => priceAtLevel(currency, level).mapWith(Number);
  return db
    .select({ aud: pick('AUD').as('aud'), cny: pick('CNY').as('cny') })
    .from(skuPrices)
    .where(
      and(sql`${skuPrices.skuId} = ${outerSkuId}`, inArray(skuPrices.level, [level, DEFAULT_MEMBER_LEVEL])),
    )
    .as('caller_prices');
}
