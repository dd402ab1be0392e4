import { z } from 'zod';
import '../zod-locale';
import { GoodsOrderByType, OrderByTendency } from '../catalogue-constants';
import { MAX_PAGE_SIZE, PRODUCT_PAGE_SIZE } from '../constants';
import { text } from './text';

/**
 * Catalogue and content calls (spec §7 'Goods and brands', 'Content'; §3 entities). Amounts on the wire are
 * numbers in major units with at most 2 decimals (12.5 = 12.50), converted from integer minor units at the
 * API's edge (docs/design.md 'Money').
 */

const id = z.number({ error: '编号须为数字' }).int('编号须为整数').positive('编号须为正整数');
const amount = z.number().describe('金额（元，两位小数）');

/** Filters shared by the goods list and the exports. */
export const goodsFilterFields = {
  /** Warehouse id 1-9; 0 means every warehouse and is dropped (spec §7). */
  location: z.number().int().min(0, '仓库编号无效').max(9, '仓库编号无效').optional(),
  /** Category: the category and all its sub-categories. */
  cateId: id.optional(),
  brandId: id.optional(),
  keyword: text({ trim: true }).max(100, '搜索词最多100个字符').optional(),
  /** Only these goods (a home floor the operator filled by hand, spec §3 'Home page info'). */
  goodsIds: z.array(id, { error: '商品编号须为整数数组' }).max(40, '最多40个商品').optional(),
};

/** goods/list/ request (spec §7): defaults pageNo 1, pageSize 20 (capped at 100), Comprehensive, DESC. */
export const goodsListRequestSchema = z.strictObject({
  websiteId: id.optional(),
  pageNo: z.number().int('页码须为整数').min(1, '页码须大于0').default(1),
  pageSize: z
    .number()
    .int('每页条数须为整数')
    .min(1, '每页条数须大于0')
    .default(PRODUCT_PAGE_SIZE)
    .transform((v) => Math.min(v, MAX_PAGE_SIZE)),
  ...goodsFilterFields,
  orderByType: z.enum(GoodsOrderByType).default(GoodsOrderByType.Comprehensive),
  orderByTendency: z.enum(OrderByTendency).default(OrderByTendency.DESC),
  /**
   * The page currency (spec §4 'Currency'): the Price sort compares each product's price in it, converting a
   * price that exists only in the other currency at the stored rate. Absent: CNY, the default page currency.
   */
  currency: z
    .enum(['AUD', 'CNY'], { error: '币种须为 AUD 或 CNY' })
    .optional()
    .describe('页面币种；价格排序按该币种比较，只有另一币种价格的商品按汇率折算。缺省为 CNY'),
});
export type GoodsListRequest = z.input<typeof goodsListRequestSchema>;

/**
 * goods/locationCounts/ (path not in the spec, designed beside goods/list/): how many goods each warehouse
 * lists for the list's other filters, so the warehouse chips offer only warehouses with goods (spec §3
 * 'Warehouses'). The filters are goods/list/'s, without the warehouse itself.
 */
export const goodsLocationCountsRequestSchema = z.strictObject({
  websiteId: id.optional(),
  cateId: goodsFilterFields.cateId,
  brandId: goodsFilterFields.brandId,
  keyword: goodsFilterFields.keyword,
});
export type GoodsLocationCountsRequest = z.input<typeof goodsLocationCountsRequestSchema>;
export const goodsLocationCountsResponseSchema = z.object({
  /** Warehouses with at least one listed product, in warehouse id order. */
  items: z.array(
    z.object({
      location: z.number().int().describe('仓库编号'),
      count: z.number().int().describe('该仓库在筛选条件下列出的商品数'),
    }),
  ),
  /** Every warehouse together: goods/list/'s totalCount without a warehouse. */
  totalCount: z.number().int(),
});
export type GoodsLocationCountsResponse = z.infer<typeof goodsLocationCountsResponseSchema>;

/** A volume price at the caller's level (ADR 050): from `minQty` pieces on; null when none in that currency. */
export const priceBreakSchema = z.object({
  minQty: z.number().int(),
  audPrice: amount.nullable(),
  cnyPrice: amount.nullable(),
});

/** A SKU's quantity rule and volume prices (issue #37, ADR 050), as every SKU on the wire carries them. */
export const wholesaleFields = {
  /** The fewest pieces of one order line. */
  minQty: z.number().int(),
  /** The case pack: every quantity is a multiple of it (1 when sold by the piece). */
  stepQty: z.number().int(),
  /** The most pieces of one order line; null when there is no limit. */
  maxQty: z.number().int().nullable(),
  /** Volume prices at the caller's level, ascending by minQty; empty when none. */
  priceBreaks: z.array(priceBreakSchema),
};

