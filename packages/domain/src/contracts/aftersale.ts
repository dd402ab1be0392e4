import { z } from 'zod';
import '../zod-locale';
import { TICKET_LIMITS } from '../service-constants';
import { consolePageNo, consolePageSize } from './paging';
import { currencySchema, isCents } from './payment';
import { text } from './text';

/**
 * After-sales (售后, issue #39, docs/decisions/057): from a delivered or finished order, within the shop's window, a
 * member asks for a refund only (仅退款), a return and refund (退货退款) or an exchange (换货) of chosen lines and
 * pieces, with a reason, text and photos (the ticket uploads). Service and finance staff approve (with the return
 * address and a deadline) or reject; the member sends the goods back with the courier's tracking number; staff
 * receive them (back to stock or written off, through the stock ledger), refund through the order's refund (the
 * way the order was paid) or ship the exchange. Amounts on the wire are major units; times ISO 8601.
 */

const id = z.number({ error: '编号须为数字' }).int('编号须为整数').positive('编号须为正整数');

export const AfterSalePaths = {
  create: '/api/orderService/aftersale/create/',
  list: '/api/orderService/aftersale/list/',
  detail: '/api/orderService/aftersale/detail/',
  cancel: '/api/orderService/aftersale/cancel/',
  shipBack: '/api/orderService/aftersale/shipBack/',
  /** What of an order may be claimed now: its lines with the pieces left, and the window. */
  claimable: '/api/orderService/aftersale/claimable/',
} as const;

export const AFTER_SALE_TYPES = ['refund', 'return', 'exchange'] as const;
export type AfterSaleType = (typeof AFTER_SALE_TYPES)[number];
export const AFTER_SALE_TYPE_LABELS: Record<AfterSaleType, string> = {
  refund: '仅退款',
  return: '退货退款',
  exchange: '换货',
};

/**
 * The states: pending (待审核) → approved (已同意) → shippedBack (买家已寄回) → received (已收货) → refunded (已退款) or
 * exchanged (已换货发出); a refund only goes from approved to refunded. refunding (退款中) while the payment channel
 * has not confirmed the refund (a refused one goes back to where it was). rejected (已拒绝) by staff, cancelled
 * (已撤销) by the member before the goods are back.
 */
export const AFTER_SALE_STATES = [
  'pending',
  'approved',
  'shippedBack',
  'received',
  'refunding',
  'refunded',
  'exchanged',
  'rejected',
  'cancelled',
] as const;
export type AfterSaleState = (typeof AFTER_SALE_STATES)[number];
export const AFTER_SALE_STATE_LABELS: Record<AfterSaleState, string> = {
  pending: '待审核',
  approved: '已同意',
  shippedBack: '买家已寄回',
  received: '已收货',
  refunding: '退款中',
  refunded: '已退款',
  exchanged: '已换货发出',
  rejected: '已拒绝',
  cancelled: '已撤销',
};
/** What may be done to a request: the member's cancel and ship-back, and staff's steps. */
export const AFTER_SALE_STEPS = [
  'cancel',
  'shipBack',
  'approve',
  'reject',
  'receive',
  'refund',
  'shipExchange',
] as const;
export type AfterSaleStep = (typeof AFTER_SALE_STEPS)[number];

/**
 * The steps a request's state and type allow next, the one table of its moves: the server refuses any other step,
 * and the member's pages and the console offer only these. Goods come back only for a return or an exchange; an
 * exchange is shipped, never refunded; a refund only is refunded once approved.
 */
export function afterSaleStepsOf(a: { state: AfterSaleState; type: AfterSaleType }): AfterSaleStep[] {
  switch (a.state) {
    case 'pending':
      return ['cancel', 'approve', 'reject'];
    case 'approved':
      return a.type === 'refund' ? ['cancel', 'refund'] : ['cancel', 'shipBack', 'receive'];
    case 'shippedBack':
      return a.type === 'refund' ? [] : ['receive'];
    case 'received':
      return a.type === 'return' ? ['refund'] : a.type === 'exchange' ? ['shipExchange'] : [];
    default:
      return [];
  }
}

/** The states from which a request of this type may take the step (the server's conditional moves). */
export function statesAllowing(step: AfterSaleStep, type: AfterSaleType): AfterSaleState[] {
  return AFTER_SALE_STATES.filter((state) => afterSaleStepsOf({ state, type }).includes(step));
}

