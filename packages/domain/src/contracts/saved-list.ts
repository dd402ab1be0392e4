import { z } from 'zod';
import '../zod-locale';
import { text } from './text';

/**
 * Saved lists (常购清单 '我的清单', issue #37 part 4): a member's named lists of SKUs and quantities, kept on the
 * server so every device sees them, private to the member. Quantities follow each SKU's rule (ADR 050); amounts are
 * numbers in major units with at most 2 decimals, as everywhere on the wire.
 */

/** Most lists one member keeps. */
export const SAVED_LIST_LIMIT = 50;
/** Most lines (SKUs) one list holds. */
export const SAVED_LIST_LINE_LIMIT = 500;
/** Longest list name, in characters. */
export const SAVED_LIST_NAME_MAX = 40;
/** Most pieces of one line (the cart's own line maximum). */
export const SAVED_LIST_QTY_MAX = 9999;

const id = z.number({ error: '编号须为数字' }).int('编号须为整数').positive('编号须为正整数');
const amount = z.number().describe('金额（元，两位小数）');

/** A list's name (`listName` on the wire, so a refusal says 清单名称): trimmed, 1 to 40 characters. */
export const savedListNameSchema = text({ error: '请填写', trim: true })
  .min(1, '请填写')
  .max(SAVED_LIST_NAME_MAX, `最多${SAVED_LIST_NAME_MAX}个字`);

const qtySchema = z
  .number({ error: '数量须为数字' })
  .int('数量须为整数')
  .min(1, '数量须大于0')
  .max(SAVED_LIST_QTY_MAX, `单个商品最多${SAVED_LIST_QTY_MAX}件`);

/** A line as the member gives it: a SKU and its quantity. */
export const savedListItemSchema = z.strictObject({ skuId: id, qty: qtySchema });
export type SavedListItem = z.infer<typeof savedListItemSchema>;

const itemsSchema = z
  .array(savedListItemSchema, { error: '清单商品须为数组' })
  .max(SAVED_LIST_LINE_LIMIT, `一个清单最多${SAVED_LIST_LINE_LIMIT}种`);

export const savedListListRequestSchema = z.strictObject({ websiteId: id.optional() });

/** A list as the list page shows it. */
export const savedListSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** How many SKUs it holds. */
  lineCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedListSummary = z.infer<typeof savedListSummarySchema>;

export const savedListListResponseSchema = z.object({
  items: z.array(savedListSummarySchema),
  /** Most lists a member may keep. */
  limit: z.number().int(),
});
export type SavedListListResponse = z.infer<typeof savedListListResponseSchema>;

export const savedListIdRequestSchema = z.strictObject({ id, websiteId: id.optional() });
export type SavedListIdRequest = z.input<typeof savedListIdRequestSchema>;

/** One line of a list with its SKU today: the rule, stock, shelf state and unit prices of the member's level. */
export const savedListLineSchema = z.object({
  skuId: z.number().int(),
  /** The SKU's code ('' when the shop no longer has the SKU). */
  code: z.string(),
  goodsId: z.number().int(),
  name: z.string(),
  skuName: z.string(),
  property: z.record(z.string(), z.string()),
  image: z.string(),
  location: z.number().int(),
  qty: z.number().int(),
  minQty: z.number().int(),
  stepQty: z.number().int(),
  maxQty: z.number().int().nullable(),
  status: z.number().int(),
  stock: z.number().int(),
  onFlag: z.boolean(),
  /** Unit prices now at the member's level, at the volume price the line's quantity reaches (ADR 050). */
  audPrice: amount.nullable(),
  cnyPrice: amount.nullable(),
  /** Why the line cannot go into the cart as it is now (off the shelf, sold out, its rule changed), or null. */
  problem: z.string().nullable(),
});
export type SavedListLine = z.infer<typeof savedListLineSchema>;

export const savedListDetailSchema = savedListSummarySchema.extend({ lines: z.array(savedListLineSchema) });
export type SavedListDetail = z.infer<typeof savedListDetailSchema>;

/** save/: a new list of the given lines (the cart, its selected lines, or chosen SKUs). */
export const savedListSaveRequestSchema = z.strictObject({
  listName: savedListNameSchema,
  items: itemsSchema.min(1, '至少要有一种'),
  websiteId: id.optional(),
});
export type SavedListSaveRequest = z.input<typeof savedListSaveRequestSchema>;

/** A SKU added to a list by its code (the code as the shop prints it; letters in any case). */
export const savedListAddByCodeSchema = z.strictObject({
  code: text({ error: '请填写商品编码', trim: true })
    .min(1, '请填写商品编码')
    .max(64, '商品编码最多64个字符'),
  qty: qtySchema,
});

/**
 * update/: a new name, the list's lines as they are to be (a line left out is removed; quantities as given), and
 * SKUs added by code (added to a line already there). At least one of them.
 */
export const savedListUpdateRequestSchema = z
  .strictObject({
    id,
    listName: savedListNameSchema.optional(),
    items: itemsSchema.optional(),
    add: z.array(savedListAddByCodeSchema).max(50, '一次最多按编码添加50种商品').optional(),
    websiteId: id.optional(),
  })
  .refine((b) => b.listName !== undefined || b.items !== undefined || b.add !== undefined, {
    message: '请提供要修改的名称或商品',
  });
export type SavedListUpdateRequest = z.input<typeof savedListUpdateRequestSchema>;

/** addToCart/: the cart lines written, and the goods that cannot be bought now with the reason (as repurchase/). */
export const savedListAddToCartResponseSchema = z.object({
  ids: z.array(z.number().int()),
  unavailable: z.array(z.object({ skuId: z.number().int(), name: z.string(), reason: z.string() })),
});
export type SavedListAddToCartResponse = z.infer<typeof savedListAddToCartResponseSchema>;

/** fromOrder/: a new list of one of the member's orders' goods (gifts aside). */
export const savedListFromOrderRequestSchema = z.strictObject({
  orderId: id,
  listName: savedListNameSchema,
  websiteId: id.optional(),
});
export type SavedListFromOrderRequest = z.input<typeof savedListFromOrderRequestSchema>;
