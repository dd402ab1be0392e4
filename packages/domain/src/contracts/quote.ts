import { z } from 'zod';
import '../zod-locale';
import { isCalendarDay } from '../calendar-day';
import { consolePageNo, consolePageSize } from './paging';
import { currencySchema, isCents } from './payment';
import { text } from './text';

/**
 * Quotes (询价, issue #38 part 4, docs/decisions/055): a member asks for a price on their selected cart lines or a
 * list; service or finance staff answer with a unit price per line (or a discount on all), freight and the last day
 * it holds; messages go both ways; the member accepts it before it lapses and it becomes an order at the quoted
 * prices, through the same order creation (stock is checked then). Amounts on the wire are major units; days are
 * the shop's (Beijing) 'yyyy-MM-dd'.
 */

const id = z.number({ error: '编号须为数字' }).int('编号须为整数').positive('编号须为正整数');

/** Most lines one quote holds. */
export const QUOTE_LINES_MAX = 200;
/** Longest a quote may be held open by staff, in days from its answer. */
export const QUOTE_VALID_DAYS_MAX = 90;

/**
 * A quote's state: requested (待报价), answered (已报价), accepted (已下单), withdrawn by the member (已撤回), closed by
 * staff (已关闭). 'expired' (已过期) is an answered quote past its last day: worked out, never stored.
 */
export const QUOTE_STATES = ['requested', 'answered', 'expired', 'accepted', 'withdrawn', 'closed'] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];

export const QUOTE_STATE_LABELS: Record<QuoteState, string> = {
  requested: '待报价',
  answered: '已报价',
  expired: '已过期',
  accepted: '已下单',
  withdrawn: '已撤回',
  closed: '已关闭',
};

/**
 * A unit price (minor units) less a discount in percent with at most 2 decimals, rounded half up to the minor unit:
 * the one rule of the console's preview and the server's answer.
 */
export function discountedPrice(minor: number, percent: number): number {
  const keep = 10_000 - Math.round(percent * 100);
  return Math.floor((minor * keep + 5_000) / 10_000);
}

/** The state shown for a stored state, its last day and the shop's today. */
export function quoteStateOf(stored: string, validUntil: string | null, today: string): QuoteState {
  if (stored === 'answered' && validUntil !== null && validUntil < today) return 'expired';
  return (QUOTE_STATES as readonly string[]).includes(stored) ? (stored as QuoteState) : 'closed';
}

export const QuoteMessages = {
  requested: '询价已提交，我们会尽快报价',
  noLines: '请先在购物车中勾选要询价的商品，或填写商品清单',
  notFound: '询价不存在',
  notAnswered: '该询价尚未报价，不能下单',
  expired: '报价已过期，请重新询价',
  changed: '报价已更新，请查看最新报价后再下单',
  accepted: '该询价已下单',
  closed: '该询价已关闭',
  withdrawn: '该询价已撤回',
  onlyRequester: '只有提交询价的会员可以下单或撤回',
  viewerCannot: '您在公司中是查看者，不能询价或下单',
  answerLines: '请为每个商品填写报价',
  answerLine: (line: number) => `报价中没有第 ${line} 行`,
  validUntilPast: '有效期不能早于今天',
  validUntilFar: `有效期最长 ${QUOTE_VALID_DAYS_MAX} 天`,
  notAnswerable: '该询价已下单、撤回或关闭，不能再报价',
  placed: '已按报价下单',
  otherCompany: '该报价是为您询价时所在的公司报的，您现在的公司不同，请重新询价',
} as const;

/** An amount in major units, at most 2 decimals, as toMinor takes it. */
const amount = z
  .number({ error: '金额须为数字' })
  .min(0, '金额不能为负')
  .max(100_000_000, '金额过大')
  .refine(isCents, '金额最多两位小数');

/** A quoted unit price: above 0 (an order bills no line at 0). */
const price = amount.refine((n) => n > 0, '报价须大于0');