/** A SKU as lists and the detail show it (spec §3 'SKU'); prices are the caller's member level. */
export const skuSchema = z.object({
  id: z.number().int(),
  goodsId: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** Attribute map in display order, e.g. { 颜色: '红', 规格: '500g' }. */
  property: z.record(z.string(), z.string()),
  /** The attribute values joined by SKU_VALUE_SEPARATOR. */
  keyProperty: z.string(),
  status: z.number().int(),
  stock: z.number().int(),
  /** Grams. */
  weight: z.number().int(),
  /** Null when the SKU has no price in that currency (a SKU without AUD can only be paid in CNY). */
  audPrice: amount.nullable(),
  cnyPrice: amount.nullable(),
  ...wholesaleFields,
  /**
   * Whether the product's volume prices count the quantities of all its SKUs in the cart together (mix and
   * match, a flag on the product, ADR 050), so a visitor's cart prices its lines as the server's does.
   */
  breaksMixed: z.boolean(),
});
export type Sku = z.infer<typeof skuSchema>;

/** A SKU of the product detail: also its price for every member level, keyed by level. */
export const skuDetailSchema = skuSchema.extend({
  audPrices: z.record(z.string(), amount),
  cnyPrices: z.record(z.string(), amount),
  /**
   * The day a ByBook SKU's next stock is expected (issue #39 '预订'), 'YYYY-MM-DD' as the operator set it; null when
   * none is set (or the SKU is not ByBook).
   */
  expectedDate: z.string().nullable(),
});
export type SkuDetail = z.infer<typeof skuDetailSchema>;

/** A product in a list (spec §3 'Product list item'); the client derives the display fields. */
export const goodsListItemSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  /** Warehouse id (1-9). */
  location: z.number().int(),
  brandId: z.number().int().nullable(),
  brandName: z.string(),
  categoryId: z.number().int(),
  /** Main image path for the image host. */
  image: z.string(),
  onFlag: z.boolean(),
  sales: z.number().int(),
  skus: z.array(skuSchema),
});
export type GoodsListItem = z.infer<typeof goodsListItemSchema>;

export const goodsListResponseSchema = z.object({
  items: z.array(goodsListItemSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
});
export type GoodsListResponse = z.infer<typeof goodsListResponseSchema>;

/** goodsdetail/detail/: by goods id, or by a SKU id (the /product?skuId= link of spec §2). */
export const goodsDetailRequestSchema = z
  .strictObject({ id: id.optional(), skuId: id.optional(), websiteId: id.optional() })
  .refine((v) => v.id !== undefined || v.skuId !== undefined, {
    message: '请提供商品编号或SKU编号',
    path: ['id'],
  });
export type GoodsDetailRequest = z.infer<typeof goodsDetailRequestSchema>;

export const categoryRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const goodsDetailSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  location: z.number().int(),
  /** False when the product is off the shelf (shown as '商品已下架'). */
  onFlag: z.boolean(),
  brand: z.object({ id: z.number().int(), name: z.string(), logo: z.string() }).nullable(),
  /** The category and its ancestors, root first. */
  categoryPath: z.array(categoryRefSchema),
  goodsDetail: z.object({
    /** Sanitized rich HTML. */
    content: z.string(),
    /** JSON strings holding lists of image paths (spec §3 'Product detail'). */
    contentImageJson: z.string(),
    goodImageJson: z.string(),
    realImageJson: z.string(),
  }),
  /** Attribute options, in Key/Values pairs (spec §3 'Properties'). */
  property: z.array(z.object({ Key: z.string(), Values: z.array(z.string()) })),
  skus: z.array(skuDetailSchema),
  /** The SKU asked for by skuId, else null. */
  selectedSkuId: z.number().int().nullable(),
});
export type GoodsDetail = z.infer<typeof goodsDetailSchema>;

/** A category with its children (goodscatalog/list/ returns the roots). */
export interface CategoryNode {
  id: number;
  parentId: number | null;
  name: string;
  depth: number;
  image: string;
  children: CategoryNode[];
}
export const categoryNodeSchema: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    name: z.string(),
    depth: z.number().int(),
    image: z.string(),
    children: z.array(categoryNodeSchema),
  }),
);
export const catalogListRequestSchema = z.strictObject({ websiteId: id.optional() });
/** goodscatalog/list/: the roots of the category tree, each with its children. */
export const catalogListResponseSchema = z.array(categoryNodeSchema);

export const brandSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string(),
  /** 'A'-'Z' (pinyin initial for Chinese names) or '#'. */
  initial: z.string(),
  logo: z.string(),
  country: z.string(),
  /** Goods on the shelf. */
  goodsCount: z.number().int(),
});
export type Brand = z.infer<typeof brandSchema>;

