import { type and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { goods, skus } from '../../db/schema';
import { likeContains } from './catalogue.query-parts';

/** Queries of the console's pickers (catalogue.picker.ts): SKUs with their goods, and goods names. Reads only. */

export interface PickerSkuRow {
  skuId: number;
  skuCode: string;
  property: Record<string, string> | null;
  goodsId: number;
  goodsName: string;
  location: number;
}

async function skuRows(db: Database, where: ReturnType<typeof and>, limit?: number): Promise<PickerSkuRow[]> {
  const query = db
    .select({
      skuId: skus.id,
      skuCode: skus.code,
      property: skus.property,
      goodsId: goods.id,
      goodsName: goods.name,
      location: goods.location,
    })
    .from(skus)
    .innerJoin(goods, eq(goods.id, skus.goodsId))
    .where(where)
    .orderBy(goods.id, skus.sort, skus.id);
  return limit === undefined ? await query : await query.limit(limit);
}

/** SKUs whose goods name (Chinese or English) or SKU code holds the keyword, at most `limit`; any when none. */
export function searchSkus(
  db: Database,
  keyword: string | undefined,
  limit: number,
): Promise<PickerSkuRow[]> {
  const pattern = keyword ? likeContains(keyword) : undefined;
  return skuRows(
    db,
    pattern
      ? sql`(${goods.name} ilike ${pattern} or ${goods.nameEn} ilike ${pattern} or ${skus.code} ilike ${pattern})`
      : undefined,
    limit,
  );
}

/** The SKUs of these ids that exist, in the order of the catalogue. */
export function findSkusByIds(db: Database, ids: readonly number[]): Promise<PickerSkuRow[]> {
  return skuRows(db, inArray(skus.id, [...ids]));
}

/** Names of the goods of these ids that exist. */
export function findGoodsNames(
  db: Database,
  ids: readonly number[],
): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: goods.id, name: goods.name })
    .from(goods)
    .where(inArray(goods.id, [...ids]));
}

/**
 * Ids of the SKUs whose code, or whose product's code, starts with `prefix` in any case, at most `limit`, in id
 * order.
 */
export async function skuIdsByCodePrefix(db: Database, prefix: string, limit: number): Promise<number[]> {
  const pattern = `${prefix.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({ id: skus.id })
    .from(skus)
    .innerJoin(goods, eq(goods.id, skus.goodsId))
    .where(sql`(upper(${skus.code}) like ${pattern} or upper(${goods.code}) like ${pattern})`)
    .orderBy(skus.id)
    .limit(limit);
  return rows.map((r) => r.id);
}
