import { DEFAULT_MEMBER_LEVEL, Warehouse, type WarehouseCode } from '@shop/domain';
import type { Database } from '../../db/client';
import { type SheetColumn, writeXlsx } from '../../lib/spreadsheet';
import type { XlsxFile } from '../../lib/xlsx-reply';
import { listSheetRows } from './catalogue.sheet-export.repository';

/**
 * The whole catalogue as a goods sheet in the import's own format (docs/catalogue-import.md): every product on
 * or off the shelf, one row per SKU, every price column. Edited and imported again, it changes exactly what
 * was edited: the export and the import are one round trip.
 */

/** The member levels the shop prices at (37, every member's default; 38 and 39): their columns are always there. */
const SHOP_LEVELS = [DEFAULT_MEMBER_LEVEL, 38, 39];

const CODE_OF = new Map(
  (Object.entries(Warehouse) as [WarehouseCode, number][]).map(([code, id]) => [id, code] as const),
);

/** Minor units as the sheet's price text: 1999 → '19.99'. */
function major(minor: number): string {
  return `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

export async function catalogueSheet(db: Database, today: string): Promise<XlsxFile & { rows: number }> {
  const rows = await listSheetRows(db);
  // The levels the shop prices at, plus any other level a SKU has a price for.
  const levels = new Set<number>(SHOP_LEVELS);
  for (const r of rows) for (const [, level] of r.prices ?? []) levels.add(level);
  const priceHeaders = [...levels]
    .sort((a, b) => a - b)
    .flatMap((level) => (['AUD', 'CNY'] as const).map((currency) => ({ currency, level })));
  const columns: SheetColumn[] = [
    { header: 'goodsCode', width: 18 },
    { header: 'name', width: 40 },
    { header: 'nameEn', width: 32 },
    { header: 'brand', width: 16 },
    { header: 'category', width: 26 },
    { header: 'warehouse', width: 10 },
    { header: 'onShelf', width: 9 },
    { header: 'skuCode', width: 22 },
    { header: 'skuName', width: 30 },
    { header: 'property', width: 28 },
    { header: 'status', width: 8 },
    { header: 'stock', width: 8 },
    { header: 'weight', width: 8 },
    ...priceHeaders.map((p) => ({ header: `${p.currency}@${p.level}`, width: 10 })),
    { header: 'minQty', width: 8 },
    { header: 'stepQty', width: 8 },
    { header: 'maxQty', width: 8 },
    { header: 'breaksMixed', width: 11 },
    { header: 'barcode', width: 16 },
    ...priceHeaders.map((p) => ({ header: `breaks ${p.currency}@${p.level}`, width: 22 })),
  ];
  const content = await writeXlsx(
    '商品',
    columns,
    rows.map((r) => {
      const price = new Map(
        (r.prices ?? []).map(([currency, level, amount]) => [`${currency}@${level}`, amount]),
      );
      return [
        r.goodsCode,
        r.name,
        r.nameEn,
        r.brand ?? '',
        r.categoryPath ?? '',
        CODE_OF.get(r.location) ?? String(r.location),
        r.onFlag ? 'yes' : 'no',
        r.skuCode,
        r.skuName,
        Object.entries(r.property ?? {})
          .map(([k, v]) => `${k}:${v}`)
          .join(';'),
        r.status,
        r.stock,
        r.weight,
        ...priceHeaders.map((p) => {
          const amount = price.get(`${p.currency}@${p.level}`);
          return amount === undefined ? '' : major(Number(amount));
        }),
        r.minQty,
        r.stepQty,
        r.maxQty ?? '',
        r.breaksMixed ? 'yes' : 'no',
        r.barcode ?? '',
        ...priceHeaders.map((p) =>
          (r.breaks ?? [])
            .filter(([currency, level]) => currency === p.currency && Number(level) === p.level)
            .map(([, , minQty, amount]) => `${minQty}:${major(Number(amount))}`)
            .join(';'),
        ),
      ];
    }),
  );
  return { fileName: `goods-${today}.xlsx`, content, rows: rows.length };
}

export type CatalogueSheetExport = ReturnType<typeof createCatalogueSheetExport>;

/** The export as a service (services.ts), so the console's route never holds the database itself. */
export function createCatalogueSheetExport({ db }: { db: Database }) {
  return { exportSheet: (today: string) => catalogueSheet(db, today) };
}
