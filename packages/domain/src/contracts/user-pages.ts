import { z } from 'zod';
import '../zod-locale';
import { OrderStatus } from '../order-status';
import { priceBreakSchema } from './catalogue';

/**
 * The buyer's workspace (/user/products 快速订货, /user/order 常购清单, /user/packing 装箱单; ADR 018).
 * Amounts are numbers in major units with at most 2 decimals, as everywhere on the wire.
 */

const id = z.number({ error: '编号须为数字' }).int('编号须为整数').positive('编号须为正整数');
const amount = z.number().describe('金额（元，两位小数）');

// ---------------------------------------------------------------- quick order

export const quickOrderListRequestSchema = z.strictObject({ websiteId: id.optional() });

/** One SKU on the shelf as the quick-order sheet shows it; prices of the caller's level (visitor: level 37). */
export const quickOrderRowSchema = z.object({
  skuId: z.number().int(),
  goodsId: z.number().int(),
  /** The product name without its warehouse prefix. */
  name: z.string(),
  skuName: z.string(),
  /** SKU code. */
  code: z.string(),
  property: z.record(z.string(), z.string()),
  location: z.number().int(),
  brandId: z.number().int().nullable(),
  brandName: z.string(),
  /** The product's category and its ancestors, root first (the category filter takes a whole subtree). */
  categoryIds: z.array(z.number().int()),
  image: z.string(),
  status: z.number().int(),
  stock: z.number().int(),
  audPrice: amount.nullable(),
  cnyPrice: amount.nullable(),
  /** The SKU's quantity rule (ADR 050): the sheet's quantities follow it. */
  minQty: z.number().int(),
  stepQty: z.number().int(),
  maxQty: z.number().int().nullable(),
  /**
   * Its volume prices at the caller's level, ascending (empty when none), and whether its product's breaks count
   * all its SKUs: a visitor's cart prices the lines the sheet adds as the server's cart will.
   */
  priceBreaks: z.array(priceBreakSchema),
  breaksMixed: z.boolean(),
});
export type QuickOrderRow = z.infer<typeof quickOrderRowSchema>;

export const quickOrderListResponseSchema = z.object({
  /** The catalogue version the rows were read at (ADR 011). */
  version: z.string(),
  /** The member level whose prices these are. */
  level: z.number().int(),
  items: z.array(quickOrderRowSchema),
});
export type QuickOrderListResponse = z.infer<typeof quickOrderListResponseSchema>;

/** Most rows one quick-order export holds (the whole sheet of a large catalogue). */
export const QUICK_ORDER_EXPORT_MAX = 20_000;

/** exportQuickOrder/: the rows of the sheet as the buyer sees them (filtered, sorted), with the quantities typed. */
export const exportQuickOrderRequestSchema = z.strictObject({
  items: z
    .array(
      z.strictObject({
        skuId: id,
        qty: z.number().int('数量须为整数').min(0, '数量不能为负数').max(99_999, '数量最多99999').default(0),
      }),
      { error: '缺少要导出的商品' },
    )
    .min(1, '没有要导出的商品')
    .max(QUICK_ORDER_EXPORT_MAX, `一次最多导出${QUICK_ORDER_EXPORT_MAX}行`),
});
export type ExportQuickOrderRequest = z.input<typeof exportQuickOrderRequestSchema>;

// ---------------------------------------------------------------- bought SKUs (常购清单)

export const boughtSkusRequestSchema = z.strictObject({
  websiteId: id.optional(),
  /** Most SKUs to return, most often bought first. */
  limit: z
    .number({ error: '条数须为数字' })
    .int('条数须为整数')
    .min(1, '条数须大于0')
    .max(500, '最多500条')
    .default(200),
});

