import { goodsSearchText } from '@shop/domain';
import type { Database } from '../../db/client';
import { violatesUnique } from '../../db/refusal';
import type { AuditActor, AuditRecorder } from '../../lib/audit';
import { ImportRejectedError } from '../../lib/spreadsheet';
import { brandInitial } from './catalogue.brand-initial';
import { changingCatalogue } from './catalogue.exports';
import type { ImportRow, ImportSheet } from './catalogue.import-sheet';
import { SKU_BARCODE_KEY } from './catalogue.schema';
import type { Upserted } from './catalogue.sheet-import.repository';
import * as repo from './catalogue.sheet-import.repository';

/**
 * The goods sheet import (docs/catalogue-import.md) of the console and the command line. The real import is one
 * short transaction of multi-row statements, so an operator never finds a catalogue half-changed; a dry run only
 * reads (which codes, brands, categories and prices exist) and works out the same summary, so it holds no lock.
 */

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

/** What the catalogue holds now of what the sheet names: read before writing, or instead of it in a dry run. */
interface Stored {
  skus: Map<string, { id: number; goodsCode: string }>;
  goodsNameEn: Map<string, string>;
  brands: Map<string, { id: number; nameEn: string }>;
  /** Category id by parent id (0 for a root) and name; the first made wins, as the tree is read by id. */
  categories: Map<string, repo.CategoryRef>;
  /** 'skuId level currency' of the stored prices of the sheet's known SKUs. */
  prices: Set<string>;
  /** The SKU code holding each barcode the sheet gives. */
  barcodes: Map<string, string>;
}

const categoryKey = (parentId: number | null, name: string) => `${parentId ?? 0}\u0000${name}`;
const priceKey = (k: repo.PriceKey) => `${k.skuId} ${k.level} ${k.currency}`;

async function readStored(db: Database, sheet: ImportSheet): Promise<Stored> {
  const skus = await repo.skusByCode(
    db,
    sheet.rows.map((r) => r.skuCode),
  );
  const goodsNameEn = await repo.goodsNameEnByCode(db, [...new Set(sheet.rows.map((r) => r.goodsCode))]);
  const brands = await repo.brandIdsByName(db, brandNamesOf(sheet));
  const categories = new Map<string, repo.CategoryRef>();
  for (const c of await repo.allCategories(db)) {
    const key = categoryKey(c.parentId, c.name);
    if (!categories.has(key)) categories.set(key, c);
  }
  const clearing = sheet.rows.some((r) => r.prices.some((p) => p.amount === null));
  const prices = clearing
    ? await repo.priceKeysOfSkus(
        db,
        [...skus.values()].map((s) => s.id),
      )
    : [];
  const barcodes = await repo.skuCodesByBarcode(
    db,
    sheet.rows.flatMap((r) => (r.barcode ? [r.barcode] : [])),
  );
  return { skus, goodsNameEn, brands, categories, prices: new Set(prices.map(priceKey)), barcodes };
}

function brandNamesOf(sheet: ImportSheet): string[] {
  return [...new Set(sheet.rows.flatMap((r) => (r.brand ? [r.brand] : [])))];
}

/** A SKU code the sheet puts under other goods than the ones it belongs to rejects the whole sheet. */
function ownerConflicts(sheet: ImportSheet, stored: Stored): string[] {
  return sheet.rows.flatMap((r) => {
    const owner = stored.skus.get(r.skuCode)?.goodsCode;
    return owner !== undefined && owner !== r.goodsCode
      ? [`第 ${r.row} 行：SKU编码 ${r.skuCode} 已属于商品 ${owner}，不能改到商品 ${r.goodsCode} 下`]
      : [];
  });
}

/**
 * A barcode the sheet gives a SKU while another SKU holds it rejects the whole sheet, unless the sheet gives that
 * other SKU another barcode (or none) too: barcodes may move between SKUs in one import.
 */
