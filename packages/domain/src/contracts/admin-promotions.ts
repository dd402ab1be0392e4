import { z } from 'zod';
import '../zod-locale';
import { PROMOTION_PRIORITY_MAX, PROMOTION_PRIORITY_MIN, PromotionMethod } from '../promotion';
import { consolePageNo, consolePageSize } from './paging';
import { text } from './text';

/**
 * The console's promotions (促销, permission settings.money: owner and finance; issue 'Staff console' part 2):
 * all five methods of spec §4 with the SKUs they apply to, thresholds, gifts and validity dates. The same checks
 * as `promotion:create`. Amounts are typed and shown in major units ('100.00'), stored in minor units.
 */
export const AdminPromotionPaths = {
  list: '/api/adminService/settings/promotion/list/',
  /** Creates (no id) or changes a promotion. */
  save: '/api/adminService/settings/promotion/save/',
  /** Stops a promotion at once, or lets a stopped one run again. */
  active: '/api/adminService/settings/promotion/active/',
  /** SKUs to pick from, by goods name or SKU code. */
  skus: '/api/adminService/settings/promotion/skus/',
} as const;

/** Where a promotion stands now. */
export const PROMOTION_STATES = ['running', 'scheduled', 'ended', 'stopped'] as const;
export type PromotionState = (typeof PROMOTION_STATES)[number];
export const PROMOTION_STATE_LABELS: Readonly<Record<PromotionState, string>> = {
  running: '进行中',
  scheduled: '未开始',
  ended: '已结束',
  stopped: '已停用',
};

/** Where a promotion stands at `now`. */
export function promotionState(
  p: { active: boolean; startsAt: string | null; endsAt: string | null },
  now: Date,
): PromotionState {
  if (!p.active) return 'stopped';
  if (p.endsAt !== null && new Date(p.endsAt) <= now) return 'ended';
  if (p.startsAt !== null && new Date(p.startsAt) > now) return 'scheduled';
  return 'running';
}

const methods = Object.values(PromotionMethod) as number[];
const skuIdList = (label: string) =>
  z
    .array(
      z
        .number({ error: `${label}须为整数` })
        .int(`${label}须为整数`)
        .positive(`${label}须为正整数`),
      {
        error: `请选择${label}`,
      },
    )
    .max(500, `${label}最多500个`)
    .refine((ids) => new Set(ids).size === ids.length, `${label}重复`);
const amount = (label: string) =>
  text({ trim: true })
    .regex(/^(?:\d{1,9})(?:\.\d{1,2})?$/, `${label}须为最多两位小数的金额`)
    .optional();
const moment = (label: string) =>
  text({ trim: true })
    .regex(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/,
      `${label}须为带时区的时间，如 2026-12-01T00:00:00+08:00`,
    )
    .refine((v) => !Number.isNaN(Date.parse(v)), `${label}不是有效的时间`)
    .nullable()
    .optional();

export const adminPromotionListRequestSchema = z.strictObject({
  pageNo: consolePageNo,
  pageSize: consolePageSize,
  state: z.enum(PROMOTION_STATES, { error: '状态不正确' }).optional(),
  method: z
    .number({ error: '促销方式须为 0-4' })
    .int('促销方式须为 0-4')
    .refine((v) => methods.includes(v), '促销方式须为 0-4')
    .optional(),
});
export type AdminPromotionListRequest = z.input<typeof adminPromotionListRequestSchema>;

export const adminPromotionSkuSchema = z.object({
  skuId: z.number().int(),
  skuCode: z.string(),
  goodsId: z.number().int(),
  goodsName: z.string(),
  /** Its attribute values, '400粒 / 单瓶'; '' for a SKU without attributes. */
  spec: z.string(),
  warehouseName: z.string(),
});
export type AdminPromotionSku = z.infer<typeof adminPromotionSkuSchema>;

