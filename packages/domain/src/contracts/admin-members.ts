import { z } from 'zod';
import '../zod-locale';
import { MAX_RECHARGE } from '../payment';
import { RECHARGE_REVIEW_NOTE_MAX, RechargeReviewMessages } from '../recharge-review';
import { consolePageNo, consolePageSize } from './paging';
import { currencySchema, depositLogItemSchema, rechargeSchema, rechargeStatusSchema } from './payment';
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
  /** recharge.review: the member's transfer slip of a bank transfer, as the image itself (not JSON). */
  rechargeSlip: '/api/adminService/recharge/slip/',
  /** member.read: members found by username, name, phone, e-mail or company, and/or of one level. */
  memberList: '/api/adminService/member/list/',
  /** member.read: one member's profile, balances, latest orders and tickets. */
  memberDetail: '/api/adminService/member/detail/',
  /** member.read: one member's deposit log, newest first. */
  memberDepositLog: '/api/adminService/member/depositLog/',
  /** member.level: the member:level workflow (the member gets a message). */
  memberLevel: '/api/adminService/member/level/',
  /** deposit.adjust: cash received or a gift, credited once per requestId (deposit:cash / deposit:gift). */
  depositAdjust: '/api/adminService/member/depositAdjust/',
  /** member.password: a one-time password, shown once; the member must change it at next sign-in. */
  memberResetPassword: '/api/adminService/member/resetPassword/',
} as const;

const pageNo = consolePageNo;
const pageSize = consolePageSize;

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

/** At most 2 decimals and positive: a money amount in major units as typed. */
export const depositAmountSchema = z
  .number({ error: '请填写金额' })
  .positive('金额须大于0')
  .max(1_000_000, '金额最多 1,000,000')
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, '金额最多两位小数');

/**
 * Approves a bank transfer. `creditedAmount` is what reached the shop's account, in the recharge's currency,
 * major units with at most 2 decimals like every other amount ('990.50'; depositAmountSchema), converted to
 * minor units once by the service; absent, the amount asked is credited. `note` is required when they differ
 * (packages/domain/src/recharge-review.ts) and is shown to the member.
 */
export const rechargeApproveRequestSchema = z.strictObject({
  rechargeNo: rechargeNoSchema,
  creditedAmount: depositAmountSchema
    .refine((n) => n <= MAX_RECHARGE, `实际到账金额最多${MAX_RECHARGE}`)
    .optional(),
  note: text({ trim: true, multiline: true })
    .max(RECHARGE_REVIEW_NOTE_MAX, RechargeReviewMessages.noteTooLong)
    .optional(),
});
export type RechargeApproveRequest = z.input<typeof rechargeApproveRequestSchema>;
export const rechargeSlipRequestSchema = z.strictObject({ rechargeNo: rechargeNoSchema });
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

// ---- Members ----

const memberIdSchema = z
  .number({ error: '请指定会员' })
  .int('会员编号须为整数')
  .positive('会员编号须为正整数');
export const memberLevelSchema = z
  .number({ error: '请填写会员等级' })
  .int('会员等级须为 0-999 的整数')
  .min(0, '会员等级须为 0-999 的整数')
  .max(999, '会员等级须为 0-999 的整数');

export const adminMemberListRequestSchema = z.strictObject({
  pageNo,
  pageSize,
  /** Part of the username, name, phone, e-mail or company (any case). */
  keyword: text({ trim: true }).max(64, '关键词最多64个字符').optional(),
  level: memberLevelSchema.optional(),
});
export type AdminMemberListRequest = z.input<typeof adminMemberListRequestSchema>;

export const adminMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  mobile: z.string(),
  email: z.string(),
  company: z.string(),
  wechat: z.string(),
  level: z.number().int(),
  /** Balances in major units. */
  cnyDeposit: z.number(),
  audDeposit: z.number(),
  createTime: z.string(),
  /** The last sign-in (token issued); null when never. */
  lastLoginTime: z.string().nullable(),
});
export type AdminMember = z.infer<typeof adminMemberSchema>;
export const adminMemberListResponseSchema = z.object({
  items: z.array(adminMemberSchema),
  totalCount: z.number().int(),
});
export type AdminMemberListResponse = z.infer<typeof adminMemberListResponseSchema>;

export const adminMemberIdRequestSchema = z.strictObject({ id: memberIdSchema });

