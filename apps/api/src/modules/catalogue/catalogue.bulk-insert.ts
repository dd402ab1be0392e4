import { goodsSearchText } from '@shop/domain';
import type { Database } from '../../db/client';
import { brandInitial } from './catalogue.brand-initial';
import * as repo from './catalogue.bulk-insert.repository';
import { changingCatalogue } from './catalogue.exports';
import { pathKey } from './catalogue.sheet-import';
import { type CategoryRef, insertCategories, upsertBrands } from './catalogue.sheet-import.repository';

/**
 * The demo seed's side of the catalogue: a whole catalogue inserted in one transaction, and the ids the content
 * seed links to.
 */

export interface CatalogueBrandInput {
  name: string;
  nameEn: string;
  country: string;
  logo: string;
  banner: string;
  description: string;
  sort: number;
}

export interface CatalogueCategoryInput {
  name: string;
  image: string;
  sort: number;
  children: CatalogueCategoryInput[];
}

export interface CatalogueSkuInput {
  code: string;
  name: string;
  property: Record<string, string>;
  status: number;
  stock: number;
  weight: number;
  sort: number;
  prices: { level: number; currency: 'AUD' | 'CNY'; amount: number }[];
  /** The quantity rule (ADR 050); by the piece when left out. */
  rule?: { minQty: number; stepQty: number; maxQty: number | null };
  /** Volume prices, minor units. */
  breaks?: { level: number; currency: 'AUD' | 'CNY'; minQty: number; amount: number }[];
  /** GS1 barcode, digits only (domain gtin.ts). */
  barcode?: string | null;
  /** A ByBook SKU's expected arrival day, 'YYYY-MM-DD' (issue #39). */
  expectedDate?: string | null;
}

export interface CatalogueGoodsInput {
  code: string;
  name: string;
  nameEn: string;
  brandName: string | null;
  /** Category names from the root. */
  categoryPath: readonly string[];
  location: number;
  onFlag: boolean;
  content: string;
  sales: number;
  sortWeight: number;
  createdAt: Date;
  images: { kind: 'good' | 'real' | 'content'; path: string }[];
  skus: CatalogueSkuInput[];
  /** Whether the breaks count the quantities of all its SKUs together. */
  breaksMixed?: boolean;
}

export interface CatalogueInput {
  brands: CatalogueBrandInput[];
  categories: CatalogueCategoryInput[];
  goods: CatalogueGoodsInput[];
}

