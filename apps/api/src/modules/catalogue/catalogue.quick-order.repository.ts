import { SkuStatus } from '@shop/domain';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { brands, categories, goods, skus } from '../../db/schema';
import { callerPrices, mainImage, skuBreaks } from './catalogue.query-parts';

/** Queries of the quick-order sheet (/user/products 快速订货, ADR 018) and of the SKUs an old order names. */

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
  minQty: number;
  stepQty: number;
  maxQty: number | null;
  aud: number | null;
  cny: number | null;
  /** Volume prices at the caller's level (breaksAtLevel) as the driver answers them; decoded by the service. */
  breaks: unknown;
  breaksMixed: boolean;
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
      minQty: skus.minQty,
      stepQty: skus.stepQty,
      maxQty: skus.maxQty,
      aud: prices.aud,
      cny: prices.cny,
      breaks: skuBreaks(level),
      breaksMixed: goods.breaksMixed,
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
