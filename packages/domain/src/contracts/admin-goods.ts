import { z } from 'zod';
import '../zod-locale';
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
