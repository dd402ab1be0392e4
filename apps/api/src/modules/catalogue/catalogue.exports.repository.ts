import type { OfferBreak } from '@shop/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { brands, goods, skus } from '../../db/schema';
import { type GoodsFilter, goodsConditions } from './catalogue.listing.repository';
import { callerPrices, skuBreaks } from './catalogue.query-parts';
import { decodeBreaks } from './catalogue.wire';

/** Queries of the goods exports (spec §7 exportGoodsPrice/, exportGoodsSkuData/) and the catalogue's version. */

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
  /** The quantity rule (ADR 050). */
  minQty: number;
  stepQty: number;
  maxQty: number | null;
  /** Volume prices at the caller's level, ascending (breaksAtLevel). */
  breaks: OfferBreak[];
}

/** SKU rows of the goods on the shelf matching the filter, with the caller's prices, for the exports. */
export async function listExportRows(
  db: Database,
  filter: GoodsFilter,
  level: number,
  limit: number,
): Promise<ExportRow[]> {
  const prices = callerPrices(db, level);
  const rows = await db
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
      minQty: skus.minQty,
      stepQty: skus.stepQty,
      maxQty: skus.maxQty,
      breaks: skuBreaks(level),
    })
    .from(skus)
    .innerJoin(goods, eq(goods.id, skus.goodsId))
    .leftJoin(brands, eq(brands.id, goods.brandId))
    .leftJoinLateral(prices, sql`true`)
    .where(goodsConditions(filter))
    .orderBy(asc(goods.location), asc(goods.code), asc(skus.sort), asc(skus.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, breaks: decodeBreaks(row.breaks) }));
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