export const brandListRequestSchema = z.strictObject({
  websiteId: id.optional(),
  keyword: text({ trim: true }).max(50, '搜索词最多50个字符').optional(),
});
/** goodsbrand/list/: items sorted by initial then name, to be grouped A–Z by the client. */
export const brandListResponseSchema = z.object({ items: z.array(brandSchema) });
export type BrandListResponse = z.infer<typeof brandListResponseSchema>;

export const brandByCatalogRequestSchema = z.strictObject({
  websiteId: id.optional(),
  cateId: id.optional(),
});
/** goodsbrand/brandByCatalog/: the brands of each top category (or of the one asked for). */
export const brandByCatalogResponseSchema = z.object({
  items: z.array(z.object({ category: categoryRefSchema, brands: z.array(brandSchema) })),
});
export type BrandByCatalogResponse = z.infer<typeof brandByCatalogResponseSchema>;
export type BrandsOfCategory = BrandByCatalogResponse['items'][number];

export const brandDetailRequestSchema = z.strictObject({ id, websiteId: id.optional() });
export const brandDetailSchema = brandSchema.extend({ description: z.string(), banner: z.string() });
export type BrandDetail = z.infer<typeof brandDetailSchema>;

/** exportGoodsPrice/: the price list of the caller's level in one currency, as xlsx. */
export const exportGoodsPriceRequestSchema = z.strictObject({
  currency: z.enum(['AUD', 'CNY'], { error: '币种须为 AUD 或 CNY' }),
  ...goodsFilterFields,
});
export const exportGoodsSkuDataRequestSchema = z.strictObject({ ...goodsFilterFields });
// ---------------------------------------------------------------- content

/** GET /api/salesService/template/{name}: data.templateJson is a JSON string (spec §7). */
export const templateResponseSchema = z.object({
  name: z.string(),
  templateJson: z.string(),
  updatedAt: z.string(),
});
export type TemplateResponse = z.infer<typeof templateResponseSchema>;

export const linkItemSchema = z.object({
  type: z.enum(['cate', 'warehouse', 'goods', 'article', 'brand', 'url']),
  id: z.union([z.number().int(), z.string()]).optional(),
  url: z.string().optional(),
});
export const adItemSchema = z.object({
  image: z.string(),
  title: z.string().optional(),
  link: linkItemSchema,
});
export type AdItem = z.infer<typeof adItemSchema>;

/** The query a product floor of the home page shows (same fields as goods/list/). */
export const goodsQuerySchema = z.object({
  cateId: z.number().int().optional(),
  brandId: z.number().int().optional(),
  location: z.number().int().optional(),
  keyword: z.string().optional(),
  /** The goods the operator picked for the floor. */
  goodsIds: z.array(z.number().int()).max(40).optional(),
  orderByType: z.enum(GoodsOrderByType).optional(),
  orderByTendency: z.enum(OrderByTendency).optional(),
});
export type GoodsQuery = z.infer<typeof goodsQuerySchema>;

/**
 * Home template blocks (spec §3 'Home page info'): swiperAd and swiperRightAd go to their slots and leave
 * the list; BrandAd goes to its slot and stays in the list; the other blocks render in order.
 */
export const homeBlockSchema = z.discriminatedUnion('tmpKey', [
  z.object({ tmpKey: z.literal('swiperAd'), items: z.array(adItemSchema) }),
  z.object({ tmpKey: z.literal('swiperRightAd'), items: z.array(adItemSchema) }),
  z.object({
    tmpKey: z.literal('BrandAd'),
    title: z.string(),
    items: z.array(
      z.object({ brandId: z.number().int(), name: z.string(), logo: z.string(), link: linkItemSchema }),
    ),
  }),
  z.object({
    tmpKey: z.literal('goodsFloor'),
    title: z.string(),
    subtitle: z.string().optional(),
    image: z.string().optional(),
    link: linkItemSchema.optional(),
    query: goodsQuerySchema,
    size: z.number().int().min(1).max(20),
  }),
  z.object({
    tmpKey: z.literal('cateEntry'),
    title: z.string(),
    items: z.array(z.object({ name: z.string(), image: z.string(), link: linkItemSchema })),
  }),
  z.object({
    tmpKey: z.literal('warehouseEntry'),
    title: z.string(),
    items: z.array(
      z.object({ warehouseId: z.number().int(), name: z.string(), image: z.string(), link: linkItemSchema }),
    ),
  }),
  z.object({ tmpKey: z.literal('imageAd'), items: z.array(adItemSchema) }),
]);
export type HomeBlock = z.infer<typeof homeBlockSchema>;
export const homeTemplateSchema = z.array(homeBlockSchema);

/**
 * The blocks of a home template this storefront can draw, in order: a block of a kind it does not know, or one the
 * operator left incomplete, is left out so the rest of the home page still shows. Not a list: none.
 */