export const adminMemberOrderSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  status: z.number().int(),
  statusLabel: z.string(),
  currency: currencySchema,
  /** Major units. */
  totalAmount: z.number(),
  createTime: z.string(),
});
export type AdminMemberOrder = z.infer<typeof adminMemberOrderSchema>;
export const adminMemberTicketSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type AdminMemberTicket = z.infer<typeof adminMemberTicketSchema>;

export const adminMemberDetailResponseSchema = z.object({
  member: adminMemberSchema,
  /** Staff reset the password and the member has not chosen a new one yet. */
  mustChangePassword: z.boolean(),
  /** The latest orders (at most 10), newest first; the orders page has the rest. */
  orders: z.array(adminMemberOrderSchema),
  orderCount: z.number().int(),
  /** The latest tickets (at most 10), newest activity first. */
  tickets: z.array(adminMemberTicketSchema),
  ticketCount: z.number().int(),
});
export type AdminMemberDetailResponse = z.infer<typeof adminMemberDetailResponseSchema>;

export const adminDepositLogRequestSchema = z.strictObject({ memberId: memberIdSchema, pageNo, pageSize });
export type AdminDepositLogRequest = z.input<typeof adminDepositLogRequestSchema>;
export const adminDepositLogItemSchema = depositLogItemSchema.extend({
  /** The staff member or operator who moved it by hand; '' for the member's own payments. */
  operator: z.string(),
});
export type AdminDepositLogItem = z.infer<typeof adminDepositLogItemSchema>;
export const adminDepositLogResponseSchema = z.object({
  items: z.array(adminDepositLogItemSchema),
  totalCount: z.number().int(),
});
export type AdminDepositLogResponse = z.infer<typeof adminDepositLogResponseSchema>;

const noteSchema = text({ trim: true, multiline: true }).max(200, '备注最多200个字符');

export const memberLevelRequestSchema = z.strictObject({
  id: memberIdSchema,
  level: memberLevelSchema,
  /** Added to the member's message. */
  note: noteSchema.optional(),
});
export type MemberLevelRequest = z.infer<typeof memberLevelRequestSchema>;
export const memberLevelResponseSchema = z.object({
  before: z.number().int(),
  after: z.number().int(),
  changed: z.boolean(),
});
export type MemberLevelResponse = z.infer<typeof memberLevelResponseSchema>;

/** Cash received at the counter (deposit-log type 1) or the shop's gift (type 6). */
export const DEPOSIT_ADJUST_KINDS = { cash: '现金充值', gift: '系统赠送' } as const;
export type DepositAdjustKind = keyof typeof DEPOSIT_ADJUST_KINDS;

export const depositAdjustRequestSchema = z.strictObject({
  memberId: memberIdSchema,
  kind: z.enum(['cash', 'gift'], { error: '请选择现金充值或系统赠送' }),
  currency: currencySchema,
  /** Major units ('100.50'). */
  amount: depositAmountSchema,
  note: noteSchema.optional(),
  /**
   * Made once per form by the console: the same request sent again (a double click, a retry after a lost
   * answer) credits once and answers the first credit with changed false.
   */
  requestId: text({ error: '缺少请求编号', trim: true }).regex(/^[A-Za-z0-9_-]{8,64}$/, '请求编号格式不正确'),
});
export type DepositAdjustRequest = z.infer<typeof depositAdjustRequestSchema>;
export const depositAdjustResponseSchema = z.object({
  changed: z.boolean(),
  currency: currencySchema,
  /** Major units. */
  amount: z.number(),
  balanceAfter: z.number(),
});
export type DepositAdjustResponse = z.infer<typeof depositAdjustResponseSchema>;

export const memberResetPasswordRequestSchema = adminMemberIdRequestSchema;
export type MemberResetPasswordRequest = z.infer<typeof memberResetPasswordRequestSchema>;
/**
 * How the member will choose a new password (staff never see or set one): a code sent to the member's proved phone
 * (sms) or e-mail address (email), shown masked, to use with the storefront's 忘记密码; or, when the member has
 * neither, a one-time link for staff to hand over. `expiresIn` is in seconds.
 */
export const memberResetPasswordResponseSchema = z.discriminatedUnion('channel', [
  z.object({ channel: z.enum(['sms', 'email']), sentTo: z.string(), expiresIn: z.number().int() }),
  z.object({ channel: z.literal('link'), link: z.string(), expiresIn: z.number().int() }),
]);
export type MemberResetPasswordResponse = z.infer<typeof memberResetPasswordResponseSchema>;