function barcodeConflicts(sheet: ImportSheet, stored: Stored): string[] {
  const given = new Map(sheet.rows.map((r) => [r.skuCode, r.barcode]));
  return sheet.rows.flatMap((r) => {
    const holder = r.barcode ? stored.barcodes.get(r.barcode) : undefined;
    if (!r.barcode || holder === undefined || holder === r.skuCode) return [];
    const moving = given.has(holder) && given.get(holder) !== r.barcode;
    return moving ? [] : [`第 ${r.row} 行：条码 ${r.barcode} 已属于 SKU ${holder}`];
  });
}

/** What keeps a sheet from being imported at all, against what is stored. */
function conflictsWithStored(sheet: ImportSheet, stored: Stored): string[] {
  return [...ownerConflicts(sheet, stored), ...barcodeConflicts(sheet, stored)];
}

/** The first row of each goods (the goods columns of its rows agree: checkImportSheet). */
function goodsRows(sheet: ImportSheet): ImportRow[] {
  const first = new Map<string, ImportRow>();
  for (const r of sheet.rows) if (!first.has(r.goodsCode)) first.set(r.goodsCode, r);
  return [...first.values()];
}

/** The category paths' nodes not stored yet, as path keys from the root, by depth. */
function missingCategories(sheet: ImportSheet, stored: Stored): string[][] {
  const missing: Set<string>[] = [new Set(), new Set(), new Set()];
  for (const r of sheet.rows) {
    let parent: repo.CategoryRef | undefined;
    for (const [i, name] of r.categoryPath.entries()) {
      const found =
        i === 0 || parent ? stored.categories.get(categoryKey(parent?.id ?? null, name)) : undefined;
      if (!found) {
        // This node and everything below it are new.
        for (let j = i; j < r.categoryPath.length; j += 1)
          missing[j]?.add(pathKey(r.categoryPath.slice(0, j + 1)));
        break;
      }
      parent = found;
    }
  }
  return missing.map((level) => [...level]);
}

/** The summary an import of `sheet` would give, worked out from what is stored (a dry run). */
function summaryFromStored(sheet: ImportSheet, stored: Stored): ImportSummary {
  const goods = goodsRows(sheet);
  const goodsCreated = goods.filter((g) => !stored.goodsNameEn.has(g.goodsCode)).length;
  const skusCreated = sheet.rows.filter((r) => !stored.skus.has(r.skuCode)).length;
  let pricesSet = 0;
  let pricesRemoved = 0;
  for (const r of sheet.rows) {
    const sku = stored.skus.get(r.skuCode);
    for (const p of r.prices) {
      if (p.amount !== null) pricesSet += 1;
      else if (sku && stored.prices.has(priceKey({ skuId: sku.id, level: p.level, currency: p.currency })))
        pricesRemoved += 1;
    }
  }
  return {
    dryRun: true,
    goodsCreated,
    goodsUpdated: goods.length - goodsCreated,
    skusCreated,
    skusUpdated: sheet.rows.length - skusCreated,
    brandsCreated: brandNamesOf(sheet).filter((n) => !stored.brands.has(n)).length,
    categoriesCreated: missingCategories(sheet, stored).flat().length,
    pricesSet,
    pricesRemoved,
  };
}

