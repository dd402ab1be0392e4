import { z } from 'zod';
import '../zod-locale';
import { TICKET_LIMITS, TicketStatus } from '../service-constants';
import { TicketOwnerGroup } from '../support-ticket';
import { ticketDetailSchema, ticketSummarySchema } from './service';
import { text } from './text';

/**
 * The staff console's service desk and messages (issue 'Staff console' → 客服工单, 站内消息): the ticket queue and
 * thread with the member and their orders beside it, the shop's replies with images, group/priority changes,
 * closing and reopening; messages to one member or announcements to everyone, and what staff have sent. Every
 * call is POST JSON (the upload multipart) with a staff token; ticket calls need ticket.handle, message calls
 * message.send.
 */
export const AdminServicePaths = {
  ticketList: '/api/adminService/ticket/list/',
  ticketDetail: '/api/adminService/ticket/detail/',
  /** multipart/form-data, the image in the `image` field; the answered id goes into reply/'s imageIds. */
  ticketUploadImage: '/api/adminService/ticket/uploadImage/',
  ticketReply: '/api/adminService/ticket/reply/',
  ticketUpdate: '/api/adminService/ticket/update/',
  ticketClose: '/api/adminService/ticket/close/',
  ticketReopen: '/api/adminService/ticket/reopen/',
  messageSend: '/api/adminService/message/send/',
  messageList: '/api/adminService/message/list/',
} as const;

const id = z.number({ error: '编号须为数字' }).int('编号须为整数').positive('编号须为正整数');
const pageNo = z.number({ error: '页码须为数字' }).int().min(1, '页码须为正整数').max(10_000).default(1);
const pageSize = z.number({ error: '每页条数须为数字' }).int().min(1).max(100, '每页最多100条').default(20);
/** A client-made id of one press of 发送: a retry or double click with the same id sends once. */
const requestId = text({ error: '缺少请求编号', trim: true }).regex(
  /^[A-Za-z0-9_-]{8,64}$/,
  '请求编号须为8-64位字母、数字、下划线或短横线',
);

const TICKET_STATUSES = [
  TicketStatus.Open,
  TicketStatus.WaitingMember,
  TicketStatus.WaitingShop,
  TicketStatus.Closed,
] as const;
export const ticketStatusSchema = z.enum(TICKET_STATUSES, { error: '工单状态不正确' });
export const ticketOwnerGroupSchema = z.enum(
  Object.values(TicketOwnerGroup) as [TicketOwnerGroup, ...TicketOwnerGroup[]],
  { error: '负责组不正确' },
);
const priority = z
  .number({ error: '优先级须为数字' })
  .int('优先级不正确')
  .min(0, '优先级不正确')
  .max(2, '优先级不正确');

export const adminTicketListRequestSchema = z.strictObject({
  pageNo,
  pageSize,
  /** One status, or every status when absent. */
  status: ticketStatusSchema.optional(),
  ownerGroup: ticketOwnerGroupSchema.optional(),
});
export type AdminTicketListRequest = z.input<typeof adminTicketListRequestSchema>;
export type AdminTicketListQuery = z.output<typeof adminTicketListRequestSchema>;

/** The member a ticket belongs to, as the desk shows them. */
export const ticketMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  level: z.number().int(),
});
export type TicketMember = z.infer<typeof ticketMemberSchema>;

export const adminTicketRowSchema = ticketSummarySchema.extend({
  memberId: z.number().int(),
  memberUsername: z.string(),
});
export type AdminTicketRow = z.infer<typeof adminTicketRowSchema>;

export const adminTicketListResponseSchema = z.object({
  items: z.array(adminTicketRowSchema),
  totalCount: z.number().int(),
  /** Tickets per status under the same group filter (every status, 0 when none). */
  statusCounts: z.record(z.string(), z.number().int()),
});
export type AdminTicketListResponse = z.infer<typeof adminTicketListResponseSchema>;

export const adminTicketIdRequestSchema = z.strictObject({ id });
/** Whether closing changed the ticket (false: it was closed already). */
export const adminTicketCloseResponseSchema = z.object({ changed: z.boolean() });

/** An order of the ticket's member, as the desk lists it beside the thread. */
export const ticketOrderBriefSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  status: z.number().int(),
  currency: z.string(),
  totalAmount: z.number().int(),
  createTime: z.string(),
});
export type TicketOrderBrief = z.infer<typeof ticketOrderBriefSchema>;

