import { z } from 'zod';
import '../zod-locale';
import { OrderStatus } from '../order-status';
import { Warehouse } from '../warehouse';
import { text } from './text';

/**
 * The console's orders and its dashboard (issue 'Staff console'): every member's orders with their detail, the
 * warehouse's steps of spec §4 (one order, one pack or many orders at once), offline payment, tracking events,
 * and the 工作台 counts. POST JSON under /api/adminService/ with a staff token, like AdminPaths.
 */
export const AdminOrderPaths = {
  /** order.read */
  list: '/api/adminService/order/list/',
  detail: '/api/adminService/order/detail/',
  /** order.fulfil: push, processing, ready, pickup-ready, finish (one order, or one pack of it). */
  transition: '/api/adminService/order/transition/',
  /** order.fulfil: the same steps on many orders, a result per order. */
  batchTransition: '/api/adminService/order/batchTransition/',
  /** order.fulfil: a pack leaves with its courier and tracking number. */
  ship: '/api/adminService/order/ship/',
  /** order.fulfil: the shop's couriers a pack may leave with, and the warehouses each serves. */
  couriers: '/api/adminService/order/couriers/',
  /** order.fulfil: a tracking event of a shipped parcel. */
  logisticsAdd: '/api/adminService/order/logistics/add/',
  /** order.fulfil: a photo of the packed goods (multipart, field image), shown to the member with the order. */
  attach: '/api/adminService/order/attach/',
  /**
   * order.fulfil: the picked orders' packs waiting to ship (what the packing and picking lists print and a bulk
   * ship sends), and those left out and why.
   */
  waitingPacks: '/api/adminService/order/waitingPacks/',
  /** order.fulfil: packing lists of the picked orders' packs waiting to ship, one page a pack (PDF). */
  printPacking: '/api/adminService/order/print/packing/',
  /** order.fulfil: the SKUs to pick for those packs, summed per warehouse (PDF). */
  printPicking: '/api/adminService/order/print/picking/',
  /** order.fulfil: ship many orders at once, a courier and tracking number each, all or nothing. */
  shipMany: '/api/adminService/order/shipMany/',
  /** order.fulfil: a tracking sheet (multipart, field file): previewed (dryRun), then every row shipped or none. */
  trackingSheet: '/api/adminService/order/trackingSheet/',
  /** order.refund: cancel a paid, unshipped order; stock back, the money back the way it was paid. */
  cancelPaid: '/api/adminService/order/cancelPaid/',
  /** order.refund: give part of a paid order back, through its payment channel or to the member's deposit. */
  refund: '/api/adminService/order/refund/',
  /** order.payment: the money came outside the shop (offline payment). */
  markPaid: '/api/adminService/order/markPaid/',
  /** dashboard.read */
  dashboard: '/api/adminService/dashboard/',
} as const;

/** The warehouse's steps a console call may ask for (shipping and payment have their own calls). */
export const FulfilAction = {
  push: 'push',
  processing: 'processing',
  ready: 'ready',
  pickupReady: 'pickupReady',
  finish: 'finish',
} as const;
export type FulfilAction = (typeof FulfilAction)[keyof typeof FulfilAction];

/** The status each step moves to (spec §4 'Order status'). */
export const FULFIL_ACTION_TARGET: Readonly<Record<FulfilAction, OrderStatus>> = {
  push: OrderStatus.PushedToWarehouse,
  processing: OrderStatus.WarehouseProcessing,
  ready: OrderStatus.AwaitingDispatch,
  pickupReady: OrderStatus.AwaitingPickup,
  finish: OrderStatus.Finished,
};

export const FULFIL_ACTION_LABELS: Readonly<Record<FulfilAction, string>> = {
  push: '推送到仓库',
  processing: '仓库处理中',
  ready: '待发货',
  pickupReady: '待自提',
  finish: '完成',
};

/** The steps a batch may take (the warehouse's daily work on many paid orders). */
export const BATCH_ACTIONS = [FulfilAction.push, FulfilAction.processing, FulfilAction.ready] as const;

/** Longest text the list's product filter takes (a SKU code is at most 60 characters). */
const LIST_GOODS_MAX = 60;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayText = () => text().regex(DAY, '日期格式应为 yyyy-MM-dd');
const orderNoSchema = text({ error: '请输入订单号', trim: true })
  .min(1, '请输入订单号')
  .max(32, '订单号最多32个字符');
