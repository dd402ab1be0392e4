import { z } from 'zod';
import '../zod-locale';
import { isValidAbn } from '../checkout/gst';
import { taxNoProblem } from '../invoice';
import { memberLevelSchema } from './admin-members';
import { contactEmailSchema, phoneSchema } from './member';
import { consolePageNo, consolePageSize } from './paging';
import { text } from './text';

/**
 * Company accounts (issue #38 part 1, docs/decisions/055): a wholesale customer as a company whose members order
 * for it. A member belongs to at most one company, with one role in it. Amounts are numbers in major units with
 * at most 2 decimals, as everywhere on the wire.
 */

export const COMPANY_ROLES = ['admin', 'buyer', 'viewer'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export const COMPANY_ROLE_LABELS: Record<CompanyRole, string> = {
  admin: '管理员',
  buyer: '采购员',
  viewer: '查看者',
};

/** What each role may do, as the members page says it. */
export const COMPANY_ROLE_HINTS: Record<CompanyRole, string> = {
  admin: '可下单、邀请和移除成员、设置采购额度',
  buyer: '可在采购额度内下单',
  viewer: '可查看公司的订单与账单，不能下单',
};

/** How long an invite may be accepted. */
export const COMPANY_INVITE_DAYS = 7;
/** Most members (and open invites) one company has. */
export const COMPANY_MEMBER_LIMIT = 200;
export const COMPANY_NAME_MAX = 60;

export const CompanyMessages = {
  created: '公司已创建',
  invited: '邀请已发出',
  accepted: '已加入公司',
  limitsSaved: '成员设置已保存',
  removed: '已移除',
  inviteRevoked: '邀请已撤销',
  left: '已退出公司',
  alreadyMember: '您已属于一家公司，请先退出',
  notMember: '您还没有加入公司',
  adminOnly: '只有公司管理员可以这样做',
  inviteNotFound: '邀请不存在或已失效',
  inviteExpired: '邀请已过期，请联系公司管理员重新邀请',
  inviteNotYours: '该邀请发给的手机号或邮箱未在您的账户中验证，请先在「账户安全」验证后再接受',
  alreadyInvited: '该联系人已有未接受的邀请',
  memberNotFound: '该成员不属于您的公司',
  notYourself: '不能对自己这样做，请使用「退出公司」',
  lastAdmin: '公司至少需要一位管理员：请先把另一位成员设为管理员',
  full: `一家公司最多${COMPANY_MEMBER_LIMIT}位成员（含未接受的邀请）`,
  taxNo: 'ABN 须为11位数字且校验正确，或填写15、18、20位纳税人识别号',
  limitsBuyerOnly: '采购额度只适用于采购员',
} as const;

const id = z.number({ error: '编号须为数字' }).int('编号须为整数').positive('编号须为正整数');

const roleSchema = z.enum(COMPANY_ROLES, { error: '角色须为 admin、buyer 或 viewer' });

/** ABN (11 digits with its checksum, spaces allowed) or 纳税人识别号 (15, 18 or 20 letters or digits). */
export const companyTaxNoSchema = text({ error: '请填写 ABN 或纳税人识别号', trim: true })
  .min(1, '请填写 ABN 或纳税人识别号')
  .max(24, CompanyMessages.taxNo)
  // The shape first (11 digits, spaces allowed, or 15, 18 or 20 letters and digits); the check digits after.
  .regex(/^(?:(?:\d\s*){10}\d|[0-9A-Za-z]{15}|[0-9A-Za-z]{18}|[0-9A-Za-z]{20})$/, CompanyMessages.taxNo)
  .transform((v) => v.replace(/\s+/g, '').toUpperCase())
  .superRefine((v, ctx) => {
    const fine = /^\d{11}$/.test(v) ? isValidAbn(v) : taxNoProblem(v) === null;
    if (!fine) ctx.addIssue({ code: 'custom', message: CompanyMessages.taxNo, input: v });
  });

export const companyNameSchema = text({ error: '请填写公司名称', trim: true })
  .min(2, '公司名称至少2个字')
  .max(COMPANY_NAME_MAX, `公司名称最多${COMPANY_NAME_MAX}个字`);

export const companyCreateRequestSchema = z.strictObject({
  name: companyNameSchema,
  taxNo: companyTaxNoSchema,
  websiteId: id.optional(),
});
export type CompanyCreateRequest = z.input<typeof companyCreateRequestSchema>;

/** A limit in major units; null: no limit. */
const limitAmount = z
  .number({ error: '额度须为数字' })
  .positive('额度须大于0')
  .max(100_000_000, '额度最多 100,000,000')
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, '额度最多两位小数')
  .nullable();

/** A buyer's limit in one currency: per order and per calendar month (Sydney time); null is no limit. */
export const companyLimitSchema = z.strictObject({ perOrder: limitAmount, perMonth: limitAmount });
export type CompanyLimit = z.infer<typeof companyLimitSchema>;

