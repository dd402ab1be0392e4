import type {
  GoodsListItem,
  GoodsListResponse,
  GoodsLocationCountsResponse,
  goodsListRequestSchema,
  goodsLocationCountsRequestSchema,
} from '@shop/domain';
import type { z } from 'zod';
import { type Database, readTogether } from '../../db/client';
import * as repo from './catalogue.listing.repository';
import { listSkusWithPrices, type SkuPriceRow } from './catalogue.prices.repository';
import { toSkuDtos } from './catalogue.wire';

/** The goods lists and the keyword search (spec §7 goods/list/, goods/locationCounts/). */

// More words than this add nothing a shopper needs and make the query slower.
const MAX_KEYWORD_WORDS = 5;

export type GoodsListQuery = z.output<typeof goodsListRequestSchema>;
export type GoodsLocationCountsQuery = z.output<typeof goodsLocationCountsRequestSchema>;

/** The list and export filters as they arrive on the wire (spec §7 goods/list/). */
export interface GoodsFilterInput {
  location?: number | undefined;
  cateId?: number | undefined;
  brandId?: number | undefined;
  keyword?: string | undefined;
  goodsIds?: readonly number[] | undefined;
}

/** Keyword words for the search: lower-cased (the search text is), split on spaces, without repeats. */
export function keywordWords(keyword: string | undefined): string[] {
  if (!keyword) return [];
  const words = keyword.toLowerCase().split(/\s+/).filter(Boolean);
  return [...new Set(words)].slice(0, MAX_KEYWORD_WORDS);
}

/** The repository filter of wire filters: location 0 means every warehouse (spec §7 'dropped if 0'). */
export function toGoodsFilter(input: GoodsFilterInput): repo.GoodsFilter {
  return {
    location: input.location ? input.location : undefined,
    cateId: input.cateId,
    brandId: input.brandId,
    keywords: keywordWords(input.keyword),
    goodsIds: input.goodsIds,
  };
}

/**
 * The order of a goods list: Comprehensive puts the goods that can be bought now first, then ranks by match
 * quality with a keyword or by the shop's own order without; the direction applies to Price (compared in the
 * page currency, CNY unless given, spec §4 'Currency'), Sales and Newest.
 */
export function goodsSort(query: GoodsListQuery, keywords: readonly string[], level: number): repo.GoodsSort {
  const direction = query.orderByTendency;
  switch (query.orderByType) {
    case 'Comprehensive':
      return keywords.length > 0 ? { by: 'Relevance', keywords } : { by: 'Comprehensive' };
    case 'Price':
      return { by: 'Price', level, direction, currency: query.currency ?? 'CNY' };
    default:
      return { by: query.orderByType, direction };
  }
}

/** The catalogue's goods lists, a part of the catalogue service (catalogue.service.ts). */
export function createCatalogueListing({ db }: { db: Database }) {
  return {
    /**
     * How many goods each warehouse lists for the list's other filters (goods/locationCounts/): the same
     * conditions as goods/list/'s count, grouped by warehouse; warehouses with none are left out.
     */
    async locationCounts(query: GoodsLocationCountsQuery): Promise<GoodsLocationCountsResponse> {
      const rows = await repo.countGoodsByLocation(db, toGoodsFilter({ ...query, location: undefined }));
      const items = rows.filter((r) => r.count > 0);
      return { items, totalCount: items.reduce((sum, r) => sum + r.count, 0) };
    },

    /**
     * One page of the goods on the shelf that have a SKU for sale (spec §7 goods/list/; §4: not-for-sale SKUs
     * are dropped from lists, so a product with nothing else leaves them), each with all its SKUs (NotForSale
     * ones included: the client drops them) priced at the caller's level. Three queries per page; the Price
     * sort reads the keys migration 0022 keeps, the AUD→CNY rate already applied.
     */
    async listGoods(query: GoodsListQuery, level: number): Promise<GoodsListResponse> {
      const filter = toGoodsFilter(query);
      const sort = goodsSort(query, filter.keywords, level);
      // A service made on a transaction (the demo seed's) reads them one after another.
      const [totalCount, rows] = await readTogether(db, [
        () => repo.countGoods(db, filter),
        () =>
          repo.listGoodsPage(db, filter, sort, {
            limit: query.pageSize,
            offset: (query.pageNo - 1) * query.pageSize,
          }),
      ]);
      const skuRows = await listSkusWithPrices(
        db,
        rows.map((r) => r.id),
        level,
      );
      const skusByGoods = new Map<number, SkuPriceRow[]>();
      for (const sku of skuRows) {
        const list = skusByGoods.get(sku.goodsId);
        if (list) list.push(sku);
        else skusByGoods.set(sku.goodsId, [sku]);
      }
      const items: GoodsListItem[] = rows.map((row) => ({
        ...row,
        skus: toSkuDtos(skusByGoods.get(row.id) ?? []),
      }));
      return { items, pageNo: query.pageNo, pageSize: query.pageSize, totalCount };
    },
  };
}