const packSchema = z
  .number({ error: '包裹序号应为整数' })
  .int('包裹序号应为整数')
  .min(0, '包裹序号不能小于0')
  .max(99, '包裹序号过大');
const statusValues = Object.values(OrderStatus) as number[];
const warehouseValues = Object.values(Warehouse) as number[];

export const adminOrderListRequestSchema = z.strictObject({
  pageNo: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
  status: z.literal(statusValues, { error: '订单状态无效' }).optional(),
  warehouse: z.literal(warehouseValues, { error: '仓库无效' }).optional(),
  /** The member's username, exact. */
  username: text({ trim: true }).min(1, '请输入会员用户名').max(64, '用户名最多64个字符').optional(),
  /** Part of the order number. */
  orderNo: text({ trim: true }).min(1, '请输入订单号').max(32, '订单号最多32个字符').optional(),
  /** A payment method's code (DepositPay, W01 …, offline). */
  payChannel: text({ trim: true }).min(1).max(32, '支付方式无效').optional(),
  /** 'yyyy-MM-dd', inclusive, shop time (Beijing). */
  from: dayText().optional(),
  to: dayText().optional(),
  /** Part of the receiver's name, or of their phone number (digits; spaces, dashes and a leading + ignored). */
  receiver: text({ trim: true })
    .min(1, '请输入收货人姓名或电话')
    .max(50, '收货人姓名或电话最多50个字符')
    .optional(),
  /**
   * A product or SKU code (its beginning is enough, any case), or part of an ordered product's name: orders with
   * such a line.
   */
  goods: text({ trim: true })
    .min(1, '请输入商品名称或编码')
    .max(LIST_GOODS_MAX, `商品名称或编码最多${LIST_GOODS_MAX}个字符`)
    .optional(),
  /** Part of a parcel's tracking number (any case). */
  trackingNo: text({ trim: true })
    .min(3, '运单号至少输入3个字符')
    .max(60, '运单号最多60个字符')
    .regex(/^[A-Za-z0-9-]+$/, '运单号只能包含字母、数字和 -')
    .optional(),
});
export type AdminOrderListRequest = z.input<typeof adminOrderListRequestSchema>;

