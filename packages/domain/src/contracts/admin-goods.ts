import { z } from 'zod';
import '../zod-locale';
import { isCalendarDay } from '../calendar-day';
import { Currency } from '../constants';
import { gtinProblem, normalizeGtin } from '../gtin';
import { SKU_VALUE_SEPARATOR } from '../properties';
import { qtyRuleProblem } from '../quantity-rule';
import { SkuStatus } from '../sku-status';
import { Warehouse } from '../warehouse';
import { consolePageNo, consolePageSize } from './paging';
import { text } from './text';

/**
 * The console's goods (商品, permission catalogue.edit: owner and content; issue 'Staff console' part 2): every
 * product on or off the shelf, filtered as the content team looks for them, and put on or off the shelf in a
 * batch (the same function as `goods:shelf`).
 */
export const AdminGoodsPaths = {
  list: '/api/adminService/goods/list/',
  /** Puts many goods on or off the shelf at once. */
  shelf: '/api/adminService/goods/shelf/',
  /** Everything the editor needs to change one good: names, images, attributes, SKUs and their prices. */
  detail: '/api/adminService/goods/detail/',
  /** Creates a good (no id) or changes one (id and the updateTime it loaded), all in one transaction. */
  save: '/api/adminService/goods/save/',
  /** Stores one picture for a good (multipart, field image); answers the stored path. */
  upload: '/api/adminService/goods/upload/',
} as const;

/** What the goods' SKUs leave to buy: some SKU sold out or running low, or nothing buyable at all. */
export const GOODS_STOCK_FILTERS = ['low', 'soldOut'] as const;
export type GoodsStockFilter = (typeof GOODS_STOCK_FILTERS)[number];

const warehouseIds = Object.values(Warehouse) as number[];
const positiveId = (label: string) =>
  z
    .number({ error: `${label}须为整数` })
    .int(`${label}须为整数`)
    .positive(`${label}须为正整数`);

export const adminGoodsListRequestSchema = z.strictObject({
  pageNo: consolePageNo,
  pageSize: consolePageSize,
  /** Part of the name (Chinese or English), the goods code or a SKU code (any case). */
  keyword: text({ trim: true }).max(64, '关键词最多64个字符').optional(),
  /** A category and everything below it. */
  categoryId: positiveId('分类').optional(),
  brandId: positiveId('品牌').optional(),
  warehouse: z
    .number({ error: '仓库编号须为整数' })
    .int('仓库编号须为整数')
    .refine((v) => warehouseIds.includes(v), '未知的仓库')
    .optional(),
  onShelf: z.boolean({ error: 'onShelf 须为 true 或 false' }).optional(),
  stock: z.enum(GOODS_STOCK_FILTERS, { error: '库存状态须为 low 或 soldOut' }).optional(),
});
export type AdminGoodsListRequest = z.input<typeof adminGoodsListRequestSchema>;

export const adminGoodsRowSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  /** The main picture's path, '' when none. */
  image: z.string(),
  brandName: z.string(),
  categoryName: z.string(),
  location: z.number().int(),
  warehouseName: z.string(),
  onShelf: z.boolean(),
  skuCount: z.number().int(),
  /** SKUs a buyer can put in the cart now (spec §4 'ByStock' …). */
  buyableSkuCount: z.number().int(),
  /** The fewest left of its SKUs sold by stock count; null when none is. */
  lowestStock: z.number().int().nullable(),
  updateTime: z.string(),
});
export type AdminGoodsRow = z.infer<typeof adminGoodsRowSchema>;
export const adminGoodsListResponseSchema = z.object({
  items: z.array(adminGoodsRowSchema),
  totalCount: z.number().int(),
});
export type AdminGoodsListResponse = z.infer<typeof adminGoodsListResponseSchema>;

