import { z } from 'zod';
import '../zod-locale';
import { SHOP_TIME_ZONES } from '../calendar-day';
import { text } from './text';

/**
 * The console's reports (issue 'Found, shared and run like a real product' part 2): the 工作台's charts and the
 * finance exports. Days are the shop's (SHOP_TIME_ZONE), written 'yyyy-MM-dd'. POST JSON under /api/adminService/.
 */
export const AdminReportPaths = {
  /** dashboard.read: the 工作台's charts over the last 30 or 90 shop days. */
  charts: '/api/adminService/dashboard/charts/',
  /** finance.export: starts an export of one kind over a range of days; it runs on, the console polls it. */
  exportStart: '/api/adminService/finance/export/start/',
  /** finance.export: the latest exports (everyone's, newest first). */
  exportList: '/api/adminService/finance/export/list/',
  /** finance.export: one export's progress. */
  exportDetail: '/api/adminService/finance/export/detail/',
  /** finance.export: a finished export's file (xlsx or csv), streamed. */
  exportFile: '/api/adminService/finance/export/file/',
} as const;

export const CHART_DAY_CHOICES = [30, 90] as const;

export const dashboardChartsRequestSchema = z.strictObject({
  days: z.union([z.literal(30), z.literal(90)], { error: '天数应为 30 或 90' }).default(30),
});
export type DashboardChartsRequest = z.input<typeof dashboardChartsRequestSchema>;

/** The ages a waiting ticket is counted in (since the member last wrote). */
export const TICKET_AGE_BUCKETS = [
  { key: 'under4h', label: '4 小时内', maxHours: 4 },
  { key: 'under24h', label: '4–24 小时', maxHours: 24 },
  { key: 'under72h', label: '1–3 天', maxHours: 72 },
  { key: 'older', label: '3 天以上', maxHours: null },
] as const;

export const dashboardChartsSchema = z.object({
  timeZone: z.enum(SHOP_TIME_ZONES),
  days: z.number().int(),
  /** Every shop day of the range, oldest first, also those with nothing. */
  sales: z.array(
    z.object({
      day: z.string(),
      /** Orders paid that day (not cancelled), and their totals in minor units per order currency. */
      orders: z.number().int(),
      aud: z.number().int(),
      cny: z.number().int(),
    }),
  ),
  /** Orders made in the range, per status (spec §4), largest first. */
  ordersByStatus: z.array(
    z.object({ status: z.number().int(), statusName: z.string(), count: z.number().int() }),
  ),
  /** The ten SKUs sold most (pieces, in orders paid in the range). */
  topSkus: z.array(
    z.object({
      skuId: z.number().int(),
      skuCode: z.string(),
      name: z.string(),
      quantity: z.number().int(),
    }),
  ),
  /** Every shop day of the range: members who registered that day. */
  newMembers: z.array(z.object({ day: z.string(), count: z.number().int() })),
  /** Tickets waiting for the shop, by how long the member has waited (TICKET_AGE_BUCKETS' order). */
  ticketsByAge: z.array(z.object({ key: z.string(), label: z.string(), count: z.number().int() })),
});
export type DashboardCharts = z.infer<typeof dashboardChartsSchema>;

export const EXPORT_KINDS = ['orders', 'payments', 'refunds', 'depositMoves', 'recharges'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const EXPORT_KIND_NAMES: Record<ExportKind, string> = {
  orders: '订单',
  payments: '收款',
  refunds: '退款',
  depositMoves: '预存款流水',
  recharges: '充值',
};
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_STATES = ['running', 'done', 'failed'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];
export const EXPORT_STATE_NAMES: Record<ExportState, string> = {
  running: '导出中',
  done: '已完成',
  failed: '失败',
};
/** Longest range one export covers. */
export const EXPORT_MAX_DAYS = 366;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayText = () => text().regex(DAY, '日期格式应为 yyyy-MM-dd');

export const exportStartRequestSchema = z.strictObject({
  kind: z.enum(EXPORT_KINDS, { error: '导出内容无效' }),
  format: z.enum(EXPORT_FORMATS, { error: '文件格式应为 xlsx 或 csv' }),
  /** Shop days, both inclusive. */
  from: dayText(),
  to: dayText(),
});
export type ExportStartRequest = z.input<typeof exportStartRequestSchema>;

export const exportIdRequestSchema = z.strictObject({ id: z.number().int().positive() });

export const exportJobSchema = z.object({
  id: z.number().int(),
  kind: z.enum(EXPORT_KINDS),
  kindName: z.string(),
  format: z.enum(EXPORT_FORMATS),
  from: z.string(),
  to: z.string(),
  state: z.enum(EXPORT_STATES),
  stateName: z.string(),
  /** Rows written so far, and the rows the range holds (counted at the start). */
  rows: z.number().int(),
  total: z.number().int(),
  /** The file's size so far, in bytes. */
  bytes: z.number().int(),
  /** The download's file name ('订单_2026-01-01_2026-12-31.xlsx'). */
  fileName: z.string(),
  /** Why it failed, in Chinese. */
  error: z.string().nullable(),
  staffName: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ExportJob = z.infer<typeof exportJobSchema>;

export const exportListSchema = z.object({ list: z.array(exportJobSchema) });
