import {
  type AdminGoodsDetail,
  type AdminGoodsImportResponse,
  type AdminGoodsListResponse,
  AdminGoodsPaths,
  AdminGoodsSheetPaths,
  AdminPaths,
  type AuditListResponse,
  CataloguePaths,
  GOODS_SHEET_MAX_ROWS,
  ResultCode,
} from '@shop/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skuPrices, skus } from '../src/db/schema';
import { readXlsx } from '../src/lib/spreadsheet';
import { createCatalogueTestApp } from './support/catalogue-helpers';
import { type StaffLogin, staffToken } from './support/staff';
import { envelope, post, type TestApp } from './support/test-app';
import { testImage, upload } from './support/upload';

let t: TestApp;
const staff = {} as Record<'owner' | 'content', StaffLogin>;

beforeAll(async () => {
  ({ t } = await createCatalogueTestApp());
  for (const role of ['owner', 'content'] as const) staff[role] = await staffToken(t, role);
});
afterAll(async () => {
  await t?.close();
});

const HEADER =
  'goodsCode,name,nameEn,brand,category,warehouse,onShelf,skuCode,skuName,property,status,stock,weight,AUD@37,CNY@37,CNY@38';
const NEW_GOODS = `${HEADER}
NZ-MANUKA-1,麦卢卡蜂蜜 UMF10+,Manuka Honey,Comvita,食品/蜂蜜,NZ,yes,NZ-MANUKA-1-250,250g,规格:250g,4,0,300,39.90,199.00,189.00
NZ-MANUKA-1,麦卢卡蜂蜜 UMF10+,Manuka Honey,Comvita,食品/蜂蜜,NZ,yes,NZ-MANUKA-1-500,500g,规格:500g,1,12,560,69.90,349.00,
`;
const BAD = `${HEADER}
X-1,坏商品,,,食品,ZZ,yes,X-1-A,,,9,-1,,1.234,,
X-2,,,,食品,AU,yes,X-2-A,,,4,1,,,,
`;

const sendSheet = (file: Buffer | string, fileName: string, dryRun: boolean, token = staff.content.token) =>
  upload(t.app, AdminGoodsSheetPaths.import, token, Buffer.from(file), 'file', fileName, {
    dryRun: String(dryRun),
  });

function exportSheet(token = staff.content.token) {
  return t.app.inject({
    method: 'POST',
    url: AdminGoodsSheetPaths.export,
    payload: {},
    headers: { authorization: `Bearer ${token}` },
  });
}

describe('who may import and export goods', () => {
  it('refuses a visitor, a member and a role without catalogue.edit', async () => {
    expect((await sendSheet(NEW_GOODS, 'goods.csv', true, '')).statusCode).toBe(401);
    const warehouse = await staffToken(t, 'warehouse');
    const denied = await sendSheet(NEW_GOODS, 'goods.csv', true, warehouse.token);
    expect(envelope(denied).resultCode).toBe(ResultCode.PermissionDenied);
    expect(envelope(await exportSheet(warehouse.token)).resultCode).toBe(ResultCode.PermissionDenied);
    expect((await exportSheet('')).statusCode).toBe(401);
  });

  it('takes only a real .xlsx or UTF-8 .csv, and says what is missing', async () => {
    const picture = envelope(await sendSheet(await testImage('png'), 'goods.csv', true));
    expect(picture.message).toMatch(/无法读取该文件/);
    const renamed = envelope(await sendSheet(await testImage('png'), 'goods.pdf', true));
    expect(renamed.message).toBe('仅支持 .xlsx 或 .csv 文件');
    const json = envelope(
      await post(t.app, AdminGoodsSheetPaths.import, { dryRun: 'true' }, staff.content.token),
    );
    expect(json.resultCode).toBe(ResultCode.UnsupportedMediaType);
    const noMode = envelope(
      await upload(
        t.app,
        AdminGoodsSheetPaths.import,
        staff.content.token,
        Buffer.from(NEW_GOODS),
        'file',
        'g.csv',
      ),
    );
    expect(noMode.message).toMatch(/dryRun 须为 true 或 false/);
  });
});

