import {
  type Brand,
  type BrandDetail,
  type CategoryNode,
  DEFAULT_MEMBER_LEVEL,
  type GoodsDetail,
  type SkuDetail,
  SkuStatus,
  toMajor,
} from '@shop/domain';
import type { Database } from '../../db/client';
import { notFoundError, paramsError } from '../../lib/app-error';
import * as repo from './catalogue.detail.repository';
import { CatalogueMessages } from './catalogue.messages';
import type { SkuPriceRow } from './catalogue.prices.repository';
import { pathIds, toSkuDtos } from './catalogue.wire';

/**
 * A product's detail and the storefront's taxonomy: the category tree and the brands (spec §3 'Product detail',
 * §7 goods/detail/, goodscatalog/list/, goodsbrand/).
 */

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

/** The catalogue's detail and taxonomy, a part of the catalogue service (catalogue.service.ts). */
export function createCatalogueDetail({ db }: { db: Database }) {
  async function goodsOrNotFound(id: number): Promise<repo.GoodsDetailRow> {
    const row = await repo.findGoodsDetail(db, id);
    if (!row) throw notFoundError(CatalogueMessages.goodsNotFound);
    return row;
  }

  return {
    /** Every product on the shelf with a SKU for sale, with when it last changed (the sitemap). */
    shelfGoods: () => repo.listShelfGoods(db),

    /** The expected arrival days of pre-ordered SKUs ('YYYY-MM-DD'), by SKU id, for orders that wait for them. */
    expectedDates: (skuIds: readonly number[]) => repo.expectedDatesOf(db, skuIds),

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
          throw paramsError(CatalogueMessages.skuMismatch);
        }
        goodsId = ofSku;
      }
      if (goodsId === undefined) throw notFoundError(CatalogueMessages.goodsNotFound);
      const row = await goodsOrNotFound(goodsId);
      const ancestorIds = pathIds(row.categoryPath);
      const [categoryRows, images, skuRows, priceRows] = await Promise.all([
        repo.findCategoriesByIds(db, ancestorIds.length > 0 ? ancestorIds : [row.categoryId]),
        repo.listGoodsImages(db, row.id),
        repo.listSkusOfGoods(db, row.id, level),
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
      const withPrices: SkuPriceRow[] = skuRows.map((s) => ({
        ...s,
        aud: atLevel(prices.get(s.id)?.aud),
        cny: atLevel(prices.get(s.id)?.cny),
      }));
      const expected = new Map(skuRows.map((s) => [s.id, s.expectedDate]));
      const skusOut: SkuDetail[] = toSkuDtos(withPrices).map((sku) => {
        const p = prices.get(sku.id);
        const major = (map: Record<string, number> | undefined) =>
          Object.fromEntries(Object.entries(map ?? {}).map(([lvl, minor]) => [lvl, toMajor(minor)]));
        return {
          ...sku,
          audPrices: major(p?.aud),
          cnyPrices: major(p?.cny),
          // Only a ByBook SKU is pre-ordered (issue #39); a date left on another status says nothing.
          expectedDate: sku.status === SkuStatus.ByBook ? (expected.get(sku.id) ?? null) : null,
        };
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
  };
}