export const adminTicketDetailResponseSchema = z.object({
  ticket: ticketDetailSchema,
  member: ticketMemberSchema,
  /** The member's latest orders, newest first. */
  recentOrders: z.array(ticketOrderBriefSchema),
  /** The order the ticket is about, when it names one. */
  order: ticketOrderBriefSchema.nullable(),
});
export type AdminTicketDetailResponse = z.infer<typeof adminTicketDetailResponseSchema>;

export const adminTicketReplyRequestSchema = z.strictObject({
  ticketId: id,
  content: text({ error: '请填写回复内容', trim: true, multiline: true })
    .min(1, '请填写回复内容')
    .max(TICKET_LIMITS.contentMax, `回复最多${TICKET_LIMITS.contentMax}个字符`),
  /** Images uploaded with uploadImage/ and not yet in a post. */
  imageIds: z
    .array(id)
    .max(TICKET_LIMITS.imagesPerPost, `每次最多${TICKET_LIMITS.imagesPerPost}张图片`)
    .default([]),
  requestId,
});
export type AdminTicketReplyRequest = z.input<typeof adminTicketReplyRequestSchema>;
export type AdminTicketReplyInput = z.output<typeof adminTicketReplyRequestSchema>;
export const adminTicketReplyResponseSchema = z.object({
  ticketId: z.number().int(),
  replyId: z.number().int(),
  status: ticketStatusSchema,
});
export type AdminTicketReplyResponse = z.infer<typeof adminTicketReplyResponseSchema>;

export const adminTicketUpdateRequestSchema = z
  .strictObject({ id, ownerGroup: ticketOwnerGroupSchema.optional(), priority: priority.optional() })
  .refine((v) => v.ownerGroup !== undefined || v.priority !== undefined, {
    message: '请选择负责组或优先级',
  });
export type AdminTicketUpdateRequest = z.input<typeof adminTicketUpdateRequestSchema>;

export const MESSAGE_TITLE_MAX = 100;
export const MESSAGE_CONTENT_MAX = 5000;

export const adminMessageSendRequestSchema = z
  .strictObject({
    /** One member (by username) or every member (an announcement). */
    to: z.enum(['member', 'all'], { error: '请选择发送对象' }),
    username: text({ error: '请输入会员用户名', trim: true }).max(32, '用户名最多32个字符').optional(),
    /** spec §3 'Message types' 1–5. */
    type: z
      .number({ error: '请选择消息类型' })
      .int('消息类型不正确')
      .min(1, '消息类型不正确')
      .max(5, '消息类型不正确'),
    title: text({ error: '请填写标题', trim: true })
      .min(1, '请填写标题')
      .max(MESSAGE_TITLE_MAX, `标题最多${MESSAGE_TITLE_MAX}个字符`),
    content: text({ error: '请填写内容', trim: true, multiline: true })
      .min(1, '请填写内容')
      .max(MESSAGE_CONTENT_MAX, `内容最多${MESSAGE_CONTENT_MAX}个字符`),
    /** An in-shop path the message opens, e.g. /article/3. */
    link: text({ trim: true })
      .max(300, '链接最多300个字符')
      .regex(/^(\/(?!\/)[^\s\\]*)?$/, '链接须为本站路径，如 /article/3')
      .default(''),
    requestId,
  })
  .refine((v) => v.to === 'all' || (v.username !== undefined && v.username.length > 0), {
    message: '请输入会员用户名',
    path: ['username'],
  })
  .refine((v) => v.to === 'member' || v.username === undefined || v.username === '', {
    message: '发给所有会员时不填用户名',
    path: ['username'],
  });
export type AdminMessageSendRequest = z.input<typeof adminMessageSendRequestSchema>;
export type AdminMessageSendInput = z.output<typeof adminMessageSendRequestSchema>;

/** A message staff (or the command line) sent. */
export const sentMessageSchema = z.object({
  id: z.number().int(),
  type: z.number().int(),
  title: z.string(),
  content: z.string(),
  link: z.string(),
  /** Null for an announcement to everyone. */
  memberId: z.number().int().nullable(),
  memberUsername: z.string().nullable(),
  sentBy: z.string(),
  createTime: z.string(),
});
export type SentMessage = z.infer<typeof sentMessageSchema>;

export const adminMessageListRequestSchema = z.strictObject({ pageNo, pageSize });
export type AdminMessageListRequest = z.input<typeof adminMessageListRequestSchema>;
export const adminMessageListResponseSchema = z.object({
  items: z.array(sentMessageSchema),
  totalCount: z.number().int(),
});
export type AdminMessageListResponse = z.infer<typeof adminMessageListResponseSchema>;