/** Today's state of a bought SKU; null when the shop no longer has it. */
export const boughtSkuTodaySchema = z.object({
  goodsId: z.number().int(),
  name: z.string(),
  skuName: z.string(),
  property: z.record(z.string(), z.string()),
  location: z.number().int(),
  image: z.string(),
  onFlag: z.boolean(),
  status: z.number().int(),
  stock: z.number().int(),
  audPrice: amount.nullable(),
  cnyPrice: amount.nullable(),
  /** The SKU's quantity rule today (ADR 050): the page's quantities and buying again follow it. */
  minQty: z.number().int(),
  stepQty: z.number().int(),
  maxQty: z.number().int().nullable(),
});

export const boughtSkuSchema = z.object({
  /** Null for an old order's line that matches no SKU of today's catalogue. */
  skuId: z.number().int().nullable(),
  /** As it was ordered. */
  name: z.string(),
  skuName: z.string(),
  /** Orders and old orders it was in (cancelled ones not counted). */
  timesBought: z.number().int(),
  lastQty: z.number().int(),
  lastPrice: amount,
  lastCurrency: z.enum(['AUD', 'CNY']),
  lastOrderedAt: z.string(),
  today: boughtSkuTodaySchema.nullable(),
});
export type BoughtSku = z.infer<typeof boughtSkuSchema>;
export const boughtSkusResponseSchema = z.object({ items: z.array(boughtSkuSchema) });
export type BoughtSkusResponse = z.infer<typeof boughtSkusResponseSchema>;

// ---------------------------------------------------------------- packing lists (装箱单)

/** Pack statuses with a packing list: ready (awaiting dispatch) and every shipped state after it. */
export const PACKING_STATUSES: readonly number[] = [
  OrderStatus.AwaitingDispatch,
  OrderStatus.Shipped,
  OrderStatus.AwaitingPickup,
  OrderStatus.InTransit,
  OrderStatus.Finished,
];

export const packingListRequestSchema = z.strictObject({
  websiteId: id.optional(),
  pageNo: z.number({ error: '页码须为数字' }).int('页码须为整数').min(1, '页码须大于0').default(1),
  pageSize: z
    .number({ error: '每页条数须为数字' })
    .int('每页条数须为整数')
    .min(1, '每页条数须大于0')
    .max(50, '每页最多50条')
    .default(20),
  /** One of PACKING_STATUSES; absent = all of them. */
  status: z
    .number({ error: '状态须为数字' })
    .int('状态须为整数')
    .refine((s) => PACKING_STATUSES.includes(s), '只能查询待发货或已发货的包裹')
    .optional(),
});
export type PackingListRequest = z.input<typeof packingListRequestSchema>;

export const packingItemSchema = z.object({
  skuId: z.number().int(),
  name: z.string(),
  skuName: z.string(),
  property: z.record(z.string(), z.string()),
  qty: z.number().int(),
  /** Grams per unit. */
  weight: z.number().int(),
  isGift: z.boolean(),
});

export const packingPackSchema = z.object({
  /** The pack's id. */
  id: z.number().int(),
  orderId: z.number().int(),
  orderNo: z.string(),
  /** 1-based number of the pack in its order. */
  packNo: z.number().int(),
  packCount: z.number().int(),
  location: z.number().int(),
  status: z.number().int(),
  courierName: z.string(),
  logisticCode: z.string(),
  /** Grams: the pack's weight as checkout weighed it. */
  weight: z.number().int(),
  pieces: z.number().int(),
  receiverName: z.string(),
  isPickup: z.boolean(),
  shippedAt: z.string().nullable(),
  orderedAt: z.string(),
  items: z.array(packingItemSchema),
});
export type PackingPack = z.infer<typeof packingPackSchema>;

export const packingListResponseSchema = z.object({
  items: z.array(packingPackSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
});
export type PackingListResponse = z.infer<typeof packingListResponseSchema>;

/** exportPackingList/: the given packs of the caller (all their ready or shipped packs when none are named). */
export const exportPackingListRequestSchema = z.strictObject({
  ids: z.array(id, { error: '包裹编号须为数组' }).max(200, '一次最多导出200个包裹').optional(),
});
