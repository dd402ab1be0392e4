import { z } from 'zod';
import '../zod-locale';
import { COUNTRY_LABELS } from '../country';
import { consolePageNo, consolePageSize } from './paging';
import { text } from './text';

/**
 * The console's brands (品牌) and category tree (分类), permission catalogue.edit (owner, content; issue 'Staff
 * console' part 2). Brands carry the A–Z group the storefront files them under (spec §7 'goodsbrand/list':
 * pinyin initial for Chinese names), computed by the server from the name. Categories form the three-level
 * tree of spec §3; a move keeps every branch within three levels.
 */
export const AdminTaxonomyPaths = {
  brandList: '/api/adminService/brand/list/',
  /** Creates (no id) or changes a brand. */
  brandSave: '/api/adminService/brand/save/',
  /** Deletes a brand no goods use. */
  brandDelete: '/api/adminService/brand/delete/',
  /** The A–Z group a name would be filed under, for the form's hint. */
  brandInitial: '/api/adminService/brand/initial/',
  /** A logo or banner picture (multipart, field image). */
  brandUpload: '/api/adminService/brand/upload/',
  categoryTree: '/api/adminService/category/tree/',
  /** Creates (no id, with parentId) or renames a category and sets its picture. */
  categorySave: '/api/adminService/category/save/',
  /** Moves a category (with its branch) under another parent, or to the top, at a position. */
  categoryMove: '/api/adminService/category/move/',
  /** Deletes a category with no children and no goods. */
  categoryDelete: '/api/adminService/category/delete/',
} as const;

/** Deepest level of the category tree (spec §3: three levels). */
export const CATEGORY_MAX_DEPTH = 3;

const positiveId = (label: string) =>
  z
    .number({ error: `请指定${label}` })
    .int(`${label}编号须为整数`)
    .positive(`${label}编号须为正整数`);

/**
 * A picture stored by the shop's image host ('brand/3f…a1.png'), or '' for none. Addresses of other sites are
 * refused: every picture the storefront shows comes from the shop's own host.
 */
export const storedImagePath = (label: string) =>
  text({ trim: true })
    .max(255, `${label}路径最多255个字符`)
    .regex(
      /^(?:[a-z0-9_-]+(?:\/[a-z0-9_-]+)*\/[A-Za-z0-9_-]+\.(?:jpg|jpeg|png|webp|gif|svg))?$/,
      `${label}须为上传的图片`,
    );

const countryCodes = Object.keys(COUNTRY_LABELS) as [string, ...string[]];

export const adminBrandListRequestSchema = z.strictObject({
  pageNo: consolePageNo,
  pageSize: consolePageSize,
  /** Part of the Chinese or English name (any case). */
  keyword: text({ trim: true }).max(64, '关键词最多64个字符').optional(),
});
export type AdminBrandListRequest = z.input<typeof adminBrandListRequestSchema>;

export const adminBrandSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string(),
  /** The A–Z group ('#' for names that start with neither a Latin letter nor a Chinese character). */
  initial: z.string(),
  logo: z.string(),
  banner: z.string(),
  country: z.string(),
  description: z.string(),
  sort: z.number().int(),
  /** Goods of the brand, on the shelf or not. */
  goodsCount: z.number().int(),
});
export type AdminBrand = z.infer<typeof adminBrandSchema>;

export const adminBrandListResponseSchema = z.object({
  items: z.array(adminBrandSchema),
  totalCount: z.number().int(),
});
export type AdminBrandListResponse = z.infer<typeof adminBrandListResponseSchema>;

export const adminBrandSaveRequestSchema = z.strictObject({
  id: positiveId('品牌').optional(),
  name: text({ error: '请输入品牌名称', trim: true })
    .min(1, '请输入品牌名称')
    .max(80, '品牌名称最多80个字符'),
  nameEn: text({ trim: true }).max(80, '英文名称最多80个字符').default(''),
  country: z.enum(countryCodes, { error: '请选择国家或地区' }),
  logo: storedImagePath('标志'),
  banner: storedImagePath('横幅').default(''),
  description: text({ trim: true, multiline: true }).max(2000, '简介最多2000个字符').default(''),
  sort: z
    .number({ error: '排序须为整数' })
    .int('排序须为整数')
    .min(0, '排序不能小于0')
    .max(99999, '排序最大99999')
    .default(0),
});
export type AdminBrandSaveRequest = z.input<typeof adminBrandSaveRequestSchema>;

export const adminIdRequestSchema = z.strictObject({ id: positiveId('对象') });
/** The id of what a call removed (a brand). */
export const adminIdResponseSchema = z.object({ id: z.number().int() });

export const adminBrandInitialRequestSchema = z.strictObject({
  name: text({ trim: true }).max(80, '品牌名称最多80个字符'),
});
export const adminBrandInitialResponseSchema = z.object({ initial: z.string() });

export const adminUploadedImageSchema = z.object({
  path: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type AdminUploadedImage = z.infer<typeof adminUploadedImageSchema>;

export interface AdminCategoryNode {
  id: number;
  parentId: number | null;
  name: string;
  image: string;
  sort: number;
  depth: number;
  /** Goods filed directly in this category. */
  goodsCount: number;
  children: AdminCategoryNode[];
}

export const adminCategoryNodeSchema: z.ZodType<AdminCategoryNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    name: z.string(),
    image: z.string(),
    sort: z.number().int(),
    depth: z.number().int(),
    goodsCount: z.number().int(),
    children: z.array(adminCategoryNodeSchema),
  }),
);

export const adminCategoryTreeResponseSchema = z.object({ items: z.array(adminCategoryNodeSchema) });
export type AdminCategoryTreeResponse = z.infer<typeof adminCategoryTreeResponseSchema>;

export const adminCategorySaveRequestSchema = z.strictObject({
  id: positiveId('分类').optional(),
  /** Only when creating: the parent, or none for a top category. */
  parentId: positiveId('上级分类').nullable().optional(),
  name: text({ error: '请输入分类名称', trim: true })
    .min(1, '请输入分类名称')
    .max(60, '分类名称最多60个字符'),
  image: storedImagePath('分类图片').default(''),
});
export type AdminCategorySaveRequest = z.input<typeof adminCategorySaveRequestSchema>;

export const adminCategoryMoveRequestSchema = z.strictObject({
  id: positiveId('分类'),
  /** The new parent, or null for the top level. */
  parentId: positiveId('上级分类').nullable(),
  /** The position among the new siblings, 0 first; past the end puts it last. */
  index: z.number({ error: '位置须为整数' }).int('位置须为整数').min(0, '位置不能小于0'),
});
export type AdminCategoryMoveRequest = z.input<typeof adminCategoryMoveRequestSchema>;

export const adminCategoryResponseSchema = z.object({
  tree: z.array(adminCategoryNodeSchema),
  id: z.number().int(),
});
export type AdminCategoryResponse = z.infer<typeof adminCategoryResponseSchema>;