export const adminGoodsShelfRequestSchema = z.strictObject({
  ids: z
    .array(positiveId('商品编号'), { error: '请选择商品' })
    .min(1, '请选择商品')
    .max(200, '一次最多200个商品')
    .refine((ids) => new Set(ids).size === ids.length, '商品编号重复'),
  onShelf: z.boolean({ error: '请指定上架或下架' }),
});
export type AdminGoodsShelfRequest = z.infer<typeof adminGoodsShelfRequestSchema>;
export const adminGoodsShelfResponseSchema = z.object({
  /** How many goods changed; the others already were so. */
  changed: z.number().int(),
  goods: z.array(
    z.object({ id: z.number().int(), code: z.string(), name: z.string(), onShelf: z.boolean() }),
  ),
});
export type AdminGoodsShelfResponse = z.infer<typeof adminGoodsShelfResponseSchema>;

// ---- One good in the editor (catalogue.edit) ----

/** The member levels the editor prices for (spec §9: default level 37; wholesale 38 and 39). */
export const PRICE_LEVELS = [37, 38, 39] as const;
export type PriceLevel = (typeof PRICE_LEVELS)[number];
/** The currencies a SKU is priced in, AUD first as the console shows them. */
export const PRICE_CURRENCIES = [Currency.AUD, Currency.CNY] as const;

/** Pictures of a good (spec §3 'Product detail'): gallery (the first is the main one), real photos, content. */
export const GOODS_IMAGE_KINDS = ['good', 'real', 'content'] as const;
export type GoodsImageKind = (typeof GOODS_IMAGE_KINDS)[number];
export const GOODS_IMAGE_KIND_LABELS: Readonly<Record<GoodsImageKind, string>> = {
  good: '商品图',
  real: '实拍图',
  content: '详情图',
};

/** Limits of one good in the editor. */
export const GOODS_EDIT_LIMITS = {
  images: 30,
  attributes: 3,
  valuesPerAttribute: 30,
  skus: 200,
  contentChars: 100_000,
  /** Grams. */
  weightMax: 1_000_000,
  stockMax: 10_000_000,
  /** Minor units (cents, fen): 10 million dollars or yuan. */
  priceMax: 1_000_000_000,
} as const;

const skuStatuses = Object.values(SkuStatus) as number[];
/** A stored image path ('goods/…/x.jpg'): letters, digits, '-', '_', '.' and '/', never '..'. */
const imagePathSchema = text({ error: '图片路径无效' })
  .min(1, '图片路径无效')
  .max(255, '图片路径无效')
  .regex(/^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_.-]+)+$/, '图片路径无效')
  .refine((p) => !p.includes('..'), '图片路径无效');

const codeSchema = (label: string) =>
  text({ error: `请填写${label}`, trim: true })
    .min(1, `请填写${label}`)
    .max(40, `${label}最多40个字符`)
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, `${label}只能包含字母、数字、-、_ 和 .`);

const attributeNameSchema = text({ error: '请填写规格名', trim: true })
  .min(1, '请填写规格名')
  .max(20, '规格名最多20个字符')
  .refine((v) => !v.includes(SKU_VALUE_SEPARATOR), '规格名不能包含 ;$%*');
const attributeValueSchema = text({ error: '请填写规格值', trim: true })
  .min(1, '请填写规格值')
  .max(40, '规格值最多40个字符')
  .refine((v) => !v.includes(SKU_VALUE_SEPARATOR), '规格值不能包含 ;$%*');

const wholeNumber = (label: string, max: number) =>
  z
    .number({ error: `${label}须为不小于0的整数` })
    .int(`${label}须为不小于0的整数`)
    .min(0, `${label}须为不小于0的整数`)
    .max(max, `${label}最多 ${max}`);

/** A price in minor units (cents, fen) for one currency and member level. */
export const goodsPriceSchema = z.strictObject({
  currency: z.enum(PRICE_CURRENCIES, { error: '币种须为 AUD 或 CNY' }),
  level: z.literal(PRICE_LEVELS, { error: '会员等级须为 37、38 或 39' }),
  amount: wholeNumber('价格', GOODS_EDIT_LIMITS.priceMax),
});
export type GoodsPrice = z.infer<typeof goodsPriceSchema>;

/** Most volume prices one SKU may have per currency and level. */
export const MAX_BREAKS_PER_PRICE = 10;