/** States that still wait for someone (the member's and the console's 'open'). */
export const AFTER_SALE_OPEN_STATES: readonly AfterSaleState[] = [
  'pending',
  'approved',
  'shippedBack',
  'received',
  'refunding',
];
/** States whose pieces no longer count as claimed: a new request may ask for them again. */
export const AFTER_SALE_RELEASED_STATES: readonly AfterSaleState[] = ['rejected', 'cancelled'];

export const AFTER_SALE_REASONS = [
  'damaged',
  'short',
  'wrong',
  'quality',
  'notAsDescribed',
  'expiry',
  'other',
] as const;
export type AfterSaleReason = (typeof AFTER_SALE_REASONS)[number];
export const AFTER_SALE_REASON_LABELS: Record<AfterSaleReason, string> = {
  damaged: '商品破损',
  short: '少件/漏发',
  wrong: '发错商品或规格',
  quality: '质量问题',
  notAsDescribed: '与描述不符',
  expiry: '临期或过期',
  other: '其他',
};

/** The window after an order finished in which after-sales may be asked, unless the operator sets another. */
export const AFTER_SALE_WINDOW_DAYS = 7;
/** Days a member has to send the goods back after approval, unless staff give another. */
export const AFTER_SALE_SHIP_BACK_DAYS = 7;
/** Most lines one request names. */
export const AFTER_SALE_LINES_MAX = 200;

export const AfterSaleMessages = {
  created: '售后申请已提交，我们会尽快审核',
  notFound: '售后单不存在',
  orderNotFound: '订单不存在',
  orderNotDelivered: '订单尚未发货，不能申请售后；未发货的订单可以取消',
  windowClosed: (days: number) => `订单完成已超过 ${days} 天，不能再申请售后`,
  nothingLeft: (name: string, left: number) =>
    left > 0 ? `「${name}」最多还可申请 ${left} 件` : `「${name}」已全部申请过售后`,
  notDelivered: (name: string) => `「${name}」尚未发货，不能申请售后`,
  gift: '赠品不能申请售后',
  unknownLine: (itemId: number) => `订单中没有商品行 ${itemId}`,
  image: '图片不存在或已使用，请重新上传',
  cancelled: '售后申请已撤销',
  cannotCancel: '售后单已在处理中（商品已寄回或已退款），不能撤销',
  notApproved: '售后单尚未同意或已寄回，不能填写寄回单号',
  notReturn: '仅退款的售后单无需寄回商品',
  shipBackLate: '已超过寄回期限，请联系客服',
  unknownCourier: (code: string) => `未知的快递公司：${code}`,
  shippedBack: '寄回信息已提交，仓库收货后为您处理',
  changed: '售后单状态已变化，请刷新后查看',
  notPaid: '订单没有在线付款记录，请联系客服线下处理',
  /** Staff. */
  notPending: '该售后单不是待审核状态',
  returnAddress: '请填写退货地址',
  notReceivable: '该售后单不是待收货状态',
  receiveLines: '收货数量须与申请数量一致（入库 + 报损）',
  notRefundable: '该售后单当前状态不能退款',
  refundTooMuch: (most: string) => `退款金额不能超过按规则计算的 ${most}`,
  notExchange: '该售后单不是换货或尚未收货',
  noStock: (name: string) => `「${name}」库存不足，不能换货发出`,
} as const;

const logisticCode = text({ error: '请填写物流单号', trim: true }).regex(
  /^[A-Za-z0-9-]{4,60}$/,
  '物流单号只能包含字母、数字和 -，4-60 个字符',
);
const courierCode = text({ error: '请选择快递公司', trim: true })
  .min(1, '请选择快递公司')
  .max(32, '快递公司编码最多32个字符');

export const afterSaleLineRequestSchema = z.strictObject({
  itemId: id,
  qty: z
    .number({ error: '数量须为数字' })
    .int('数量须为整数')
    .min(1, '数量至少为1')
    .max(1_000_000, '数量过大'),
});