export const adminPromotionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  method: z.number().int(),
  methodLabel: z.string(),
  currency: z.enum(['AUD', 'CNY']),
  /** Major units, '100.00'. */
  threshold: z.string(),
  reduce: z.string(),
  discountPercent: z.number().int().nullable(),
  /** Empty: every SKU. */
  skus: z.array(adminPromotionSkuSchema),
  pairSkus: z.array(adminPromotionSkuSchema),
  gift: z.object({ goodsId: z.number().int(), goodsName: z.string() }).nullable(),
  /** 满减: applies beside the best 满减 of its currency instead of competing with it (ADR 031). */
  stackable: z.boolean(),
  /** 满减: the higher wins a tie between two 满减 taking off the same amount (ADR 031). */
  priority: z.number().int(),
  active: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  state: z.enum(PROMOTION_STATES),
  createTime: z.string(),
});
export type AdminPromotion = z.infer<typeof adminPromotionSchema>;

export const adminPromotionListResponseSchema = z.object({
  items: z.array(adminPromotionSchema),
  totalCount: z.number().int(),
});
export type AdminPromotionListResponse = z.infer<typeof adminPromotionListResponseSchema>;

export const adminPromotionSaveRequestSchema = z.strictObject({
  id: z
    .number({ error: '促销编号须为整数' })
    .int('促销编号须为整数')
    .positive('促销编号须为正整数')
    .optional(),
  name: text({ error: '请输入促销名称', trim: true })
    .min(1, '请输入促销名称')
    .max(100, '促销名称最多100个字符'),
  method: z
    .number({ error: '请选择促销方式' })
    .int('请选择促销方式')
    .refine((v) => methods.includes(v), '请选择促销方式'),
  currency: z.enum(['AUD', 'CNY'], { error: '币种须为 AUD 或 CNY' }),
  threshold: amount('门槛'),
  reduce: amount('减免金额'),
  discountPercent: z
    .number({ error: '折扣须为整数' })
    .int('折扣须为 1-99 的整数')
    .min(1, '折扣须为 1-99 的整数')
    .max(99, '折扣须为 1-99 的整数')
    .optional(),
  skuIds: skuIdList('参与的 SKU').default([]),
  pairSkuIds: skuIdList('搭配 SKU').default([]),
  giftGoodsId: z.number({ error: '赠品须为商品' }).int('赠品须为商品').positive('赠品须为商品').optional(),
  /** 满减 only (ADR 031): false (the default) competes with the other 满减, only the best applies. */
  stackable: z.boolean({ error: '与其他满减同享须为是或否' }).optional(),
  /** 满减 only (ADR 031): 0-999, default 0. */
  priority: z
    .number({ error: '优先级须为整数' })
    .int(`优先级须为 ${PROMOTION_PRIORITY_MIN}-${PROMOTION_PRIORITY_MAX} 的整数`)
    .min(PROMOTION_PRIORITY_MIN, `优先级须为 ${PROMOTION_PRIORITY_MIN}-${PROMOTION_PRIORITY_MAX} 的整数`)
    .max(PROMOTION_PRIORITY_MAX, `优先级须为 ${PROMOTION_PRIORITY_MIN}-${PROMOTION_PRIORITY_MAX} 的整数`)
    .optional(),
  startsAt: moment('开始时间'),
  endsAt: moment('结束时间'),
});
export type AdminPromotionSaveRequest = z.input<typeof adminPromotionSaveRequestSchema>;

export const adminPromotionActiveRequestSchema = z.strictObject({
  id: z.number({ error: '请指定促销' }).int('促销编号须为整数').positive('促销编号须为正整数'),
  active: z.boolean({ error: '请指定启用或停用' }),
});

export const adminPromotionSkusRequestSchema = z.strictObject({
  keyword: text({ trim: true }).max(64, '关键词最多64个字符').optional(),
  /** Look up these SKUs instead of searching. */
  ids: z.array(z.number().int().positive()).max(500).optional(),
});
export const adminPromotionSkusResponseSchema = z.object({ items: z.array(adminPromotionSkuSchema) });
export type AdminPromotionSkusResponse = z.infer<typeof adminPromotionSkusResponseSchema>;