/** A volume price (ADR 050): from `minQty` pieces on, `amount` minor units in a currency at a member level. */
export const goodsBreakSchema = z.strictObject({
  currency: z.enum(PRICE_CURRENCIES, { error: '币种须为 AUD 或 CNY' }),
  level: z.literal(PRICE_LEVELS, { error: '会员等级须为 37、38 或 39' }),
  minQty: z
    .number({ error: '阶梯价的起始数量须为不小于2的整数' })
    .int('阶梯价的起始数量须为不小于2的整数')
    .min(2, '阶梯价的起始数量须为不小于2的整数')
    .max(9999, '阶梯价的起始数量最多 9999'),
  amount: wholeNumber('阶梯价', GOODS_EDIT_LIMITS.priceMax).min(1, '阶梯价须大于0'),
});
export type GoodsBreak = z.infer<typeof goodsBreakSchema>;

/** A quantity of a SKU's rule: a whole number from 1 to 9999. */
const ruleQty = (label: string) =>
  z
    .number({ error: `${label}须为正整数` })
    .int(`${label}须为正整数`)
    .min(1, `${label}须为正整数`)
    .max(9999, `${label}最多 9999`);

export const goodsImageSchema = z.strictObject({
  path: imagePathSchema,
  kind: z.enum(GOODS_IMAGE_KINDS, { error: '图片类型须为商品图、实拍图或详情图' }),
});
export type GoodsImage = z.infer<typeof goodsImageSchema>;

export const goodsAttributeSchema = z.strictObject({
  name: attributeNameSchema,
  values: z
    .array(attributeValueSchema, { error: '请填写规格值' })
    .min(1, '每个规格至少一个值')
    .max(GOODS_EDIT_LIMITS.valuesPerAttribute, `每个规格最多${GOODS_EDIT_LIMITS.valuesPerAttribute}个值`)
    .refine((v) => new Set(v).size === v.length, '规格值重复'),
});
export type GoodsAttribute = z.infer<typeof goodsAttributeSchema>;

export const goodsSkuInputSchema = z.strictObject({
  /** Absent for a new SKU. */
  id: positiveId('SKU 编号').optional(),
  code: codeSchema('SKU 编码'),
  /** Shown in the cart and orders; '' is filled from the attribute values. */
  name: text({ trim: true }).max(200, 'SKU 名称最多200个字符').optional(),
  property: z.record(text({ error: 'SKU 规格无效' }), attributeValueSchema, { error: 'SKU 规格无效' }),
  weight: wholeNumber('重量', GOODS_EDIT_LIMITS.weightMax),
  status: z
    .number({ error: '请选择销售状态' })
    .int('请选择销售状态')
    .refine((v) => skuStatuses.includes(v), '未知的销售状态'),
  stock: wholeNumber('库存', GOODS_EDIT_LIMITS.stockMax),
  /**
   * The stock the editor loaded (absent for a new SKU). Stock is written only when it differs from this, so
   * orders and the 库存 page's changes made meanwhile are never overwritten by an untouched field.
   */
  loadedStock: z.number().int().min(0).optional(),
  prices: z
    .array(goodsPriceSchema)
    .max(PRICE_LEVELS.length * PRICE_CURRENCIES.length)
    .refine(
      (ps) => new Set(ps.map((p) => `${p.currency}${p.level}`)).size === ps.length,
      '同一币种和等级的价格重复',
    ),
  /** The quantity rule (ADR 050): the fewest pieces, the case pack, the most (null: no limit). */
  minQty: ruleQty('起订量').default(1),
  stepQty: ruleQty('每箱件数').default(1),
  maxQty: ruleQty('限购数量').nullable().default(null),
  /** The SKU's GS1 barcode (gtin.ts) as typed, spaces and full-width digits allowed; empty or null for none. */
  barcode: text({ error: '条码无效' })
    .max(40, '条码无效')
    .nullable()
    .default(null)
    .transform((v) => (v === null || v.trim() === '' ? null : normalizeGtin(v))),
  /**
   * A ByBook SKU's expected arrival day ('YYYY-MM-DD', issue #39 '预订'), shown with 预订 on the product page, the
   * cart and waiting orders; null or empty for none.
   */
  expectedDate: text({ error: '预计到货日期无效' })
    .nullable()
    .default(null)
    .transform((v) => (v === null || v.trim() === '' ? null : v.trim()))
    .refine((v) => v === null || isCalendarDay(v), '预计到货日期须为有效日期（yyyy-MM-dd）'),
  /** Volume prices per currency and level. */
  breaks: z
    .array(goodsBreakSchema)
    .max(MAX_BREAKS_PER_PRICE * PRICE_LEVELS.length * PRICE_CURRENCIES.length)
    .default([]),
});
export type GoodsSkuInput = z.input<typeof goodsSkuInputSchema>;

