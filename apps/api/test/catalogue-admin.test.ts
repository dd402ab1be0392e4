import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { goodsSearchText, ResultCode } from '@shop/domain';
import { asc, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, categories, goods, skuPrices, skus } from '../src/db/schema';
import { csvTable, ImportRejectedError, parseCsv, readSheetFile } from '../src/lib/spreadsheet';
import { brandInitial } from '../src/modules/catalogue/catalogue.brand-initial';
import {
  checkImportSheet,
  type ImportSheet,
  parsePropertyText,
} from '../src/modules/catalogue/catalogue.import-sheet';
import { useOperatorCli } from './support/cli';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let dir: string;

beforeAll(async () => {
  t = await createTestApp({ env: { SEED_DEMO: 'false' } });
  dir = await mkdtemp(join(tmpdir(), 'shop-import-'));
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

const HEADER =
  'goodsCode,name,nameEn,brand,category,warehouse,onShelf,skuCode,skuName,property,status,stock,weight,AUD@37,CNY@37,CNY@38';

const GOOD_CSV = `\uFEFF${HEADER}
AU-SW-0001,Swisse 斯维诗 葡萄籽精华,Swisse Grape Seed,Swisse,保健品/营养补充/抗氧化,AU,yes,AU-SW-0001-1,,规格:180片,4,100,200,29.99,145,138
AU-UG-0001,"UGG 经典短靴, 女款",Classic Short Boot,UGG Australia,服饰鞋包/UGG靴/女款,1,上架,AU-UG-0001-1,,颜色:栗色;尺码:36,1,3,1200,199,,
AU-UG-0001,"UGG 经典短靴, 女款",Classic Short Boot,UGG Australia,服饰鞋包/UGG靴/女款,1,上架,AU-UG-0001-2,,颜色:栗色;尺码:37,可预订,0,1200,199,,
CN-TR-0001,同仁堂 西洋参片 50g,,同仁堂,保健品/传统滋补,CN,0,CN-TR-0001-1,西洋参片 50g,,-1,0,,,198,
`;

function sheetOf(csv: string): ImportSheet {
  const checked = checkImportSheet(csvTable(csv));
  if (!checked.ok) throw new Error(checked.errors.join('\n'));
  return checked.sheet;
}

async function goodsCount() {
  return (await t.database.db.select({ n: count() }).from(goods))[0]?.n ?? 0;
}

describe('sheet parsing', () => {
  it('reads quoted CSV with a BOM, CRLF and doubled quotes', async () => {
    expect(parseCsv('\uFEFFa,b\r\n"x, ""y""",2\r\n')).toEqual([
      ['a', 'b'],
      ['x, "y"', '2'],
    ]);
    expect(parsePropertyText('颜色:红;尺码：L')).toEqual({ 颜色: '红', 尺码: 'L' });
    expect(parsePropertyText('颜色红')).toBeNull();
    expect(parsePropertyText('颜色:红;颜色:蓝')).toBeNull();
  });

  it('gives brands their A–Z group, Chinese names by pinyin and others under #', async () => {
    const cases: [string, string][] = [
      ['Swisse', 'S'],
      ['a2', 'A'],
      ['爱他美', 'A'],
      ['同仁堂', 'T'],
      ['云南白药', 'Y'],
      ['Nestlé', 'N'],
      ['Éclair', 'E'],
      ['3M', '#'],
      ['100%纯', '#'],
      ['', '#'],
    ];
    for (const [name, initial] of cases) expect(brandInitial(name), name).toBe(initial);
  });

  it('reports every bad row with its row number and imports nothing', async () => {
    const bad = `${HEADER}
AU-X-1,好商品,,Swisse,保健品/鱼油,AU,yes,AU-X-1-1,,规格:100粒,4,-3,100,10.00,,
AU-X-2,,,,保健品/鱼油,ZZ,maybe,AU-X-2-1,,规格,9,5,1.5,10.123,,
AU-X-3,商品三,,,A/B/C/D,AU,yes,AU-X-1-1,,,4,1,,,,
AU-X-4,商品四,,,保健品,AU,yes,AU-X-4-1,,,4,1,,,,
`;
    const checked = checkImportSheet(csvTable(bad));
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    const errors = checked.errors;
    expect(errors).toContain('第 2 行：库存须为不小于0的整数');
    expect(errors).toContain('第 3 行：商品名称不能为空');
    expect(errors.some((e) => e.startsWith('第 3 行：仓库须为'))).toBe(true);
    expect(errors.some((e) => e.startsWith('第 3 行：上架须为'))).toBe(true);
    expect(errors.some((e) => e.startsWith('第 3 行：属性格式'))).toBe(true);
    expect(errors.some((e) => e.startsWith('第 3 行：状态须为'))).toBe(true);
    expect(errors).toContain('第 3 行：重量须为不小于0的整数（克）');
    expect(errors.some((e) => e.startsWith('第 3 行：AUD@37 价格须为'))).toBe(true);
    expect(errors.some((e) => e.startsWith('第 4 行：分类须为 1-3 级'))).toBe(true);
    expect(errors).toContain('第 5 行：至少需要一个价格（不可售的 SKU 除外）');
    // Sorted by row.
    const rows = errors.map((e) => Number(/第 (\d+) 行/.exec(e)?.[1]));
    expect(rows).toEqual([...rows].sort((a, b) => a - b));
    expect(await goodsCount()).toBe(0);
  });

  it('checks the header and the rows of one goods against each other', async () => {
    const header = checkImportSheet(csvTable('goodsCode,name,AUD@37,colour\nA,b,1,x\n'));
    expect(header.ok).toBe(false);
    if (!header.ok) {
      expect(header.errors[0]).toMatch(/^表头缺少必填列：category、warehouse、skuCode、status、stock/);
      expect(header.errors[1]).toMatch(/^表头含有无法识别的列：colour/);
    }
    const rows = checkImportSheet(
      csvTable(`${HEADER}
G-1,名称甲,,,食品/零食,AU,yes,S-1,,口味:原味,4,1,,5,,
G-1,名称乙,,,食品/零食,AU,yes,S-2,,规格:大,4,1,,5,,
G-1,名称甲,,,食品/零食,AU,yes,S-3,,口味:原味,4,1,,5,,
G-2,名称丙,,,食品/零食,AU,yes,s-1,,,4,1,,5,,
`),
    );
    expect(rows.ok).toBe(false);
    if (!rows.ok) {
      expect(rows.errors).toEqual([
        '第 3 行：商品 G-1 的商品名称与第 2 行不一致',
        '第 3 行：商品 G-1 的属性键（规格）与第 2 行（口味）不一致',
        '第 4 行：商品 G-1 中已有相同属性的 SKU（第 2 行）',
        '第 5 行：SKU编码 s-1 与第 2 行重复',
      ]);
    }
  });
});

describe('goods:import', () => {
  it('imports a CSV in one go: goods, SKUs, brands, categories and prices', async () => {
    const summary = await t.app.services.catalogueAdmin.importSheet(sheetOf(GOOD_CSV));
    expect(summary).toMatchObject({
      goodsCreated: 3,
      goodsUpdated: 0,
      skusCreated: 4,
      skusUpdated: 0,
      brandsCreated: 3,
      categoriesCreated: 7,
    });
    const db = t.database.db;
    const boot = (await db.select().from(goods).where(eq(goods.code, 'AU-UG-0001')))[0];
    expect(boot).toMatchObject({ name: 'UGG 经典短靴, 女款', location: 1, onFlag: true });
    expect(boot?.searchText).toBe(
      goodsSearchText({
        name: 'UGG 经典短靴, 女款',
        nameEn: 'Classic Short Boot',
        brandName: 'UGG Australia',
        brandNameEn: 'UGG Australia',
        categoryNames: ['服饰鞋包', 'UGG靴', '女款'],
        code: 'AU-UG-0001',
      }),
    );
    const bootSkus = await db
      .select()
      .from(skus)
      .where(eq(skus.goodsId, boot?.id ?? 0))
      .orderBy(asc(skus.sort));
    expect(bootSkus.map((s) => [s.code, s.status, s.stock, s.weight, s.property])).toEqual([
      ['AU-UG-0001-1', 1, 3, 1200, { 颜色: '栗色', 尺码: '36' }],
      ['AU-UG-0001-2', 3, 0, 1200, { 颜色: '栗色', 尺码: '37' }],
    ]);
    const ginseng = (await db.select().from(goods).where(eq(goods.code, 'CN-TR-0001')))[0];
    expect(ginseng?.onFlag).toBe(false);
    const tr = (await db.select().from(brands).where(eq(brands.name, '同仁堂')))[0];
    expect(tr?.initial).toBe('T');
    const leaf = (await db.select().from(categories).where(eq(categories.name, '女款')))[0];
    expect(leaf?.depth).toBe(3);
    expect(leaf?.path).toMatch(/^\/\d+\/\d+\/\d+\/$/);
    const swisseSku = (await db.select().from(skus).where(eq(skus.code, 'AU-SW-0001-1')))[0];
    const prices = await db
      .select()
      .from(skuPrices)
      .where(eq(skuPrices.skuId, swisseSku?.id ?? 0));
    expect(prices.map((p) => `${p.currency}@${p.level}=${p.amount}`).sort()).toEqual([
      'AUD@37=2999',
      'CNY@37=14500',
      'CNY@38=13800',
    ]);
  });

  it('updates on re-import instead of duplicating, and an empty price cell removes the price', async () => {
    const changed = GOOD_CSV.replace('29.99,145,138', '27.50,139,').replace(',3,1200,199', ',8,1200,189');
    const summary = await t.app.services.catalogueAdmin.importSheet(sheetOf(changed));
    expect(summary).toMatchObject({
      goodsCreated: 0,
      goodsUpdated: 3,
      skusCreated: 0,
      skusUpdated: 4,
      brandsCreated: 0,
    });
    expect(summary.pricesRemoved).toBe(1);
    expect(await goodsCount()).toBe(3);
    const db = t.database.db;
    const swisseSku = (await db.select().from(skus).where(eq(skus.code, 'AU-SW-0001-1')))[0];
    const prices = await db
      .select()
      .from(skuPrices)
      .where(eq(skuPrices.skuId, swisseSku?.id ?? 0));
    expect(prices.map((p) => `${p.currency}@${p.level}=${p.amount}`).sort()).toEqual([
      'AUD@37=2750',
      'CNY@37=13900',
    ]);
    expect((await db.select().from(skus).where(eq(skus.code, 'AU-UG-0001-1')))[0]?.stock).toBe(8);
  });

  it('imports an xlsx sheet (first sheet, header row)', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('商品');
    sheet.addRow(HEADER.split(','));
    sheet.addRow([
      'NZ-CV-0001',
      'Comvita 康维他 UMF 10+ 麦卢卡蜂蜜',
      'Comvita UMF 10+ Manuka Honey',
      'Comvita',
      '食品饮料/蜂蜜/麦卢卡蜂蜜',
      'NZ',
      'true',
      'NZ-CV-0001-1',
      '',
      '规格:250g',
      4,
      40,
      300,
      45.99,
      219,
      209,
    ]);
    sheet.addRow([
      'NZ-CV-0001',
      'Comvita 康维他 UMF 10+ 麦卢卡蜂蜜',
      'Comvita UMF 10+ Manuka Honey',
      'Comvita',
      '食品饮料/蜂蜜/麦卢卡蜂蜜',
      'NZ',
      'true',
      'NZ-CV-0001-2',
      '',
      '规格:500g',
      0,
      0,
      560,
      79.9,
      '',
      '',
    ]);
    const file = join(dir, 'honey.xlsx');
    await workbook.xlsx.writeFile(file);
    const checked = checkImportSheet(await readSheetFile(file));
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.sheet.rows[1]?.prices).toContainEqual({ currency: 'AUD', level: 37, amount: 7990 });
    const summary = await t.app.services.catalogueAdmin.importSheet(checked.sheet);
    expect(summary).toMatchObject({ goodsCreated: 1, skusCreated: 2, brandsCreated: 1 });
    const honey = (await t.database.db.select().from(goods).where(eq(goods.code, 'NZ-CV-0001')))[0];
    expect(honey?.location).toBe(3);
  });

  it('rejects the whole sheet when a SKU code belongs to another goods', async () => {
    const before = await goodsCount();
    const moved = `${HEADER}
AU-NEW-0001,新商品,,,保健品/新分类,AU,yes,AU-NEW-0001-1,,,4,5,,9.99,,
AU-NEW-0001,新商品,,,保健品/新分类,AU,yes,AU-SW-0001-1,,,4,5,,9.99,,
`
      .replace(',,,4,5,,9.99', ',,规格:A,4,5,,9.99')
      .replace('AU-SW-0001-1,,,4,5,,9.99', 'AU-SW-0001-1,,规格:B,4,5,,9.99');
    const error = await t.app.services.catalogueAdmin.importSheet(sheetOf(moved)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportRejectedError);
    expect((error as ImportRejectedError).errors).toEqual([
      '第 3 行：SKU编码 AU-SW-0001-1 已属于商品 AU-SW-0001，不能改到商品 AU-NEW-0001 下',
    ]);
    expect(await goodsCount()).toBe(before);
    expect((await t.database.db.select().from(categories).where(eq(categories.name, '新分类'))).length).toBe(
      0,
    );
  });

  it('writes nothing on a dry run but reports what it would do', async () => {
    const before = await goodsCount();
    const summary = await t.app.services.catalogueAdmin.importSheet(
      sheetOf(
        `${HEADER}\nJP-KAO-0001,花王 蒸汽眼罩,,Kao 花王,家居日用/个人健康/热敷眼罩,JP,yes,JP-KAO-0001-1,,,4,10,,13.99,,\n`,
      ),
      { dryRun: true },
    );
    expect(summary).toMatchObject({ dryRun: true, goodsCreated: 1, skusCreated: 1, brandsCreated: 1 });
    expect(await goodsCount()).toBe(before);
  });
});