/** The demo seed's writes and look-ups, a part of the catalogue's operator service (catalogue.admin.ts). */
export function createBulkInsert({ db }: { db: Database }) {
  return {
    /** Number of goods (the demo seed adds its catalogue only to an empty one). */
    countGoods(): Promise<number> {
      return repo.countGoods(db);
    },

    /**
     * Inserts a whole catalogue (the demo seed) in one transaction with batched statements: brands,
     * the category tree level by level, goods with their search text, images, SKUs and prices.
     */
    async insertCatalogue(input: CatalogueInput) {
      return changingCatalogue(db, () =>
        db.transaction(async (tx) => {
          const brandIds = await upsertBrands(
            tx,
            input.brands.map((b) => ({ ...b, initial: brandInitial(b.name) })),
          );
          const brandsByName = new Map(input.brands.map((b) => [b.name, b]));

          // Level by level, so each level's parents (and their paths) exist.
          const categoryIds = new Map<string, CategoryRef>();
          let level: { node: CatalogueCategoryInput; parent: CategoryRef | null; names: string[] }[] =
            input.categories.map((node) => ({ node, parent: null, names: [node.name] }));
          let categoryCount = 0;
          while (level.length > 0) {
            const created = await insertCategories(
              tx,
              level.map(({ node, parent, names }) => ({
                parentId: parent?.id ?? null,
                parentPath: parent?.path ?? '',
                name: node.name,
                depth: names.length,
                image: node.image,
                sort: node.sort,
              })),
            );
            categoryCount += created.length;
            const next: typeof level = [];
            level.forEach((entry, i) => {
              const ref = created[i];
              if (!ref) return;
              categoryIds.set(pathKey(entry.names), ref);
              for (const child of entry.node.children)
                next.push({ node: child, parent: ref, names: [...entry.names, child.name] });
            });
            level = next;
          }

          const goodsIds = await repo.insertGoods(
            tx,
            input.goods.map((g) => {
              const category = categoryIds.get(pathKey(g.categoryPath));
              if (!category) throw new Error(`unknown category ${pathKey(g.categoryPath)} of ${g.code}`);
              const brand = g.brandName ? brandsByName.get(g.brandName) : undefined;
              return {
                code: g.code,
                name: g.name,
                nameEn: g.nameEn,
                brandId: g.brandName ? (brandIds.get(g.brandName)?.id ?? null) : null,
                categoryId: category.id,
                location: g.location,
                onFlag: g.onFlag,
                content: g.content,
                sales: g.sales,
                sortWeight: g.sortWeight,
                breaksMixed: g.breaksMixed ?? false,
                searchText: goodsSearchText({
                  name: g.name,
                  nameEn: g.nameEn,
                  brandName: brand?.name,
                  brandNameEn: brand?.nameEn,
                  categoryNames: g.categoryPath,
                  code: g.code,
                }),
                createdAt: g.createdAt,
                updatedAt: g.createdAt,
              };
            }),
          );
          const idOf = (code: string) => {
            const id = goodsIds.get(code);
            if (id === undefined) throw new Error(`goods ${code} was not inserted`);
            return id;
          };

          await repo.insertGoodsImages(
            tx,
            input.goods.flatMap((g) =>
              g.images.map((image, sort) => ({
                goodsId: idOf(g.code),
                kind: image.kind,
                path: image.path,
                sort,
              })),
            ),
          );
          const skuIds = await repo.insertSkus(
            tx,
            input.goods.flatMap((g) =>
              g.skus.map((s) => ({
                goodsId: idOf(g.code),
                code: s.code,
                name: s.name,
                property: s.property,
                status: s.status,
                stock: s.stock,
                weight: s.weight,
                sort: s.sort,
                minQty: s.rule?.minQty ?? 1,
                stepQty: s.rule?.stepQty ?? 1,
                maxQty: s.rule?.maxQty ?? null,
                barcode: s.barcode ?? null,
                expectedDate: s.expectedDate ?? null,
                createdAt: g.createdAt,
                updatedAt: g.createdAt,
              })),
            ),
          );
          const prices = input.goods.flatMap((g) =>
            g.skus.flatMap((s) =>
              s.prices.map((p) => {
                const skuId = skuIds.get(s.code);
                if (skuId === undefined) throw new Error(`sku ${s.code} was not inserted`);
                return { skuId, level: p.level, currency: p.currency, amount: p.amount };
              }),
            ),
          );
          await repo.insertSkuPrices(tx, prices);
          await repo.insertSkuPriceBreaks(
            tx,
            input.goods.flatMap((g) =>
              g.skus.flatMap((s) => (s.breaks ?? []).map((b) => ({ skuId: skuIds.get(s.code) ?? 0, ...b }))),
            ),
          );
          return {
            brands: brandIds.size,
            categories: categoryCount,
            goods: goodsIds.size,
            skus: skuIds.size,
            prices: prices.length,
            images: input.goods.reduce((n, g) => n + g.images.length, 0),
          };
        }),
      );
    },

    /** Ids the content seed links to: categories by name path, brands by name, goods by code. */
    async references(goodsCodes: readonly string[] = []) {
      const categoryRows = await repo.listCategories(db);
      const byId = new Map(categoryRows.map((c) => [c.id, c]));
      const categoriesByPath = new Map<string, CategoryRef>();
      for (const c of categoryRows) {
        const names: string[] = [];
        for (
          let node: CategoryRef | undefined = c;
          node;
          node = node.parentId ? byId.get(node.parentId) : undefined
        )
          names.unshift(node.name);
        categoriesByPath.set(pathKey(names), c);
      }
      const brandRows = await repo.listBrandRefs(db);
      return {
        categoriesByPath,
        brandsByName: new Map(brandRows.map((b) => [b.name, b])),
        goodsByCode: await repo.goodsIdsByCode(db, goodsCodes),
      };
    },
  };
}
