import { z } from 'zod';
import '../zod-locale';

/**
 * The goods sheet in the console (商品 → 导入 / 导出, permission catalogue.edit; docs/catalogue-import.md): the
 * same import as `goods:import`, first as a dry run that lists every row's problems and what would change,
 * then for real; and the whole catalogue exported in the same format, so a sheet can go out, be edited and
 * come back.
 */
export const AdminGoodsSheetPaths = {
  /** multipart: `file` (.xlsx or .csv), `dryRun` 'true' or 'false'. */
  import: '/api/adminService/goods/import/',
  /** The whole catalogue as an import sheet (xlsx). */
  export: '/api/adminService/goods/export/',
} as const;

/** Largest goods sheet the console takes (20,000 rows of a wide sheet stay well below it). */
export const GOODS_SHEET_MAX_BYTES = 10 * 1024 * 1024;

/** Most SKU rows one goods sheet may have: reading stops at the first row past it (docs/catalogue-import.md). */
export const GOODS_SHEET_MAX_ROWS = 20_000;

export const adminGoodsImportFieldsSchema = z.strictObject({
  dryRun: z.enum(['true', 'false'], { error: 'dryRun 须为 true 或 false' }),
});

export const importSummarySchema = z.object({
  dryRun: z.boolean(),
  goodsCreated: z.number().int(),
  goodsUpdated: z.number().int(),
  skusCreated: z.number().int(),
  skusUpdated: z.number().int(),
  brandsCreated: z.number().int(),
  categoriesCreated: z.number().int(),
  pricesSet: z.number().int(),
  pricesRemoved: z.number().int(),
});
export type ImportSummaryView = z.infer<typeof importSummarySchema>;

/** A row of the sheet as the preview shows it. */
export const importPreviewRowSchema = z.object({
  row: z.number().int(),
  goodsCode: z.string(),
  name: z.string(),
  skuCode: z.string(),
  /** '颜色:红;尺码:L' as typed. */
  property: z.string(),
  status: z.number().int(),
  stock: z.number().int(),
  /** 'AUD@37 45.90 · CNY@37 229.00'; empty cells left out. */
  prices: z.string(),
});
export type ImportPreviewRow = z.infer<typeof importPreviewRowSchema>;

/** How many rows the preview lists. */
export const IMPORT_PREVIEW_ROWS = 200;

export const adminGoodsImportResponseSchema = z.object({
  dryRun: z.boolean(),
  fileName: z.string(),
  /** SKU rows read from the sheet. */
  rows: z.number().int(),
  /** Every problem, each naming its row; none when the sheet can be imported. */
  errors: z.array(z.string()),
  /** What the import changes (or, in a dry run, would change); null when the sheet has problems. */
  summary: importSummarySchema.nullable(),
  /** The first rows of the sheet as read. */
  preview: z.array(importPreviewRowSchema),
});
export type AdminGoodsImportResponse = z.infer<typeof adminGoodsImportResponseSchema>;
