import { asc, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, categories, goods, skuPrices, skus } from '../src/db/schema';
import { csvTable } from '../src/lib/spreadsheet';
import { checkImportSheet, type ImportSheet } from '../src/modules/catalogue/catalogue.import-sheet';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The goods sheet import written in multi-row statements, and its dry run worked out by reading alone (issue #35
 * item 3): the dry run's summary is the one the import then gives, on PGlite and (TEST_DATABASE_URL) PostgreSQL.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { SEED_DEMO: 'false' } });
});
afterAll(async () => {
  await t?.close();
});

const HEADER =
  'goodsCode,name,nameEn,brand,category,warehouse,onShelf,skuCode,property,status,stock,AUD@37,CNY@37';

function sheetOf(lines: readonly string[]): ImportSheet {
  const checked = checkImportSheet(csvTable([HEADER, ...lines].join('\n')));
  if (!checked.ok) throw new Error(checked.errors.join('\n'));
  return checked.sheet;
}

/** `goodsCount` goods of `skusEach` SKUs; goods i under one of a few categories and brands. */
function bigLines(
  prefix: string,
  goodsCount: number,
  skusEach: number,
  price = (g: number) => `${g % 90}.50`,
) {
  const lines: string[] = [];
  for (let g = 0; g < goodsCount; g += 1) {
    for (let s = 0; s < skusEach; s += 1) {
      lines.push(
        [
          `${prefix}-${g}`,
          `商品 ${prefix} ${g}`,
          `Goods ${g}`,
          `Brand ${g % 7}`,
          `批量/分类${g % 5}/子类${g % 3}`,
          'AU',
          g % 4 === 0 ? 'no' : '',
          `${prefix}-${g}-${s}`,
          `规格:${s}`,
          '4',
          String(s * 3),
          price(g),
          s % 2 === 0 ? '' : '99.00',
        ].join(','),
      );
    }
  }
  return lines;
}

const bigSheet = (prefix: string, goodsCount: number, skusEach: number) =>
  sheetOf(bigLines(prefix, goodsCount, skusEach));

async function catalogueState(prefix: string) {
  const db = t.database.db;
  const goodsRows = await db
    .select({
      code: goods.code,
      name: goods.name,
      onFlag: goods.onFlag,
      brand: brands.name,
      category: categories.path,
      searchText: goods.searchText,
    })
    .from(goods)
    .leftJoin(brands, eq(brands.id, goods.brandId))
    .innerJoin(categories, eq(categories.id, goods.categoryId))
    .where(inArray(goods.code, [`${prefix}-0`, `${prefix}-1`, `${prefix}-1200`]))
    .orderBy(asc(goods.code));
  const skuRows = await db
    .select({ code: skus.code, stock: skus.stock, sort: skus.sort, property: skus.property })
    .from(skus)
    .where(inArray(skus.code, [`${prefix}-1-0`, `${prefix}-1-1`, `${prefix}-1200-1`]))
    .orderBy(asc(skus.code));
  const prices = await db
    .select({
      code: skus.code,
      level: skuPrices.level,
      currency: skuPrices.currency,
      amount: skuPrices.amount,
    })
    .from(skuPrices)
    .innerJoin(skus, eq(skus.id, skuPrices.skuId))
    .where(inArray(skus.code, [`${prefix}-1-0`, `${prefix}-1-1`]))
    .orderBy(asc(skus.code), asc(skuPrices.currency));
  return { goodsRows, skuRows, prices };
}

const total = async (table: typeof goods | typeof skus | typeof skuPrices) =>
  (await t.database.db.select({ n: count() }).from(table))[0]?.n ?? 0;

describe('a sheet of thousands of rows', () => {
  it('writes goods, SKUs and prices across several batches as one import, and again as updates', async () => {
    const admin = t.app.services.catalogueAdmin;
    const first = await admin.importSheet(bigSheet('BK', 1500, 2));
    expect(first).toEqual({
      dryRun: false,
      goodsCreated: 1500,
      goodsUpdated: 0,
      skusCreated: 3000,
      skusUpdated: 0,
      brandsCreated: 7,
      // 批量, 5 分类 and 5×3 子类.
      categoriesCreated: 1 + 5 + 15,
      // Every SKU an AUD price, every second one a CNY price.
      pricesSet: 3000 + 1500,
      pricesRemoved: 0,
    });
    const state = await catalogueState('BK');
    expect(state.goodsRows).toMatchObject([
      { code: 'BK-0', onFlag: false, brand: 'Brand 0' },
      { code: 'BK-1', name: '商品 BK 1', onFlag: true, brand: 'Brand 1' },
      { code: 'BK-1200', onFlag: false, brand: 'Brand 3' },
    ]);
    expect(state.goodsRows[1]?.searchText).toMatch(/goods 1/i);
    expect(state.skuRows).toEqual([
      { code: 'BK-1-0', stock: 0, sort: 0, property: { 规格: '0' } },
      { code: 'BK-1-1', stock: 3, sort: 1, property: { 规格: '1' } },
      { code: 'BK-1200-1', stock: 3, sort: 1, property: { 规格: '1' } },
    ]);
    expect(state.prices).toEqual([
      { code: 'BK-1-0', level: 37, currency: 'AUD', amount: 150 },
      { code: 'BK-1-1', level: 37, currency: 'AUD', amount: 150 },
      { code: 'BK-1-1', level: 37, currency: 'CNY', amount: 9900 },
    ]);

    // The same sheet again: everything updated, nothing new, nothing removed.
    const again = await admin.importSheet(bigSheet('BK', 1500, 2));
    expect(again).toMatchObject({ goodsCreated: 0, goodsUpdated: 1500, skusCreated: 0, skusUpdated: 3000 });
    expect(again).toMatchObject({ brandsCreated: 0, categoriesCreated: 0, pricesRemoved: 0 });
    expect(await catalogueState('BK')).toEqual(state);
  });
});

describe('a dry run', () => {
  it('reads what the import would do and writes nothing: its summary is the real import’s', async () => {
    const admin = t.app.services.catalogueAdmin;
    await admin.importSheet(bigSheet('DR', 40, 3));
    // Changes: new goods and SKUs beside known ones, a new brand and a new branch of categories, prices
    // cleared where they were set (every CNY of goods 0-9) and set where they were not.
    // Goods 0-9 lose their AUD price and keep only their SKU 1, which has a CNY price.
    const changed = bigLines('DR', 60, 3, (g) => (g < 10 ? '' : '12.00')).filter(
      (line) => !/^DR-\d,.*,DR-\d-[02],/.test(line),
    );
    const sheet = sheetOf([
      ...changed,
      'DR-NEW,新商品,,全新品牌,全新/分类/更深,CN,yes,DR-NEW-1,规格:1,1,5,1.00,',
      'DR-NEW,新商品,,全新品牌,全新/分类/更深,CN,yes,DR-NEW-2,规格:2,1,5,,2.00',
    ]);

    const before = { goods: await total(goods), skus: await total(skus), prices: await total(skuPrices) };
    const dry = await admin.importSheet(sheet, { dryRun: true });
    expect({ goods: await total(goods), skus: await total(skus), prices: await total(skuPrices) }).toEqual(
      before,
    );

    const real = await admin.importSheet(sheet);
    expect(dry).toEqual({ ...real, dryRun: true });
    expect(real).toMatchObject({
      goodsCreated: 21,
      goodsUpdated: 40,
      brandsCreated: 1,
      categoriesCreated: 3,
      // The AUD price of goods 0-9's SKU 1 (10 SKUs).
      pricesRemoved: 10,
    });
  });
});
