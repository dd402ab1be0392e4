import { z } from 'zod';
import '../zod-locale';
import { rechargeSchema, rechargeStatusSchema } from './payment';
import { text } from './text';

/**
 * The console's calls on members' money and accounts (issue 'Staff console' part 1): bank-transfer recharges to
 * review. POST JSON under /api/adminService/ with the storefront's envelope and a staff token
 * (docs/decisions/019); each call names its permission in packages/domain/src/staff.ts.
 */
export const AdminMemberPaths = {
  /** recharge.review: recharges newest first, filtered by status (pending by default in the console). */
  rechargeList: '/api/adminService/recharge/list/',
  /** recharge.review: credits a pending bank transfer to the member's deposit; a repeat changes nothing. */
  rechargeApprove: '/api/adminService/recharge/approve/',
  /** recharge.review: refuses a pending bank transfer with a reason the member reads. */
  rechargeReject: '/api/adminService/recharge/reject/',
} as const;

const pageNo = z.number({ error: '页码须为整数' }).int('页码须为整数').min(1, '页码须大于0').default(1);
const pageSize = z
  .number({ error: '每页条数须为整数' })
  .int('每页条数须为整数')
  .min(1, '每页至少1条')
  .max(100, '每页最多100条')
  .default(20);

export const rechargeNoSchema = text({ error: '请指定充值单号', trim: true })
  .min(1, '请指定充值单号')
  .max(32, '充值单号最多32个字符');

export const adminRechargeListRequestSchema = z.strictObject({
  pageNo,
  pageSize,
  status: rechargeStatusSchema.optional(),
  /** The member's username (exact, any case) or the recharge number. */
  keyword: text({ trim: true }).max(64, '关键词最多64个字符').optional(),
});
export type AdminRechargeListRequest = z.input<typeof adminRechargeListRequestSchema>;

/** A recharge as the console lists it: the member's view plus whose it is and who reviewed it. */
export const adminRechargeSchema = rechargeSchema.extend({
  memberId: z.number().int(),
  username: z.string(),
  /** The staff username (or the command line's --by) that approved or rejected it; '' while pending. */
  reviewedBy: z.string(),
});
export type AdminRecharge = z.infer<typeof adminRechargeSchema>;

export const adminRechargeListResponseSchema = z.object({
  items: z.array(adminRechargeSchema),
  totalCount: z.number().int(),
});
export type AdminRechargeListResponse = z.infer<typeof adminRechargeListResponseSchema>;

export const rechargeApproveRequestSchema = z.strictObject({ rechargeNo: rechargeNoSchema });
export const rechargeRejectRequestSchema = z.strictObject({
  rechargeNo: rechargeNoSchema,
  reason: text({ error: '请填写驳回原因', trim: true })
    .min(1, '请填写驳回原因')
    .max(100, '驳回原因最多100个字符'),
});
export type RechargeRejectRequest = z.infer<typeof rechargeRejectRequestSchema>;

/** The recharge after the review; `changed` false when it had been settled the same way before (a retry). */
export const rechargeReviewResponseSchema = z.object({
  changed: z.boolean(),
  recharge: rechargeSchema,
});
export type RechargeReviewResponse = z.infer<typeof rechargeReviewResponseSchema>;
