import {
  type AdminBrandListResponse,
  type AdminBrandSaveRequest,
  type AdminCategoryMoveRequest,
  type AdminCategoryNode,
  type AdminCategorySaveRequest,
  CATEGORY_MAX_DEPTH,
  goodsSearchText,
} from '@shop/domain';
import type { Database } from '../../db/client';
import { databaseErrorCode } from '../../db/refusal';
import { notFoundError, paramsError } from '../../lib/app-error';
import type { AuditActor, AuditRecorder } from '../../lib/audit';
import { brandInitial } from './catalogue.brand-initial';
import { bumpCatalogueVersion } from './catalogue.exports.repository';
import * as repo from './catalogue.taxonomy.repository';

/**
 * The console's brands and category tree (contracts/admin-taxonomy.ts). Each change is one transaction with its
 * audit row; a change of a brand's or a category's name also rewrites the search text of the goods it names
 * (goodsSearchText: names, brand, category path), so a keyword finds them under the new name at once. After the
 * commit the catalogue's version moves on, so the exports and the storefront's caches are built again.
 */

export const TaxonomyMessages = {
  unknownBrand: '品牌不存在',
  brandNameTaken: '已有同名品牌',
  brandInUse: (n: number) => `该品牌下还有 ${n} 个商品，不能删除；请先把商品改到其他品牌`,
  unknownCategory: '分类不存在',
  unknownParent: '上级分类不存在',
  categoryNameTaken: '同一级下已有同名分类',
  tooDeep: `分类最多${CATEGORY_MAX_DEPTH}级`,
  intoItself: '不能把分类移到它自己或它的下级分类下',
  hasChildren: '该分类下还有下级分类，不能删除',
  hasGoods: (n: number) => `该分类下还有 ${n} 个商品，不能删除；请先把商品改到其他分类`,
} as const;

/** Whether a database error (or one it wraps) is PostgreSQL's `code`: 23505 unique, 23503 foreign key. */
function isViolation(error: unknown, code: '23505' | '23503'): boolean {
  return databaseErrorCode(error) === code;
}

/** The ids on a category path '/1/5/23/'. */
function pathIds(path: string): number[] {
  return path.split('/').filter(Boolean).map(Number);
}

export type CatalogueTaxonomyService = ReturnType<typeof createCatalogueTaxonomyService>;

