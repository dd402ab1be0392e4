import { z } from 'zod';
import '../zod-locale';
import { DIFFERENCE_KINDS } from '../reconciliation';
import { consolePageNo, consolePageSize } from './paging';
import { currencySchema } from './payment';
import { text } from './text';

/**
 * The console's payment reconciliation (对账, permission payment.reconcile: finance and owner;
 * docs/decisions/036-payment-reconciliation.md): the channels that publish statements, runs of a channel's day,
 * their differences, and settling one with a note. The same functions as `recon:run` on the command line.
 */
export const AdminReconciliationPaths = {
  /** The channels that can be reconciled here, with each one's last finished day. */
  providers: '/api/adminService/reconciliation/providers/',
  /** Starts a run of a channel's day; it goes on in the background (poll `run`). */
  start: '/api/adminService/reconciliation/start/',
  /** A run with the differences of its channel's day. */
  run: '/api/adminService/reconciliation/run/',
  /** Recent runs, newest first. */
  runs: '/api/adminService/reconciliation/runs/',
  /** Settles one open difference (ADR 036 says what that does per kind). */
  settle: '/api/adminService/reconciliation/settle/',
} as const;

export const reconciliationDaySchema = text({ error: '请选择对账日期', trim: true }).regex(
  /^\d{4}-\d{2}-\d{2}$/,
  '对账日期格式须为 yyyy-MM-dd',
);
const providerSchema = text({ error: '请选择支付渠道', trim: true })
  .min(1, '请选择支付渠道')
  .max(16, '支付渠道最多16个字符');
const idSchema = z.number({ error: '编号须为整数' }).int('编号须为整数').min(1, '编号须大于0');

export const reconciliationStartRequestSchema = z.strictObject({
  provider: providerSchema,
  day: reconciliationDaySchema,
});
export type ReconciliationStartRequest = z.infer<typeof reconciliationStartRequestSchema>;

export const reconciliationRunRequestSchema = z.strictObject({ id: idSchema });
export const reconciliationRunsRequestSchema = z.strictObject({
  provider: providerSchema.optional(),
  pageNo: consolePageNo,
  pageSize: consolePageSize,
});
export const reconciliationSettleRequestSchema = z.strictObject({
  id: idSchema,
  note: text({ error: '请填写处理说明', trim: true, multiline: true })
    .min(1, '请填写处理说明')
    .max(200, '处理说明最多200个字符'),
});
export type ReconciliationSettleRequest = z.infer<typeof reconciliationSettleRequestSchema>;

export const RUN_STATUSES = ['running', 'done', 'failed'] as const;
export const RUN_STATUS_LABELS: Readonly<Record<(typeof RUN_STATUSES)[number], string>> = {
  running: '对账中',
  done: '已完成',
  failed: '失败',
};
export const RUN_TRIGGER_LABELS: Readonly<Record<string, string>> = {
  schedule: '每日自动',
  console: '后台发起',
  cli: '命令行',
};

export const reconciliationRunSchema = z.object({
  id: z.number(),
  provider: z.string(),
  day: z.string(),
  status: z.enum(RUN_STATUSES),
  trigger: z.string(),
  actor: z.string(),
  /** Lines of the channel's statement, and how many agreed with the shop. */
  statementLines: z.number(),
  matched: z.number(),
  /** Differences this run found (open ones of the day are listed with the run). */
  differences: z.number(),
  /** Why it failed (the channel's words where it gave some). */
  error: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ReconciliationRun = z.infer<typeof reconciliationRunSchema>;

export const reconciliationDifferenceSchema = z.object({
  id: z.number(),
  kind: z.enum(DIFFERENCE_KINDS),
  object: z.enum(['payment', 'refund']),
  tradeNo: z.string(),
  refundNo: z.string(),
  /** Major units as text ('94.00'); null where one side has nothing. */
  shopAmount: z.string().nullable(),
  shopCurrency: currencySchema.nullable(),
  channelAmount: z.string().nullable(),
  channelCurrency: currencySchema.nullable(),
  channelRef: z.string(),
  channelAt: z.string().nullable(),
  status: z.enum(['open', 'settled']),
  note: z.string(),
  settledBy: z.string(),
  settledAt: z.string().nullable(),
});
export type ReconciliationDifference = z.infer<typeof reconciliationDifferenceSchema>;

export const reconciliationRunResponseSchema = z.object({
  run: reconciliationRunSchema,
  /** The day's differences, open first. */
  differences: z.array(reconciliationDifferenceSchema),
});
export type ReconciliationRunResponse = z.infer<typeof reconciliationRunResponseSchema>;

export const reconciliationRunsResponseSchema = z.object({
  items: z.array(reconciliationRunSchema),
  total: z.number(),
});

export const reconciliationProvidersResponseSchema = z.object({
  items: z.array(
    z.object({
      provider: z.string(),
      /** The channel's yesterday: the day a run is usually for. */
      yesterday: z.string(),
      /** 'Asia/Shanghai' or 'UTC': the calendar its days are counted in. */
      timeZone: z.string(),
    }),
  ),
});
export type ReconciliationProviders = z.infer<typeof reconciliationProvidersResponseSchema>;