describe('goods:shelf and goods:stock', () => {
  it('puts goods off and on the shelf; an unknown code changes nothing', async () => {
    const admin = t.app.services.catalogueAdmin;
    const off = await admin.setShelf({ codes: ['AU-SW-0001', 'AU-UG-0001'] }, false);
    expect(off).toMatchObject({ changed: 2 });
    const flags = await t.database.db.select({ code: goods.code, onFlag: goods.onFlag }).from(goods);
    expect(flags.filter((g) => g.code.startsWith('AU-')).every((g) => !g.onFlag)).toBe(true);

    await expect(admin.setShelf({ codes: ['AU-SW-0001', 'NOPE-1'] }, true)).rejects.toMatchObject({
      code: ResultCode.BadRequest,
      message: '商品不存在：NOPE-1',
    });
    expect((await t.database.db.select().from(goods).where(eq(goods.code, 'AU-SW-0001')))[0]?.onFlag).toBe(
      false,
    );

    const id = (await t.database.db.select().from(goods).where(eq(goods.code, 'AU-SW-0001')))[0]?.id ?? 0;
    expect(await admin.setShelf({ ids: [id] }, true)).toMatchObject({ changed: 1 });
    expect((await t.database.db.select().from(goods).where(eq(goods.id, id)))[0]?.onFlag).toBe(true);
  });

  it('sets, adds and subtracts stock and refuses to go below zero', async () => {
    const admin = t.app.services.inventory;
    expect(await admin.changeStock('AU-SW-0001-1', { set: 10 })).toMatchObject({ previous: 100, stock: 10 });
    expect(await admin.changeStock('AU-SW-0001-1', { add: 5 })).toMatchObject({ stock: 15 });
    expect(await admin.changeStock('AU-SW-0001-1', { add: -15 })).toMatchObject({ stock: 0 });
    await expect(admin.changeStock('AU-SW-0001-1', { add: -1 })).rejects.toMatchObject({
      code: ResultCode.BadRequest,
      message: '库存不足，调整后库存不能小于0：SKU AU-SW-0001-1 当前库存 0，不能减少 1',
    });
    await expect(admin.changeStock('AU-SW-0001-1', { set: -2 })).rejects.toMatchObject({
      code: ResultCode.ParamsError,
    });
    await expect(admin.changeStock('NOPE', { set: 1 })).rejects.toMatchObject({
      code: ResultCode.BadRequest,
    });
    expect((await t.database.db.select().from(skus).where(eq(skus.code, 'AU-SW-0001-1')))[0]?.stock).toBe(0);
  });

  it('adds up concurrent stock changes', async () => {
    const admin = t.app.services.inventory;
    await admin.changeStock('AU-SW-0001-1', { set: 0 });
    await Promise.all(Array.from({ length: 10 }, () => admin.changeStock('AU-SW-0001-1', { add: 3 })));
    expect((await t.database.db.select().from(skus).where(eq(skus.code, 'AU-SW-0001-1')))[0]?.stock).toBe(30);
  });
});

