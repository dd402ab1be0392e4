import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  json,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { warehouses } from '../warehouse/warehouse.schema';

/**
 * The catalogue module's tables (spec §3 'Product list item', 'Product detail', 'SKU', 'Brand'). Amounts are integer
 * minor units (fen, cents). The `stock` column of skus and the `sales` column of goods belong to the inventory (ADR 044).
 */

/**
 * The catalogue's version: moved on (nextval) after every committed change of goods, SKUs, prices, stock,
 * brands or categories, by the service that made it. The goods exports are built once per version
 * (catalogue.export-cache.ts). A sequence, not a counter row, so that concurrent orders never wait on it.
 */
export const catalogueVersion = pgSequence('catalogue_version');

/**
 * The category tree. `path` holds the ids from the root down, '/1/5/23/', so a category's whole subtree
 * is one indexed prefix match (goods/list's category filter includes sub-categories).
 */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    name: varchar('name', { length: 60 }).notNull(),
    depth: smallint('depth').notNull(),
    path: varchar('path', { length: 255 }).notNull().default(''),
    image: varchar('image', { length: 255 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    createdAt,
  },
  (t) => [
    index('categories_parent_id_idx').on(t.parentId),
    index('categories_path_idx').on(t.path.op('varchar_pattern_ops')),
    check('categories_depth_range', sql`${t.depth} between 1 and 3`),
  ],
);

/** Brands; `initial` is the A–Z group (pinyin initial for Chinese names, '#' otherwise), set on write. */
export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 80 }).notNull(),
    nameEn: varchar('name_en', { length: 80 }).notNull().default(''),
    initial: char('initial', { length: 1 }).notNull(),
    logo: varchar('logo', { length: 255 }).notNull().default(''),
    banner: varchar('banner', { length: 255 }).notNull().default(''),
    description: text('description').notNull().default(''),
    country: varchar('country', { length: 8 }).notNull().default('OTHER'),
    sort: integer('sort').notNull().default(0),
    createdAt,
  },
  (t) => [uniqueIndex('brands_name_key').on(t.name), index('brands_initial_idx').on(t.initial, t.name)],
);

/**
 * Goods (products). `location` is the warehouse id. `searchText` gathers the Chinese name, the Latin name
 * and the brand names, trigram-indexed, so a keyword finds a fragment, a misspelt Latin word or a brand.
 * `content` is rich HTML, sanitized before it is stored.
 */
export const goods = pgTable(
  'goods',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 40 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }).notNull().default(''),
    brandId: integer('brand_id').references(() => brands.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    location: integer('location')
      .notNull()
      .references(() => warehouses.id),
    onFlag: boolean('on_flag').notNull().default(true),
    content: text('content').notNull().default(''),
    /** Units sold, for the 'sales' sort; orders add to it. */
    sales: integer('sales').notNull().default(0),
    /** Operator's weight for the 'Comprehensive' sort (higher first). */
    sortWeight: integer('sort_weight').notNull().default(0),
    searchText: text('search_text').notNull().default(''),
    /**
     * Every character and every pair of characters of the lower-cased search text (whitespace left out), kept by
     * PostgreSQL from `searchText` (migration 0023): a keyword of one or two Chinese characters, which the trigram
     * index cannot serve, finds its goods through this column's index instead of reading every product.
     */
    searchGrams: text('search_grams')
      .array()
      .notNull()
      .generatedAlwaysAs(sql`goods_search_grams(search_text)`),
    /**
     * How many of its SKUs are for sale (not NotForSale) and how many can be bought now (spec §4 'SKU stock
     * status'): kept by the triggers of migration 0021 on every change of SKUs, whoever makes it, so the lists
     * filter and sort by two columns instead of looking at every product's SKUs. Only a SKU crossing a line
     * changes them: most stock changes write nothing here.
     */
    skusForSale: integer('skus_for_sale').notNull().default(0),
    skusPurchasable: integer('skus_purchasable').notNull().default(0),
    /**
     * Whether the volume prices of the product's SKUs count the quantities of all its SKUs in the cart together
     * (mix and match), rather than each SKU's own (ADR 050).
     */
    breaksMixed: boolean('breaks_mixed').notNull().default(false),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('goods_code_key').on(t.code),
    // The 综合 order of the lists (purchasable first, then the operator's weight) over the listed goods; sales, which
    // every order changes, stays out of every index so that its updates remain heap-only.
    index('goods_listed_idx')
      .on(sql`(${t.skusPurchasable} > 0) desc`, sql`${t.sortWeight} desc`)
      .where(sql`${t.onFlag} and ${t.skusForSale} > 0`),
    index('goods_category_id_idx').on(t.categoryId),
    index('goods_brand_id_idx').on(t.brandId),
    index('goods_location_idx').on(t.location),
    index('goods_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('goods_search_grams_idx').using('gin', t.searchGrams),
  ],
);

