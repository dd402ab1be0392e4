import { z } from 'zod';
import '../zod-locale';
import { TICKET_LIMITS, TicketStatus } from '../service-constants';
import { text } from './text';

/**
 * The member's service desk (spec §3 'Support ticket', 'Message types'; §4 'Support tickets'; §7 'Orders and
 * tickets' and 'Content' message/list/; §8 WebSocket codes 1030–1032): support tickets with images, and the
 * messages the shop writes to members. Times are ISO 8601 strings.
 */

const id = z.number({ error: '编号须为数字' }).int('编号须为整数').positive('编号须为正整数');
const pageNo = z.coerce.number().int().min(1).max(10_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(50).default(10);

const imageIds = z
  .array(id)
  .max(TICKET_LIMITS.imagesPerPost, `每次最多上传${TICKET_LIMITS.imagesPerPost}张图片`)
  .default([]);
const content = text({ error: '请填写内容', trim: true, multiline: true })
  .min(1, '请填写内容')
  .max(TICKET_LIMITS.contentMax, `内容最多${TICKET_LIMITS.contentMax}个字符`);

/** An uploaded image of a ticket: `url` is the image host path (spec §3 'Images'), served to its member only. */
export const ticketImageSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type TicketImage = z.infer<typeof ticketImageSchema>;

export const ticketReplySchema = z.object({
  id: z.number().int(),
  /** 'member' for the ticket's member, 'staff' for the shop. */
  author: z.enum(['member', 'staff']),
  /** The member's name or the staff member's display name. */
  authorName: z.string(),
  content: z.string(),
  images: z.array(ticketImageSchema),
  createdAt: z.string(),
});
export type TicketReply = z.infer<typeof ticketReplySchema>;

export const ticketSummarySchema = z.object({
  id: z.number().int(),
  /** spec §4: 0 normal enquiry … 4 website message. */
  type: z.number().int(),
  /** spec §4: 0 low, 1 normal, 2 high. */
  priority: z.number().int(),
  /** The owner group (spec §4 labels: user, service, accounting, it). */
  department: z.string(),
  title: z.string(),
  status: z.enum([
    TicketStatus.Open,
    TicketStatus.WaitingMember,
    TicketStatus.WaitingShop,
    TicketStatus.Closed,
  ]),
  orderId: z.number().int().nullable(),
  orderNo: z.string().nullable(),
  /** The pack of the order the ticket is about (spec §4 ticket types 2 and 3), when one is named. */
  packIndex: z.number().int().nullable(),
  replyCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

/** The ticket with every reply, oldest first; the first reply is the member's opening message. */
export const ticketDetailSchema = ticketSummarySchema.extend({ replies: z.array(ticketReplySchema) });
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

export const ticketListRequestSchema = z.strictObject({
  pageNo,
  pageSize,
  /** One status, or every ticket when absent. */
  status: z
    .enum([TicketStatus.Open, TicketStatus.WaitingMember, TicketStatus.WaitingShop, TicketStatus.Closed])
    .optional(),
});
export type TicketListRequest = z.input<typeof ticketListRequestSchema>;
export type TicketListQuery = z.output<typeof ticketListRequestSchema>;
export const ticketListResponseSchema = z.object({
  items: z.array(ticketSummarySchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
});
export type TicketListResponse = z.infer<typeof ticketListResponseSchema>;

export const ticketCreateRequestSchema = z.strictObject({
  type: z.number().int().min(0, '工单类型不正确').max(4, '工单类型不正确'),
  priority: z.number().int().min(0, '优先级不正确').max(2, '优先级不正确').default(1),
  title: text({ error: '请填写标题', trim: true })
    .min(1, '请填写标题')
    .max(TICKET_LIMITS.titleMax, `标题最多${TICKET_LIMITS.titleMax}个字符`),
  content,
  /** One of the member's orders the ticket is about. */
  orderId: id.nullable().default(null),
  packIndex: z.number().int().min(0).max(19).nullable().default(null),
  imageIds,
});
export type TicketCreateRequest = z.input<typeof ticketCreateRequestSchema>;
export type TicketCreateInput = z.output<typeof ticketCreateRequestSchema>;

export const ticketIdRequestSchema = z.strictObject({ id });
export type TicketIdRequest = z.infer<typeof ticketIdRequestSchema>;

export const ticketReplyRequestSchema = z.strictObject({ ticketId: id, content, imageIds });
export type TicketReplyRequest = z.input<typeof ticketReplyRequestSchema>;
export type TicketReplyInput = z.output<typeof ticketReplyRequestSchema>;

/** Message list (spec §7 message/list/): the member's messages and the shop's announcements, newest first. */
export const messageListRequestSchema = z.strictObject({
  pageNo,
  pageSize,
  /** spec §3 'Message types' 1–5; every type when absent. */
  type: z.number().int().min(1).max(5).optional(),
  unreadOnly: z.boolean().default(false),
});
export type MessageListRequest = z.input<typeof messageListRequestSchema>;
export type MessageListQuery = z.output<typeof messageListRequestSchema>;

export const memberMessageSchema = z.object({
  id: z.number().int(),
  type: z.number().int(),
  title: z.string(),
  content: z.string(),
  /** An in-shop path (e.g. /order/12, /member/supportticketreply/3), or '' when the message links nowhere. */
  link: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type MemberMessage = z.infer<typeof memberMessageSchema>;

/** Unread messages in all and per type ('1' … '5'). */
export const unreadCountSchema = z.object({
  total: z.number().int(),
  byType: z.record(z.string(), z.number().int()),
});
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const messageListResponseSchema = z.object({
  items: z.array(memberMessageSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
  unread: unreadCountSchema,
});
export type MessageListResponse = z.infer<typeof messageListResponseSchema>;

export const messageReadRequestSchema = z.strictObject({
  ids: z.array(id).min(1, '请选择消息').max(100, '一次最多100条'),
});
export const messageReadAllRequestSchema = z.strictObject({
  /** Only this type, or every type when absent. */
  type: z.number().int().min(1).max(5).optional(),
});

/**
 * What the live channel (WebSocket, one per signed-in member) tells the storefront. The storefront refetches
 * what changed; it never trusts a pushed payload beyond these hints.
 */
export const liveEventSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ready') }),
  z.object({ kind: z.literal('unread'), unread: unreadCountSchema }),
  z.object({ kind: z.literal('ticket'), ticketId: z.number().int() }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
