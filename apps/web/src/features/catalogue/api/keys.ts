import type { GoodsListRequest, GoodsLocationCountsRequest } from '@shop/domain';

/** A product asked for by goods id or, for '/product?skuId=' links, by SKU id (spec §2 'product link'). */
export type GoodsRef = { id: number } | { skuId: number };

/** Query keys of the catalogue feature (docs/conventions.md key factory: all → lists → list → details → detail). */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  goodsLists: () => [...catalogueKeys.all, 'goods', 'list'] as const,
  goodsList: (request: GoodsListRequest) => [...catalogueKeys.goodsLists(), request] as const,
  locationCounts: (request: GoodsLocationCountsRequest) =>
    [...catalogueKeys.all, 'goods', 'locationCounts', request] as const,
  goodsDetails: () => [...catalogueKeys.all, 'goods', 'detail'] as const,
  goodsDetail: (ref: GoodsRef) => [...catalogueKeys.goodsDetails(), ref] as const,
  quickOrder: () => [...catalogueKeys.all, 'quick-order'] as const,
  categories: () => [...catalogueKeys.all, 'categories'] as const,
  brandLists: () => [...catalogueKeys.all, 'brands', 'list'] as const,
  brandsByCatalog: () => [...catalogueKeys.all, 'brands', 'byCatalog'] as const,
  brandDetails: () => [...catalogueKeys.all, 'brands', 'detail'] as const,
  brandDetail: (id: number) => [...catalogueKeys.brandDetails(), id] as const,
};
