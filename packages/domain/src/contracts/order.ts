import { z } from 'zod';
import '../zod-locale';
import { addressSchema } from './address';
import { giftChoiceSchema, pickupPointSchema } from './checkout';
import { text } from './text';

/** Orders (spec §3 'Order', §4 'Order status', 'Old-order status', 'Order actions'; §7 'Orders'). Amounts in major units of the order's currency. */

const id = z.number({ error: '编号须为数字' }).int('编号须为整数').positive('编号须为正整数');

export const createOrderRequestSchema = z.strictObject({
  websiteId: id.optional(),
  /** The client's key for this checkout attempt (a UUID): resubmitting it returns the same order. */
  requestId: text({ error: '缺少请求编号' }).regex(/^[A-Za-z0-9-]{8,64}$/, '请求编号格式不正确'),
  currency: z.enum(['AUD', 'CNY'], { error: '币种须为 AUD 或 CNY' }),
  isPickup: z.boolean().default(false),
  /** Required unless pickup. */
  receiverId: id.nullable().default(null),
  senderId: id.nullable().default(null),
  packs: z
    .array(z.strictObject({ index: z.number().int().min(0), courierId: id.nullable() }))
    .max(20)
    .default([]),
  gifts: z.array(giftChoiceSchema).max(20).default([]),
  memberRemark: text({ trim: true, multiline: true }).max(500, '备注最多500个字符').default(''),
});
export type CreateOrderRequest = z.input<typeof createOrderRequestSchema>;
export const createOrderResponseSchema = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  status: z.number().int(),
  currency: z.enum(['AUD', 'CNY']),
  totalPrice: z.number(),
});
export type CreatedOrder = z.infer<typeof createOrderResponseSchema>;

export const orderItemSchema = z.object({
  id: z.number().int(),
  skuId: z.number().int(),
  goodsId: z.number().int(),
  name: z.string(),
  skuName: z.string(),
  property: z.record(z.string(), z.string()),
  image: z.string(),
  qty: z.number().int(),
  price: z.number(),
  isGift: z.boolean(),
  /**
   * Pieces of the line pre-ordered and still waiting for stock (issue #39 '预订'): its pack does not leave with them
   * until stock arrives. 0 when everything is in hand.
   */
  waiting: z.number().int(),
  /** When `waiting`, the SKU's expected arrival day ('YYYY-MM-DD') as the operator set it; else null. */
  expectedDate: z.string().nullable(),
});

export const orderBeanSchema = z.object({
  id: z.number().int(),
  index: z.number().int(),
  status: z.number().int(),
  location: z.number().int(),
  courierName: z.string(),
  logisticCode: z.string(),
  shippingFee: z.number(),
  /** Where a pickup order's pack is collected, as it was when the order was placed; null when delivered. */
  pickup: pickupPointSchema.nullable(),
  /**
   * A parcel shipped out of another pack (issue #39 split shipments): that pack's index; null for a pack of the
   * order as placed.
   */
  splitFrom: z.number().int().nullable(),
  items: z.array(orderItemSchema),
});

/** An order in the list and in the detail (the detail adds the fields of orderDetailSchema). */
/**
 * For a company member (issue #38): whether they placed the order (only the one who placed it acts on it), and who
 * did, by name or username. Absent for a member in no company. Last in each schema: the compiled serializer writes
 * the optional properties after the others (docs/decisions/022), and so must the contract.
 */
const placedFields = {
  mine: z.boolean().optional(),
  placedBy: z.string().optional(),
};

