import { z } from 'zod';
import '../zod-locale';
import { priceBreakSchema, wholesaleFields } from './catalogue';
import { orderPriceSchema } from './payment';
import { text } from './text';

/**
 * Server cart calls (spec §7 'Cart and checkout'; §3 'Cart'; §4 'Cart sync on login'). Amounts on the wire are
 * major units (12.5 = 12.50); the domain's cart rules (guest cart, totals) work in minor units, so a client
 * converts with toMinor when it mixes the two. The batch calls take a bare JSON list, as spec §7 shows them.
 */

const id = z.number({ error: '编号须为数字' }).int('编号须为整数').positive('编号须为正整数');
const websiteId = id.optional();
/** A cart quantity: a positive integer, at most 9999 per line. */
export const cartQtySchema = z
  .number({ error: '购买数量须为数字' })
  .int('购买数量须为大于0的整数')
  .min(1, '购买数量须为大于0的整数')
  .max(9999, '单个商品最多购买9999件');
export const MAX_CART_LINES = 200;

/** A line of the member's cart, priced at the member's level now (prices are never taken from a client). */
export const cartLineSchema = z.object({
  id: z.number().int(),
  skuId: z.number().int(),
  goodsId: z.number().int(),
  /** The product's name (the client adds the location prefix). */
  name: z.string(),
  skuName: z.string(),
  qty: z.number().int(),
  /** The unit prices the line's quantity reaches: its volume price (ADR 050), else the single price. */
  audPrice: z.number().nullable(),
  cnyPrice: z.number().nullable(),
  selected: z.boolean(),
  ...wholesaleFields,
  /**
   * The next volume price and how many more pieces reach it ('再买12件享 ¥25'); null at the top or without breaks.
   * For a product whose breaks count all its SKUs, the pieces are of the product.
   */
  nextBreak: z
    .object({
      minQty: z.number().int(),
      missing: z.number().int(),
      audPrice: z.number().nullable(),
      cnyPrice: z.number().nullable(),
    })
    .nullable(),
  /** Warehouse id 1-9. */
  location: z.number().int(),
  property: z.record(z.string(), z.string()),
  image: z.string(),
  /** SKU status and stock now, so the cart can warn before checkout (spec §4 'Stock display by status'). */
  status: z.number().int(),
  stock: z.number().int(),
  /** A ByBook SKU's expected arrival day ('YYYY-MM-DD', issue #39 '预订'); null when none is set. */
  expectedDate: z.string().nullable(),
  onFlag: z.boolean(),
  /**
   * The currency the line is billed in when paying the request's currency (ADR 013): paying AUD, AUD when it
   * has an AUD price, else CNY (spec §5, named in cartAudTipText); paying CNY, always CNY.
   */
  currency: z.enum(['AUD', 'CNY']),
});
export type ServerCartLine = z.infer<typeof cartLineSchema>;

export const cartListRequestSchema = z.strictObject({
  websiteId,
  /**
   * The currency the buyer is about to pay in (the page currency, ADR 013). Without it the cart is billed as
   * spec §5 reads: AUD where a line has an AUD price, CNY otherwise, with the AUD warning.
   */
  currency: z.enum(['AUD', 'CNY'], { error: '币种须为 AUD 或 CNY' }).optional(),
});
/** cart/list/: spec §3 'Cart' info — data (lines) and totalPrice (strings with 2 decimals) plus the AUD warning. */
export const cartListResponseSchema = z.object({
  data: z.array(cartLineSchema),
  totalPrice: z.object({
    /** Selected lines billed in AUD, '12.50' (none when paying CNY). */
    audPrice: z.string(),
    /** Selected lines billed in CNY, '100.00' (paying CNY: every line, AUD-only ones converted at the rate). */
    cnyPrice: z.string(),
    /** Everything in CNY at the stored exchange rate, '159.38'. */
    allCnyPrice: z.string(),
  }),
  cartAudTipText: z.string(),
  /** CNY per 1 AUD used for allCnyPrice, as a decimal string ('4.7500'). */
  rate: z.string(),
});
export type CartListResponse = z.infer<typeof cartListResponseSchema>;

export const cartAddItemRequestSchema = z.strictObject({ websiteId, skuId: id, qty: cartQtySchema });
export const cartUpdateItemRequestSchema = z
  .strictObject({ id, qty: cartQtySchema.optional(), selected: z.boolean().optional() })
  .refine((v) => v.qty !== undefined || v.selected !== undefined, {
    message: '请提供数量或选中状态',
    path: ['qty'],
  });