/** Rows grouped by which of their keys are set, so each group is one multi-row upsert updating those columns. */
function byColumns<T extends object>(rows: readonly T[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = Object.keys(row).sort().join(',');
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return [...groups.values()];
}

/** Writes the sheet in multi-row statements (inside the caller's transaction); returns what it did. */
async function writeSheet(tx: Database, sheet: ImportSheet, stored: Stored): Promise<ImportSummary> {
  const summary: ImportSummary = {
    dryRun: false,
    goodsCreated: 0,
    goodsUpdated: 0,
    skusCreated: 0,
    skusUpdated: 0,
    brandsCreated: 0,
    categoriesCreated: 0,
    pricesSet: 0,
    pricesRemoved: 0,
  };
  const brandNames = brandNamesOf(sheet);
  summary.brandsCreated = await repo.insertNewBrands(
    tx,
    brandNames.map((name) => ({
      name,
      // A Latin name doubles as the Latin name; a Chinese one waits for the operator to add it.
      nameEn: /^[\p{Script=Latin}\d\s'&.+-]+$/u.test(name) ? name : '',
      initial: brandInitial(name),
    })),
  );
  const brandIds = await repo.brandIdsByName(tx, brandNames);

  // Missing categories, a depth at a time: each depth's parents exist once the one above is written.
  const categoryByPath = new Map<string, repo.CategoryRef>();
  const lookup = (path: readonly string[]): repo.CategoryRef | undefined => {
    const known = categoryByPath.get(pathKey(path));
    if (known) return known;
    const name = path[path.length - 1] ?? '';
    const parent = path.length > 1 ? lookup(path.slice(0, -1)) : undefined;
    if (path.length > 1 && !parent) return undefined;
    const found = stored.categories.get(categoryKey(parent?.id ?? null, name));
    if (found) categoryByPath.set(pathKey(path), found);
    return found;
  };
  for (const [depth, keys] of missingCategories(sheet, stored).entries()) {
    const paths = keys.map((k) => k.split('/'));
    const created = await repo.insertCategories(
      tx,
      paths.map((path) => {
        const parent = depth > 0 ? lookup(path.slice(0, -1)) : null;
        if (parent === undefined) throw new Error(`parent of category ${pathKey(path)} missing`);
        return {
          parentId: parent?.id ?? null,
          parentPath: parent?.path ?? '',
          name: path[path.length - 1] ?? '',
          depth: depth + 1,
        };
      }),
    );
    for (const [i, c] of created.entries()) categoryByPath.set(keys[i] ?? '', c);
    summary.categoriesCreated += created.length;
  }

  const goodsWrites = goodsRows(sheet).map((r) => {
    const brand = r.brand ? brandIds.get(r.brand) : undefined;
    const categoryId = lookup(r.categoryPath)?.id;
    if (categoryId === undefined) throw new Error(`category of row ${r.row} missing`);
    const searchText = goodsSearchText({
      name: r.name,
      nameEn: r.nameEn ?? stored.goodsNameEn.get(r.goodsCode),
      brandName: r.brand ?? undefined,
      brandNameEn: brand?.nameEn,
      categoryNames: r.categoryPath,
      code: r.goodsCode,
    });
    return {
      code: r.goodsCode,
      name: r.name,
      categoryId,
      location: r.location,
      searchText,
      ...(r.nameEn !== undefined ? { nameEn: r.nameEn } : {}),
      ...(r.brand !== undefined ? { brandId: brand?.id ?? null } : {}),
      ...(r.onFlag !== undefined ? { onFlag: r.onFlag } : {}),
      ...(r.breaksMixed !== undefined ? { breaksMixed: r.breaksMixed } : {}),
    };
  });
  const goodsIds = new Map<string, number>();
  for (const group of byColumns(goodsWrites)) {
    const update = Object.keys(group[0] ?? {}).filter((k) => k !== 'code') as (keyof repo.NewGoodsRow)[];
    for (const g of await repo.upsertGoodsBatch(tx, group, update)) {
      goodsIds.set(g.code, g.id);
      if (g.inserted) summary.goodsCreated += 1;
      else summary.goodsUpdated += 1;
    }
  }

  const skuSort = new Map<string, number>();
  const skuWrites = sheet.rows.map((r) => {
    const goodsId = goodsIds.get(r.goodsCode);
    if (goodsId === undefined) throw new Error(`goods of row ${r.row} missing`);
    const sort = skuSort.get(r.goodsCode) ?? 0;
    skuSort.set(r.goodsCode, sort + 1);
    return {
      goodsId,
      code: r.skuCode,
      status: r.status,
      stock: r.stock,
      sort,
      ...(r.skuName !== undefined ? { name: r.skuName } : {}),
      ...(r.property !== undefined ? { property: r.property } : {}),
      ...(r.weight !== undefined ? { weight: r.weight } : {}),
      ...(r.rule ?? {}),
      ...(r.barcode !== undefined ? { barcode: r.barcode } : {}),
    };
  });
  // Barcodes moving between the sheet's SKUs: taken off first, so none meets itself in the unique index.
  await repo.clearBarcodesOfCodes(
    tx,
    sheet.rows.flatMap((r) => (r.barcode !== undefined ? [r.skuCode] : [])),
  );
  const skuIds = new Map<string, Upserted>();
  for (const group of byColumns(skuWrites)) {
    const update = Object.keys(group[0] ?? {}).filter(
      (k) => k !== 'code' && k !== 'goodsId',
    ) as (keyof repo.NewSkuRow)[];
    for (const s of await repo.upsertSkusBatch(tx, group, update)) {
      skuIds.set(s.code, s);
      if (s.inserted) summary.skusCreated += 1;
      else summary.skusUpdated += 1;
    }
  }

  const setPrices: repo.NewSkuPriceRow[] = [];
  const removePrices: repo.PriceKey[] = [];
  for (const r of sheet.rows) {
    const sku = skuIds.get(r.skuCode);
    if (!sku) throw new Error(`SKU of row ${r.row} missing`);
    for (const p of r.prices) {
      const key = { skuId: sku.id, level: p.level, currency: p.currency };
      if (p.amount !== null) setPrices.push({ ...key, amount: p.amount });
      else if (!sku.inserted) removePrices.push(key);
    }
  }
  await repo.upsertSkuPrices(tx, setPrices);
  summary.pricesSet = setPrices.length;
  summary.pricesRemoved = await repo.deleteSkuPrices(tx, removePrices);
  // Each volume-price column replaces the SKU's breaks of its currency and level (an empty cell removes them).
  await repo.replaceSkuBreaks(
    tx,
    sheet.rows.flatMap((r) => {
      const skuId = skuIds.get(r.skuCode)?.id ?? 0;
      return r.breaks.map((b) => ({ skuId, currency: b.currency, level: b.level, entries: b.entries }));
    }),
  );
  return summary;
}

export const SheetImportMessages = {
  barcodeJustTaken: '表中的条码刚被其他 SKU 使用，请重新检查后再导入（本次未导入任何内容）',
} as const;

/** The sheet import, a part of the catalogue's operator service (catalogue.admin.ts). */
export function createSheetImport({ db, audit }: { db: Database; audit?: AuditRecorder | undefined }) {
  return {
    /**
     * Imports checked sheet rows (docs/catalogue-import.md): goods upserted by goods code, SKUs by SKU
     * code, missing brands and categories created, prices of the sheet's price columns set (an empty cell
     * removes that price). All in one transaction of multi-row statements; a SKU code that belongs to another
     * goods rejects the whole sheet. A dry run only reads, in no transaction, and says what the import would do.
     * With `by` (the console, the command line) the import is audited in its transaction.
     */
    async importSheet(
      sheet: ImportSheet,
      options: { dryRun?: boolean; by?: AuditActor; fileName?: string } = {},
    ): Promise<ImportSummary> {
      if (options.dryRun) {
        const stored = await readStored(db, sheet);
        const conflicts = conflictsWithStored(sheet, stored);
        if (conflicts.length > 0) throw new ImportRejectedError(conflicts);
        return summaryFromStored(sheet, stored);
      }
      return changingCatalogue(db, () =>
        db.transaction(async (tx) => {
          const stored = await readStored(tx, sheet);
          const conflicts = conflictsWithStored(sheet, stored);
          if (conflicts.length > 0) throw new ImportRejectedError(conflicts);
          const summary = await writeSheet(tx, sheet, stored);
          if (options.by)
            await audit?.(tx, {
              by: options.by,
              action: 'goods.import',
              objectType: 'goods',
              objectId: options.fileName ?? 'sheet',
              after: { rows: sheet.rows.length, ...summary },
            });
          return summary;
        }),
      ).catch((error: unknown) => {
        // A barcode given meanwhile to a SKU this sheet does not name: the import is refused whole.
        if (violatesUnique(error, SKU_BARCODE_KEY))
          throw new ImportRejectedError([SheetImportMessages.barcodeJustTaken]);
        throw error;
      });
    },
  };
}