export const orderSummarySchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  /** Replaced by the first orderBean's status when they differ (spec §4). */
  status: z.number().int(),
  currency: z.enum(['AUD', 'CNY']),
  isPickup: z.boolean(),
  goodsPrice: z.number(),
  promotionsSum: z.number(),
  otherPrice: z.number(),
  /**
   * Tax added on top of the goods (spec §3 'Order'): the Chinese cross-border tax, or the Australian GST when
   * the shop's prices exclude it (ADR 038).
   */
  gst: z.number(),
  /** otherPrice + gst (spec §3 'Order'). */
  allOtherPrice: z.number(),
  /** The Australian GST the order contains (ADR 038), 0 when none. */
  gstPrice: z.number(),
  /** True when the prices already include the GST ('含GST $x.xx'); false when it is added ('GST $x.xx'). */
  gstIncluded: z.boolean(),
  totalPrice: z.number(),
  /** Item lines (kinds of goods), gifts included: '4 种'. */
  itemCount: z.number().int(),
  /** Pieces: the quantities of every line added up, gifts included: '7 件'. */
  pieceCount: z.number().int(),
  items: z.array(orderItemSchema),
  orderBeans: z.array(orderBeanSchema),
  createdAt: z.string(),
  ...placedFields,
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderListRequestSchema = z.strictObject({
  websiteId: id.optional(),
  pageNo: z.number().int('页码须为整数').min(1, '页码须大于0').default(1),
  pageSize: z.number().int().min(1).max(50, '每页最多50条').default(10),
  /** A status tab; absent = all. */
  status: z.number().int().optional(),
});
/** The orders of the old shop (oldOrderList/): no status tabs. */
export const oldOrderListRequestSchema = orderListRequestSchema.omit({ status: true });
export const orderListResponseSchema = z.object({
  items: z.array(orderSummarySchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
});
export type OrderListResponse = z.infer<typeof orderListResponseSchema>;

const addressSnapshotSchema = addressSchema.omit({
  id: true,
  defaultFlag: true,
  updatedAt: true,
  shared: true,
  editable: true,
});
export const orderDetailSchema = orderSummarySchema.omit({ mine: true, placedBy: true }).extend({
  promotionsGift: z.array(
    z.object({ name: z.string(), property: z.record(z.string(), z.string()), qty: z.number().int() }),
  ),
  receiver: addressSnapshotSchema.nullable(),
  sender: addressSnapshotSchema.nullable(),
  memberRemark: z.string(),
  attachments: z.array(
    z.object({
      id: z.number().int(),
      beanId: z.number().int().nullable(),
      path: z.string(),
      note: z.string(),
    }),
  ),
  paidAt: z.string().nullable(),
  /** How it was paid: the payment method's code and name (null while unpaid; 'offline' by the operator). */
  payChannel: z.string().nullable(),
  payChannelName: z.string().nullable(),
  /** What was charged, in the currency it was charged in (a CNY order may be paid from the AUD deposit). */
  paidCurrency: z.enum(['AUD', 'CNY']).nullable(),
  paidPrice: z.number().nullable(),
  /** Returned so far by the shop's cancel or refund (to the deposit or through the channel), in paidCurrency. */
  refundedPrice: z.number(),
  /**
   * Beside the spec's status (docs/decisions/035): 'processing' (退款中) while a refund waits for the payment
   * channel, then 'partial' (部分退款) or 'refunded' (已退款); null when nothing was refunded.
   */
  refundState: z.enum(['processing', 'partial', 'refunded']).nullable(),
  /** Being refunded through the payment channel now, not yet confirmed, in paidCurrency. */
  refundingPrice: z.number(),
  cancelledAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  ...placedFields,
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const orderIdRequestSchema = z.strictObject({ id, websiteId: id.optional() });
export const updateMemberRemarkRequestSchema = z.strictObject({
  id,
  memberRemark: text({ trim: true, multiline: true }).max(500, '备注最多500个字符'),
});
export const orderAttachmentsResponseSchema = orderDetailSchema.shape.attachments;
export type OrderAttachment = z.infer<typeof orderAttachmentsResponseSchema>[number];

/** The answer of cancel/ and finishOrder/: the order's status now; changed is false for a repeated request. */
export const orderStateResponseSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  status: z.number().int(),
  changed: z.boolean(),
});
export type OrderStateResponse = z.infer<typeof orderStateResponseSchema>;
/** The answer of updateMemberRemark/: the remark as stored. */
export const memberRemarkResponseSchema = z.object({ id: z.number().int(), memberRemark: z.string() });
export type MemberRemarkResponse = z.infer<typeof memberRemarkResponseSchema>;
export type UpdateMemberRemarkRequest = z.infer<typeof updateMemberRemarkRequestSchema>;

export const logisticsRequestSchema = z.strictObject({
  logisticCode: text({ trim: true }).min(1, '请提供物流单号').max(60),
});
export const logisticsResponseSchema = z.object({
  logisticCode: z.string(),
  courierName: z.string(),
  events: z.array(z.object({ time: z.string(), location: z.string(), description: z.string() })),
});
export type LogisticsInfo = z.infer<typeof logisticsResponseSchema>;

export const repurchaseRequestSchema = z.strictObject({ orderId: id, websiteId: id.optional() });
/** repurchase/: the cart lines written, and the goods that cannot be bought now with the reason. */
export const repurchaseResponseSchema = z.object({
  ids: z.array(z.number().int()),
  unavailable: z.array(z.object({ skuId: z.number().int(), name: z.string(), reason: z.string() })),
});
export type RepurchaseResponse = z.infer<typeof repurchaseResponseSchema>;

export const oldOrderSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  status: z.number().int(),
  currency: z.string(),
  totalPrice: z.number(),
  receiverName: z.string(),
  items: z.array(
    z.object({ name: z.string(), skuName: z.string(), qty: z.number().int(), price: z.number() }),
  ),
  orderedAt: z.string(),
});
export type OldOrder = z.infer<typeof oldOrderSchema>;
export const oldOrderListResponseSchema = z.object({
  items: z.array(oldOrderSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
});
export type OldOrderListResponse = z.infer<typeof oldOrderListResponseSchema>;