/** Goods images: kind 'good' (gallery), 'real' (real photos), 'content' (images of the rich content). */
export const goodsImages = pgTable(
  'goods_images',
  {
    id: serial('id').primaryKey(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 8 }).notNull(),
    path: varchar('path', { length: 255 }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('goods_images_goods_id_idx').on(t.goodsId, t.kind, t.sort),
    check('goods_images_kind', sql`${t.kind} in ('good', 'real', 'content')`),
  ],
);

/**
 * SKUs (spec §3 'SKU', §4 'SKU stock status'). `property` is the attribute map ({"颜色":"红","规格":"500g"}),
 * its keys in display order. It is `json`, not `jsonb`: jsonb reorders keys (shorter first), and the key
 * order decides the SKU grid (spec §4: with two keys the columns are the second key's values).
 * Stock never goes below zero.
 */
/** The unique index of SKUs' barcodes: a write that breaks it lost a race for a barcode (the editor, the import). */
export const SKU_BARCODE_KEY = 'skus_barcode_key';

export const skus = pgTable(
  'skus',
  {
    id: serial('id').primaryKey(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 60 }).notNull(),
    name: varchar('name', { length: 200 }).notNull().default(''),
    property: json('property').$type<Record<string, string>>().notNull().default({}),
    status: smallint('status').notNull(),
    stock: integer('stock').notNull().default(0),
    /** Grams, for shipping fees. */
    weight: integer('weight').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    /**
     * The SKU's quantity rule (ADR 050, domain quantity-rule.ts): the fewest pieces of an order line, the case pack
     * every quantity is a multiple of, and the most pieces of a line (null: no limit). The cart's atomic add keeps
     * the maximum and the case pack in its statement.
     */
    minQty: integer('min_qty').notNull().default(1),
    stepQty: integer('step_qty').notNull().default(1),
    maxQty: integer('max_qty'),
    /**
     * The SKU's GS1 barcode (GTIN-8, -12, -13 or -14, digits with their check digit; domain gtin.ts), or null: a pasted
     * order line may name the SKU by it (ADR 050). One SKU per barcode.
     */
    barcode: varchar('barcode', { length: 14 }),
    /** The day a ByBook SKU's next stock is expected (issue #39 '预订'), as the operator set it; null when none. */
    expectedDate: date('expected_date', { mode: 'string' }),
    /**
     * The warehouse is told when this SKU, sold by stock, falls to this many or fewer (the inventory's low-stock
     * alert; null: the shop's LOW_STOCK). `lowStockAlerted` is set when the alert goes out and cleared when the stock
     * rises above the line again, so one fall is told once.
     */
    lowStockAt: integer('low_stock_at'),
    lowStockAlerted: boolean('low_stock_alerted').notNull().default(false),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('skus_code_key').on(t.code),
    uniqueIndex(SKU_BARCODE_KEY).on(t.barcode).where(sql`${t.barcode} is not null`),
    // A pasted order line names its SKU by code, upper case, and one not found is shown the nearest codes (ADR 050),
    // read nearest first from the GiST index in trigram distance order (ADR 053).
    index('skus_code_upper_idx').on(sql`upper(${t.code})`),
    index('skus_code_trgm_idx').using('gist', sql`upper(${t.code}) gist_trgm_ops`),
    index('skus_goods_id_idx').on(t.goodsId, t.sort),
    check('skus_stock_nonnegative', sql`${t.stock} >= 0`),
    check('skus_low_stock_at', sql`${t.lowStockAt} is null or ${t.lowStockAt} between 0 and 99999`),
    check('skus_status_known', sql`${t.status} in (-1, 0, 1, 3, 4)`),
    check('skus_barcode_digits', sql`${t.barcode} ~ '^[0-9]{8}$|^[0-9]{12,14}$'`),
    check(
      'skus_qty_rule',
      sql`${t.minQty} between 1 and 9999 and ${t.stepQty} between 1 and 9999 and (${t.maxQty} is null or ${t.maxQty} between 1 and 9999)`,
    ),
  ],
);