/** create/: the lines and pieces claimed, the type, a reason, text and the ticket uploads' ids. */
export const afterSaleCreateRequestSchema = z.strictObject({
  orderId: id,
  type: z.enum(AFTER_SALE_TYPES, { error: '请选择售后类型' }),
  reason: z.enum(AFTER_SALE_REASONS, { error: '请选择售后原因' }),
  text: text({ trim: true, multiline: true }).max(500, '说明最多500个字符').default(''),
  images: z
    .array(id)
    .max(TICKET_LIMITS.imagesPerPost, `最多上传${TICKET_LIMITS.imagesPerPost}张图片`)
    .refine((list) => new Set(list).size === list.length, '同一图片只能使用一次')
    .default([]),
  lines: z
    .array(afterSaleLineRequestSchema)
    .min(1, '请选择要售后的商品')
    .max(AFTER_SALE_LINES_MAX, `一次最多${AFTER_SALE_LINES_MAX}个商品行`)
    .refine((list) => new Set(list.map((l) => l.itemId)).size === list.length, '同一商品行只能选择一次'),
  websiteId: id.optional(),
});
export type AfterSaleCreateRequest = z.input<typeof afterSaleCreateRequestSchema>;

export const afterSaleIdRequestSchema = z.strictObject({ id, websiteId: id.optional() });
export type AfterSaleIdRequest = z.input<typeof afterSaleIdRequestSchema>;

export const afterSaleShipBackRequestSchema = z.strictObject({
  id,
  courierCode,
  logisticCode,
  websiteId: id.optional(),
});
export type AfterSaleShipBackRequest = z.input<typeof afterSaleShipBackRequestSchema>;

export const afterSaleListRequestSchema = z.strictObject({
  pageNo: consolePageNo,
  pageSize: consolePageSize,
  state: z.enum(['all', 'open', ...AFTER_SALE_STATES], { error: '状态无效' }).default('all'),
  /** Only this order's. */
  orderId: id.optional(),
  websiteId: id.optional(),
});
export type AfterSaleListRequest = z.input<typeof afterSaleListRequestSchema>;

export const afterSaleClaimableRequestSchema = z.strictObject({ orderId: id, websiteId: id.optional() });
export type AfterSaleClaimableRequest = z.input<typeof afterSaleClaimableRequestSchema>;

/** One order line as a claim sees it: what was delivered, claimed already and may still be claimed. */
export const afterSaleClaimableLineSchema = z.object({
  itemId: z.number().int(),
  skuId: z.number().int(),
  name: z.string(),
  skuName: z.string(),
  image: z.string(),
  qty: z.number().int(),
  delivered: z.number().int(),
  claimed: z.number().int(),
  claimable: z.number().int(),
  /** Unit price, major units of the order's currency. */
  unitPrice: z.number(),
  isGift: z.boolean(),
});
export type AfterSaleClaimableLine = z.infer<typeof afterSaleClaimableLineSchema>;

export const afterSaleClaimableSchema = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  currency: currencySchema,
  /** Whether a request may be made now; `reason` says why not. */
  open: z.boolean(),
  reason: z.string().nullable(),
  /** The last moment of the window (null while the order is delivered but not finished: the window has not begun). */
  windowEndsAt: z.string().nullable(),
  windowDays: z.number().int(),
  lines: z.array(afterSaleClaimableLineSchema),
});
export type AfterSaleClaimable = z.infer<typeof afterSaleClaimableSchema>;

export const afterSaleLineSchema = z.object({
  itemId: z.number().int(),
  skuId: z.number().int(),
  name: z.string(),
  skuName: z.string(),
  image: z.string(),
  qty: z.number().int(),
  unitPrice: z.number(),
  /** Received: back to stock, and written off as damaged (0 until received). */
  restocked: z.number().int(),
  writtenOff: z.number().int(),
});
export type AfterSaleLine = z.infer<typeof afterSaleLineSchema>;

export const afterSaleImageSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type AfterSaleImage = z.infer<typeof afterSaleImageSchema>;

export const afterSaleEventSchema = z.object({
  state: z.enum(AFTER_SALE_STATES),
  /** Who moved it: the member, staff, or the shop itself (a channel's answer). */
  by: z.enum(['member', 'staff', 'system']),
  note: z.string(),
  at: z.string(),
});
export type AfterSaleEvent = z.infer<typeof afterSaleEventSchema>;