/**
 * Why a SKU's volume prices cannot be saved, or null: each starting quantity once per currency and level, at most
 * MAX_BREAKS_PER_PRICE of them, and only in a currency and level the SKU has a single price in (a break lowers a
 * price; it is not one of its own).
 */
export function goodsBreaksProblem(
  breaks: readonly GoodsBreak[],
  prices: readonly { currency: string; level: number }[],
): string | null {
  const seen = new Set<string>();
  const perPrice = new Map<string, number>();
  for (const entry of breaks) {
    const price = `${entry.currency}${entry.level}`;
    if (!prices.some((p) => `${p.currency}${p.level}` === price))
      return `${entry.level}级 ${entry.currency} 没有单价，不能设置阶梯价`;
    const key = `${price}:${entry.minQty}`;
    if (seen.has(key)) return `${entry.level}级 ${entry.currency} 的阶梯价起始数量 ${entry.minQty} 重复`;
    seen.add(key);
    perPrice.set(price, (perPrice.get(price) ?? 0) + 1);
    if ((perPrice.get(price) ?? 0) > MAX_BREAKS_PER_PRICE)
      return `每个币种和等级最多${MAX_BREAKS_PER_PRICE}档阶梯价`;
  }
  return null;
}

/** The combination of attribute values a SKU stands for, in the attributes' order ('红;$%*500g'). */
export function skuCombinationKey(
  attributes: readonly { name: string }[],
  property: Record<string, string>,
): string {
  return attributes.map((a) => property[a.name] ?? '').join(SKU_VALUE_SEPARATOR);
}