describe('operator commands', () => {
  const { shop } = useOperatorCli('shop-cli-goods-');

  it('imports a sheet, refuses a bad one row by row, and changes shelf and stock', async () => {
    const good = join(dir, 'good.csv');
    await writeFile(good, GOOD_CSV);
    const imported = await shop('goods:import', '--file', good);
    expect(imported.status, imported.stderr).toBe(0);
    expect(imported.stdout).toContain('新增 created 3');

    const badFile = join(dir, 'bad.csv');
    await writeFile(
      badFile,
      `${HEADER}\nX-1,坏商品,,,食品,AU,yes,X-1-1,,,4,-1,,1,,\nX-2,,,,食品,AU,yes,X-2-1,,,4,1,,1,,\n`,
    );
    const bad = await shop('goods:import', '--file', badFile);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('第 2 行：库存须为不小于0的整数');
    expect(bad.stderr).toContain('第 3 行：商品名称不能为空');

    const shelf = await shop('goods:shelf', '--code', 'AU-SW-0001', '--off');
    expect(shelf.status, shelf.stderr).toBe(0);
    expect(shelf.stdout).toContain('AU-SW-0001');

    const sub = await shop('goods:stock', '--sku', 'AU-UG-0001-1', '--sub', '5');
    expect(sub.status).toBe(1);
    expect(sub.stderr).toContain('当前库存 3');
    const add = await shop('goods:stock', '--sku', 'AU-UG-0001-1', '--add', '4');
    expect(add.status, add.stderr).toBe(0);
    expect(add.stdout).toContain('3 → 7');
  }, 120_000);
});
