import type { AdminPromotionSku } from '@shop/domain';
import { warehouseName } from '@shop/domain';
import { type and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { goods, skus } from '../../db/schema';

/**
 * SKUs and goods as the console's pickers show them (a promotion's SKUs and gift): found by goods name or SKU
 * code, or looked up by id to label what was picked before. Reads only.
 */

/** How many SKUs a search offers at once. */
const SEARCH_LIMIT = 30;

function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export type CataloguePicker = ReturnType<typeof createCataloguePicker>;

export function createCataloguePicker({ db }: { db: Database }) {
  async function skuRows(where: ReturnType<typeof and>, limit?: number): Promise<AdminPromotionSku[]> {
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
    const rows = limit === undefined ? await query : await query.limit(limit);
    return rows.map((r) => ({
      skuId: r.skuId,
      skuCode: r.skuCode,
      goodsId: r.goodsId,
      goodsName: r.goodsName,
      spec: Object.values(r.property ?? {}).join(' / '),
      warehouseName: warehouseName(r.location),
    }));
  }

  return {
    /** SKUs whose goods name (Chinese or English) or SKU code holds the keyword; the first few when none. */
    searchSkus(keyword: string | undefined): Promise<AdminPromotionSku[]> {
      const pattern = keyword ? likePattern(keyword) : undefined;
      return skuRows(
        pattern
          ? sql`(${goods.name} ilike ${pattern} or ${goods.nameEn} ilike ${pattern} or ${skus.code} ilike ${pattern})`
          : undefined,
        SEARCH_LIMIT,
      );
    },

    /** The SKUs of these ids that exist, in the order of the catalogue. */
    skusByIds(ids: readonly number[]): Promise<AdminPromotionSku[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return skuRows(inArray(skus.id, [...ids]));
    },

    /** Names of the goods of these ids that exist. */
    async goodsNames(ids: readonly number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: goods.id, name: goods.name })
        .from(goods)
        .where(inArray(goods.id, [...ids]));
      return new Map(rows.map((r) => [r.id, r.name]));
    },
  };
}