export const adminOrderRowSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  memberId: z.number().int(),
  username: z.string(),
  status: z.number().int(),
  statusName: z.string(),
  currency: z.enum(['AUD', 'CNY']),
  /** Minor units of `currency`. */
  totalAmount: z.number().int(),
  payChannel: z.string().nullable(),
  payChannelName: z.string().nullable(),
  isPickup: z.boolean(),
  /** The warehouses of its packs ('澳洲仓、中国仓'). */
  warehouses: z.string(),
  receiverName: z.string(),
  packCount: z.number().int(),
  createTime: z.string(),
  paidTime: z.string().nullable(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;
export const adminOrderListResponseSchema = z.object({
  items: z.array(adminOrderRowSchema),
  totalCount: z.number().int(),
});
export type AdminOrderListResponse = z.infer<typeof adminOrderListResponseSchema>;

export const adminOrderNoRequestSchema = z.strictObject({ orderNo: orderNoSchema });
export type AdminOrderNoRequest = z.input<typeof adminOrderNoRequestSchema>;

const itemSchema = z.object({
  id: z.number().int(),
  packIndex: z.number().int(),
  skuId: z.number().int(),
  name: z.string(),
  skuName: z.string(),
  image: z.string(),
  qty: z.number().int(),
  unitPrice: z.number().int(),
  isGift: z.boolean(),
  /** Pieces pre-ordered and still waiting for stock (issue #39): the pack cannot ship them yet. */
  waiting: z.number().int(),
  /** When `waiting`, the SKU's expected arrival day ('YYYY-MM-DD'); else null. */
  expectedDate: z.string().nullable(),
});
const packSchemaOut = z.object({
  packIndex: z.number().int(),
  /** The courier the member chose for the pack at checkout (the ship form's default); null when none. */
  courierId: z.number().int().nullable(),
  location: z.number().int(),
  warehouseName: z.string(),
  status: z.number().int(),
  statusName: z.string(),
  courierName: z.string(),
  logisticCode: z.string(),
  shippedTime: z.string().nullable(),
  /** A parcel shipped out of another pack (split shipment): that pack's index; null for a pack as placed. */
  splitFrom: z.number().int().nullable(),
});
const paymentSchema = z.object({
  tradeNo: z.string(),
  channel: z.string(),
  channelName: z.string(),
  currency: z.string(),
  amount: z.number().int(),
  status: z.string(),
  paidTime: z.string().nullable(),
});
export const adminOrderAttachmentSchema = z.object({
  id: z.number().int(),
  packIndex: z.number().int().nullable(),
  path: z.string(),
  note: z.string(),
  createTime: z.string(),
});
const logisticsSchema = z.object({
  logisticCode: z.string(),
  time: z.string(),
  location: z.string(),
  description: z.string(),
});

export const adminOrderDetailSchema = adminOrderRowSchema.extend({
  goodsAmount: z.number().int(),
  shippingAmount: z.number().int(),
  /** The Chinese cross-border tax (ADR 038: kept apart from the GST). */
  taxAmount: z.number().int(),
  /** The Australian GST the order contains or adds, minor units of its currency; 0 when none. */
  gstAmount: z.number().int(),
  /** Whether the prices included the GST (else it was added to the total). */
  gstIncluded: z.boolean(),
  /** The GST the refunds so far reversed (in proportion to what they returned). */
  refundedGst: z.number().int(),
  promotionsAmount: z.number().int(),
  paidCurrency: z.string().nullable(),
  paidAmount: z.number().int().nullable(),
  /** Returned to the member so far, in paidCurrency. */
  refundedAmount: z.number().int(),
  /** Asked of the payment channel and not yet confirmed, in paidCurrency. */
  refundingAmount: z.number().int(),
  /** 退款中, 部分退款, 已退款 beside the status (docs/decisions/035); null when nothing was refunded. */
  refundState: z.enum(['processing', 'partial', 'refunded']).nullable(),
  refundStateName: z.string().nullable(),
  /**
   * Where a refund of this order goes: back through its payment channel, to the deposit, offline (none), or off
   * its company's account invoice first (paid on account, issue #38; what was paid already goes to the deposit).
   */
  refundTo: z.enum(['channel', 'deposit', 'offline', 'account']),
  /** The refunds asked of the payment channel, newest first. Amounts in minor units of paidCurrency. */
  refunds: z.array(
    z.object({
      refundNo: z.string(),
      amount: z.number().int(),
      status: z.enum(['processing', 'success', 'closed', 'abnormal', 'refused']),
      reason: z.string(),
      channelMessage: z.string(),
      operator: z.string(),
      createTime: z.string(),
      confirmTime: z.string().nullable(),
    }),
  ),
  memberRemark: z.string(),
  receiver: z.record(z.string(), z.unknown()).nullable(),
  sender: z.record(z.string(), z.unknown()).nullable(),
  packs: z.array(packSchemaOut),
  items: z.array(itemSchema),
  payments: z.array(paymentSchema),
  attachments: z.array(adminOrderAttachmentSchema),
  logistics: z.array(logisticsSchema),
  cancelTime: z.string().nullable(),
  finishTime: z.string().nullable(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

export const adminOrderTransitionRequestSchema = z.strictObject({
  orderNo: orderNoSchema,
  action: z.enum(Object.values(FulfilAction) as [FulfilAction, ...FulfilAction[]], { error: '请选择操作' }),
  /** One pack by its index; every pack of the order when absent. */
  pack: packSchema.optional(),
});
export type AdminOrderTransitionRequest = z.input<typeof adminOrderTransitionRequestSchema>;

export const adminOrderMarkPaidRequestSchema = z.strictObject({ orderNo: orderNoSchema });
export type AdminOrderMarkPaidRequest = z.input<typeof adminOrderMarkPaidRequestSchema>;

export const adminOrderShipRequestSchema = z.strictObject({
  orderNo: orderNoSchema,
  pack: packSchema.optional(),
  courierCode: text({ error: '请选择快递公司', trim: true })
    .min(1, '请选择快递公司')
    .max(20, '快递公司编码最多20个字符'),
  logisticCode: text({ error: '请输入物流单号', trim: true }).regex(
    /^[A-Za-z0-9-]{4,60}$/,
    '物流单号只能包含字母、数字和 -，4-60 个字符',
  ),
  /**
   * A split shipment (issue #39): only these pieces of the pack leave, as a parcel of their own with this courier
   * and tracking number; the rest stay in the pack. Needs `pack`. Absent: the whole pack leaves.
   */
  lines: z
    .array(
      z.strictObject({
        itemId: z.number({ error: '商品行编号须为数字' }).int().positive('商品行编号须为正整数'),
        qty: z.number({ error: '数量须为数字' }).int('数量须为整数').positive('数量须大于0'),
      }),
      { error: '请选择要发货的商品' },
    )
    .min(1, '请选择要发货的商品')
    .max(200, '一次最多200行')
    .refine((ls) => new Set(ls.map((l) => l.itemId)).size === ls.length, '商品行重复')
    .optional(),
});
export type AdminOrderShipRequest = z.input<typeof adminOrderShipRequestSchema>;

/** What a step did: the order's status after it, and the packs it moved (empty when already there). */
export const adminOrderTransitionResponseSchema = z.object({
  orderNo: z.string(),
  status: z.number().int(),
  moved: z.array(z.number().int()),
});
export type AdminOrderTransitionResponse = z.infer<typeof adminOrderTransitionResponseSchema>;

export const adminOrderBatchRequestSchema = z.strictObject({
  orderNos: z
    .array(orderNoSchema, { error: '请选择订单' })
    .min(1, '请选择订单')
    .max(100, '一次最多处理100个订单')
    .refine((nos) => new Set(nos).size === nos.length, '订单号重复'),
  action: z.enum(BATCH_ACTIONS, { error: '批量操作只能是推送、处理中或待发货' }),
});
export type AdminOrderBatchRequest = z.input<typeof adminOrderBatchRequestSchema>;
export const adminOrderBatchResponseSchema = z.object({
  results: z.array(
    z.object({
      orderNo: z.string(),
      success: z.boolean(),
      /** The order's status after the step (unchanged when it failed). */
      status: z.number().int().nullable(),
      message: z.string(),
    }),
  ),
});
export type AdminOrderBatchResponse = z.infer<typeof adminOrderBatchResponseSchema>;

/** Most orders one print or one bulk ship takes (the list's largest page). */
export const BULK_ORDERS_MAX = 100;

const LOGISTIC_CODE = /^[A-Za-z0-9-]{4,60}$/;
const LOGISTIC_CODE_MESSAGE = '物流单号只能包含字母、数字和 -，4-60 个字符';

const bulkOrderNosSchema = z
  .array(orderNoSchema, { error: '请选择订单' })
  .min(1, '请选择订单')
  .max(BULK_ORDERS_MAX, `一次最多选择${BULK_ORDERS_MAX}个订单`)
  .refine((nos) => new Set(nos).size === nos.length, '订单号重复');

/** The picked orders (printing, and the packs a bulk ship would take). */
export const adminOrderPickRequestSchema = z.strictObject({ orderNos: bulkOrderNosSchema });
export type AdminOrderPickRequest = z.input<typeof adminOrderPickRequestSchema>;

/**
 * The picked orders' packs waiting to ship (待发货, 78; pickup orders aside), which the packing and picking lists
 * print and a bulk ship sends, and the orders or packs left out with the reason.
 */
export const adminWaitingPacksResponseSchema = z.object({
  packs: z.array(
    z.object({
      orderNo: z.string(),
      packIndex: z.number().int(),
      location: z.number().int(),
      warehouseName: z.string(),
      receiverName: z.string(),
      /** The courier the member chose for the pack at checkout; null when none. */
      courierId: z.number().int().nullable(),
      /** Pieces in the pack. */
      pieces: z.number().int(),
    }),
  ),
  skipped: z.array(
    z.object({
      orderNo: z.string(),
      /** The pack left out; null when the whole order is (not found, cancelled, picked up …). */
      packIndex: z.number().int().nullable(),
      reason: z.string(),
    }),
  ),
});
export type AdminWaitingPacksResponse = z.infer<typeof adminWaitingPacksResponseSchema>;

const courierCodeSchema = text({ error: '请选择快递公司', trim: true })
  .min(1, '请选择快递公司')
  .max(20, '快递公司编码最多20个字符');
const logisticCodeSchema = text({ error: '请输入物流单号', trim: true }).regex(
  LOGISTIC_CODE,
  LOGISTIC_CODE_MESSAGE,
);

/** Ships every pack waiting to ship of each order, with the order's courier and tracking number: all or none. */
export const adminOrderShipManyRequestSchema = z.strictObject({
  orders: z
    .array(
      z.strictObject({
        orderNo: orderNoSchema,
        courierCode: courierCodeSchema,
        logisticCode: logisticCodeSchema,
      }),
      { error: '请选择订单' },
    )
    .min(1, '请选择订单')
    .max(BULK_ORDERS_MAX, `一次最多发货${BULK_ORDERS_MAX}个订单`)
    .refine((os) => new Set(os.map((o) => o.orderNo)).size === os.length, '订单号重复'),
});
export type AdminOrderShipManyRequest = z.input<typeof adminOrderShipManyRequestSchema>;

/** What a bulk ship (or an applied tracking sheet) did: each order's status after it and the packs it shipped. */
export const adminOrderShipManyResponseSchema = z.object({
  orders: z.array(
    z.object({ orderNo: z.string(), status: z.number().int(), moved: z.array(z.number().int()) }),
  ),
  /** Packs shipped in all. */
  packs: z.number().int(),
});
export type AdminOrderShipManyResponse = z.infer<typeof adminOrderShipManyResponseSchema>;

/** The tracking sheet's columns by header; 包裹 (the pack's number, 1 for 包裹 1) only for orders with several packs. */
export const TRACKING_SHEET_COLUMNS = {
  orderNo: '订单号',
  courier: '快递公司',
  logisticCode: '运单号',
  pack: '包裹',
} as const;
/** Most rows one tracking sheet may have. */
export const TRACKING_SHEET_MAX_ROWS = 500;
/** Largest tracking sheet the console takes (500 rows are a few tens of kB). */
export const TRACKING_SHEET_MAX_BYTES = 1024 * 1024;

export const adminTrackingSheetFieldsSchema = z.strictObject({
  dryRun: z.enum(['true', 'false'], { error: 'dryRun 须为 true 或 false' }),
});

export const trackingSheetRowSchema = z.object({
  /** The row's number in the sheet (the header is row 1). */
  row: z.number().int(),
  orderNo: z.string(),
  /** The pack the row ships, when the order was found and the pack told apart; else null. */
  packIndex: z.number().int().nullable(),
  /** The courier as matched by its name or code; both empty when none matched. */
  courierCode: z.string(),
  courierName: z.string(),
  logisticCode: z.string(),
  /** Why the row cannot ship; null when it can. */
  error: z.string().nullable(),
});
export type TrackingSheetRow = z.infer<typeof trackingSheetRowSchema>;

export const adminTrackingSheetResponseSchema = z.object({
  dryRun: z.boolean(),
  fileName: z.string(),
  rows: z.array(trackingSheetRowSchema),
  /** Every problem, each naming its row (those of the rows, and of the sheet as a whole); none when it can ship. */
  errors: z.array(z.string()),
  /** Packs shipped; 0 in a preview. */
  shipped: z.number().int(),
});
export type AdminTrackingSheetResponse = z.infer<typeof adminTrackingSheetResponseSchema>;

/**
 * The text fields of an attach/ call's multipart body (strings on the wire): the order, the pack the photo shows
 * (the whole order when absent or empty) and a note the member reads beside it.
 */
export const adminOrderAttachFieldsSchema = z.strictObject({
  orderNo: orderNoSchema,
  pack: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : Number(v)))
    .pipe(packSchema.optional()),
  note: text({ trim: true }).max(200, '备注最多200个字符').optional(),
});
export type AdminOrderAttachFields = z.output<typeof adminOrderAttachFieldsSchema>;
export type AdminOrderAttachment = z.infer<typeof adminOrderAttachmentSchema>;

export const adminLogisticsAddRequestSchema = z.strictObject({
  logisticCode: text({ error: '请输入物流单号', trim: true }).regex(
    /^[A-Za-z0-9-]{4,60}$/,
    '物流单号只能包含字母、数字和 -，4-60 个字符',
  ),
  description: text({ error: '请填写轨迹描述', trim: true })
    .min(1, '请填写轨迹描述')
    .max(500, '轨迹描述最多500个字符'),
  location: text({ trim: true }).max(100, '地点最多100个字符').optional(),
  /** ISO 8601, or 'yyyy-MM-dd HH:mm' in Beijing time; now when absent. */
  time: text({ trim: true }).max(40).optional(),
});
export type AdminLogisticsAddRequest = z.input<typeof adminLogisticsAddRequestSchema>;
export const adminLogisticsAddResponseSchema = logisticsSchema;

export const adminCourierSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** Warehouse ids the courier has a fee rule from (spec §4 shipping). */
  locations: z.array(z.number().int()),
});
export type AdminCourier = z.infer<typeof adminCourierSchema>;
export const adminCourierListResponseSchema = z.object({ items: z.array(adminCourierSchema) });
export type AdminCourierListResponse = z.infer<typeof adminCourierListResponseSchema>;

