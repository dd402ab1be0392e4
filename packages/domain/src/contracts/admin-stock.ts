import { z } from 'zod';
import '../zod-locale';
import { Warehouse } from '../warehouse';
import { consolePageNo, consolePageSize } from './paging';
import { text } from './text';

/**
 * The console's stock (库存, permission stock.adjust: owner, warehouse, content; issue 'Staff console' part 2):
 * SKUs with their stock, the low ones first when asked, adjustments with a reason, and each SKU's stock ledger.
 * The same function as `goods:stock`.
 */
export const AdminStockPaths = {
  list: '/api/adminService/stock/list/',
  /** Sets the stock, or adds to or takes from it, with a reason; once per requestId. */
  adjust: '/api/adminService/stock/adjust/',
  /** One SKU's hand-made stock changes, newest first. */
  ledger: '/api/adminService/stock/ledger/',
  /** A SKU's low-stock line: the warehouse is told when its stock falls to it (null: the shop's LOW_STOCK). */
  threshold: '/api/adminService/stock/threshold/',
} as const;

const pageNo = consolePageNo;
const pageSize = consolePageSize;
const skuCodeSchema = text({ error: '请指定 SKU', trim: true })
  .min(1, '请指定 SKU')
  .max(60, 'SKU 编码最多60个字符');
const warehouseValues = Object.values(Warehouse) as number[];

export const adminStockListRequestSchema = z.strictObject({
  pageNo,
  pageSize,
  /** Part of the goods' name or the SKU code (any case). */
  keyword: text({ trim: true }).max(64, '关键词最多64个字符').optional(),
  warehouse: z
    .number({ error: '仓库编号须为整数' })
    .int('仓库编号须为整数')
    .refine((v) => warehouseValues.includes(v), '未知的仓库')
    .optional(),
  /** Only SKUs sold by stock at or below their low-stock line (lowStockLine), the fewest first. */
  low: z.boolean({ error: 'low 须为 true 或 false' }).optional(),
});
export type AdminStockListRequest = z.input<typeof adminStockListRequestSchema>;

export const adminStockRowSchema = z.object({
  skuId: z.number().int(),
  skuCode: z.string(),
  goodsId: z.number().int(),
  goodsName: z.string(),
  skuName: z.string(),
  /** The SKU's attribute values, e.g. { 规格: '900g' }. */
  property: z.record(z.string(), z.string()),
  location: z.number().int(),
  warehouseName: z.string(),
  status: z.number().int(),
  statusLabel: z.string(),
  /** Counted only for status ByStock (1); the others sell regardless. */
  stock: z.number().int(),
  onShelf: z.boolean(),
  /** The SKU's own low-stock line, or null for the shop's (LOW_STOCK). */
  lowStockAt: z.number().int().nullable(),
  /** The line that applies: lowStockAt, else LOW_STOCK. */
  lowStockLine: z.number().int(),
  /** Sold by stock and at or below its line. */
  low: z.boolean(),
});
export type AdminStockRow = z.infer<typeof adminStockRowSchema>;
export const adminStockListResponseSchema = z.object({
  items: z.array(adminStockRowSchema),
  totalCount: z.number().int(),
});
export type AdminStockListResponse = z.infer<typeof adminStockListResponseSchema>;

export const STOCK_ADJUST_MODES = ['set', 'add', 'sub'] as const;
export type StockAdjustMode = (typeof STOCK_ADJUST_MODES)[number];
export const STOCK_ADJUST_MODE_LABELS: Readonly<Record<StockAdjustMode, string>> = {
  set: '设为',
  add: '增加',
  sub: '减少',
};

export const adminStockAdjustRequestSchema = z
  .strictObject({
    skuCode: skuCodeSchema,
    mode: z.enum(STOCK_ADJUST_MODES, { error: '调整方式须为 set、add 或 sub' }),
    amount: z
      .number({ error: '数量须为整数' })
      .int('数量须为整数')
      .min(0, '数量不能小于0')
      .max(1_000_000, '数量最多1000000'),
    reason: text({ error: '请填写调整原因', trim: true })
      .min(1, '请填写调整原因')
      .max(200, '原因最多200个字符'),
    /** Made by the page for each adjustment: a retry or a double click carries the same one and applies once. */
    requestId: text({ error: '缺少请求编号' }).regex(/^[A-Za-z0-9-]{8,64}$/, '请求编号格式不正确'),
  })
  .refine((v) => v.mode === 'set' || v.amount > 0, { error: '增加或减少的数量须大于0', path: ['amount'] });
export type AdminStockAdjustRequest = z.infer<typeof adminStockAdjustRequestSchema>;

export const adminStockAdjustResponseSchema = z.object({
  skuCode: z.string(),
  previous: z.number().int(),
  stock: z.number().int(),
  /** False when this requestId had been applied before (nothing changed now). */
  changed: z.boolean(),
});
export type AdminStockAdjustResponse = z.infer<typeof adminStockAdjustResponseSchema>;

export const adminStockLedgerRequestSchema = z.strictObject({ skuCode: skuCodeSchema, pageNo, pageSize });
export type AdminStockLedgerRequest = z.input<typeof adminStockLedgerRequestSchema>;
export const stockLedgerEntrySchema = z.object({
  id: z.number().int(),
  before: z.number().int(),
  after: z.number().int(),
  reason: z.string(),
  actor: z.string(),
  time: z.string(),
});
export type StockLedgerEntry = z.infer<typeof stockLedgerEntrySchema>;
export const adminStockLedgerResponseSchema = z.object({
  items: z.array(stockLedgerEntrySchema),
  totalCount: z.number().int(),
});
export type AdminStockLedgerResponse = z.infer<typeof adminStockLedgerResponseSchema>;

/** The highest low-stock line a SKU may have. */
export const LOW_STOCK_LINE_MAX = 99_999;

export const adminStockThresholdRequestSchema = z.strictObject({
  skuCode: skuCodeSchema,
  /** Pieces; null goes back to the shop's LOW_STOCK. */
  lowStockAt: z
    .number({ error: '提醒数量须为整数' })
    .int('提醒数量须为整数')
    .min(0, '提醒数量不能小于0')
    .max(LOW_STOCK_LINE_MAX, `提醒数量最多 ${LOW_STOCK_LINE_MAX}`)
    .nullable(),
});
export type AdminStockThresholdRequest = z.input<typeof adminStockThresholdRequestSchema>;
