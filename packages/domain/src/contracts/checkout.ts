import { z } from 'zod';
import '../zod-locale';
import { skuSchema } from './catalogue';
import { text } from './text';

/**
 * Checkout: the summary of the member's selected cart lines (spec §7 cart/summary/, §3 'Checkout info', §4
 * 'Checkout summary loading') and the promotion calls. Every amount of a summary is in its `currency` (the
 * `cr` of spec §3), in major units, billed by the domain's currency rule (ADR 013): AUD lines are converted at
 * the stored rate when paying in CNY; lines without an AUD price are left out of an AUD summary's packs and
 * make it not valid (spec §5).
 */

const id = z.number({ error: '编号须为数字' }).int('编号须为整数').positive('编号须为正整数');

export const checkoutPackRequestSchema = z.strictObject({
  /** Client-generated random number (spec §3 'Pack'); echoed back. */
  packId: z.number().optional(),
  index: z.number().int().min(0),
  courierId: id.nullable().optional(),
});

export const giftChoiceSchema = z.strictObject({ promotionId: id, skuId: id });
export type GiftChoice = z.infer<typeof giftChoiceSchema>;

export const checkoutSummaryRequestSchema = z.strictObject({
  websiteId: id.optional(),
  /** 'Pickup', the receiver's postCode, or the default 'CN11010200' (spec §7). */
  locationCode: text({ error: '请提供配送地区', trim: true }).min(1, '请提供配送地区').max(20),
  currency: z.enum(['AUD', 'CNY'], { error: '币种须为 AUD 或 CNY' }),
  packs: z.array(checkoutPackRequestSchema).max(20).default([]),
  gifts: z.array(giftChoiceSchema).max(20).default([]),
});
export type CheckoutSummaryRequest = z.input<typeof checkoutSummaryRequestSchema>;

export const checkoutItemSchema = z.object({
  cartId: z.number().int(),
  skuId: z.number().int(),
  goodsId: z.number().int(),
  name: z.string(),
  skuName: z.string(),
  property: z.record(z.string(), z.string()),
  image: z.string(),
  qty: z.number().int(),
  /** Unit price in the summary's currency. */
  price: z.number(),
  audPrice: z.number().nullable(),
  cnyPrice: z.number().nullable(),
  weight: z.number().int(),
  location: z.number().int(),
  status: z.number().int(),
  stock: z.number().int(),
  /** Gift lines of OnTheHouse promotions have price 0 and their promotion id. */
  isGift: z.boolean(),
  promotionId: z.number().int().nullable(),
});
export type WireSummaryItem = z.infer<typeof checkoutItemSchema>;

export const checkoutCourierSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  isPublic: z.boolean(),
  estimatedDays: z.string(),
  /** The fee for this pack's weight in the summary's currency; null when the courier cannot take it. */
  fee: z.number().nullable(),
  /** Why the courier cannot take the pack (e.g. over its maximum weight), else ''. */
  unavailableReason: z.string(),
});
export type WireSummaryCourier = z.infer<typeof checkoutCourierSchema>;

/**
 * Where the goods of a warehouse can be collected (到仓自提): a property of the warehouse, set by the operator
 * (warehouse:pickup). Only warehouses with one can be picked up from (spec §4 'Setting pickup stores isPickup').
 */
export const pickupPointSchema = z.object({
  /** Warehouse id 1-9. */
  warehouseId: z.number().int(),
  /** '澳大利亚仓'. */
  warehouseName: z.string(),
  address: z.string(),
  /** Opening hours as the shop writes them, e.g. '周一至周五 9:00-17:00'. */
  hours: z.string(),
  /** A phone number for the pickup desk, or ''. */
  phone: z.string(),
});
export type PickupPoint = z.infer<typeof pickupPointSchema>;

export const checkoutPackSchema = z.object({
  packId: z.number().nullable(),
  index: z.number().int(),
  /** Warehouse id 1-9. */
  location: z.number().int(),
  items: z.array(checkoutItemSchema),
  /** Grams. */
  weight: z.number().int(),
  couriers: z.array(checkoutCourierSchema),
  options: z.object({ courierId: z.number().int().nullable() }),
  shippingFee: z.number(),
  goodsPrice: z.number(),
  /** The pickup point of the pack's warehouse, whether or not pickup is chosen; null when it has none. */
  pickup: pickupPointSchema.nullable(),
});
export type WireSummaryPack = z.infer<typeof checkoutPackSchema>;

/** A promotion as checkout shows it; `promotionsMehtod` keeps the spec's spelling. */
export const checkoutPromotionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  promotionsMehtod: z.number().int(),
  currency: z.enum(['AUD', 'CNY']),
  threshold: z.number(),
  reduce: z.number(),
  discountPercent: z.number().int().nullable(),
  /** The gift product of an OnTheHouse promotion (the shopper picks its SKU), else null. */
  goodsSku: z.object({ goodsId: z.number().int(), name: z.string(), image: z.string() }).nullable(),
  /** The SKU chosen for the gift, if any. */
  chosenSkuId: z.number().int().nullable(),
  /** Whether the cart meets the promotion now, and the amount it takes off (0 for gifts). */
  applies: z.boolean(),
  amount: z.number(),
  /** 满减: applies beside the best 满减 instead of competing with it (ADR 031). */
  stackable: z.boolean(),
  /** 满减: the higher wins a tie between two 满减 taking off the same amount. */
  priority: z.number().int(),
  /** applied; outdone (another 满减 is better for the buyer); short (threshold not reached); unmet. */
  status: z.enum(['applied', 'outdone', 'short', 'unmet']),
  /** Why, in Chinese, without the promotion's own name: '不与 满1000减60 同享', '再买 ¥511.00 可享'. */
  note: z.string(),
});
export type WireSummaryPromotion = z.infer<typeof checkoutPromotionSchema>;