export function drawableHomeBlocks(raw: unknown): HomeBlock[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((block) => {
    const checked = homeBlockSchema.safeParse(block);
    return checked.success ? [checked.data] : [];
  });
}

/** One link of the footer; in a group the first one is the heading (spec §3 'General state'). */
export const helpLinkSchema = z.object({ title: z.string(), link: linkItemSchema.optional() });
/** A bank account the shop receives transfers on, shown on the recharge page's bank-transfer tab. */
export const bankAccountSchema = z.object({
  currency: z.enum(['CNY', 'AUD']),
  bankName: z.string().min(1).max(100),
  accountName: z.string().min(1).max(100),
  accountNo: z.string().min(1).max(64),
  /** The branch (开户行) for a Chinese account; BSB for an Australian one. */
  branch: z.string().max(100).optional(),
  swift: z.string().max(20).optional(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;
/** At most this many receiving accounts. */
export const MAX_BANK_ACCOUNTS = 10;

/** The shop's name and contact details: the header and the footer. */
const basicInfoSchema = z.object({
  siteName: z.string(),
  slogan: z.string(),
  hotline: z.string(),
  email: z.string(),
  address: z.string(),
  workTime: z.string(),
});

const basicTemplateParts = {
  /** Footer groups: the first element of each group is its heading, the rest its links. */
  helps: z.array(z.array(helpLinkSchema).min(1)),
  /** Top ads. */
  allWrap: z.array(adItemSchema),
  customerAd: z.array(adItemSchema),
  /** The articles a new member agrees to at registration (用户协议, 隐私政策). */
  agreements: z.object({ terms: linkItemSchema.optional(), privacy: linkItemSchema.optional() }).optional(),
};

/**
 * The basic template as the storefront reads it (spec §3 'General state'). basicInfo.bankAccounts are the
 * deposit module's receiving accounts for bank-transfer recharges (spec §3 'Deposit log' type 2), set apart by the
 * owner or finance and added to the template when it is served; none: ask customer service.
 */
export const basicTemplateSchema = z.object({
  basicInfo: basicInfoSchema.extend({
    bankAccounts: z.array(bankAccountSchema).max(MAX_BANK_ACCOUNTS).optional(),
  }),
  ...basicTemplateParts,
});
export type BasicTemplate = z.infer<typeof basicTemplateSchema>;

export const BANK_ACCOUNTS_ELSEWHERE = '转账收款账户不在基础设置中修改，请店主或财务在「汇率与支付」中设置';

/**
 * The basic template as the content role stores it: the money-receiving accounts are not part of it, so a
 * template that carries them is refused rather than published.
 */
export const basicContentTemplateSchema = z.object({
  basicInfo: basicInfoSchema.extend({ bankAccounts: z.never({ error: BANK_ACCOUNTS_ELSEWHERE }).optional() }),
  ...basicTemplateParts,
});
export type BasicContentTemplate = z.infer<typeof basicContentTemplateSchema>;

/** goodsSort template: curated shortcuts shown above the product list. */
export const goodsSortTemplateSchema = z.object({
  sortProducts: z.array(z.object({ title: z.string(), query: goodsQuerySchema })),
});
export type GoodsSortTemplate = z.infer<typeof goodsSortTemplateSchema>;

export const articleGetRequestSchema = z.strictObject({ id, websiteId: id.optional() });
export const articleSchema = z.object({
  id: z.number().int(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string(),
  title: z.string(),
  summary: z.string(),
  cover: z.string(),
  /** Sanitized rich HTML. */
  content: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Article = z.infer<typeof articleSchema>;

export const articleCategoryListRequestSchema = z.strictObject({
  clientId: id.optional(),
  websiteId: id.optional(),
});
export const articleCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  articles: z.array(z.object({ id: z.number().int(), title: z.string() })),
});
export type ArticleCategory = z.infer<typeof articleCategorySchema>;
export const articleCategoryListResponseSchema = z.array(articleCategorySchema);

/**
 * The text a product's keyword search runs on (trigram-indexed): its Chinese and Latin names, its brand's
 * names and its category names, lower-cased. Written with the product, so every writer builds it the same way.
 */
export function goodsSearchText(parts: {
  name: string;
  nameEn?: string;
  brandName?: string;
  brandNameEn?: string;
  categoryNames?: readonly string[];
  code?: string;
}): string {
  return [
    parts.name,
    parts.nameEn,
    parts.brandName,
    parts.brandNameEn,
    ...(parts.categoryNames ?? []),
    parts.code,
  ]
    .filter((p): p is string => Boolean(p?.trim()))
    .map((p) => p.trim().toLowerCase())
    .join(' ');
}
