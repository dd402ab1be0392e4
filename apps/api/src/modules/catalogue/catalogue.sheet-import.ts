import { goodsSearchText } from '@shop/domain';
import type { Database } from '../../db/client';
import type { AuditActor, AuditRecorder } from '../../lib/audit';
import { ImportRejectedError } from '../../lib/spreadsheet';
import { brandInitial } from './catalogue.brand-initial';
import { changingCatalogue } from './catalogue.exports';
import type { ImportSheet } from './catalogue.import-sheet';
import * as repo from './catalogue.sheet-import.repository';

/**
 * The goods sheet import (docs/catalogue-import.md) of the console and the command line: checked sheet rows
 * written in one transaction, so an operator never finds a catalogue half-changed.
 */

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

/** A category path (names from the root) as one key. */
export function pathKey(names: readonly string[]): string {
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

/** The sheet import, a part of the catalogue's operator service (catalogue.admin.ts). */
export function createSheetImport({ db, audit }: { db: Database; audit?: AuditRecorder | undefined }) {
  return {
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
        await changingCatalogue(db, () =>
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
  };
}
