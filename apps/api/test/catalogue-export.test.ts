import { CataloguePaths, ResultCode, XLSX_CONTENT_TYPE } from '@shop/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueFixture } from './support/catalogue-fixtures';
import { createCatalogueTestApp } from './support/catalogue-helpers';
import { envelope, post, type TestApp } from './support/test-app';

let t: TestApp;
let f: CatalogueFixture;
let wholesaleToken: string;
beforeAll(async () => {
  ({ t, fixture: f, wholesaleToken } = await createCatalogueTestApp());
});
afterAll(async () => {
  await t?.close();
});

/** The first sheet of an xlsx response, as rows of cell values (row 1 is the header). */
async function sheetOf(res: LightMyRequestResponse) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    // ExcelJS rows are 1-based: values[0] is always empty.
    rows.push((row.values as unknown[]).slice(1));
  });
  return { sheet, rows };
}

function fileNameOf(res: LightMyRequestResponse): string {
  const disposition = String(res.headers['content-disposition'] ?? '');
  return /^attachment; filename="([^"]+)"$/.exec(disposition)?.[1] ?? '';
}

describe('goods/exportGoodsPrice/', () => {
  it('requires login: InvalidToken with the envelope', async () => {
    for (const token of [undefined, 'garbage']) {
      const res = await post(t.app, CataloguePaths.exportGoodsPrice, { currency: 'AUD' }, token);
      expect(res.statusCode).toBe(401);
      expect(envelope(res)).toMatchObject({ success: false, resultCode: ResultCode.InvalidToken });
    }
  });

  it('exports the on-shelf SKUs with the member level price in AUD, the stock as the storefront says it', async () => {
    const res = await post(t.app, CataloguePaths.exportGoodsPrice, { currency: 'AUD' }, wholesaleToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(fileNameOf(res)).toMatch(/^GoodsPrice_AUD_\d{8}_\d{4}\.xlsx$/);
    const { sheet, rows } = await sheetOf(res);
    expect(rows[0]).toEqual([
      '商品编号',
      '商品名称',
      '英文名称',
      '品牌',
      '仓库',
      'SKU编号',
      '规格',
      '状态',
      '可购',
      '价格（AUD）',
      '价格说明',
      '订购规则',
      '批量价（AUD）',
    ]);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    // 8 SKUs of the 5 goods on the shelf; the off-shelf product is not exported.
    expect(rows).toHaveLength(1 + 8);
    const bySku = Object.fromEntries(rows.slice(1).map((r) => [r[5], r]));
    expect(bySku['S-APT-2-800']).toBeUndefined();
    expect(bySku['S-APT-1-900']).toEqual([
      'G-APT-1',
      '爱他美白金版婴儿奶粉1段 900g',
      'Aptamil Profutura Stage 1',
      '爱他美',
      '澳大利亚仓',
      'S-APT-1-900',
      '规格：900g',
      // Always in stock: its stock number (50) limits nothing, and the storefront says 现货 不限量.
      '现货',
      '不限量',
      42,
    ]);
    expect(bySku['S-BLK-1-400']?.[6]).toBe('规格：400粒；包装：单瓶');
    expect(bySku['S-BLK-1-400']?.slice(7)).toEqual(['现货', '可购 10 件', 31]);
    // No AUD price: the cell is empty and says why, as the storefront does. Level-37 fallback for a SKU without
    // level-38 prices.
    expect(bySku['S-BLK-1-200']?.slice(7)).toEqual(['需预订', '不限量', undefined, '不支持澳币支付']);
    expect(bySku['S-BEL-1-125']?.[9]).toBe(6.5);
    expect(bySku['S-SWS-1-A']?.slice(7, 9)).toEqual(['缺货', undefined]);
    expect(bySku['S-SWS-1-B']?.[7]).toBe('不可售');
    expect(bySku['S-SWS-1-C']?.slice(7, 9)).toEqual(['库存不足', undefined]);
    expect(sheet.getCell('J2').numFmt).toBe('0.00');
  });

  it('exports CNY prices, an AUD-only one converted at the rate and marked, and applies the filters', async () => {
    await t.app.services.rates.setAudCny('4.71');
    const res = await post(
      t.app,
      CataloguePaths.exportGoodsPrice,
      { currency: 'CNY', location: 1 },
      wholesaleToken,
    );
    expect(fileNameOf(res)).toMatch(/^GoodsPrice_CNY_\d{8}_\d{4}\.xlsx$/);
    const { rows } = await sheetOf(res);
    expect(rows[0]?.[9]).toBe('价格（CNY）');
    // $31.00 × 4.71 = ¥146.01, by the domain's one conversion (money.ts convertMinor), as the cart bills it.
    expect(rows.slice(1).map((r) => [r[5], r[9], r[10]])).toEqual([
      ['S-APT-1-900', 210, undefined],
      ['S-BLK-1-400', 146.01, '按汇率折合人民币结算'],
      ['S-BLK-1-200', 158, undefined],
    ]);
    // A new rate shows in the next file: the stored file of the old rate is not served.
    await t.app.services.rates.setAudCny('5');
    const again = await sheetOf(
      await post(t.app, CataloguePaths.exportGoodsPrice, { currency: 'CNY', location: 1 }, wholesaleToken),
    );
    expect(again.rows.find((r) => r[5] === 'S-BLK-1-400')?.[9]).toBe(155);
    const byCategory = await sheetOf(
      await post(
        t.app,
        CataloguePaths.exportGoodsPrice,
        { currency: 'CNY', cateId: f.categories.baby.id, keyword: '米粉' },
        wholesaleToken,
      ),
    );
    expect(byCategory.rows.slice(1).map((r) => r[5])).toEqual(['S-BEL-1-125']);
  });

  it('says each SKU’s quantity rule and its volume prices in the list’s currency, by the same currency rule', async () => {
    const { db } = t.database;
    await t.app.services.rates.setAudCny('5');
    const [sku] = (
      (await db.execute(
        sql`update skus set min_qty = 12, step_qty = 6, max_qty = 600 where code = 'S-APT-1-900' returning id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    if (!sku) throw new Error('the fixture has S-APT-1-900');
    // AUD breaks only, at the default level the wholesale member's level falls back to.
    await db.execute(sql`insert into sku_price_breaks (sku_id, level, currency, min_qty, amount)
      values (${sku.id}, 37, 'AUD', 24, 4000), (${sku.id}, 37, 'AUD', 96, 3850)`);
    // Changed by hand: the stored export files are of the catalogue's version before it (ADR 011).
    await t.app.services.catalogue.catalogueChanged();
    try {
      const cells = async (currency: string) =>
        (
          await sheetOf(
            await post(t.app, CataloguePaths.exportGoodsPrice, { currency, location: 1 }, wholesaleToken),
          )
        ).rows.map((r) => [r[5], r[11], r[12]]);
      const aud = await cells('AUD');
      expect(aud[0]).toEqual(['SKU编号', '订购规则', '批量价（AUD）']);
      expect(aud).toContainEqual([
        'S-APT-1-900',
        '每箱6件 · 12件起订 · 限购600件',
        '24件起 40.00；96件起 38.50',
      ]);
      // A SKU sold by the piece without breaks leaves both cells empty.
      expect(aud).toContainEqual(['S-BLK-1-200', undefined, undefined]);
      // In CNY the AUD-only breaks are converted at the rate, as its single price is.
      expect(await cells('CNY')).toContainEqual([
        'S-APT-1-900',
        '每箱6件 · 12件起订 · 限购600件',
        '24件起 200.00；96件起 192.50',
      ]);
    } finally {
      await db.execute(sql`delete from sku_price_breaks where sku_id = ${sku.id}`);
      await db.execute(sql`update skus set min_qty = 1, step_qty = 1, max_qty = null where id = ${sku.id}`);
      await t.app.services.catalogue.catalogueChanged();
    }
  });

  it.each([
    [{}, '币种'],
    [{ currency: 'USD' }, '币种须为 AUD 或 CNY'],
    [{ currency: 'AUD', location: 12 }, '仓库'],
    [{ currency: 'AUD', pageNo: 1 }, '不支持的字段：pageNo'],
  ])('refuses %j with ParamsError', async (body, message) => {
    const res = await post(t.app, CataloguePaths.exportGoodsPrice, body, wholesaleToken);
    expect(res.statusCode).toBe(400);
    const env = envelope(res);
    expect(env.resultCode).toBe(ResultCode.ParamsError);
    expect(env.message).toContain(message);
  });
});

describe('goods/exportGoodsSkuData/', () => {
  it('requires login', async () => {
    const res = await post(t.app, CataloguePaths.exportGoodsSkuData, {});
    expect(res.statusCode).toBe(401);
    expect(envelope(res).resultCode).toBe(ResultCode.InvalidToken);
  });

  it('exports SKU codes, properties, the stock as the storefront says it, and weight', async () => {
    const res = await post(
      t.app,
      CataloguePaths.exportGoodsSkuData,
      { brandId: f.brands.swisse.id },
      wholesaleToken,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(fileNameOf(res)).toMatch(/^GoodsSkuData_\d{8}_\d{4}\.xlsx$/);
    const { sheet, rows } = await sheetOf(res);
    expect(rows[0]).toEqual([
      '商品编号',
      '商品名称',
      'SKU编号',
      'SKU名称',
      '规格',
      '状态',
      '可购',
      '重量（克）',
    ]);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(rows.slice(1)).toEqual([
      [
        'G-SWS-1',
        'Swisse 钙片维生素D',
        'S-SWS-1-A',
        'Swisse 钙片维生素D 90粒 原味 瓶装',
        '规格：90粒；口味：原味；包装：瓶装',
        '缺货',
        undefined,
        500,
      ],
      [
        'G-SWS-1',
        'Swisse 钙片维生素D',
        'S-SWS-1-B',
        'Swisse 钙片维生素D 150粒 柠檬 瓶装',
        '规格：150粒；口味：柠檬；包装：瓶装',
        '不可售',
        undefined,
        500,
      ],
      [
        'G-SWS-1',
        'Swisse 钙片维生素D',
        'S-SWS-1-C',
        'Swisse 钙片维生素D 90粒 柠檬 礼盒',
        '规格：90粒；口味：柠檬；包装：礼盒',
        '库存不足',
        undefined,
        500,
      ],
    ]);
  });

  it('an empty selection still gives a sheet with its header', async () => {
    const res = await post(t.app, CataloguePaths.exportGoodsSkuData, { keyword: '%' }, wholesaleToken);
    const { rows } = await sheetOf(res);
    expect(rows).toHaveLength(1);
  });

  it('refuses a currency (the SKU sheet has no prices)', async () => {
    const res = await post(t.app, CataloguePaths.exportGoodsSkuData, { currency: 'AUD' }, wholesaleToken);
    expect(envelope(res)).toMatchObject({ success: false, resultCode: ResultCode.ParamsError });
  });
});