export const adminGoodsSaveRequestSchema = z
  .strictObject({
    /** Absent to create a good. */
    id: positiveId('商品编号').optional(),
    /** The updateTime the editor loaded; required to change a good, so a stale form cannot overwrite. */
    updateTime: text({ error: '更新时间无效' })
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, '更新时间无效')
      .optional(),
    code: codeSchema('商品编码'),
    name: text({ error: '请填写中文名称', trim: true })
      .min(1, '请填写中文名称')
      .max(200, '中文名称最多200个字符'),
    nameEn: text({ trim: true }).max(200, '英文名称最多200个字符'),
    brandId: positiveId('品牌').nullable(),
    categoryId: positiveId('分类'),
    location: z
      .number({ error: '请选择仓库' })
      .int('请选择仓库')
      .refine((v) => warehouseIds.includes(v), '未知的仓库'),
    onShelf: z.boolean({ error: '请指定是否上架' }),
    /** Rich HTML; the server keeps only what the storefront may show (scripts and event attributes go). */
    content: text({ multiline: true }).max(
      GOODS_EDIT_LIMITS.contentChars,
      `描述最多${GOODS_EDIT_LIMITS.contentChars}个字符`,
    ),
    images: z
      .array(goodsImageSchema)
      .max(GOODS_EDIT_LIMITS.images, `最多${GOODS_EDIT_LIMITS.images}张图片`)
      .refine((v) => new Set(v.map((i) => i.path)).size === v.length, '图片重复'),
    attributes: z
      .array(goodsAttributeSchema)
      .max(GOODS_EDIT_LIMITS.attributes, `最多${GOODS_EDIT_LIMITS.attributes}个规格`)
      .refine((v) => new Set(v.map((a) => a.name)).size === v.length, '规格名重复'),
    skus: z
      .array(goodsSkuInputSchema, { error: '请至少添加一个 SKU' })
      .min(1, '请至少添加一个 SKU')
      .max(GOODS_EDIT_LIMITS.skus, `最多${GOODS_EDIT_LIMITS.skus}个 SKU`),
    /** Whether the volume prices count the quantities of all the good's SKUs together (mix and match). */
    breaksMixed: z.boolean({ error: '请指定阶梯价是否混批计算' }).default(false),
  })
  .superRefine((good, ctx) => {
    good.skus.forEach((sku, i) => {
      const ruleProblem = qtyRuleProblem({ minQty: sku.minQty, stepQty: sku.stepQty, maxQty: sku.maxQty });
      if (ruleProblem)
        ctx.addIssue({
          code: 'custom',
          path: ['skus', i, 'maxQty'],
          message: `SKU ${sku.code}：${ruleProblem}`,
        });
      const barcodeProblem = sku.barcode === null ? null : gtinProblem(sku.barcode);
      if (barcodeProblem)
        ctx.addIssue({
          code: 'custom',
          path: ['skus', i, 'barcode'],
          message: `SKU ${sku.code}：${barcodeProblem}`,
        });
      const breakProblem = goodsBreaksProblem(sku.breaks, sku.prices);
      if (breakProblem)
        ctx.addIssue({
          code: 'custom',
          path: ['skus', i, 'breaks'],
          message: `SKU ${sku.code}：${breakProblem}`,
        });
    });
    if (good.id !== undefined && good.updateTime === undefined)
      ctx.addIssue({ code: 'custom', path: ['updateTime'], message: '缺少更新时间，请重新打开商品再保存' });
    const codes = new Set<string>();
    const barcodes = new Set<string>();
    const combinations = new Set<string>();
    const names = good.attributes.map((a) => a.name);
    good.skus.forEach((sku, i) => {
      const upper = sku.code.toUpperCase();
      if (codes.has(upper))
        ctx.addIssue({ code: 'custom', path: ['skus', i, 'code'], message: `SKU 编码重复：${sku.code}` });
      codes.add(upper);
      if (sku.barcode !== null) {
        if (barcodes.has(sku.barcode))
          ctx.addIssue({ code: 'custom', path: ['skus', i, 'barcode'], message: `条码重复：${sku.barcode}` });
        barcodes.add(sku.barcode);
      }
      const keys = Object.keys(sku.property);
      const fits =
        keys.length === names.length &&
        good.attributes.every((a) => a.values.includes(sku.property[a.name] ?? ''));
      if (!fits) {
        ctx.addIssue({
          code: 'custom',
          path: ['skus', i, 'property'],
          message: `SKU ${sku.code} 的规格与商品规格不一致`,
        });
        return;
      }
      const key = skuCombinationKey(good.attributes, sku.property);
      if (combinations.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['skus', i, 'property'],
          message: `规格组合重复：${names.map((n) => sku.property[n]).join(' / ') || '无规格'}`,
        });
      combinations.add(key);
    });
  });
export type AdminGoodsSaveRequest = z.input<typeof adminGoodsSaveRequestSchema>;

export const adminGoodsDetailRequestSchema = z.strictObject({ id: positiveId('商品编号') });
export type AdminGoodsDetailRequest = z.infer<typeof adminGoodsDetailRequestSchema>;

export const adminGoodsSkuSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  property: z.record(z.string(), z.string()),
  weight: z.number().int(),
  status: z.number().int(),
  stock: z.number().int(),
  sort: z.number().int(),
  /** Whether orders hold this SKU: then it is never deleted, only made not for sale. */
  ordered: z.boolean(),
  /** GS1 barcode, digits only; null when none. */
  barcode: z.string().nullable(),
  /** A ByBook SKU's expected arrival day ('YYYY-MM-DD'); null when none. */
  expectedDate: z.string().nullable(),
  minQty: z.number().int(),
  stepQty: z.number().int(),
  maxQty: z.number().int().nullable(),
  /** Volume prices, minor units, by currency, level and starting quantity. */
  breaks: z.array(
    z.object({
      currency: z.enum(PRICE_CURRENCIES),
      level: z.number().int(),
      minQty: z.number().int(),
      amount: z.number().int(),
    }),
  ),
  prices: z.array(
    z.object({
      currency: z.enum(PRICE_CURRENCIES),
      level: z.number().int(),
      amount: z.number().int(),
    }),
  ),
});
export type AdminGoodsSku = z.infer<typeof adminGoodsSkuSchema>;