export const companyLimitsSchema = z.strictObject({ aud: companyLimitSchema, cny: companyLimitSchema });
export type CompanyLimits = z.infer<typeof companyLimitsSchema>;

export const NO_COMPANY_LIMITS: CompanyLimits = {
  aud: { perOrder: null, perMonth: null },
  cny: { perOrder: null, perMonth: null },
};

export const companySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** ABN or 纳税人识别号. */
  taxNo: z.string(),
  /** The company's price level (spec §6 member level). */
  level: z.number().int(),
  memberCount: z.number().int(),
  createdAt: z.string(),
});
export type Company = z.infer<typeof companySchema>;

/** An invite addressed to one of the caller's verified contacts. */
export const companyInviteForMeSchema = z.object({
  id: z.number().int(),
  companyName: z.string(),
  role: roleSchema,
  /** Who invited: the admin's name or username. */
  invitedBy: z.string(),
  /** The caller's contact it was sent to, masked. */
  contact: z.string(),
  expiresAt: z.string(),
});
export type CompanyInviteForMe = z.infer<typeof companyInviteForMeSchema>;

/** detail/: the caller's company and role (null when none), and the invites waiting for them. */
export const companyDetailSchema = z.object({
  company: companySchema.nullable(),
  role: roleSchema.nullable(),
  /** The caller's own limits as a buyer (null for an admin, a viewer or no company). */
  limits: companyLimitsSchema.nullable(),
  invites: z.array(companyInviteForMeSchema),
});
export type CompanyDetail = z.infer<typeof companyDetailSchema>;

export const companyEmptyRequestSchema = z.strictObject({ websiteId: id.optional() });

/** The phone number (+86 / +61 mobile) or e-mail address an invite goes to. */
export const companyContactSchema = text({ error: '请填写手机号或邮箱', trim: true })
  .min(1, '请填写手机号或邮箱')
  .max(120, '手机号或邮箱最多120个字符')
  .transform((v, ctx) => {
    const parsed = v.includes('@') ? contactEmailSchema.safeParse(v) : phoneSchema.safeParse(v);
    if (parsed.success) return parsed.data;
    ctx.addIssue({
      code: 'custom',
      message: v.includes('@') ? '邮箱格式不正确' : '手机号须为中国大陆（+86）或澳大利亚（+61）手机号',
      input: v,
    });
    return z.NEVER;
  });

export const companyInviteRequestSchema = z.strictObject({
  contact: companyContactSchema,
  role: roleSchema,
  websiteId: id.optional(),
});
export type CompanyInviteRequest = z.input<typeof companyInviteRequestSchema>;

/** An open invite as the company's admin sees it. */
export const companyInviteSchema = z.object({
  id: z.number().int(),
  /** The phone number or e-mail address, masked. */
  contact: z.string(),
  role: roleSchema,
  invitedBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** Whether a member has proved this contact today (the invite shows on their 我的公司 page). */
  reachable: z.boolean(),
});
export type CompanyInvite = z.infer<typeof companyInviteSchema>;

export const companyAcceptRequestSchema = z.strictObject({ id, websiteId: id.optional() });

/** A member of the company. `limits` is shown to the company's admins only (null otherwise, and for non-buyers). */
export const companyMemberSchema = z.object({
  memberId: z.number().int(),
  username: z.string(),
  name: z.string(),
  role: roleSchema,
  limits: companyLimitsSchema.nullable(),
  joinedAt: z.string(),
});
export type CompanyMember = z.infer<typeof companyMemberSchema>;

/** members/: the company's members (admins first), and its open invites for an admin (empty otherwise). */
export const companyMembersResponseSchema = z.object({
  members: z.array(companyMemberSchema),
  invites: z.array(companyInviteSchema),
});
export type CompanyMembersResponse = z.infer<typeof companyMembersResponseSchema>;

/** setLimit/: a member's role and, for a buyer, the limits (an admin's call). */
export const companySetLimitRequestSchema = z.strictObject({
  memberId: id,
  role: roleSchema.optional(),
  limits: companyLimitsSchema.optional(),
  websiteId: id.optional(),
});
export type CompanySetLimitRequest = z.input<typeof companySetLimitRequestSchema>;

/** remove/: a member out of the company, or an open invite withdrawn (exactly one of the two). */
export const companyRemoveRequestSchema = z
  .strictObject({ memberId: id.optional(), inviteId: id.optional(), websiteId: id.optional() })
  .refine((r) => (r.memberId === undefined) !== (r.inviteId === undefined), {
    message: '请指定要移除的成员或要撤销的邀请',
  });
export type CompanyRemoveRequest = z.input<typeof companyRemoveRequestSchema>;

/**
 * The console's 公司 (issue #38): companies found by name or tax number (member.read), made by staff for a member
 * who becomes the admin, and their price level (member.level). POST JSON under /api/adminService/ with a staff token.
 */
export const AdminCompanyPaths = {
  list: '/api/adminService/company/list/',
  create: '/api/adminService/company/create/',
  level: '/api/adminService/company/level/',
} as const;