const day = text({ error: '请填写日期' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式须为 yyyy-MM-dd')
  .refine(isCalendarDay, '日期须为有效日期（yyyy-MM-dd）');

const messageText = text({ error: '请填写内容', trim: true, multiline: true })
  .min(1, '请填写内容')
  .max(1000, '内容最多1000个字符');

export const quoteRequestLineSchema = z.strictObject({
  skuId: id,
  qty: z
    .number({ error: '数量须为数字' })
    .int('数量须为整数')
    .min(1, '数量至少为1')
    .max(1_000_000, '数量过大'),
});

/** request/: the listed lines, or without them the member's selected cart lines. */
export const quoteRequestSchema = z.strictObject({
  currency: currencySchema,
  lines: z
    .array(quoteRequestLineSchema)
    .max(QUOTE_LINES_MAX, `一次最多询价 ${QUOTE_LINES_MAX} 个商品`)
    .refine((list) => new Set(list.map((l) => l.skuId)).size === list.length, '同一商品只能出现一次')
    .optional(),
  note: text({ trim: true, multiline: true }).max(1000, '备注最多1000个字符').default(''),
  websiteId: id.optional(),
});
export type QuoteRequest = z.input<typeof quoteRequestSchema>;

export const quoteLineSchema = z.object({
  id: z.number().int(),
  skuId: z.number().int(),
  goodsId: z.number().int(),
  name: z.string(),
  skuName: z.string(),
  image: z.string(),
  qty: z.number().int(),
  /** The member's price when asked, major units (null when it had none in the currency). */
  listPrice: z.number().nullable(),
  /** The quoted unit price; null until answered. */
  price: z.number().nullable(),
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;

export const quoteMessageSchema = z.object({
  from: z.enum(['member', 'staff']),
  author: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type QuoteMessage = z.infer<typeof quoteMessageSchema>;

export const quoteSummarySchema = z.object({
  id: z.number().int(),
  quoteNo: z.string(),
  state: z.enum(QUOTE_STATES),
  currency: currencySchema,
  lineCount: z.number().int(),
  /** Goods at the quoted prices plus freight; null until answered. */
  total: z.number().nullable(),
  validUntil: z.string().nullable(),
  /** Who asked: name or username. */
  requester: z.string(),
  /** Whether the caller asked it (only they accept or withdraw it). */
  mine: z.boolean(),
  createdAt: z.string(),
  orderId: z.number().int().nullable(),
  orderNo: z.string().nullable(),
});
export type QuoteSummary = z.infer<typeof quoteSummarySchema>;

export const quoteDetailSchema = quoteSummarySchema.extend({
  note: z.string(),
  lines: z.array(quoteLineSchema),
  /** Goods at the quoted prices, freight (null until answered). */
  goods: z.number().nullable(),
  freight: z.number().nullable(),
  /** Raised by every answer: accept/ names the one the member saw. */
  version: z.number().int(),
  answeredAt: z.string().nullable(),
  messages: z.array(quoteMessageSchema),
  today: z.string(),
});
export type QuoteDetail = z.infer<typeof quoteDetailSchema>;

export const quoteListRequestSchema = z.strictObject({
  pageNo: consolePageNo,
  pageSize: consolePageSize,
  state: z.enum(['all', 'open', ...QUOTE_STATES], { error: '状态无效' }).default('all'),
  websiteId: id.optional(),
});
export type QuoteListRequest = z.input<typeof quoteListRequestSchema>;

/** list/: the caller's quotes, and a company admin's or viewer's the company's; newest first. */
export const quoteListResponseSchema = z.object({
  items: z.array(quoteSummarySchema),
  totalCount: z.number().int(),
});
export type QuoteListResponse = z.infer<typeof quoteListResponseSchema>;

export const quoteIdRequestSchema = z.strictObject({ id, websiteId: id.optional() });
export type QuoteIdRequest = z.input<typeof quoteIdRequestSchema>;

export const quoteMessageRequestSchema = z.strictObject({ id, text: messageText, websiteId: id.optional() });
export type QuoteMessageRequest = z.input<typeof quoteMessageRequestSchema>;

/**
 * accept/: the answered quote the member saw (`version`) becomes an order at its prices, delivered or picked up as
 * createdOrder/ takes it. The same requestId answers the order already made.
 */
export const quoteAcceptRequestSchema = z.strictObject({
  id,
  version: z.number().int().min(1),
  requestId: text({ error: '缺少请求编号' }).regex(/^[A-Za-z0-9-]{8,64}$/, '请求编号格式不正确'),
  isPickup: z.boolean().default(false),
  receiverId: id.nullable().default(null),
  senderId: id.nullable().default(null),
  memberRemark: text({ trim: true, multiline: true }).max(500, '备注最多500个字符').default(''),
  websiteId: id.optional(),
});
export type QuoteAcceptRequest = z.input<typeof quoteAcceptRequestSchema>;

/**
 * The console's 询价 (service and finance, quote.answer): every member's quotes, answered with a price per line
 * (or a discount in percent on every line's price when asked), freight and the last day it holds.
 */
export const AdminQuotePaths = {
  list: '/api/adminService/quote/list/',
  detail: '/api/adminService/quote/detail/',
  answer: '/api/adminService/quote/answer/',
  message: '/api/adminService/quote/message/',
  close: '/api/adminService/quote/close/',
} as const;

export const adminQuoteListRequestSchema = z.strictObject({
  pageNo: consolePageNo,
  pageSize: consolePageSize,
  state: z.enum(['all', 'open', ...QUOTE_STATES], { error: '状态无效' }).default('open'),
  /** Part of the quote number, or the member's username. */
  keyword: text({ trim: true }).max(64, '关键词最多64个字符').optional(),
});
export type AdminQuoteListRequest = z.input<typeof adminQuoteListRequestSchema>;

export const adminQuoteSummarySchema = quoteSummarySchema.extend({
  /** The company it was asked for, if any. */
  companyName: z.string().nullable(),
  /** The newest message was the member's and no staff answer followed it. */
  awaitingStaff: z.boolean(),
});
export type AdminQuoteSummary = z.infer<typeof adminQuoteSummarySchema>;

export const adminQuoteListResponseSchema = z.object({
  items: z.array(adminQuoteSummarySchema),
  totalCount: z.number().int(),
});
export type AdminQuoteListResponse = z.infer<typeof adminQuoteListResponseSchema>;

export const adminQuoteDetailSchema = quoteDetailSchema.extend({
  companyName: z.string().nullable(),
  memberId: z.number().int(),
  awaitingStaff: z.boolean(),
});
export type AdminQuoteDetail = z.infer<typeof adminQuoteDetailSchema>;

export const adminQuoteIdRequestSchema = z.strictObject({ id });

/** answer/: a price for every line (or a discount on the list prices), freight, and the last day it holds. */
export const adminQuoteAnswerRequestSchema = z
  .strictObject({
    id,
    /** The version staff saw (0 before the first answer): an answer over a newer one is refused. */
    version: z.number().int().min(0),
    lines: z.array(z.strictObject({ id, price })).max(QUOTE_LINES_MAX).optional(),
    /** 0 to under 100: every line at its list price less this share (when `lines` is not given). */
    discountPercent: z
      .number()
      .min(0, '折扣须在0到100之间')
      .lt(100, '折扣须小于100')
      .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, '折扣最多两位小数')
      .optional(),
    freight: amount,
    validUntil: day,
    message: text({ trim: true, multiline: true }).max(1000, '内容最多1000个字符').default(''),
  })
  .refine((a) => (a.lines === undefined) !== (a.discountPercent === undefined), {
    message: '请填写每行报价，或统一折扣（二选一）',
    path: ['lines'],
  });
export type AdminQuoteAnswerRequest = z.input<typeof adminQuoteAnswerRequestSchema>;

export const adminQuoteMessageRequestSchema = z.strictObject({ id, text: messageText });
export type AdminQuoteMessageRequest = z.input<typeof adminQuoteMessageRequestSchema>;

export const adminQuoteCloseRequestSchema = z.strictObject({
  id,
  reason: text({ error: '请填写关闭原因', trim: true })
    .min(1, '请填写关闭原因')
    .max(200, '原因最多200个字符'),
});
export type AdminQuoteCloseRequest = z.input<typeof adminQuoteCloseRequestSchema>;