export const adminGoodsDetailSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  brandId: z.number().int().nullable(),
  categoryId: z.number().int(),
  /** The category and its parents, from the root: the cascader's value. */
  categoryPath: z.array(z.number().int()),
  location: z.number().int(),
  onShelf: z.boolean(),
  content: z.string(),
  /** In display order per kind; the first 'good' one is the main picture. */
  images: z.array(z.object({ path: z.string(), kind: z.enum(GOODS_IMAGE_KINDS) })),
  /** Attribute names in display order with their values, from the SKUs' property maps. */
  attributes: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  skus: z.array(adminGoodsSkuSchema),
  /** Whether the volume prices count all the good's SKUs together. */
  breaksMixed: z.boolean(),
  updateTime: z.string(),
});
export type AdminGoodsDetail = z.infer<typeof adminGoodsDetailSchema>;

export const adminGoodsSaveResponseSchema = adminGoodsDetailSchema.extend({
  /** SKUs taken out of the matrix that orders hold: kept, and made not for sale. */
  retiredSkuCodes: z.array(z.string()),
});
export type AdminGoodsSaveResponse = z.infer<typeof adminGoodsSaveResponseSchema>;

/** An upload's text fields: none; anything else sent beside the image is refused. */
export const adminGoodsUploadFieldsSchema = z.strictObject({});

export const adminGoodsUploadResponseSchema = z.object({ path: z.string() });
export type AdminGoodsUploadResponse = z.infer<typeof adminGoodsUploadResponseSchema>;

// ---- Warehouses (catalogue.edit) ----

/** The nine warehouses and their pickup desks (spec §4 'Setting pickup stores'), as `warehouse:pickup`. */
export const AdminWarehousePaths = {
  list: '/api/adminService/warehouse/list/',
  /** Opens a warehouse's pickup desk, or changes its address, hours and phone. */
  pickup: '/api/adminService/warehouse/pickup/',
  /** Closes the desk; its address is kept for next time. */
  pickupOff: '/api/adminService/warehouse/pickupOff/',
} as const;

const warehouseIdSchema = z
  .number({ error: '请选择仓库' })
  .int('请选择仓库')
  .refine((v) => warehouseIds.includes(v), '未知的仓库');

export const adminWarehouseSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** The desk, open or closed; null when the warehouse never had one. */
  pickup: z
    .object({ enabled: z.boolean(), address: z.string(), hours: z.string(), phone: z.string() })
    .nullable(),
});
export type AdminWarehouse = z.infer<typeof adminWarehouseSchema>;
export const adminWarehouseListResponseSchema = z.object({ items: z.array(adminWarehouseSchema) });
export type AdminWarehouseListResponse = z.infer<typeof adminWarehouseListResponseSchema>;

export const adminWarehousePickupRequestSchema = z.strictObject({
  warehouse: warehouseIdSchema,
  address: text({ error: '请填写自提地址', trim: true })
    .min(1, '请填写自提地址')
    .max(200, '自提地址最多200个字符'),
  hours: text({ error: '请填写自提营业时间', trim: true })
    .min(1, '请填写自提营业时间')
    .max(100, '营业时间最多100个字符'),
  phone: text({ trim: true }).max(40, '联系电话最多40个字符').optional(),
});
export type AdminWarehousePickupRequest = z.input<typeof adminWarehousePickupRequestSchema>;
export const adminWarehouseIdRequestSchema = z.strictObject({ warehouse: warehouseIdSchema });
