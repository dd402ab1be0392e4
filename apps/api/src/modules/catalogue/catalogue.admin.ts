import {
  type AdminGoodsListRequest,
  type AdminGoodsListResponse,
  goodsSearchText,
  LOW_STOCK,
  warehouseName,
} from '@shop/domain';
import { pinyin } from 'pinyin-pro';
import type { Database } from '../../db/client';
import { notFoundError } from '../../lib/app-error';
import { type AuditActor, type AuditRecorder, cliActor } from '../../lib/audit';
import { ImportRejectedError } from '../../lib/spreadsheet';
import * as repo from './catalogue.admin.repository';
import type { ImportSheet } from './catalogue.import-sheet';
import { bumpCatalogueVersion } from './catalogue.repository';

/**
 * The operator side of the catalogue: the demo catalogue's bulk insert, the sheet import, and the shelf
 * and stock commands (docs/catalogue-import.md). Every change that belongs together runs in one
 * transaction, so an operator never finds a catalogue half-changed.
 */

/**
 * The A–Z group of a brand (spec §7 'goodsbrand/list': grouped by first letter, Chinese characters by their
 * pinyin initial): 'Swisse' → 'S', '爱他美' → 'A', 'Nestlé' → 'N', '3M' → '#'.
 */
export function brandInitial(name: string): string {
  const first = [...name.trim()][0] ?? '';
  const latin = first.normalize('NFD').charAt(0);
  if (/^[A-Za-z]$/.test(latin)) return latin.toUpperCase();
  if (/^\p{Script=Han}$/u.test(first)) {
    const initial = pinyin(first, { pattern: 'first', toneType: 'none' }).charAt(0).toUpperCase();
    if (/^[A-Z]$/.test(initial)) return initial;
  }
  return '#';
}

export const CatalogueAdminMessages = {
  unknownGoods: '商品不存在',
  unknownSku: '未找到 SKU',
  stockBelowZero: '库存不足，调整后库存不能小于0',
  badReason: '原因最多200个字符',
  requestIdReused: '请求编号已用于另一个 SKU 的调整',
  badStock: '库存须为不小于0的整数',
} as const;

// Thrown inside a dry run's transaction so that everything it did is rolled back.
class DryRunRollback extends Error {
  constructor(readonly summary: ImportSummary) {
    super('dry run');
  }
}

export interface ImportSummary {
  dryRun: boolean;
  goodsCreated: number;
  goodsUpdated: number;
  skusCreated: number;
  skusUpdated: number;
  brandsCreated: number;
  categoriesCreated: number;
  pricesSet: number;
  pricesRemoved: number;
}

// ------------------------------------------------------------------------------- the demo catalogue

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
}

export interface CatalogueInput {
  brands: CatalogueBrandInput[];
  categories: CatalogueCategoryInput[];
  goods: CatalogueGoodsInput[];
}

export type CatalogueAdminService = ReturnType<typeof createCatalogueAdminService>;

function pathKey(names: readonly string[]): string {
  return names.join('/');
}

/** Creates the category path (names from the root) where missing; returns the leaf's id and how many were new. */
async function ensureCategoryPath(
  db: Database,
  names: readonly string[],
): Promise<{ id: number; created: number }> {
  let parent: repo.CategoryRef | null = null;
  let created = 0;
  for (const [i, name] of names.entries()) {
    let node = await repo.findCategoryChild(db, parent?.id ?? null, name);
    if (!node) {
      const [inserted] = await repo.insertCategories(db, [
        { parentId: parent?.id ?? null, parentPath: parent?.path ?? '', name, depth: i + 1 },
      ]);
      node = inserted ?? null;
      created += 1;
    }
    if (!node) throw new Error(`category ${name} was not created`);
    parent = node;
  }
  if (!parent) throw new Error('empty category path');
  return { id: parent.id, created };
}

/**
 * Runs a committed change of the catalogue, then moves the catalogue's version on so the goods exports are
 * built again (catalogue.service catalogueChanged: after the commit, never failing the change itself).
 */
export async function changingCatalogue<T>(db: Database, change: () => Promise<T>): Promise<T> {
  const result = await change();
  await bumpCatalogueVersion(db).catch(() => undefined);
  return result;
}