const reasonSchema = text({ trim: true }).max(100, '原因最多100个字符').optional();

export const adminOrderCancelPaidRequestSchema = z.strictObject({
  orderNo: orderNoSchema,
  reason: reasonSchema,
});
export type AdminOrderCancelPaidRequest = z.input<typeof adminOrderCancelPaidRequestSchema>;

/** An amount staff type, in major units (元) of the currency the order was paid in, at most 2 decimals. */
const refundAmountSchema = z
  .number({ error: '请输入退款金额' })
  .positive('退款金额须大于0')
  .max(1_000_000, '退款金额过大')
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, '退款金额最多两位小数');

const refundLineSchema = z.strictObject({
  /** The order line (items[].id of the detail). */
  itemId: z.number({ error: '商品行无效' }).int('商品行无效').positive('商品行无效'),
  qty: z.number({ error: '请输入退款件数' }).int('退款件数应为整数').min(1, '退款件数至少为1'),
});

/**
 * A partial refund: `amount` (元, 2 decimals), or `lines` (the amount is their share of what was paid,
 * packages/domain/src/order-refund.ts refundOfLines), never both. It goes back the way the order was paid: through
 * the payment channel when its provider can refund, else to the member's deposit (docs/decisions/035).
 */
export const adminOrderRefundRequestSchema = z
  .strictObject({
    orderNo: orderNoSchema,
    amount: refundAmountSchema.optional(),
    lines: z.array(refundLineSchema).min(1, '请选择要退款的商品').max(200, '一次最多选择200行').optional(),
    /**
     * What the console showed as refunded so far (元): a second submission of the same refund finds the total
     * moved and refunds nothing.
     */
    refundedBefore: z.number({ error: '缺少已退款金额' }).min(0, '已退款金额不能小于0'),
    reason: reasonSchema,
  })
  .refine((body) => (body.amount === undefined) !== (body.lines === undefined), {
    message: '请输入退款金额或选择商品（二选一）',
    path: ['amount'],
  });