describe('the goods sheet in the console', () => {
  it('a dry run lists every row’s problems and writes nothing; the real import is refused with the same list', async () => {
    const dry = envelope<AdminGoodsImportResponse>(await sendSheet(BAD, 'bad.csv', true));
    expect(dry.success, dry.message).toBe(true);
    expect(dry.data.summary).toBeNull();
    expect(dry.data.errors.length).toBeGreaterThanOrEqual(4);
    expect(dry.data.errors.join('\n')).toMatch(/第 2 行/);
    expect(dry.data.errors.join('\n')).toMatch(/第 3 行/);
    const real = envelope<{ errors: string[] }>(await sendSheet(BAD, 'bad.csv', false));
    expect(real.success).toBe(false);
    expect(real.message).toMatch(/导入失败，共 \d+ 处错误，未写入任何数据/);
    expect(real.data.errors).toEqual(dry.data.errors);
  });

  it('a dry run of a good sheet says what would change and previews the rows; the import then writes it, audited', async () => {
    const dry = envelope<AdminGoodsImportResponse>(await sendSheet(NEW_GOODS, 'manuka.csv', true));
    expect(dry.success, dry.message).toBe(true);
    expect(dry.data).toMatchObject({ dryRun: true, rows: 2, errors: [] });
    expect(dry.data.summary).toMatchObject({
      goodsCreated: 1,
      skusCreated: 2,
      brandsCreated: 1,
      pricesSet: 5,
    });
    expect(dry.data.preview[0]).toMatchObject({
      row: 2,
      skuCode: 'NZ-MANUKA-1-250',
      property: '规格:250g',
      prices: 'AUD@37 39.90 · CNY@37 199.00 · CNY@38 189.00',
    });
    const before = envelope<AdminGoodsListResponse>(
      await post(t.app, AdminGoodsPaths.list, { keyword: 'NZ-MANUKA' }, staff.content.token),
    );
    expect(before.data.totalCount).toBe(0);

    const real = envelope<AdminGoodsImportResponse>(await sendSheet(NEW_GOODS, 'manuka.csv', false));
    expect(real.success, real.message).toBe(true);
    expect(real.data.summary).toMatchObject({ dryRun: false, goodsCreated: 1, skusCreated: 2 });
    const shop = envelope<{ totalCount: number }>(
      await post(t.app, CataloguePaths.goodsList, { keyword: '麦卢卡' }),
    );
    expect(shop.data.totalCount).toBe(1);
    const audit = envelope<AuditListResponse>(
      await post(t.app, AdminPaths.auditList, { action: 'goods.import' }, staff.owner.token),
    );
    expect(audit.data.items[0]).toMatchObject({
      actor: staff.content.username,
      objectId: 'manuka.csv',
      after: { rows: 2, goodsCreated: 1 },
    });
  });

  it('exports every product, on the shelf or not, in the import format: imported back, it creates nothing', async () => {
    const res = await exportSheet();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="goods-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const table = await readXlsx(res.rawPayload);
    expect(table.header.slice(0, 13)).toEqual(HEADER.split(',').slice(0, 13));
    expect(table.header).toEqual(
      expect.arrayContaining(['AUD@37', 'CNY@37', 'AUD@38', 'CNY@38', 'AUD@39', 'CNY@39']),
    );
    // The product off the shelf is in it, marked so.
    const offShelf = table.rows.find((r) => r.cells[1] === '爱他美金装奶粉2段');
    expect(offShelf?.cells[6]).toBe('no');
    const manuka = table.rows.find((r) => r.cells[7] === 'NZ-MANUKA-1-250');
    expect(manuka?.cells.slice(3, 7)).toEqual(['Comvita', '食品/蜂蜜', 'NZ', 'yes']);

    // The one SKU sold without any price cannot go back in: the import asks for a price, and says where.
    const unpriced = table.rows.findIndex((r) => r.cells[7] === 'S-3M-1');
    const flagged = envelope<AdminGoodsImportResponse>(await sendSheet(res.rawPayload, 'goods.xlsx', true));
    expect(flagged.data.errors).toEqual([`第 ${unpriced + 2} 行：至少需要一个价格（不可售的 SKU 除外）`]);

    const [sku] = await t.database.db.select({ id: skus.id }).from(skus).where(eq(skus.code, 'S-3M-1'));
    await t.database.db
      .insert(skuPrices)
      .values({ skuId: sku?.id ?? 0, level: 37, currency: 'CNY', amount: 2990 });
    const again = await exportSheet();
    const back = envelope<AdminGoodsImportResponse>(await sendSheet(again.rawPayload, 'goods.xlsx', true));
    expect(back.success, back.message).toBe(true);
    expect(back.data.errors).toEqual([]);
    expect(back.data.summary).toMatchObject({
      goodsCreated: 0,
      skusCreated: 0,
      brandsCreated: 0,
      categoriesCreated: 0,
      pricesRemoved: 0,
      skusUpdated: table.rows.length,
    });
  });

  it('carries each SKU’s quantity rule and volume prices both ways (ADR 050), and refuses a bad rule or break by row', async () => {
    const header = `${HEADER},起订量,每箱件数,限购,阶梯价混批,阶梯价 CNY@37,breaks AUD@37`;
    const sheet = `${header}
NZ-CASE-1,整箱蜂蜜,,Comvita,食品/蜂蜜,NZ,yes,NZ-CASE-1-A,A,规格:A,4,0,300,39.90,199.00,,12,6,120,是,12件:189.00；48:179.00,24:37.50
NZ-CASE-1,整箱蜂蜜,,Comvita,食品/蜂蜜,NZ,yes,NZ-CASE-1-B,B,规格:B,4,0,300,39.90,199.00,,,,,是,,
`;
    const real = envelope<AdminGoodsImportResponse>(await sendSheet(sheet, 'case.csv', false));
    expect(real.success, real.message).toBe(true);
    const list = envelope<AdminGoodsListResponse>(
      await post(t.app, AdminGoodsPaths.list, { keyword: 'NZ-CASE-1' }, staff.content.token),
    );
    const id = list.data.items[0]?.id ?? 0;
    const detail = envelope<AdminGoodsDetail>(
      await post(t.app, AdminGoodsPaths.detail, { id }, staff.content.token),
    ).data;
    expect(detail.breaksMixed).toBe(true);
    expect(detail.skus[0]).toMatchObject({ minQty: 12, stepQty: 6, maxQty: 120 });
    expect(detail.skus[0]?.breaks).toEqual([
      { currency: 'AUD', level: 37, minQty: 24, amount: 3750 },
      { currency: 'CNY', level: 37, minQty: 12, amount: 18900 },
      { currency: 'CNY', level: 37, minQty: 48, amount: 17900 },
    ]);
    expect(detail.skus[1]).toMatchObject({ minQty: 1, stepQty: 1, maxQty: null, breaks: [] });

    const table = await readXlsx((await exportSheet()).rawPayload);
    const row = table.rows.find((r) => r.cells[7] === 'NZ-CASE-1-A');
    const at = (name: string) => row?.cells[table.header.indexOf(name)];
    expect([at('minQty'), at('stepQty'), at('maxQty'), at('breaksMixed')]).toEqual(['12', '6', '120', 'yes']);
    expect(at('breaks CNY@37')).toBe('12:189.00;48:179.00');
    expect(at('breaks AUD@37')).toBe('24:37.50');

    const bad = `${header}
NZ-CASE-1,整箱蜂蜜,,Comvita,食品/蜂蜜,NZ,yes,NZ-CASE-1-A,A,规格:A,4,0,300,39.90,199.00,,12,6,10,是,12:189,
NZ-CASE-1,整箱蜂蜜,,Comvita,食品/蜂蜜,NZ,yes,NZ-CASE-1-B,B,规格:B,4,0,300,39.90,,,,,,是,12:1;12:2,24:0
`;
    const refused = envelope<AdminGoodsImportResponse>(await sendSheet(bad, 'case.csv', true));
    expect(refused.data.errors).toEqual([
      '第 2 行：限购数量须不少于起订量（12件）',
      '第 3 行：阶梯价 CNY@37：起始数量 12 重复',
      '第 3 行：breaks AUD@37：阶梯价须大于0',
    ]);
  });

  it('carries each SKU’s barcode both ways, moves one between SKUs, and refuses a bad, repeated or held one by row', async () => {
    const header = `${HEADER},条码`;
    const row = (sku: string, barcode: string) =>
      `NZ-BAR-1,条码蜂蜜,,Comvita,食品/蜂蜜,NZ,yes,${sku},${sku},规格:${sku},4,0,300,39.90,199.00,,${barcode}`;
    const first = envelope<AdminGoodsImportResponse>(
      await sendSheet(
        `${header}\n${row('NZ-BAR-1-A', '4006381333931')}\n${row('NZ-BAR-1-B', '')}\n`,
        'bar.csv',
        false,
      ),
    );
    expect(first.success, first.message).toBe(true);
    const barcodeOf = async (code: string) =>
      (await t.database.db.select({ barcode: skus.barcode }).from(skus).where(eq(skus.code, code)))[0]
        ?.barcode;
    expect(await barcodeOf('NZ-BAR-1-A')).toBe('4006381333931');
    expect(await barcodeOf('NZ-BAR-1-B')).toBeNull();

    // Moved from A to B in one import, typed in groups.
    const moved = envelope<AdminGoodsImportResponse>(
      await sendSheet(
        `${header}\n${row('NZ-BAR-1-A', '96385074')}\n${row('NZ-BAR-1-B', '4006381 333931')}\n`,
        'bar.csv',
        false,
      ),
    );
    expect(moved.success, moved.message).toBe(true);
    expect([await barcodeOf('NZ-BAR-1-A'), await barcodeOf('NZ-BAR-1-B')]).toEqual([
      '96385074',
      '4006381333931',
    ]);
    const table = await readXlsx((await exportSheet()).rawPayload);
    const exported = table.rows.find((r) => r.cells[7] === 'NZ-BAR-1-B');
    expect(exported?.cells[table.header.indexOf('barcode')]).toBe('4006381333931');

    const bad = `${header}
NZ-BAR-2,条码蜂蜜2,,Comvita,食品/蜂蜜,NZ,yes,NZ-BAR-2-A,A,规格:A,4,0,300,39.90,199.00,,4006381333932
NZ-BAR-2,条码蜂蜜2,,Comvita,食品/蜂蜜,NZ,yes,NZ-BAR-2-B,B,规格:B,4,0,300,39.90,199.00,,036000291452
NZ-BAR-2,条码蜂蜜2,,Comvita,食品/蜂蜜,NZ,yes,NZ-BAR-2-C,C,规格:C,4,0,300,39.90,199.00,,036000291452
`;
    const refused = envelope<AdminGoodsImportResponse>(await sendSheet(bad, 'bar.csv', true));
    expect(refused.data.errors).toEqual([
      '第 2 行：条码 4006381333932：条码校验位不正确',
      '第 4 行：条码 036000291452 与第 3 行重复',
    ]);
    // Held by a SKU the sheet leaves as it is.
    const held = envelope<AdminGoodsImportResponse>(
      await sendSheet(
        `${header}\nNZ-BAR-3,条码蜂蜜3,,Comvita,食品/蜂蜜,NZ,yes,NZ-BAR-3-A,A,规格:A,4,0,300,39.90,199.00,,96385074\n`,
        'bar.csv',
        false,
      ),
    );
    expect(held.success).toBe(false);
    expect(JSON.stringify(held)).toContain('第 2 行：条码 96385074 已属于 SKU NZ-BAR-1-A');
    expect(await barcodeOf('NZ-BAR-3-A')).toBeUndefined();
  });

  it('refuses a sheet of more rows than an import takes, saying so, in a dry run and for real', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('goods');
    sheet.addRow(HEADER.split(','));
    for (let i = 0; i <= GOODS_SHEET_MAX_ROWS; i += 1)
      sheet.addRow([`BIG-${i}`, '大表', '', '', '食品', 'AU', '', `BIG-${i}-1`, '', '', 4, 1, '', 1]);
    const bytes = Buffer.from((await book.xlsx.writeBuffer()) as ArrayBuffer);
    const message = `一次最多导入 ${GOODS_SHEET_MAX_ROWS} 行，本表超过 ${GOODS_SHEET_MAX_ROWS} 行，请拆分后导入`;
    const dry = envelope<AdminGoodsImportResponse>(await sendSheet(bytes, 'big.xlsx', true));
    expect(dry.success, dry.message).toBe(true);
    expect(dry.data).toMatchObject({ rows: 0, errors: [message], summary: null });
    const real = envelope<{ errors: string[] }>(await sendSheet(bytes, 'big.xlsx', false));
    expect(real).toMatchObject({
      success: false,
      resultCode: ResultCode.ParamsError,
      data: { errors: [message] },
    });
  });
});
