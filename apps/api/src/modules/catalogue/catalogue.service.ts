import {
  type Brand,
  type BrandDetail,
  type CartLineRef,
  type CategoryNode,
  DEFAULT_MEMBER_LEVEL,
  exportFileName,
  type GoodsBrief,
  type GoodsDetail,
  type GoodsListItem,
  type GoodsListResponse,
  type GoodsLocationCountsResponse,
  type goodsListRequestSchema,
  type goodsLocationCountsRequestSchema,
  isSkuPurchasable,
  keyProperty,
  type ProductOffer,
  parseProperties,
  type QuickOrderListResponse,
  type QuickOrderRow,
  type RateSetting,
  ResultCode,
  type Sku,
  type SkuDetail,
  type SkuOffer,
  toMajor,
} from '@shop/domain';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, readTogether } from '../../db/client';
import type { StatementAnswer, StatementPart } from '../../db/statement';
import { AppError, notFoundError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { followingRun } from '../../lib/following-run';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { XlsxFile } from '../../lib/xlsx-reply';
import type { AuthContext } from '../../plugins/auth';
import { goodsPriceWorkbook, goodsSkuDataWorkbook, quickOrderWorkbook } from './catalogue.export';
import { ExportCache, type ExportCacheStats } from './catalogue.export-cache';
import * as repo from './catalogue.repository';

export const CatalogueMessages = {
  goodsNotFound: '商品不存在',
  skuMismatch: 'SKU编号与商品编号不匹配',
  brandNotFound: '品牌不存在',
  categoryNotFound: '分类不存在',
  tooManyExports: '导出过于频繁，请1分钟后再试',
  nothingToExport: '所选商品均已下架或不存在，没有可导出的行',
} as const;

/** Most SKU rows one export holds; a larger catalogue is exported per warehouse, category or brand. */
export const EXPORT_ROW_LIMIT = 20_000;
/**
 * Exports a member may ask for per minute (both kinds together), counted atomically before anything is
 * read: enough to export each warehouse in turn, too few to keep the server building spreadsheets.
 */
export const EXPORT_LIMIT = { perMember: 10, windowMs: 60 * 1000 } as const;
// Built files kept in memory: the demo catalogue's files are ~70 kB, a 20,000-row one a few MB.
const EXPORT_CACHE_BYTES = 32 * 1024 * 1024;
// A stored file older than this is built again even if the version did not move (see catalogue.export-cache.ts).
const EXPORT_CACHE_TTL_MS = 10 * 60 * 1000;
// More words than this add nothing a shopper needs and make the query slower.
const MAX_KEYWORD_WORDS = 5;

export type GoodsListQuery = z.output<typeof goodsListRequestSchema>;
export type GoodsLocationCountsQuery = z.output<typeof goodsLocationCountsRequestSchema>;

/** The list and export filters as they arrive on the wire (spec §7 goods/list/). */
export interface GoodsFilterInput {
  location?: number | undefined;
  cateId?: number | undefined;
  brandId?: number | undefined;
  keyword?: string | undefined;
  goodsIds?: readonly number[] | undefined;
}

/** A built export file (see lib/xlsx-reply.ts). */
export type ExportFile = XlsxFile;

export interface CatalogueServiceDeps {
  db: Database;
  clock: Clock;
  /** Resolves the caller's member level (spec §3 'User'); the member module owns members. */
  members: { current(auth: AuthContext): Promise<{ level: number }> };
  /** Counts each member's exports (shared by the API processes when Redis is configured). */
  rateLimiter: RateLimiter;
  /** The stored AUD→CNY rate (the rate module): a CNY price list converts AUD-only prices at it (ADR 013). */
  rates: { audCny(): Promise<RateSetting> };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;

/** A SKU as the cart needs it (catalogue service `skusForCart`); prices in minor units at the caller's level. */
/** Built field by field, not as a spread of the row (docs/scaling.md 'Where checkout's time goes'). */
function toSkuOffer(row: repo.CartSkuRow): SkuOffer {
  return {
    id: row.id,
    goodsId: row.goodsId,
    goodsName: row.goodsName,
    name: row.name,
    property: parseProperties(row.property).map,
    status: row.status,
    stock: row.stock,
    onFlag: row.onFlag,
    location: row.location,
    image: row.image,
    aud: row.aud,
    cny: row.cny,
    weight: row.weight,
  };
}

/** A cart line with its SKU as offered, or a SKU asked for besides the lines (then `line` is null). */
export interface CartLineOffer {
  line: CartLineRef | null;
  /** Null when the line's SKU is gone. */
  sku: SkuOffer | null;
}

/** The catalogue's part of checkout's statement, with the answer it gives (cartOffersPart). */
export interface CartOffersPart extends StatementPart {
  readonly offers: StatementAnswer<CartLineOffer>;
}

/**
 * A cart's lines with the SKUs they name and `extraSkuIds` (the gifts a buyer chose), as skusForCart gives them, as
 * a part of one statement that reads the lines through the cart's part `lines` (db/statement.ts): checkout reads
 * both in one round trip and from one snapshot. The lines keep their order, and a line whose SKU is gone is kept
 * without one.
 */
export function cartOffersPart(
  lines: { readonly selectedLines: string },
  extraSkuIds: readonly number[],
  level: number,
): CartOffersPart {
  return {
    steps: repo.cartOffersSteps(lines, extraSkuIds, level),
    offers: {
      step: repo.CART_OFFERS,
      orderBy: sql`line_position`,
      decode: (record) => {
        const row = repo.cartOfferRow(record);
        return { line: row.line, sku: row.sku ? toSkuOffer(row.sku) : null };
      },
    },
  };
}

/** Keyword words for the search: lower-cased (the search text is), split on spaces, without repeats. */
export function keywordWords(keyword: string | undefined): string[] {
  if (!keyword) return [];
  const words = keyword.toLowerCase().split(/\s+/).filter(Boolean);
  return [...new Set(words)].slice(0, MAX_KEYWORD_WORDS);
}

/** The repository filter of wire filters: location 0 means every warehouse (spec §7 'dropped if 0'). */
export function toGoodsFilter(input: GoodsFilterInput): repo.GoodsFilter {
  return {
    location: input.location ? input.location : undefined,
    cateId: input.cateId,
    brandId: input.brandId,
    keywords: keywordWords(input.keyword),
    goodsIds: input.goodsIds,
  };
}

const toAmount = (minor: number | null): number | null => (minor === null ? null : toMajor(minor));

/** Attribute keys of a product's SKUs in order of first appearance (spec §3 'Properties'). */
export function propertyKeys(maps: readonly Record<string, string>[]): string[] {
  const keys = new Set<string>();
  for (const map of maps) for (const key of Object.keys(map)) keys.add(key);
  return [...keys];
}

/**
 * Property options of a product (spec §3 'Property option lists use Key/Values pairs'): every key with
 * its values in order of first appearance across the SKUs.
 */
export function propertyOptions(
  maps: readonly Record<string, string>[],
): { Key: string; Values: string[] }[] {
  const options = new Map<string, Set<string>>();
  for (const map of maps) {
    for (const [key, value] of Object.entries(map)) {
      const values = options.get(key) ?? new Set<string>();
      values.add(value);
      options.set(key, values);
    }
  }
  return [...options].map(([Key, values]) => ({ Key, Values: [...values] }));
}

/**
 * A SKU for the wire (spec §3 'SKU'): properties decoded to strings, keyProperty joined in the product's
 * key order (so every SKU of a product lines up with its options), amounts in major units.
 */
function toSkuDto(row: repo.SkuPriceRow, keys: readonly string[]): Sku {
  const property = parseProperties(row.property).map;
  return {
    id: row.id,
    goodsId: row.goodsId,
    code: row.code,
    name: row.name,
    property,
    // A key this SKU lacks counts as '' so every SKU's values line up with the product's options.
    keyProperty: keyProperty(keys.map((k) => property[k] ?? '')),
    status: row.status,
    stock: row.stock,
    weight: row.weight,
    audPrice: toAmount(row.aud),
    cnyPrice: toAmount(row.cny),
  };
}

/** SKUs with their key order, for the SKUs of one product. */
function toSkuDtos(rows: readonly repo.SkuPriceRow[]): Sku[] {
  const keys = propertyKeys(rows.map((r) => parseProperties(r.property).map));
  return rows.map((r) => toSkuDto(r, keys));
}

function toBrandDto(row: repo.BrandListRow): Brand {
  return {
    id: row.id,
    name: row.name,
    nameEn: row.nameEn,
    initial: row.initial.trim() || '#',
    logo: row.logo,
    country: row.country,
    goodsCount: row.goodsCount,
  };
}

/**
 * The order of a goods list: Comprehensive puts the goods that can be bought now first, then ranks by match
 * quality with a keyword or by the shop's own order without; the direction applies to Price (compared in the
 * page currency, CNY unless given, spec §4 'Currency'), Sales and Newest.
 */
export function goodsSort(query: GoodsListQuery, keywords: readonly string[], level: number): repo.GoodsSort {
  const direction = query.orderByTendency;
  switch (query.orderByType) {
    case 'Comprehensive':
      return keywords.length > 0 ? { by: 'Relevance', keywords } : { by: 'Comprehensive' };
    case 'Price':
      return { by: 'Price', level, direction, currency: query.currency ?? 'CNY' };
    default:
      return { by: query.orderByType, direction };
  }
}

/** The category rows as a tree of roots, children in the rows' order (sort, then id). */
export function buildCategoryTree(rows: readonly repo.CategoryRow[]): CategoryNode[] {
  const nodes = new Map<number, CategoryNode>();
  for (const row of rows) {
    nodes.set(row.id, {
      id: row.id,
      parentId: row.parentId,
      name: row.name,
      depth: row.depth,
      image: row.image,
      children: [],
    });
  }
  const roots: CategoryNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id);
    if (!node) continue;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    // A category whose parent is gone is shown at the top rather than lost.
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** The ids of a materialized category path '/1/5/23/', root first. */
export function pathIds(path: string): number[] {
  return path
    .split('/')
    .filter((part) => /^\d+$/.test(part))
    .map(Number);
}

/** A quick-order row for the wire: properties decoded, category path as ids, amounts in major units. */
function toQuickOrderRow(row: repo.QuickOrderDbRow): QuickOrderRow {
  const categoryIds = pathIds(row.categoryPath);
  return {
    skuId: row.skuId,
    goodsId: row.goodsId,
    name: row.name,
    skuName: row.skuName,
    code: row.code,
    property: parseProperties(row.property).map,
    location: row.location,
    brandId: row.brandId,
    brandName: row.brandName,
    categoryIds: categoryIds.length > 0 ? categoryIds : [row.categoryId],
    image: row.image,
    status: row.status,
    stock: row.stock,
    audPrice: toAmount(row.aud),
    cnyPrice: toAmount(row.cny),
  };
}

/**
 * The quick-order sheet's order, 综合 as the goods lists have it (ADR 012): the SKUs that can be bought now
 * (spec §4, isSkuPurchasable) first, then those that cannot (库存不足, 缺货), each part in the shop's own order.
 */
export function buyableFirst(rows: readonly QuickOrderRow[]): QuickOrderRow[] {
  const first: QuickOrderRow[] = [];
  const later: QuickOrderRow[] = [];
  for (const row of rows) (isSkuPurchasable(row) ? first : later).push(row);
  return first.concat(later);
}

/** Who asks for an export: a member (counted per member) or a visitor (counted per address). */
export type Exporter = { auth: AuthContext; ip?: string } | { auth: null; ip: string };

/** The catalogue module: goods lists, details, categories, brands and the price exports (spec §7). */
export function createCatalogueService({ db, clock, members, rateLimiter, rates }: CatalogueServiceDeps) {
  // The catalogue's version moves on after each committed change; changes committed meanwhile share a move.
  const versionBumps = followingRun(() => repo.bumpCatalogueVersion(db).catch(() => undefined));

  async function goodsOrNotFound(id: number): Promise<repo.GoodsDetailRow> {
    const row = await repo.findGoodsDetail(db, id);
    if (!row) throw notFoundError(CatalogueMessages.goodsNotFound);
    return row;
  }

  async function priceLevel(auth: AuthContext | null): Promise<number> {
    if (!auth) return DEFAULT_MEMBER_LEVEL;
    // Read with the token by the auth hook: no second query.
    if (auth.level !== undefined) return auth.level;
    try {
      return (await members.current(auth)).level;
    } catch (error) {
      if (error instanceof AppError && error.code === ResultCode.InvalidToken) return DEFAULT_MEMBER_LEVEL;
      throw error;
    }
  }

  const exports = new ExportCache({
    maxBytes: EXPORT_CACHE_BYTES,
    ttlMs: EXPORT_CACHE_TTL_MS,
    now: () => clock().getTime(),
  });

  /** Refuses a member's export beyond EXPORT_LIMIT a minute (the counter is one atomic increment). */
  async function countExport(auth: AuthContext): Promise<void> {
    const made = await rateLimiter.hit(`export:member:${auth.memberId}`, EXPORT_LIMIT.windowMs);
    if (made > EXPORT_LIMIT.perMember)
      throw new AppError(ResultCode.TooManyRequests, CatalogueMessages.tooManyExports);
  }

  // The quick-order sheet per catalogue version and level: read once, then shared by every caller of that level
  // until the catalogue moves on (ADR 011, 018).
  let quickOrderVersion = '';
  const quickOrderSheets = new Map<number, Promise<QuickOrderListResponse>>();

  async function quickOrderSheet(level: number): Promise<QuickOrderListResponse> {
    const version = await repo.readCatalogueVersion(db);
    if (version !== quickOrderVersion) {
      quickOrderVersion = version;
      quickOrderSheets.clear();
    }
    let sheet = quickOrderSheets.get(level);
    if (!sheet) {
      sheet = repo
        .listQuickOrderRows(db, level)
        .then((rows) => ({ version, level, items: buyableFirst(rows.map(toQuickOrderRow)) }));
      quickOrderSheets.set(level, sheet);
      // A failed read is not kept: the next caller tries again.
      sheet.catch(() => {
        if (quickOrderSheets.get(level) === sheet) quickOrderSheets.delete(level);
      });
    }
    return sheet;
  }

  /** The rate a CNY price list converts at; null while none is set (its AUD-only prices then stay empty, marked). */
  async function exportRate(): Promise<string | null> {
    try {
      return (await rates.audCny()).rate;
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  }

  /** An export's file: the stored one of this catalogue version and key, or one built now. */
  async function exportFile(key: object, build: () => Promise<Buffer>): Promise<Buffer> {
    const version = await repo.readCatalogueVersion(db);
    return exports.get(version, JSON.stringify(key), build);
  }

  return {
    /**
     * The member level whose prices the caller sees (spec §3 'User', §6): the member's level, or the
     * default 37 for a visitor or a member that no longer exists.
     */
    priceLevel,

    /**
     * How many goods each warehouse lists for the list's other filters (goods/locationCounts/): the same
     * conditions as goods/list/'s count, grouped by warehouse; warehouses with none are left out.
     */
    async locationCounts(query: GoodsLocationCountsQuery): Promise<GoodsLocationCountsResponse> {
      const rows = await repo.countGoodsByLocation(db, toGoodsFilter({ ...query, location: undefined }));
      const items = rows.filter((r) => r.count > 0);
      return { items, totalCount: items.reduce((sum, r) => sum + r.count, 0) };
    },

    /**
     * One page of the goods on the shelf that have a SKU for sale (spec §7 goods/list/; §4: not-for-sale SKUs
     * are dropped from lists, so a product with nothing else leaves them), each with all its SKUs (NotForSale
     * ones included: the client drops them) priced at the caller's level. Three queries per page; the Price
     * sort reads the keys migration 0022 keeps, the AUD→CNY rate already applied.
     */
    async listGoods(query: GoodsListQuery, level: number): Promise<GoodsListResponse> {
      const filter = toGoodsFilter(query);
      const sort = goodsSort(query, filter.keywords, level);
      // A service made on a transaction (the demo seed's) reads them one after another.
      const [totalCount, rows] = await readTogether(db, [
        () => repo.countGoods(db, filter),
        () =>
          repo.listGoodsPage(db, filter, sort, {
            limit: query.pageSize,
            offset: (query.pageNo - 1) * query.pageSize,
          }),
      ]);
      const skuRows = await repo.listSkusWithPrices(
        db,
        rows.map((r) => r.id),
        level,
      );
      const skusByGoods = new Map<number, repo.SkuPriceRow[]>();
      for (const sku of skuRows) {
        const list = skusByGoods.get(sku.goodsId);
        if (list) list.push(sku);
        else skusByGoods.set(sku.goodsId, [sku]);
      }
      const items: GoodsListItem[] = rows.map((row) => ({
        ...row,
        skus: toSkuDtos(skusByGoods.get(row.id) ?? []),
      }));
      return { items, pageNo: query.pageNo, pageSize: query.pageSize, totalCount };
    },

    /**
     * A product's detail by goods id or SKU id (spec §3 'Product detail', §2 '/product?skuId='). Goods off
     * the shelf are returned with onFlag false so the page can say so (spec §8); unknown ids are 404.
     */
    async goodsDetail(
      input: { id?: number | undefined; skuId?: number | undefined },
      level: number,
    ): Promise<GoodsDetail> {
      let goodsId = input.id;
      if (input.skuId !== undefined) {
        const ofSku = await repo.findGoodsIdOfSku(db, input.skuId);
        if (ofSku === null) throw notFoundError(CatalogueMessages.goodsNotFound);
        if (goodsId !== undefined && goodsId !== ofSku) {
          throw new AppError(ResultCode.ParamsError, CatalogueMessages.skuMismatch);
        }
        goodsId = ofSku;
      }
      if (goodsId === undefined) throw notFoundError(CatalogueMessages.goodsNotFound);
      const row = await goodsOrNotFound(goodsId);
      const ancestorIds = pathIds(row.categoryPath);
      const [categoryRows, images, skuRows, priceRows] = await Promise.all([
        repo.findCategoriesByIds(db, ancestorIds.length > 0 ? ancestorIds : [row.categoryId]),
        repo.listGoodsImages(db, row.id),
        repo.listSkusOfGoods(db, row.id),
        repo.listPricesOfGoods(db, row.id),
      ]);
      const byId = new Map(categoryRows.map((c) => [c.id, c]));
      const categoryPath = (ancestorIds.length > 0 ? ancestorIds : [row.categoryId])
        .map((id) => byId.get(id))
        .filter((c): c is repo.CategoryRow => c !== undefined)
        .map((c) => ({ id: c.id, name: c.name }));
      const imageJson = (kind: string) =>
        JSON.stringify(images.filter((i) => i.kind === kind).map((i) => i.path));

      const prices = new Map<number, { aud: Record<string, number>; cny: Record<string, number> }>();
      for (const p of priceRows) {
        const entry = prices.get(p.skuId) ?? { aud: {}, cny: {} };
        (p.currency === 'AUD' ? entry.aud : entry.cny)[String(p.level)] = p.amount;
        prices.set(p.skuId, entry);
      }
      const atLevel = (map: Record<string, number> | undefined) =>
        map?.[String(level)] ?? map?.[String(DEFAULT_MEMBER_LEVEL)] ?? null;
      const withPrices: repo.SkuPriceRow[] = skuRows.map((s) => ({
        ...s,
        aud: atLevel(prices.get(s.id)?.aud),
        cny: atLevel(prices.get(s.id)?.cny),
      }));
      const skusOut: SkuDetail[] = toSkuDtos(withPrices).map((sku) => {
        const p = prices.get(sku.id);
        const major = (map: Record<string, number> | undefined) =>
          Object.fromEntries(Object.entries(map ?? {}).map(([lvl, minor]) => [lvl, toMajor(minor)]));
        return { ...sku, audPrices: major(p?.aud), cnyPrices: major(p?.cny) };
      });

      return {
        id: row.id,
        code: row.code,
        name: row.name,
        nameEn: row.nameEn,
        location: row.location,
        onFlag: row.onFlag,
        brand:
          row.brandId === null
            ? null
            : { id: row.brandId, name: row.brandName ?? '', logo: row.brandLogo ?? '' },
        categoryPath,
        goodsDetail: {
          content: row.content,
          contentImageJson: imageJson('content'),
          goodImageJson: imageJson('good'),
          realImageJson: imageJson('real'),
        },
        property: propertyOptions(skusOut.map((s) => s.property)),
        skus: skusOut,
        selectedSkuId: input.skuId ?? null,
      };
    },

    /**
     * The SKUs of a cart with what the cart shows and checks (spec §3 'Cart', §4 'SKU stock status'): status,
     * stock, shelf state, product name, warehouse, image, property map and the prices of `level` in minor
     * units (null when absent). Unknown ids are left out. One query whatever the number of lines.
     */
    async skusForCart(
      skuIds: readonly number[],
      level: number,
      executor: Database = db,
    ): Promise<SkuOffer[]> {
      return (await repo.listCartSkus(executor, skuIds, level)).map(toSkuOffer);
    },

    /** The catalogue's part of checkout's statement of a cart's lines with their SKUs (cartOffersPart). */
    cartOffersPart,

    /**
     * Products with their SKUs priced at `level` (spec §3 'Gift product'; §7 promotionsList/ and the gift
     * detail), in goods id order; unknown ids are left out. Two queries.
     */
    async productsWithSkus(
      goodsIds: readonly number[],
      level: number,
      executor: Database = db,
    ): Promise<ProductOffer[]> {
      const briefs = await repo.listGoodsBriefs(executor, goodsIds);
      const skuRows = await repo.listSkusWithPrices(executor, [...new Set(goodsIds)], level);
      return briefs.map((brief) => ({
        ...brief,
        skus: toSkuDtos(skuRows.filter((row) => row.goodsId === brief.id)),
      }));
    },

    /** Name, main image, warehouse and shelf state of products (checkout promotions name their gift). */
    async goodsBriefs(goodsIds: readonly number[], executor: Database = db): Promise<GoodsBrief[]> {
      return repo.listGoodsBriefs(executor, goodsIds);
    },

    /** The category tree, roots with nested children, each level by sort then id (spec §7 goodscatalog/list/). */
    async categoryTree(): Promise<CategoryNode[]> {
      return buildCategoryTree(await repo.listCategories(db));
    },

    /** Brands A–Z with '#' last, with their on-shelf goods count (spec §7 goodsbrand/list/). */
    async listBrands(keyword?: string): Promise<{ items: Brand[] }> {
      const rows = await repo.listBrands(db, keyword ? keyword : undefined);
      return { items: rows.map(toBrandDto) };
    },

    /**
     * The brands having goods on the shelf under each root category, or under the one category asked for
     * (spec §7 goodsbrand/brandByCatalog/, payload designed here). Roots without such brands are left out.
     */
    async brandsByCatalog(cateId?: number) {
      if (cateId !== undefined) {
        const category = await repo.findCategory(db, cateId);
        if (!category) throw notFoundError(CatalogueMessages.categoryNotFound);
        const rows = await repo.listBrandsByRootCategory(db, cateId);
        return {
          items: [{ category: { id: category.id, name: category.name }, brands: rows.map(toBrandDto) }],
        };
      }
      const [roots, rows] = await Promise.all([
        repo.listRootCategories(db),
        repo.listBrandsByRootCategory(db),
      ]);
      const brandsByRoot = new Map<number, Brand[]>();
      for (const row of rows) {
        const list = brandsByRoot.get(row.rootId) ?? [];
        list.push(toBrandDto(row));
        brandsByRoot.set(row.rootId, list);
      }
      return {
        items: roots
          .filter((root) => brandsByRoot.has(root.id))
          .map((root) => ({
            category: { id: root.id, name: root.name },
            brands: brandsByRoot.get(root.id) ?? [],
          })),
      };
    },

    /** One brand for its page /brand/{id} (spec §2, §7 goodsbrand/detail/). */
    async brandDetail(id: number): Promise<BrandDetail> {
      const row = await repo.findBrand(db, id);
      if (!row) throw notFoundError(CatalogueMessages.brandNotFound);
      return {
        ...toBrandDto(row),
        description: row.description,
        banner: row.banner,
      };
    },

    /**
     * The member's price list in one currency as an xlsx (spec §7 exportGoodsPrice/): one row per SKU of
     * the goods on the shelf matching the filters, at most EXPORT_ROW_LIMIT rows, at the member's level, each
     * price billed by the one currency rule (a CNY list converts AUD-only prices at the stored rate, ADR 013).
     * Built once per catalogue version, level, currency, rate and filters; limited per member (EXPORT_LIMIT).
     */
    async exportGoodsPrice(
      auth: AuthContext,
      input: GoodsFilterInput & { currency: repo.PriceCurrency },
    ): Promise<ExportFile> {
      await countExport(auth);
      const level = await priceLevel(auth);
      const filter = toGoodsFilter(input);
      const rate = input.currency === 'CNY' ? await exportRate() : null;
      const key = { kind: 'price', level, currency: input.currency, rate, filter };
      const content = await exportFile(key, async () =>
        goodsPriceWorkbook(
          await repo.listExportRows(db, filter, level, EXPORT_ROW_LIMIT),
          input.currency,
          rate,
        ),
      );
      return { fileName: exportFileName('GoodsPrice', clock(), input.currency), content };
    },

    /**
     * The SKU data sheet (codes, properties, status, stock, weight) as an xlsx (spec §7 exportGoodsSkuData/).
     * The same for every member: built once per catalogue version and filters; limited per member.
     */
    async exportGoodsSkuData(auth: AuthContext, input: GoodsFilterInput): Promise<ExportFile> {
      await countExport(auth);
      const filter = toGoodsFilter(input);
      const content = await exportFile({ kind: 'skuData', filter }, async () =>
        goodsSkuDataWorkbook(await repo.listExportRows(db, filter, DEFAULT_MEMBER_LEVEL, EXPORT_ROW_LIMIT)),
      );
      return { fileName: exportFileName('GoodsSkuData', clock()), content };
    },

    /**
     * Every SKU on the shelf that is for sale as one compact sheet (/user/products 快速订货, ADR 018), priced at
     * `level`, what can be bought now first, then in the shop's own order (buyableFirst). One query per catalogue
     * version and level; the rest is served from memory.
     */
    quickOrderList: quickOrderSheet,

    /**
     * The quick-order sheet as the buyer sees it (their filters and order, their quantities) as an xlsx. SKUs no
     * longer on the shelf are left out. Counted like the other exports: per member, or per address for a visitor.
     */
    async exportQuickOrder(
      who: Exporter,
      items: readonly { skuId: number; qty: number }[],
    ): Promise<ExportFile> {
      const made = await rateLimiter.hit(
        who.auth ? `export:member:${who.auth.memberId}` : `export:ip:${who.ip}`,
        EXPORT_LIMIT.windowMs,
      );
      if (made > EXPORT_LIMIT.perMember)
        throw new AppError(ResultCode.TooManyRequests, CatalogueMessages.tooManyExports);
      const sheet = await quickOrderSheet(await priceLevel(who.auth));
      const bySku = new Map(sheet.items.map((row) => [row.skuId, row]));
      const rows = items.flatMap((item) => {
        const row = bySku.get(item.skuId);
        return row ? [{ row, qty: item.qty }] : [];
      });
      if (rows.length === 0) throw new AppError(ResultCode.ParamsError, CatalogueMessages.nothingToExport);
      return { fileName: exportFileName('QuickOrder', clock()), content: await quickOrderWorkbook(rows) };
    },

    /** SKU ids by SKU code or name (an old order's lines name their SKU so); a name matching none is left out. */
    async skuIdsByCodeOrName(names: readonly string[]): Promise<Map<string, number>> {
      const rows = await repo.findSkusByCodeOrName(db, names);
      const ids = new Map<string, number>();
      // A code wins over a name; the lowest id wins among equals.
      for (const row of rows) if (!ids.has(row.code)) ids.set(row.code, row.id);
      for (const row of rows) if (!ids.has(row.name)) ids.set(row.name, row.id);
      return ids;
    },

    /**
     * Moves the catalogue's version on after a committed change of goods, SKUs, prices or stock (an order's
     * stock taken or given back, an operator's import, shelf or stock command), so the next export is built
     * from the new data. Called after the change's transaction commits: a version moved inside it could be
     * read, and a file built from the old rows stored under it, before the commit. Never throws: the change is
     * made already, and a file that missed it is built again within EXPORT_CACHE_TTL_MS. Calls made while a bump
     * runs share the next one (under a stream of orders, one statement serves many).
     */
    catalogueChanged(): Promise<void> {
      return versionBumps.after();
    },

    /** How the export files are served (builds, stored-file answers, memory held). */
    exportStats(): ExportCacheStats {
      return exports.stats();
    },
  };
}