export const afterSaleSummarySchema = z.object({
  id: z.number().int(),
  afterSaleNo: z.string(),
  orderId: z.number().int(),
  orderNo: z.string(),
  type: z.enum(AFTER_SALE_TYPES),
  state: z.enum(AFTER_SALE_STATES),
  reason: z.enum(AFTER_SALE_REASONS),
  /** The first line's name and image, and how many lines and pieces. */
  title: z.string(),
  image: z.string(),
  lineCount: z.number().int(),
  pieces: z.number().int(),
  /** Refunded (or refunding), major units of `refundCurrency`; null before. */
  refundAmount: z.number().nullable(),
  refundCurrency: currencySchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AfterSaleSummary = z.infer<typeof afterSaleSummarySchema>;

export const afterSaleDetailSchema = afterSaleSummarySchema.extend({
  text: z.string(),
  images: z.array(afterSaleImageSchema),
  lines: z.array(afterSaleLineSchema),
  /** The order's currency (line prices). */
  currency: currencySchema,
  /** Where to send the goods and by when (set on approval of a return or exchange). */
  returnAddress: z.string().nullable(),
  shipBackBy: z.string().nullable(),
  /** The member's parcel back. */
  returnCourier: z.string().nullable(),
  returnLogisticCode: z.string().nullable(),
  rejectReason: z.string().nullable(),
  /** Where the refund went: the deposit, back through the payment channel, or the company's account invoice. */
  refundTo: z.enum(['deposit', 'channel', 'account']).nullable(),
  /** The exchange's parcel. */
  exchangeCourier: z.string().nullable(),
  exchangeLogisticCode: z.string().nullable(),
  /** Raised by every change: staff actions name the one they saw. */
  version: z.number().int(),
  events: z.array(afterSaleEventSchema),
  /** The couriers a member may send the goods back with (while approved). */
  couriers: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type AfterSaleDetail = z.infer<typeof afterSaleDetailSchema>;

export const afterSaleListResponseSchema = z.object({
  items: z.array(afterSaleSummarySchema),
  totalCount: z.number().int(),
});
export type AfterSaleListResponse = z.infer<typeof afterSaleListResponseSchema>;

/**
 * The console's 售后 (service and finance, aftersale.handle; the refund needs order.refund): the queue with filters,
 * a request's detail with the refund the rule gives, and every step; the window and the default return address.
 */
export const AdminAfterSalePaths = {
  list: '/api/adminService/aftersale/list/',
  detail: '/api/adminService/aftersale/detail/',
  approve: '/api/adminService/aftersale/approve/',
  reject: '/api/adminService/aftersale/reject/',
  receive: '/api/adminService/aftersale/receive/',
  refund: '/api/adminService/aftersale/refund/',
  shipExchange: '/api/adminService/aftersale/shipExchange/',
  settings: '/api/adminService/aftersale/settings/',
  settingsSave: '/api/adminService/aftersale/settings/save/',
} as const;

export const adminAfterSaleListRequestSchema = z.strictObject({
  pageNo: consolePageNo,
  pageSize: consolePageSize,
  state: z.enum(['all', 'open', ...AFTER_SALE_STATES], { error: '状态无效' }).default('open'),
  type: z.enum(['all', ...AFTER_SALE_TYPES], { error: '类型无效' }).default('all'),
  /** Part of the after-sale or order number, or the member's username. */
  keyword: text({ trim: true }).max(64, '关键词最多64个字符').optional(),
});
export type AdminAfterSaleListRequest = z.input<typeof adminAfterSaleListRequestSchema>;

export const adminAfterSaleSummarySchema = afterSaleSummarySchema.extend({
  memberId: z.number().int(),
  username: z.string(),
});
export type AdminAfterSaleSummary = z.infer<typeof adminAfterSaleSummarySchema>;

export const adminAfterSaleListResponseSchema = z.object({
  items: z.array(adminAfterSaleSummarySchema),
  totalCount: z.number().int(),
  /** How many wait in each open state (the tabs' badges). */
  counts: z.record(z.string(), z.number().int()),
});
export type AdminAfterSaleListResponse = z.infer<typeof adminAfterSaleListResponseSchema>;

/** A refund split (packages/domain order-refund.ts refundSplit), major units; `amount` in the currency paid. */
export const afterSaleRefundSplitSchema = z.object({
  goods: z.number(),
  promotions: z.number(),
  tax: z.number(),
  freight: z.number(),
  total: z.number(),
  amount: z.number(),
});
export type AfterSaleRefundSplit = z.infer<typeof afterSaleRefundSplitSchema>;

export const adminAfterSaleDetailSchema = afterSaleDetailSchema.extend({
  memberId: z.number().int(),
  username: z.string(),
  orderStatus: z.number().int(),
  /** What was paid and may still be refunded on the order, major units of `paidCurrency`. */
  paidCurrency: currencySchema.nullable(),
  paidAmount: z.number().nullable(),
  refundable: z.number(),
  /** The way a refund goes now: deposit, channel, account (on-account orders), or offline (nothing to refund through). */
  refundWay: z.enum(['deposit', 'channel', 'account', 'offline']),
  /** The rule's refund without and with the freight; null when the request refunds nothing (an exchange). */
  split: afterSaleRefundSplitSchema.nullable(),
  splitWithFreight: afterSaleRefundSplitSchema.nullable(),
  /** The freight went back with an earlier refund of this order. */
  freightRefunded: z.boolean(),
  /** The settings' return address, for the approval form. */
  defaultReturnAddress: z.string(),
});
export type AdminAfterSaleDetail = z.infer<typeof adminAfterSaleDetailSchema>;

export const adminAfterSaleIdRequestSchema = z.strictObject({ id });

const version = z.number({ error: '缺少版本号' }).int().min(1);
const note = text({ trim: true, multiline: true }).max(200, '备注最多200个字符').default('');

export const adminAfterSaleApproveRequestSchema = z.strictObject({
  id,
  version,
  /** Where the goods go back (a return or exchange; ignored for a refund only). */
  returnAddress: text({ trim: true, multiline: true }).max(300, '退货地址最多300个字符').default(''),
  shipBackDays: z
    .number({ error: '寄回期限须为天数' })
    .int('寄回期限须为整数天')
    .min(1, '寄回期限至少1天')
    .max(60, '寄回期限最多60天')
    .default(AFTER_SALE_SHIP_BACK_DAYS),
  note,
});
export type AdminAfterSaleApproveRequest = z.input<typeof adminAfterSaleApproveRequestSchema>;

export const adminAfterSaleRejectRequestSchema = z.strictObject({
  id,
  version,
  reason: text({ error: '请填写拒绝原因', trim: true, multiline: true })
    .min(1, '请填写拒绝原因')
    .max(200, '原因最多200个字符'),
});
export type AdminAfterSaleRejectRequest = z.input<typeof adminAfterSaleRejectRequestSchema>;

const pieces = z
  .number({ error: '数量须为数字' })
  .int('数量须为整数')
  .min(0, '数量不能为负')
  .max(1_000_000, '数量过大');

/** receive/: per line, the pieces put back in stock and written off as damaged (together the pieces claimed). */
export const adminAfterSaleReceiveRequestSchema = z.strictObject({
  id,
  version,
  lines: z
    .array(z.strictObject({ itemId: id, restock: pieces, writeOff: pieces }))
    .min(1, '请填写收货数量')
    .max(AFTER_SALE_LINES_MAX),
  note,
});
export type AdminAfterSaleReceiveRequest = z.input<typeof adminAfterSaleReceiveRequestSchema>;

/** refund/: the rule's amount (with or without the freight), or less when staff give less; through the order's refund. */
export const adminAfterSaleRefundRequestSchema = z.strictObject({
  id,
  version,
  withFreight: z.boolean().default(false),
  /** Major units of the currency paid; the rule's amount when absent. */
  amount: z
    .number({ error: '金额须为数字' })
    .positive('退款金额须大于0')
    .refine(isCents, '金额最多两位小数')
    .optional(),
  note,
});
export type AdminAfterSaleRefundRequest = z.input<typeof adminAfterSaleRefundRequestSchema>;

export const adminAfterSaleShipExchangeRequestSchema = z.strictObject({
  id,
  version,
  courierCode,
  logisticCode,
});
export type AdminAfterSaleShipExchangeRequest = z.input<typeof adminAfterSaleShipExchangeRequestSchema>;

export const adminAfterSaleSettingsSchema = z.object({
  windowDays: z.number().int(),
  returnAddress: z.string(),
  couriers: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type AdminAfterSaleSettings = z.infer<typeof adminAfterSaleSettingsSchema>;

export const adminAfterSaleSettingsSaveRequestSchema = z.strictObject({
  windowDays: z
    .number({ error: '售后期限须为天数' })
    .int('售后期限须为整数天')
    .min(0, '售后期限不能为负')
    .max(365, '售后期限最多365天'),
  returnAddress: text({ trim: true, multiline: true }).max(300, '退货地址最多300个字符'),
});
export type AdminAfterSaleSettingsSaveRequest = z.input<typeof adminAfterSaleSettingsSaveRequestSchema>;