export const cartRemoveItemRequestSchema = z.strictObject({ id });

export const cartBatchAddRequestSchema = z
  .array(z.strictObject({ skuId: id, qty: cartQtySchema, websiteId }))
  .min(1, '请至少提供一件商品')
  .max(MAX_CART_LINES, `一次最多提交${MAX_CART_LINES}件商品`);
export const cartBatchUpdateRequestSchema = z
  .array(z.strictObject({ id, qty: cartQtySchema.optional(), selected: z.boolean().optional() }))
  .min(1, '请至少提供一行')
  .max(MAX_CART_LINES, `一次最多提交${MAX_CART_LINES}行`);
export const cartBatchRemoveRequestSchema = z
  .array(id)
  .min(1, '请至少提供一行')
  .max(MAX_CART_LINES, `一次最多提交${MAX_CART_LINES}行`);

/** What a changing cart call answers: the line ids it touched. */
export const cartChangeResponseSchema = z.object({ ids: z.array(z.number().int()) });
export type CartChange = z.infer<typeof cartChangeResponseSchema>;
export type CartUpdateItemRequest = z.input<typeof cartUpdateItemRequestSchema>;
export type CartBatchAddItem = z.input<typeof cartBatchAddRequestSchema>[number];
export type CartBatchUpdateItem = z.input<typeof cartBatchUpdateRequestSchema>[number];

/** parseLines/ as JSON: the text a buyer pasted (a file comes as multipart `file` instead). */
export const cartParseLinesRequestSchema = z.strictObject({
  websiteId,
  text: text({ error: '请粘贴商品编码和数量', multiline: true }).min(1, '请粘贴商品编码和数量'),
});
export type CartParseLinesRequest = z.input<typeof cartParseLinesRequestSchema>;

/** One line of a pasted order's preview (issue #37 contract; domain paste-preview.ts says each status). */
export const pastePreviewLineSchema = z.object({
  line: z.number().int(),
  skuId: z.number().int().nullable(),
  skuCode: z.string(),
  name: z.string(),
  /** The quantity that would be added, after the SKU's rule and stock; 0 when none can be. */
  qty: z.number().int(),
  status: z.enum(['ok', 'adjusted', 'unknown', 'notForSale', 'short']),
  message: z.string(),
  /** Codes near an unknown one, nearest first. */
  suggestions: z.array(z.string()),
  /** The matched SKU's product, warehouse and attributes, so a visitor's local cart can hold the line. */
  goodsId: z.number().int().nullable(),
  goodsName: z.string(),
  location: z.number().int().nullable(),
  property: z.record(z.string(), z.string()),
  /** The matched SKU's main image, stock status and stock, rule, and unit prices at `qty` (its break reached). */
  image: z.string(),
  skuStatus: z.number().int().nullable(),
  stock: z.number().int().nullable(),
  minQty: z.number().int(),
  stepQty: z.number().int(),
  maxQty: z.number().int().nullable(),
  audPrice: z.number().nullable(),
  cnyPrice: z.number().nullable(),
  /**
   * The matched SKU's single-piece prices, volume prices (ascending, empty when none) and whether its product's
   * breaks count all its SKUs, so a visitor's local cart prices the line as the server's cart will.
   */
  singleAudPrice: z.number().nullable(),
  singleCnyPrice: z.number().nullable(),
  priceBreaks: z.array(priceBreakSchema),
  breaksMixed: z.boolean(),
});
export type PastePreviewItem = z.infer<typeof pastePreviewLineSchema>;
export const cartParseLinesResponseSchema = z.object({ items: z.array(pastePreviewLineSchema) });
export type CartParseLinesResponse = z.infer<typeof cartParseLinesResponseSchema>;

/** The exchange rate the shop uses for CNY equivalents of AUD amounts (docs/design.md 'Money'). */
export const ratePriceResponseSchema = z.object({
  /** CNY per 1 AUD, decimal string with 4 places. */
  rate: z.string(),
  updatedAt: z.string(),
  /** With an orderId in the request: the order's amount due in the chosen currency (contracts/payment.ts). */
  order: orderPriceSchema.optional(),
});
export type RatePriceResponse = z.infer<typeof ratePriceResponseSchema>;