export const adminCompanyListRequestSchema = z.strictObject({
  pageNo: consolePageNo,
  pageSize: consolePageSize,
  /** Part of the name or tax number (any case). */
  keyword: text({ trim: true }).max(64, '关键词最多64个字符').optional(),
});
export type AdminCompanyListRequest = z.input<typeof adminCompanyListRequestSchema>;

export const adminCompanySchema = companySchema.extend({
  /** The usernames of its admins. */
  admins: z.array(z.string()),
});
export type AdminCompany = z.infer<typeof adminCompanySchema>;

export const adminCompanyListResponseSchema = z.object({
  items: z.array(adminCompanySchema),
  totalCount: z.number().int(),
});
export type AdminCompanyListResponse = z.infer<typeof adminCompanyListResponseSchema>;

export const adminCompanyCreateRequestSchema = z.strictObject({
  name: companyNameSchema,
  taxNo: companyTaxNoSchema,
  /** The member who becomes its admin (in no company yet). */
  adminUsername: text({ error: '请填写管理员的用户名', trim: true }).min(1, '请填写管理员的用户名').max(32),
  level: memberLevelSchema,
});
export type AdminCompanyCreateRequest = z.input<typeof adminCompanyCreateRequestSchema>;

export const adminCompanyLevelRequestSchema = z.strictObject({ id, level: memberLevelSchema });
export type AdminCompanyLevelRequest = z.input<typeof adminCompanyLevelRequestSchema>;

/**
 * Approvals (issue #38 part 2, docs/decisions/055): a buyer's order over their limit per order or per month (in
 * its currency) is placed as NotConfirmed -1 (待确认, shown as 待审批) with its stock held, and waits for one of the
 * company's admins. Approving moves it to NotPaid 0 (待支付); rejecting it, or the hold lapsing, cancels it and
 * returns the stock.
 */
export const APPROVAL_HOLD_HOURS = 24;

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'lapsed', 'withdrawn'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const APPROVAL_STATUS_LABELS: Record<ApprovalStatus, string> = {
  pending: '待审批',
  approved: '已批准',
  rejected: '已拒绝',
  lapsed: '已超时',
  withdrawn: '下单人已取消',
};

/** Which limit the order went over. */
export const APPROVAL_REASONS = ['perOrder', 'perMonth'] as const;
export type ApprovalReason = (typeof APPROVAL_REASONS)[number];

export const ApprovalMessages = {
  approved: '已批准，订单可以支付了',
  rejected: '已拒绝，订单已取消',
  notFound: '审批不存在或不属于您的公司',
  adminOnly: '只有公司管理员可以审批订单',
  decided: '该订单已审批',
  lapsed: '审批已超时，订单已取消',
  orderClosed: '订单已被下单人取消',
  placed: '订单已提交，等待公司管理员审批',
} as const;

export const approvalListRequestSchema = z.strictObject({
  pageNo: consolePageNo,
  pageSize: consolePageSize,
  /** Only those waiting (the admin's queue), or every state. */
  status: z.enum(['pending', 'all'], { error: '状态须为 pending 或 all' }).default('all'),
  /** The approval of one order (the buyer's order page). */
  orderId: id.optional(),
  websiteId: id.optional(),
});
export type ApprovalListRequest = z.input<typeof approvalListRequestSchema>;

export const orderApprovalSchema = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  /** Who placed it: the buyer's name or username. */
  buyer: z.string(),
  currency: z.enum(['AUD', 'CNY']),
  /** The order's total, major units. */
  amount: z.number(),
  reason: z.enum(APPROVAL_REASONS),
  /** The limit it went over, major units, and for a monthly limit what the month had before it. */
  limit: z.number(),
  spentBefore: z.number(),
  status: z.enum(APPROVAL_STATUSES),
  createdAt: z.string(),
  /** Until when the stock is held; then it lapses. */
  expiresAt: z.string(),
  /** The admin who decided, and why it was rejected ('' otherwise). */
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  note: z.string(),
});
export type OrderApproval = z.infer<typeof orderApprovalSchema>;

/** list/: an admin sees the company's, a buyer their own; newest first. */
export const approvalListResponseSchema = z.object({
  items: z.array(orderApprovalSchema),
  totalCount: z.number().int(),
});
export type ApprovalListResponse = z.infer<typeof approvalListResponseSchema>;

export const approvalApproveRequestSchema = z.strictObject({ orderId: id, websiteId: id.optional() });
export type ApprovalApproveRequest = z.input<typeof approvalApproveRequestSchema>;

export const approvalRejectRequestSchema = z.strictObject({
  orderId: id,
  reason: text({ error: '请填写拒绝原因', trim: true })
    .min(1, '请填写拒绝原因')
    .max(200, '拒绝原因最多200个字符'),
  websiteId: id.optional(),
});
export type ApprovalRejectRequest = z.input<typeof approvalRejectRequestSchema>;
