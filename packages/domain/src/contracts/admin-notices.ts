import { z } from 'zod';
import { text } from './text';

/** The console's outbox of e-mail and SMS (#31; permission notice.manage). */
export const AdminNoticePaths = {
  list: '/api/adminService/notice/list/',
  resend: '/api/adminService/notice/resend/',
  discard: '/api/adminService/notice/discard/',
  /** What the sandbox 'sent' (demos and tests read codes there); empty when no sandbox is on. */
  sandbox: '/api/adminService/notice/sandbox/',
} as const;

export const NOTICE_STATUSES = ['waiting', 'sending', 'sent', 'failed', 'discarded'] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];

export const NOTICE_STATUS_LABELS: Record<NoticeStatus, string> = {
  waiting: '等待发送',
  sending: '发送中',
  sent: '已发送',
  failed: '发送失败',
  discarded: '已放弃',
};

export const NOTICE_KIND_LABELS: Record<string, string> = {
  code: '验证码',
  paid: '付款成功',
  shipped: '已发货',
  pickup: '可自提',
  cancelled: '订单取消',
  refunded: '退款',
  ticketAnswered: '工单回复',
  rechargeApproved: '充值到账',
  rechargeRefused: '充值未通过',
  staffTicket: '员工：工单',
  staffRecharge: '员工：充值待审',
  staffRefund: '员工：退款待处理',
  staffOrderToPack: '员工：待打包',
  staffBankAccounts: '员工：收款账户已修改',
  dailySummary: '每日摘要',
  companyInvite: '公司邀请',
  approvalWaiting: '订单待审批',
  approvalDecided: '订单审批结果',
  invoiceDue: '账期账单到期提醒',
  quoteAnswered: '询价报价与回复',
  staffQuote: '员工：询价',
  afterSale: '售后进度',
  staffAfterSale: '员工：售后',
  staffLowStock: '员工：库存不足',
};

export const adminNoticeListRequestSchema = z.strictObject({
  status: z.enum(NOTICE_STATUSES, { error: '状态不正确' }).optional(),
  /** The page after this id (newest first). */
  beforeId: z.number().int().positive().optional(),
  pageSize: z.number().int().min(1).max(100).default(50),
});
export type AdminNoticeListRequest = z.input<typeof adminNoticeListRequestSchema>;

export const adminNoticeSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  channel: z.enum(['email', 'sms']),
  /** The address or number, masked in the middle. */
  recipient: z.string(),
  status: z.enum(NOTICE_STATUSES),
  attempts: z.number().int(),
  provider: z.string().nullable(),
  providerMessageId: z.string().nullable(),
  /** The provider's answer of the last failed attempt. */
  lastError: z.string().nullable(),
  memberId: z.number().int().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type AdminNotice = z.infer<typeof adminNoticeSchema>;

export const adminNoticeListResponseSchema = z.object({
  list: z.array(adminNoticeSchema),
  /** Notices by status, over the whole outbox. */
  counts: z.record(z.string(), z.number().int()),
});
export type AdminNoticeListResponse = z.infer<typeof adminNoticeListResponseSchema>;

export const adminNoticeActionRequestSchema = z.strictObject({ id: z.number().int().positive() });

export const adminSandboxListRequestSchema = z.strictObject({
  /** An e-mail address or a phone number in E.164; all when absent. */
  recipient: text({ trim: true }).max(254, '收件人最多254个字符').optional(),
  pageSize: z.number().int().min(1).max(100).default(30),
});

export const sandboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type SandboxMessage = z.infer<typeof sandboxMessageSchema>;

export const adminSandboxListResponseSchema = z.object({
  /** Whether a sandbox is on (mail or SMS); when off the list stays empty. */
  on: z.boolean(),
  list: z.array(sandboxMessageSchema),
});
export type AdminSandboxListResponse = z.infer<typeof adminSandboxListResponseSchema>;