export function createCatalogueTaxonomyService({ db, audit }: { db: Database; audit: AuditRecorder }) {
  async function changing<T>(change: () => Promise<T>): Promise<T> {
    const result = await change();
    await bumpCatalogueVersion(db).catch(() => undefined);
    return result;
  }

  /**
   * A deletion, refused with `message` when a product saved meanwhile still points at the row (the goods'
   * foreign key: the count checked inside the transaction cannot see a product not yet committed).
   */
  async function inUseRefused<T>(message: string, change: () => Promise<T>): Promise<T> {
    try {
      return await changing(change);
    } catch (error) {
      if (isViolation(error, '23503')) throw paramsError(message);
      throw error;
    }
  }

  /** Rewrites the search text of the goods a brand or a category branch names. */
  async function refreshSearchText(tx: Database, by: { brandId: number } | { categoryPathPrefix: string }) {
    // One after another: the transaction's one connection runs one statement at a time.
    const rows = await repo.searchPartsOf(tx, by);
    const names = await repo.categoryNames(tx);
    await repo.setSearchText(
      tx,
      rows.map((g) => ({
        id: g.id,
        searchText: goodsSearchText({
          name: g.name,
          nameEn: g.nameEn,
          brandName: g.brandName ?? undefined,
          brandNameEn: g.brandNameEn ?? undefined,
          categoryNames: pathIds(g.categoryPath).map((id) => names.get(id) ?? ''),
          code: g.code,
        }),
      })),
    );
  }

  async function tree(executor: Database = db): Promise<AdminCategoryNode[]> {
    const rows = await repo.categoriesWithCounts(executor);
    const nodes = new Map<number, AdminCategoryNode>();
    const roots: AdminCategoryNode[] = [];
    // Parents come first (ordered by depth), siblings in their order.
    for (const row of rows) {
      const node: AdminCategoryNode = {
        id: row.id,
        parentId: row.parentId,
        name: row.name,
        image: row.image,
        sort: row.sort,
        depth: row.depth,
        goodsCount: row.goodsCount,
        children: [],
      };
      nodes.set(row.id, node);
      const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
      if (parent) parent.children.push(node);
      else roots.push(node);
    }
    return roots;
  }

  /** How many levels a branch spans below its root (0 for a leaf). */
  function branchHeight(all: readonly repo.CategoryRow[], root: repo.CategoryRow): number {
    let height = 0;
    for (const row of all)
      if (row.path.startsWith(root.path)) height = Math.max(height, row.depth - root.depth);
    return height;
  }

  function siblingNameTaken(
    all: readonly repo.CategoryRow[],
    parentId: number | null,
    name: string,
    exceptId?: number,
  ) {
    return all.some(
      (c) => c.parentId === parentId && c.id !== exceptId && c.name.toLowerCase() === name.toLowerCase(),
    );
  }

  return {
    async brandList(input: {
      pageNo: number;
      pageSize: number;
      keyword?: string;
    }): Promise<AdminBrandListResponse> {
      return repo.pageBrands(db, input.keyword || undefined, {
        limit: input.pageSize,
        offset: (input.pageNo - 1) * input.pageSize,
      });
    },

    brandInitial,

    /** Creates or changes a brand; its A–Z group follows its name. */
    async saveBrand(
      input: AdminBrandSaveRequest & { nameEn: string; banner: string; description: string; sort: number },
      by: AuditActor,
    ) {
      const fields = {
        name: input.name,
        nameEn: input.nameEn,
        initial: brandInitial(input.name),
        country: input.country,
        logo: input.logo,
        banner: input.banner,
        description: input.description,
        sort: input.sort,
      };
      try {
        return await changing(() =>
          db.transaction(async (tx) => {
            if (await repo.brandNamed(tx, input.name, input.id))
              throw paramsError(TaxonomyMessages.brandNameTaken);
            if (input.id === undefined) {
              const created = await repo.insertBrand(tx, fields);
              await audit(tx, {
                by,
                action: 'brand.create',
                objectType: 'brand',
                objectId: created.id,
                after: fields,
              });
              return created;
            }
            const before = await repo.lockBrand(tx, input.id);
            if (!before) throw notFoundError(TaxonomyMessages.unknownBrand);
            const updated = await repo.updateBrand(tx, input.id, fields);
            if (before.name !== updated.name || before.nameEn !== updated.nameEn)
              await refreshSearchText(tx, { brandId: input.id });
            const { createdAt: _c, id: _i, ...was } = before;
            await audit(tx, {
              by,
              action: 'brand.update',
              objectType: 'brand',
              objectId: input.id,
              before: was,
              after: fields,
            });
            return updated;
          }),
        );
      } catch (error) {
        if (isViolation(error, '23505')) throw paramsError(TaxonomyMessages.brandNameTaken);
        throw error;
      }
    },

    /** Deletes a brand no goods use (the goods' foreign key keeps that true against a product saved meanwhile). */
    async deleteBrand(id: number, by: AuditActor) {
      return inUseRefused(TaxonomyMessages.brandInUse(1), () =>
        db.transaction(async (tx) => {
          const before = await repo.lockBrand(tx, id);
          if (!before) throw notFoundError(TaxonomyMessages.unknownBrand);
          const used = await repo.countGoodsWhere(tx, { brandId: id });
          if (used > 0) throw paramsError(TaxonomyMessages.brandInUse(used));
          await repo.deleteBrand(tx, id);
          const { createdAt: _c, ...was } = before;
          await audit(tx, { by, action: 'brand.delete', objectType: 'brand', objectId: id, before: was });
          return { id };
        }),
      );
    },

    tree,

    /** Creates a category under a parent (or at the top, last among its siblings), or renames one. */
    async saveCategory(input: AdminCategorySaveRequest & { image: string }, by: AuditActor) {
      return changing(() =>
        db.transaction(async (tx) => {
          const all = await repo.lockTree(tx);
          if (input.id === undefined) {
            const parentId = input.parentId ?? null;
            const parent = parentId === null ? null : all.find((c) => c.id === parentId);
            if (parent === undefined) throw notFoundError(TaxonomyMessages.unknownParent);
            const depth = (parent?.depth ?? 0) + 1;
            if (depth > CATEGORY_MAX_DEPTH) throw paramsError(TaxonomyMessages.tooDeep);
            if (siblingNameTaken(all, parentId, input.name))
              throw paramsError(TaxonomyMessages.categoryNameTaken);
            const siblings = all.filter((c) => c.parentId === parentId);
            const sort = siblings.reduce((max, c) => Math.max(max, c.sort + 1), 0);
            const id = await repo.insertCategory(tx, {
              parentId,
              parentPath: parent?.path ?? '',
              name: input.name,
              depth,
              image: input.image,
              sort,
            });
            await audit(tx, {
              by,
              action: 'category.create',
              objectType: 'category',
              objectId: id,
              after: { name: input.name, parentId, image: input.image },
            });
            return { id, tree: await tree(tx) };
          }
          const before = all.find((c) => c.id === input.id);
          if (!before) throw notFoundError(TaxonomyMessages.unknownCategory);
          if (siblingNameTaken(all, before.parentId, input.name, before.id))
            throw paramsError(TaxonomyMessages.categoryNameTaken);
          await repo.updateCategory(tx, before.id, { name: input.name, image: input.image });
          if (before.name !== input.name) await refreshSearchText(tx, { categoryPathPrefix: before.path });
          await audit(tx, {
            by,
            action: 'category.update',
            objectType: 'category',
            objectId: before.id,
            before: { name: before.name, image: before.image },
            after: { name: input.name, image: input.image },
          });
          return { id: before.id, tree: await tree(tx) };
        }),
      );
    },

    /**
     * Moves a category with its branch under another parent (or to the top) at a position among the new
     * siblings. The branch must stay within three levels and cannot go below itself.
     */
    async moveCategory(input: AdminCategoryMoveRequest, by: AuditActor) {
      return changing(() =>
        db.transaction(async (tx) => {
          const all = await repo.lockTree(tx);
          const node = all.find((c) => c.id === input.id);
          if (!node) throw notFoundError(TaxonomyMessages.unknownCategory);
          const parent = input.parentId === null ? null : all.find((c) => c.id === input.parentId);
          if (parent === undefined) throw notFoundError(TaxonomyMessages.unknownParent);
          if (parent?.path.startsWith(node.path)) throw paramsError(TaxonomyMessages.intoItself);
          const depth = (parent?.depth ?? 0) + 1;
          if (depth + branchHeight(all, node) > CATEGORY_MAX_DEPTH)
            throw paramsError(TaxonomyMessages.tooDeep);
          const parentId = parent?.id ?? null;
          if (parentId !== node.parentId) {
            if (siblingNameTaken(all, parentId, node.name, node.id))
              throw paramsError(TaxonomyMessages.categoryNameTaken);
            const newPath = `${parent?.path ?? '/'}${node.id}/`;
            await repo.moveBranch(tx, {
              id: node.id,
              parentId,
              oldPath: node.path,
              newPath,
              depthDelta: depth - node.depth,
            });
            await refreshSearchText(tx, { categoryPathPrefix: newPath });
          }
          const siblings = all
            .filter((c) => c.parentId === parentId && c.id !== node.id)
            .sort((a, b) => a.sort - b.sort || a.id - b.id)
            .map((c) => c.id);
          siblings.splice(Math.min(input.index, siblings.length), 0, node.id);
          await repo.setSortOrder(tx, siblings);
          await audit(tx, {
            by,
            action: 'category.move',
            objectType: 'category',
            objectId: node.id,
            before: { parentId: node.parentId, sort: node.sort },
            after: { parentId, index: siblings.indexOf(node.id) },
          });
          return { id: node.id, tree: await tree(tx) };
        }),
      );
    },

    /** Deletes a category with no children and no goods (the goods' foreign key keeps that true meanwhile). */
    async deleteCategory(id: number, by: AuditActor) {
      return inUseRefused(TaxonomyMessages.hasGoods(1), () =>
        db.transaction(async (tx) => {
          const all = await repo.lockTree(tx);
          const node = all.find((c) => c.id === id);
          if (!node) throw notFoundError(TaxonomyMessages.unknownCategory);
          if (all.some((c) => c.parentId === id)) throw paramsError(TaxonomyMessages.hasChildren);
          const used = await repo.countGoodsWhere(tx, { categoryId: id });
          if (used > 0) throw paramsError(TaxonomyMessages.hasGoods(used));
          await repo.deleteCategory(tx, id);
          await audit(tx, {
            by,
            action: 'category.delete',
            objectType: 'category',
            objectId: id,
            before: { name: node.name, parentId: node.parentId, image: node.image },
          });
          return { id, tree: await tree(tx) };
        }),
      );
    },
  };
}
