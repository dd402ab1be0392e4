import { SkuStatus } from '@shop/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { brands, categories, goods, goodsImages, skus } from '../../db/schema';

/** The console's goods list (商品): every product on or off the shelf, as the content team filters them. */

export interface GoodsFilter {
  keyword?: string | undefined;
  categoryId?: number | undefined;
  brandId?: number | undefined;
  location?: number | undefined;
  onShelf?: boolean | undefined;
  /** 'low': some SKU sold by stock count has lowAtMost or fewer left; 'soldOut': no SKU can be bought. */
  stock?: 'low' | 'soldOut' | undefined;
  lowAtMost: number;
}

/**
 * One page of goods, newest changed first, each with its brand, category, main picture and SKU counts, and the
 * total, in one statement. A category matches itself and the two levels below it.
 */
export async function pageGoods(db: Database, f: GoodsFilter, page: { limit: number; offset: number }) {
  const buyable = sql`(${skus.status} in (${SkuStatus.ByBook}, ${SkuStatus.InStock}) or (${skus.status} = ${SkuStatus.ByStock} and ${skus.stock} > 0))`;
  const like = f.keyword ? `%${f.keyword}%` : undefined;
  const conditions = [
    like
      ? sql`(${goods.name} ilike ${like} or ${goods.nameEn} ilike ${like} or ${goods.code} ilike ${like}
          or exists (select 1 from ${skus} where ${skus.goodsId} = ${goods.id} and ${skus.code} ilike ${like}))`
      : undefined,
    f.categoryId === undefined
      ? undefined
      : sql`${goods.categoryId} in (
          select c.id from ${categories} c where c.id = ${f.categoryId} or c.parent_id = ${f.categoryId}
          or c.parent_id in (select p.id from ${categories} p where p.parent_id = ${f.categoryId}))`,
    f.brandId === undefined ? undefined : eq(goods.brandId, f.brandId),
    f.location === undefined ? undefined : eq(goods.location, f.location),
    f.onShelf === undefined ? undefined : eq(goods.onFlag, f.onShelf),
    f.stock === 'low'
      ? sql`exists (select 1 from ${skus} where ${skus.goodsId} = ${goods.id} and ${skus.status} = ${SkuStatus.ByStock} and ${skus.stock} <= ${f.lowAtMost})`
      : f.stock === 'soldOut'
        ? sql`not exists (select 1 from ${skus} where ${skus.goodsId} = ${goods.id} and ${buyable})`
        : undefined,
  ].filter((c) => c !== undefined);
  const rows = await db
    .select({
      id: goods.id,
      code: goods.code,
      name: goods.name,
      nameEn: goods.nameEn,
      location: goods.location,
      onShelf: goods.onFlag,
      updatedAt: goods.updatedAt,
      brandName: brands.name,
      categoryName: categories.name,
      image: sql<string | null>`(select ${goodsImages.path} from ${goodsImages}
        where ${goodsImages.goodsId} = ${goods.id} and ${goodsImages.kind} = 'good'
        order by ${goodsImages.sort}, ${goodsImages.id} limit 1)`,
      skuCount: sql<number>`(select count(*) from ${skus} where ${skus.goodsId} = ${goods.id})`.mapWith(
        Number,
      ),
      buyableSkuCount:
        sql<number>`(select count(*) from ${skus} where ${skus.goodsId} = ${goods.id} and ${buyable})`.mapWith(
          Number,
        ),
      lowestStock: sql<number | null>`(select min(${skus.stock}) from ${skus}
        where ${skus.goodsId} = ${goods.id} and ${skus.status} = ${SkuStatus.ByStock})`,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(goods)
    .leftJoin(brands, eq(brands.id, goods.brandId))
    .leftJoin(categories, eq(categories.id, goods.categoryId))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(goods.updatedAt), desc(goods.id))
    .limit(page.limit)
    .offset(page.offset);
  return {
    rows: rows.map((r) => ({ ...r, lowestStock: r.lowestStock === null ? null : Number(r.lowestStock) })),
    total: rows[0]?.total ?? 0,
  };
}