/** The catalogue's operator service. */
export function createCatalogueAdminService({ db, audit }: { db: Database; audit?: AuditRecorder }) {
  const changing = <T>(change: () => Promise<T>) => changingCatalogue(db, change);

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
      return changing(() =>
        db.transaction(async (tx) => {
          const brandIds = await repo.upsertBrands(
            tx,
            input.brands.map((b) => ({ ...b, initial: brandInitial(b.name) })),
          );
          const brandsByName = new Map(input.brands.map((b) => [b.name, b]));

          // Level by level, so each level's parents (and their paths) exist.
          const categoryIds = new Map<string, repo.CategoryRef>();
          let level: { node: CatalogueCategoryInput; parent: repo.CategoryRef | null; names: string[] }[] =
            input.categories.map((node) => ({ node, parent: null, names: [node.name] }));
          let categoryCount = 0;
          while (level.length > 0) {
            const created = await repo.insertCategories(
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
      const categoriesByPath = new Map<string, repo.CategoryRef>();
      for (const c of categoryRows) {
        const names: string[] = [];
        for (
          let node: repo.CategoryRef | undefined = c;
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

    /**
     * Imports checked sheet rows (docs/catalogue-import.md): goods upserted by goods code, SKUs by SKU
     * code, missing brands and categories created, prices of the sheet's price columns set (an empty cell
     * removes that price). All in one transaction; a SKU code that belongs to another goods rejects the
     * whole sheet. A dry run does everything and then rolls back, so its summary is exact. With `by` (the
     * console, the command line) the import is audited in its transaction.
     */
    async importSheet(
      sheet: ImportSheet,
      options: { dryRun?: boolean; by?: AuditActor; fileName?: string } = {},
    ): Promise<ImportSummary> {
      const summary: ImportSummary = {
        dryRun: Boolean(options.dryRun),
        goodsCreated: 0,
        goodsUpdated: 0,
        skusCreated: 0,
        skusUpdated: 0,
        brandsCreated: 0,
        categoriesCreated: 0,
        pricesSet: 0,
        pricesRemoved: 0,
      };
      try {
        await changing(() =>
          db.transaction(async (tx) => {
            const owners = await repo.skuOwners(
              tx,
              sheet.rows.map((r) => r.skuCode),
            );
            const conflicts = sheet.rows.flatMap((r) => {
              const owner = owners.get(r.skuCode);
              return owner !== undefined && owner !== r.goodsCode
                ? [`第 ${r.row} 行：SKU编码 ${r.skuCode} 已属于商品 ${owner}，不能改到商品 ${r.goodsCode} 下`]
                : [];
            });
            if (conflicts.length > 0) throw new ImportRejectedError(conflicts);

            const brandNames = [...new Set(sheet.rows.flatMap((r) => (r.brand ? [r.brand] : [])))];
            const knownBrands = await repo.brandIdsByName(tx, brandNames);
            const newBrands = brandNames.filter((n) => !knownBrands.has(n));
            const brandIds = await repo.upsertBrands(
              tx,
              brandNames.map((name) => ({
                name,
                // A Latin name doubles as the Latin name; a Chinese one waits for the operator to add it.
                nameEn: /^[\p{Script=Latin}\d\s'&.+-]+$/u.test(name) ? name : '',
                initial: brandInitial(name),
              })),
            );
            summary.brandsCreated = newBrands.length;

            const categoryIds = new Map<string, number>();
            for (const r of sheet.rows) {
              const key = pathKey(r.categoryPath);
              if (categoryIds.has(key)) continue;
              const { id, created } = await ensureCategoryPath(tx, r.categoryPath);
              categoryIds.set(key, id);
              summary.categoriesCreated += created;
            }

            const storedNameEn = await repo.goodsNameEnByCode(
              tx,
              sheet.rows.map((r) => r.goodsCode),
            );
            const goodsIds = new Map<string, number>();
            for (const r of sheet.rows) {
              if (goodsIds.has(r.goodsCode)) continue;
              const brand = r.brand ? brandIds.get(r.brand) : undefined;
              const brandId = brand?.id ?? null;
              const categoryId = categoryIds.get(pathKey(r.categoryPath));
              if (categoryId === undefined) throw new Error(`category of row ${r.row} missing`);
              const searchText = goodsSearchText({
                name: r.name,
                nameEn: r.nameEn ?? storedNameEn.get(r.goodsCode),
                brandName: r.brand ?? undefined,
                brandNameEn: brand?.nameEn,
                categoryNames: r.categoryPath,
                code: r.goodsCode,
              });
              const fields = {
                name: r.name,
                categoryId,
                location: r.location,
                searchText,
                ...(r.nameEn !== undefined ? { nameEn: r.nameEn } : {}),
                ...(r.brand !== undefined ? { brandId } : {}),
                ...(r.onFlag !== undefined ? { onFlag: r.onFlag } : {}),
              };
              const result = await repo.upsertGoods(tx, { code: r.goodsCode, ...fields }, fields);
              goodsIds.set(r.goodsCode, result.id);
              if (result.inserted) summary.goodsCreated += 1;
              else summary.goodsUpdated += 1;
            }

            const skuSort = new Map<string, number>();
            for (const r of sheet.rows) {
              const goodsId = goodsIds.get(r.goodsCode);
              if (goodsId === undefined) throw new Error(`goods of row ${r.row} missing`);
              const sort = skuSort.get(r.goodsCode) ?? 0;
              skuSort.set(r.goodsCode, sort + 1);
              const fields = {
                status: r.status,
                stock: r.stock,
                sort,
                ...(r.skuName !== undefined ? { name: r.skuName } : {}),
                ...(r.property !== undefined ? { property: r.property } : {}),
                ...(r.weight !== undefined ? { weight: r.weight } : {}),
              };
              const result = await repo.upsertSku(tx, { goodsId, code: r.skuCode, ...fields }, fields);
              if (result.inserted) summary.skusCreated += 1;
              else summary.skusUpdated += 1;
              for (const price of r.prices) {
                if (price.amount === null) {
                  if (
                    !result.inserted &&
                    (await repo.deleteSkuPrice(tx, result.id, price.level, price.currency))
                  ) {
                    summary.pricesRemoved += 1;
                  }
                } else {
                  await repo.upsertSkuPrice(tx, {
                    skuId: result.id,
                    level: price.level,
                    currency: price.currency,
                    amount: price.amount,
                  });
                  summary.pricesSet += 1;
                }
              }
            }
            if (options.dryRun) throw new DryRunRollback(summary);
            if (options.by)
              await audit?.(tx, {
                by: options.by,
                action: 'goods.import',
                objectType: 'goods',
                objectId: options.fileName ?? 'sheet',
                after: { rows: sheet.rows.length, ...summary },
              });
          }),
        );
      } catch (error) {
        if (error instanceof DryRunRollback) return error.summary;
        throw error;
      }
      return summary;
    },

    /** Puts goods on or off the shelf by code or id; an unknown one changes nothing and names every unknown. */
    async setShelf(
      by: { codes: readonly string[] } | { ids: readonly number[] },
      onFlag: boolean,
      actor: AuditActor = cliActor(),
    ) {
      return changing(() =>
        db.transaction(async (tx) => {
          const found = await repo.lockGoods(tx, by);
          const missing =
            'codes' in by
              ? by.codes.filter((c) => !found.some((g) => g.code === c))
              : by.ids.filter((id) => !found.some((g) => g.id === id)).map(String);
          if (missing.length > 0) {
            throw notFoundError(`${CatalogueAdminMessages.unknownGoods}：${missing.join('、')}`);
          }
          const changed = found.filter((g) => g.onFlag !== onFlag);
          await repo.setGoodsOnFlag(
            tx,
            changed.map((g) => g.id),
            onFlag,
          );
          for (const g of changed)
            await audit?.(tx, {
              by: actor,
              action: 'goods.shelf',
              objectType: 'goods',
              objectId: g.code,
              before: { onShelf: !onFlag },
              after: { onShelf: onFlag },
            });
          return { goods: found.map((g) => ({ ...g, onFlag })), changed: changed.length };
        }),
      );
    },

    /** The console's 商品: every product on or off the shelf, filtered as the content team looks for them. */
    async goodsList(
      input: AdminGoodsListRequest & { pageNo: number; pageSize: number },
    ): Promise<AdminGoodsListResponse> {
      const filter = {
        keyword: input.keyword || undefined,
        categoryId: input.categoryId,
        brandId: input.brandId,
        location: input.warehouse,
        onShelf: input.onShelf,
        stock: input.stock,
        lowAtMost: LOW_STOCK,
      };
      const page = { limit: input.pageSize, offset: (input.pageNo - 1) * input.pageSize };
      const { rows, total } = await repo.pageGoods(db, filter, page);
      const totalCount =
        rows.length === 0 && input.pageNo > 1
          ? (await repo.pageGoods(db, filter, { limit: 1, offset: 0 })).total
          : total;
      return {
        items: rows.map(({ total: _total, updatedAt, ...r }) => ({
          ...r,
          image: r.image ?? '',
          brandName: r.brandName ?? '',
          categoryName: r.categoryName ?? '',
          warehouseName: warehouseName(r.location),
          updateTime: updatedAt.toISOString(),
        })),
        totalCount,
      };
    },
  };
}