export const checkoutSummarySchema = z.object({
  currency: z.enum(['AUD', 'CNY']),
  isPickup: z.boolean(),
  /** Whether pickup may be chosen: there are packs and every pack's warehouse has a pickup point. */
  canPickup: z.boolean(),
  locationCode: z.string(),
  items: z.array(checkoutItemSchema),
  packs: z.array(checkoutPackSchema),
  promotions: z.array(checkoutPromotionSchema),
  /**
   * What applies and why another does not, for the buyer (ADR 031), e.g.
   * '已享 满1000减60（-¥60.00）；满500减30 不与其同享', '再买 ¥511.00 可享 满2000减150'.
   */
  promotionHints: z.array(z.string()),
  goodsPrice: z.number(),
  promotionsSum: z.number(),
  /** Shipping of every pack. */
  otherPrice: z.number(),
  /**
   * Tax added on top of the goods (spec §3 'Checkout info'): the Chinese cross-border tax, or the Australian GST
   * when the shop's prices exclude it (ADR 038).
   */
  taxPrice: z.number(),
  /** otherPrice + taxPrice (spec §5). */
  allOtherPrice: z.number(),
  /** The Australian GST the amount contains (ADR 038), 0 when none. */
  gstPrice: z.number(),
  /** True when the prices already include the GST ('含GST $x.xx'); false when it is added ('GST $x.xx'). */
  gstIncluded: z.boolean(),
  totalPrice: z.number(),
  /** CNY per AUD used for conversions, '4.7000'. */
  rate: z.string(),
  valid: z.boolean(),
  /** Why the summary is not valid (spec §4), else ''. */
  notForSaleMsg: z.string(),
  /**
   * Paying AUD: the names of the selected lines that have no AUD price. They are left out of the packs (no
   * goods, no freight) and make the summary not valid; paying CNY would bill them (ADR 013).
   */
  notPayableInAud: z.array(z.string()),
});
export type CheckoutSummary = z.infer<typeof checkoutSummarySchema>;

/** salespromotions/promotionsList/: the products a promotion offers (its gift), with their SKUs. */
export const promotionsListRequestSchema = z.strictObject({ id: id.optional(), goodsId: id.optional() });
export const giftProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string(),
  /** Grams of the product's first SKU (spec §7: a gift product detail with skus and weight). */
  weight: z.number().int(),
  skus: z.array(skuSchema),
});
export type GiftProduct = z.infer<typeof giftProductSchema>;
export const promotionsListResponseSchema = z.object({ list: z.array(giftProductSchema) });
export type PromotionsListResponse = z.infer<typeof promotionsListResponseSchema>;

/** The gift product detail by goods id (one of spec §7's two unnamed checkout calls). */
export const giftDetailRequestSchema = z.strictObject({ goodsId: id });
/** The gift check (the other unnamed call, answering a success flag): may this SKU be the promotion's gift? */
export const giftCheckRequestSchema = giftChoiceSchema;
export const giftCheckResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type GiftCheckResponse = z.infer<typeof giftCheckResponseSchema>;

/**
 * salespromotions/running/ (ADR 031; the spec names no such call): the promotions running now in a currency,
 * so the cart can say with the domain's rule (cartPromotionHints) what the order would get and what is
 * worth buying more for. Open to visitors; amounts in major units of the currency.
 */
export const runningPromotionsRequestSchema = z.strictObject({
  currency: z.enum(['AUD', 'CNY'], { error: '币种须为 AUD 或 CNY' }),
});
export const runningPromotionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  promotionsMehtod: z.number().int(),
  currency: z.enum(['AUD', 'CNY']),
  threshold: z.number(),
  reduce: z.number(),
  discountPercent: z.number().int().nullable(),
  /** Empty: every SKU. */
  skuIds: z.array(z.number().int()),
  pairSkuIds: z.array(z.number().int()),
  stackable: z.boolean(),
  priority: z.number().int(),
});
export type RunningPromotion = z.infer<typeof runningPromotionSchema>;
export const runningPromotionsResponseSchema = z.object({ list: z.array(runningPromotionSchema) });
export type RunningPromotionsResponse = z.infer<typeof runningPromotionsResponseSchema>;

/** The shop's GST setting as the cart reads it (ADR 038): public, the same two facts a tax invoice states. */
export const gstSettingResponseSchema = z.object({ registered: z.boolean(), pricesIncludeGst: z.boolean() });
export type GstSettingResponse = z.infer<typeof gstSettingResponseSchema>;