/**
 * A SKU's price per member level and currency (docs/design.md 'Money'): a SKU without an AUD row can only be
 * paid in CNY. A member gets the row of their level, else the default level's (37).
 */
export const skuPrices = pgTable(
  'sku_prices',
  {
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id, { onDelete: 'cascade' }),
    level: integer('level').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.skuId, t.level, t.currency], name: 'sku_prices_pkey' }),
    check('sku_prices_currency', sql`${t.currency} in ('AUD', 'CNY')`),
    check('sku_prices_amount_nonnegative', sql`${t.amount} >= 0`),
  ],
);

/**
 * A SKU's volume prices (ADR 050): from `minQty` pieces on, the SKU costs `amount` (minor units) at a member level in
 * a currency. A caller gets the breaks of their level in a currency when the SKU has any there, else the default
 * level's, as with single prices. Lists and their price sort keep the single price.
 */
export const skuPriceBreaks = pgTable(
  'sku_price_breaks',
  {
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id, { onDelete: 'cascade' }),
    level: integer('level').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    minQty: integer('min_qty').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.skuId, t.level, t.currency, t.minQty], name: 'sku_price_breaks_pkey' }),
    check('sku_price_breaks_currency', sql`${t.currency} in ('AUD', 'CNY')`),
    check('sku_price_breaks_min_qty', sql`${t.minQty} between 2 and 9999`),
    check('sku_price_breaks_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * The member levels the price sort keeps keys for: every level a SKU has ever been priced at, and the default
 * level 37. Kept by migration 0022's triggers on sku_prices; a level never leaves (its keys stay right: a level
 * without prices of its own gets the default level's).
 */
export const priceLevels = pgTable('price_levels', {
  level: integer('level').primaryKey(),
});

/**
 * The goods lists' Price sort key of each product at each level of price_levels (spec §7 goods/list/): the price
 * of the SKU the list shows (the first purchasable SKU, else the first one; NotForSale ones dropped) at that level,
 * else the default level's, in each currency; where that SKU has no price in a currency, its price in the other
 * one converted at the stored AUD→CNY rate. Kept by migration 0022's triggers on skus, sku_prices and
 * exchange_rates, whoever writes them, so a price page is an index scan rather than a look at every product's
 * SKUs and prices. A product has rows exactly when it has a SKU for sale.
 */
export const goodsPriceKeys = pgTable(
  'goods_price_keys',
  {
    level: integer('level').notNull(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id, { onDelete: 'cascade' }),
    /** The listed SKU's own prices at the level (else the default level's), minor units; null when it has none. */
    aud: bigint('aud', { mode: 'number' }),
    cny: bigint('cny', { mode: 'number' }),
    /** The sort keys: the currency's own price, else the other one converted at the stored rate. */
    sortAud: bigint('sort_aud', { mode: 'number' }),
    sortCny: bigint('sort_cny', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.level, t.goodsId], name: 'goods_price_keys_pkey' }),
    index('goods_price_keys_goods_idx').on(t.goodsId),
    // Both directions of both currencies: the price first, goods without one last, then the newest product first.
    index('goods_price_keys_aud_asc_idx').on(
      t.level,
      sql`${t.sortAud} asc nulls last`,
      sql`${t.goodsId} desc`,
    ),
    index('goods_price_keys_aud_desc_idx').on(
      t.level,
      sql`${t.sortAud} desc nulls last`,
      sql`${t.goodsId} desc`,
    ),
    index('goods_price_keys_cny_asc_idx').on(
      t.level,
      sql`${t.sortCny} asc nulls last`,
      sql`${t.goodsId} desc`,
    ),
    index('goods_price_keys_cny_desc_idx').on(
      t.level,
      sql`${t.sortCny} desc nulls last`,
      sql`${t.goodsId} desc`,
    ),
  ],
);
