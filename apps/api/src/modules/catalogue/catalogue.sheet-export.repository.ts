import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** The query of the whole catalogue as the goods sheet has it (catalogue.sheet-export.ts). */

/** One SKU with its product, brand, category names and every price (currency, level, minor units). */
export interface SheetRow {
  goodsCode: string;
  name: string;
  nameEn: string;
  brand: string | null;
  categoryPath: string;
  location: number;
  onFlag: boolean;
  skuCode: string;
  skuName: string;
  property: Record<string, string> | null;
  status: number;
  stock: number;
  weight: number;
  prices: [string, number, number][] | null;
  breaksMixed: boolean;
  minQty: number;
  stepQty: number;
  maxQty: number | null;
  barcode: string | null;
  /** Volume prices: currency, level, starting quantity, minor units. */
  breaks: [string, number, number, number][] | null;
}

/** Every SKU on or off the shelf, in the sheet's order (warehouse, goods code, the SKUs' own order). */
export async function listSheetRows(db: Database): Promise<SheetRow[]> {
  const result = (await db.execute(sql`
    select g.code as "goodsCode", g.name, g.name_en as "nameEn", b.name as brand,
           (select string_agg(pc.name, '/' order by pc.depth) from categories pc
             where c.path like '%/' || pc.id || '/%') as "categoryPath",
           g.location, g.on_flag as "onFlag", s.code as "skuCode", s.name as "skuName", s.property,
           s.status, s.stock, s.weight,
           (select json_agg(json_build_array(p.currency, p.level, p.amount) order by p.level, p.currency)
              from sku_prices p where p.sku_id = s.id) as prices,
           g.breaks_mixed as "breaksMixed", s.min_qty as "minQty", s.step_qty as "stepQty", s.max_qty as "maxQty",
           s.barcode,
           (select json_agg(json_build_array(pb.currency, pb.level, pb.min_qty, pb.amount)
                     order by pb.level, pb.currency, pb.min_qty)
              from sku_price_breaks pb where pb.sku_id = s.id) as breaks
      from skus s
      join goods g on g.id = s.goods_id
      join categories c on c.id = g.category_id
      left join brands b on b.id = g.brand_id
     order by g.location, g.code, s.sort, s.id`)) as unknown as { rows: SheetRow[] };
  return result.rows;
}