export type AdminOrderRefundRequest = z.input<typeof adminOrderRefundRequestSchema>;

/** What a cancel or refund gave back. */
export const adminMoneyBackResponseSchema = z.object({
  orderNo: z.string(),
  status: z.number().int(),
  /** Given back now (to the deposit) or asked of the channel, minor units of `currency`. */
  refunded: z.number().int(),
  currency: z.string().nullable(),
  refundedTotal: z.number().int(),
  paidAmount: z.number().int().nullable(),
  /** 'deposit' (to the member's balance), 'channel' (back through the payment channel), null when nothing moved. */
  refundTo: z.enum(['deposit', 'channel']).nullable(),
  /** The shop's refund number at the channel; null for the deposit. */
  refundNo: z.string().nullable(),
  /** The order's refund state afterwards (退款中 until the channel confirms). */
  refundState: z.enum(['processing', 'partial', 'refunded']).nullable(),
});
export type AdminMoneyBackResponse = z.infer<typeof adminMoneyBackResponseSchema>;

const salesSchema = z.object({
  orders: z.number().int(),
  /** Minor units of each currency, orders paid in the period (by order currency). */
  aud: z.number().int(),
  cny: z.number().int(),
});
export const dashboardResponseSchema = z.object({
  today: salesSchema,
  week: salesSchema,
  todo: z.object({
    /** Paid orders not yet pushed to the warehouse. */
    paidToPush: z.number().int(),
    /** Packs awaiting dispatch. */
    packsToShip: z.number().int(),
    /** Tickets waiting for the shop's answer. */
    ticketsWaiting: z.number().int(),
    /** Bank-transfer recharges waiting for review. */
    rechargesWaiting: z.number().int(),
    /** SKUs counted by stock with LOW_STOCK or fewer left. */
    lowStock: z.number().int(),
  }),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

/** A SKU sold by stock is low when this many or fewer are left (the dashboard's to-do). */
export const LOW_STOCK = 5;
