import type { AdminPromotionSku } from '@shop/domain';
import { warehouseName } from '@shop/domain';
import type { Database } from '../../db/client';
import * as repo from './catalogue.picker.repository';

/**
 * SKUs and goods as the console's pickers show them (a promotion's SKUs and gift): found by goods name or SKU
 * code, or looked up by id to label what was picked before. Reads only.
 */

/** How many SKUs a search offers at once. */
const SEARCH_LIMIT = 30;

function toPickerSku(r: repo.PickerSkuRow): AdminPromotionSku {
  return {
    skuId: r.skuId,
    skuCode: r.skuCode,
    goodsId: r.goodsId,
    goodsName: r.goodsName,
    spec: Object.values(r.property ?? {}).join(' / '),
    warehouseName: warehouseName(r.location),
  };
}

export type CataloguePicker = ReturnType<typeof createCataloguePicker>;

export function createCataloguePicker({ db }: { db: Database }) {
  return {
    /** SKUs whose goods name (Chinese or English) or SKU code holds the keyword; the first few when none. */
    async searchSkus(keyword: string | undefined): Promise<AdminPromotionSku[]> {
      return (await repo.searchSkus(db, keyword, SEARCH_LIMIT)).map(toPickerSku);
    },

    /** The SKUs of these ids that exist, in the order of the catalogue. */
    async skusByIds(ids: readonly number[]): Promise<AdminPromotionSku[]> {
      if (ids.length === 0) return [];
      return (await repo.findSkusByIds(db, ids)).map(toPickerSku);
    },

    /**
     * The SKUs a code typed in a search means (the console's order search): those whose code, or whose product's
     * code, starts with it in any case; at most `limit`.
     */
    skuIdsByCode(prefix: string, limit: number): Promise<number[]> {
      return repo.skuIdsByCodePrefix(db, prefix, limit);
    },

    /** Names of the goods of these ids that exist. */
    async goodsNames(ids: readonly number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await repo.findGoodsNames(db, ids);
      return new Map(rows.map((r) => [r.id, r.name]));
    },
  };
}
