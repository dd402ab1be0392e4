import {
  type CartListResponse,
  CartPaths,
  CataloguePaths,
  CheckoutPaths,
  type CheckoutSummary,
  type GoodsDetail,
  type GoodsListResponse,
  ResultCode,
  SkuStatus,
} from '@shop/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartLines, goods, orderItems, orders, skuPriceBreaks, skus } from '../src/db/schema';
import { PASTE_PREVIEW_LIMIT } from '../src/modules/cart/cart.service';
import { insertGoods } from './support/catalogue-fixtures';
import {
  type CheckoutTestApp,
  createCheckoutTestApp,
  minor,
  newMember,
  orderForPickup,
} from './support/checkout-helpers';
import { envelope, post } from './support/test-app';
import { multipartBody } from './support/upload';

/**
 * Wholesale quantities (issue #37, ADR 050): a SKU sold in cases of 6 from 12 up to 60 pieces, with volume prices
 * at the default level (AUD 42.00 from 12, 40.00 from 24; CNY 210.00 from 12) and level 38's own AUD break; a
 * product whose two SKUs count together for their break (10.00 each, 8.00 from 10 pieces of the product).
 */

let c: CheckoutTestApp;
const ids = { caseSku: 0, caseGoods: 0, mixA: 0, mixB: 0, mixGoods: 0 };

beforeAll(async () => {
  c = await createCheckoutTestApp();
  const { db } = c.t.database;
  const f = c.fixture;
  const base = {
    nameEn: '',
    brand: null,
    categoryId: f.categories.babyFood.id,
    categoryNames: ['母婴', '辅食'],
    location: 1,
    sales: 0,
    sortWeight: 0,
    createdAt: new Date('2026-01-01T00:00:00Z'),
  };
  const caseGoods = await insertGoods(db, {
    ...base,
    code: 'G-CASE-1',
    name: '整箱米粉',
    skus: [
      {
        code: 'W-CASE-1',
        property: { 规格: '6罐/箱' },
        status: SkuStatus.InStock,
        stock: 500,
        prices: [
          { level: 37, currency: 'AUD', amount: 4590 },
          { level: 37, currency: 'CNY', amount: 22900 },
          { level: 38, currency: 'AUD', amount: 4400 },
        ],
      },
    ],
  });
  ids.caseGoods = caseGoods.id;
  ids.caseSku = caseGoods.skuIds[0] ?? 0;
  await db.update(skus).set({ minQty: 12, stepQty: 6, maxQty: 60 }).where(eq(skus.id, ids.caseSku));
  await db.insert(skuPriceBreaks).values([
    { skuId: ids.caseSku, level: 37, currency: 'AUD', minQty: 12, amount: 4200 },
    { skuId: ids.caseSku, level: 37, currency: 'AUD', minQty: 24, amount: 4000 },
    { skuId: ids.caseSku, level: 37, currency: 'CNY', minQty: 12, amount: 21000 },
    { skuId: ids.caseSku, level: 38, currency: 'AUD', minQty: 12, amount: 3900 },
  ]);

  const mix = await insertGoods(db, {
    ...base,
    code: 'G-MIX-1',
    name: '混批袜子',
    skus: ['黑', '白'].map((colour, i) => ({
      code: `W-MIX-${i + 1}`,
      property: { 颜色: colour },
      status: SkuStatus.InStock,
      stock: 100,
      prices: [{ level: 37, currency: 'AUD' as const, amount: 1000 }],
    })),
  });
  ids.mixGoods = mix.id;
  [ids.mixA, ids.mixB] = [mix.skuIds[0] ?? 0, mix.skuIds[1] ?? 0];
  await db.update(goods).set({ breaksMixed: true }).where(eq(goods.id, mix.id));
  await db
    .insert(skuPriceBreaks)
    .values(mix.skuIds.map((skuId) => ({ skuId, level: 37, currency: 'AUD', minQty: 10, amount: 800 })));
});
afterAll(async () => {
  await c?.t.close();
});

async function call<T = { ids: number[] }>(path: string, body: unknown, token?: string) {
  const res = await post(c.t.app, path, body, token);
  return { status: res.statusCode, ...envelope<T>(res) };
}

async function ok<T = { ids: number[] }>(path: string, body: unknown, token?: string): Promise<T> {
  const res = await call<T>(path, body, token);
  expect(res.success, res.message).toBe(true);
  return res.data;
}

/** A refusal with ParamsError -1 and its message. */
async function refusedWith(path: string, body: unknown, token: string): Promise<string> {
  const res = await call<unknown>(path, body, token);
  expect(res.status, res.message).toBe(400);
  expect(res.resultCode).toBe(ResultCode.ParamsError);
  return res.message;
}

/** The checkout summary of the member's selected lines, picked up at the warehouse, in `currency`. */
const pickupSummary = (token: string, currency: 'AUD' | 'CNY') =>
  ok<CheckoutSummary>(CheckoutPaths.summary, { currency, locationCode: 'Pickup' }, token);
const cartOf = (token: string, currency?: 'AUD' | 'CNY') =>
  ok<CartListResponse>(CartPaths.list, currency ? { currency } : {}, token);
const lineOf = async (token: string, skuId: number) =>
  (await cartOf(token)).data.find((l) => l.skuId === skuId);

describe('the catalogue says each SKU’s quantity rule and volume prices', () => {
  it('goodsdetail/detail/ carries minQty, stepQty, maxQty and the breaks at the visitor’s level, ascending', async () => {
    const detail = await ok<GoodsDetail>(CataloguePaths.goodsDetail, { id: ids.caseGoods });
    expect(detail.skus[0]).toMatchObject({
      minQty: 12,
      stepQty: 6,
      maxQty: 60,
      priceBreaks: [
        { minQty: 12, audPrice: 42, cnyPrice: 210 },
        { minQty: 24, audPrice: 40, cnyPrice: null },
      ],
    });
  });

  it('a level with breaks of its own in a currency gets those; the other currency falls back to the default level', async () => {
    const m = await newMember(c.t, 38);
    const detail = await ok<GoodsDetail>(CataloguePaths.goodsDetail, { id: ids.caseGoods }, m.token);
    expect(detail.skus[0]?.priceBreaks).toEqual([{ minQty: 12, audPrice: 39, cnyPrice: 210 }]);
  });

  it('goods/list/ SKUs carry the same fields; a SKU sold by the piece says 1, 1, null and no breaks', async () => {
    const list = await ok<GoodsListResponse>(CataloguePaths.goodsList, { keyword: 'G-CASE-1' });
    expect(list.items[0]?.skus[0]).toMatchObject({ minQty: 12, stepQty: 6, maxQty: 60 });
    expect(list.items[0]?.skus[0]?.priceBreaks).toHaveLength(2);
    const rice = await ok<GoodsListResponse>(CataloguePaths.goodsList, { keyword: 'G-BEL-1' });
    expect(rice.items[0]?.skus[0]).toMatchObject({ minQty: 1, stepQty: 1, maxQty: null, priceBreaks: [] });
  });

  it('each SKU of a product whose breaks count all its SKUs says so, in the detail and the list', async () => {
    const detail = await ok<GoodsDetail>(CataloguePaths.goodsDetail, { id: ids.mixGoods });
    expect(detail.skus.map((s) => [s.id, s.breaksMixed])).toEqual([
      [ids.mixA, true],
      [ids.mixB, true],
    ]);
    const list = await ok<GoodsListResponse>(CataloguePaths.goodsList, { keyword: 'G-MIX-1' });
    expect(list.items[0]?.skus.map((s) => s.breaksMixed)).toEqual([true, true]);
    const cased = await ok<GoodsDetail>(CataloguePaths.goodsDetail, { id: ids.caseGoods });
    expect(cased.skus[0]?.breaksMixed).toBe(false);
    const casedList = await ok<GoodsListResponse>(CataloguePaths.goodsList, { keyword: 'G-CASE-1' });
    expect(casedList.items[0]?.skus[0]?.breaksMixed).toBe(false);
  });
});

describe('the cart refuses a quantity that breaks the rule, naming the SKU (ParamsError -1)', () => {
  it.each([
    [15, '规格 W-CASE-1 按箱销售，每箱6件，数量须为6的倍数'],
    [6, '规格 W-CASE-1 12件起订'],
    [66, '规格 W-CASE-1 每单最多60件'],
  ])('addItem/ of %i', async (qty, message) => {
    const m = await newMember(c.t);
    expect(await refusedWith(CartPaths.addItem, { skuId: ids.caseSku, qty }, m.token)).toBe(message);
    expect((await cartOf(m.token)).data).toEqual([]);
  });

  it('addItem/ whose sum with the line already there passes the maximum', async () => {
    const m = await newMember(c.t);
    await ok(CartPaths.addItem, { skuId: ids.caseSku, qty: 36 }, m.token);
    expect(await refusedWith(CartPaths.addItem, { skuId: ids.caseSku, qty: 30 }, m.token)).toBe(
      '购物车中已有36件，规格 W-CASE-1 每单最多60件',
    );
    expect((await lineOf(m.token, ids.caseSku))?.qty).toBe(36);
    await ok(CartPaths.addItem, { skuId: ids.caseSku, qty: 24 }, m.token);
    expect((await lineOf(m.token, ids.caseSku))?.qty).toBe(60);
  });

  it('a SKU sold by stock in cases offers its stock in whole cases, and says so', async () => {
    const { db } = c.t.database;
    await db.update(skus).set({ status: SkuStatus.ByStock, stock: 31 }).where(eq(skus.id, ids.caseSku));
    try {
      const m = await newMember(c.t);
      expect(await refusedWith(CartPaths.addItem, { skuId: ids.caseSku, qty: 36 }, m.token)).toBe(
        '库存不足，最多可购买 30 件',
      );
      await ok(CartPaths.addItem, { skuId: ids.caseSku, qty: 30 }, m.token);
      expect((await lineOf(m.token, ids.caseSku))?.qty).toBe(30);
    } finally {
      await db.update(skus).set({ status: SkuStatus.InStock, stock: 500 }).where(eq(skus.id, ids.caseSku));
    }
  });

  it('updateItem/ and batchUpdateItems/ to a quantity off the case pack', async () => {
    const m = await newMember(c.t);
    const { ids: added } = await ok(CartPaths.addItem, { skuId: ids.caseSku, qty: 12 }, m.token);
    const id = added[0];
    expect(await refusedWith(CartPaths.updateItem, { id, qty: 13 }, m.token)).toBe(
      '规格 W-CASE-1 按箱销售，每箱6件，数量须为6的倍数',
    );
    expect(await refusedWith(CartPaths.batchUpdateItems, [{ id, qty: 72 }], m.token)).toContain(
      '规格 W-CASE-1 每单最多60件',
    );
    await ok(CartPaths.updateItem, { id, qty: 18 }, m.token);
    expect((await lineOf(m.token, ids.caseSku))?.qty).toBe(18);
  });

  it('batchAddItems/ refuses the whole batch for one broken line and writes nothing', async () => {
    const m = await newMember(c.t);
    const message = await refusedWith(
      CartPaths.batchAddItems,
      [
        { skuId: c.sku.rice, qty: 2 },
        { skuId: ids.caseSku, qty: 15 },
      ],
      m.token,
    );
    expect(message).toContain('每箱6件');
    expect((await cartOf(m.token)).data).toEqual([]);
    // With 12 already in the cart, 54 more make 66: over the maximum once added together.
    await ok(CartPaths.addItem, { skuId: ids.caseSku, qty: 12 }, m.token);
    expect(await refusedWith(CartPaths.batchAddItems, [{ skuId: ids.caseSku, qty: 54 }], m.token)).toContain(
      '每单最多60件',
    );
    expect((await lineOf(m.token, ids.caseSku))?.qty).toBe(12);
  });
});

describe('lines are priced at the break their quantity reaches', () => {
  it('cart/list/ shows the price reached and what reaches the next break', async () => {
    const m = await newMember(c.t);
    const { ids: added } = await ok(CartPaths.addItem, { skuId: ids.caseSku, qty: 12 }, m.token);
    expect(await lineOf(m.token, ids.caseSku)).toMatchObject({
      audPrice: 42,
      cnyPrice: 210,
      nextBreak: { minQty: 24, missing: 12, audPrice: 40, cnyPrice: null },
    });
    expect((await cartOf(m.token)).totalPrice.audPrice).toBe('504.00');
    await ok(CartPaths.updateItem, { id: added[0], qty: 30 }, m.token);
    expect(await lineOf(m.token, ids.caseSku)).toMatchObject({
      audPrice: 40,
      cnyPrice: 210,
      nextBreak: null,
    });
    expect((await cartOf(m.token)).totalPrice.audPrice).toBe('1200.00');
  });

  it('the summary and the order charge the break prices, in either currency', async () => {
    const m = await newMember(c.t);
    await ok(CartPaths.addItem, { skuId: ids.caseSku, qty: 24 }, m.token);
    const aud = await pickupSummary(m.token, 'AUD');
    expect(aud.valid, aud.notForSaleMsg).toBe(true);
    expect(minor(aud.goodsPrice)).toBe(24 * 4000);
    const cny = await pickupSummary(m.token, 'CNY');
    expect(minor(cny.goodsPrice)).toBe(24 * 21000);

    const created = envelope<{ orderId: number }>(await orderForPickup(c.t, m.token));
    expect(created.success, created.message).toBe(true);
    const { db } = c.t.database;
    const [order] = await db.select().from(orders).where(eq(orders.id, created.data.orderId));
    expect(order?.goodsAmount).toBe(24 * 4000);
    expect(order?.totalAmount).toBe(minor(aud.totalPrice));
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, created.data.orderId));
    expect(items.map((i) => [i.skuId, i.qty, i.unitPrice])).toEqual([[ids.caseSku, 24, 4000]]);
  });

  it('a product with mixed breaks counts its selected SKUs together', async () => {
    const m = await newMember(c.t);
    await ok(CartPaths.addItem, { skuId: ids.mixA, qty: 6 }, m.token);
    expect((await lineOf(m.token, ids.mixA))?.audPrice).toBe(10);
    expect((await lineOf(m.token, ids.mixA))?.nextBreak).toMatchObject({ minQty: 10, missing: 4 });
    const { ids: added } = await ok(CartPaths.addItem, { skuId: ids.mixB, qty: 4 }, m.token);
    const cart = await cartOf(m.token);
    expect(cart.data.map((l) => [l.skuId, l.audPrice])).toEqual([
      [ids.mixB, 8],
      [ids.mixA, 8],
    ]);
    expect(cart.totalPrice.audPrice).toBe('80.00');
    // Unselected, the black pair no longer counts for the white; it still shows the price it would be bought at.
    await ok(CartPaths.updateItem, { id: added[0], selected: false }, m.token);
    const after = await cartOf(m.token);
    expect(after.data.map((l) => [l.skuId, l.audPrice])).toEqual([
      [ids.mixB, 8],
      [ids.mixA, 10],
    ]);
    expect(after.totalPrice.audPrice).toBe('60.00');
    const s = await pickupSummary(m.token, 'AUD');
    expect(minor(s.goodsPrice)).toBe(6000);
  });

  it('a rule changed after the add makes the summary not valid, naming the SKU', async () => {
    const m = await newMember(c.t);
    await ok(CartPaths.addItem, { skuId: ids.caseSku, qty: 12 }, m.token);
    const { db } = c.t.database;
    await db.update(skus).set({ stepQty: 5, minQty: 10 }).where(eq(skus.id, ids.caseSku));
    try {
      const s = await pickupSummary(m.token, 'AUD');
      expect(s.valid).toBe(false);
      expect(s.notForSaleMsg).toContain('规格 W-CASE-1 按箱销售，每箱5件');
      const refused = envelope(await orderForPickup(c.t, m.token));
      expect(refused.success).toBe(false);
      expect(await db.select().from(cartLines).where(eq(cartLines.skuId, ids.caseSku))).not.toHaveLength(0);
    } finally {
      await db.update(skus).set({ stepQty: 6, minQty: 12 }).where(eq(skus.id, ids.caseSku));
    }
  });
});

describe('a case SKU sold by its stock, short at checkout', () => {
  it('the summary says the most it can still buy in whole cases, not the pieces in stock', async () => {
    const m = await newMember(c.t);
    await ok(CartPaths.addItem, { skuId: ids.caseSku, qty: 36 }, m.token);
    const { db } = c.t.database;
    // 35 in stock: five cases of 6 (30) can still be bought, and the rule's 12-piece minimum holds.
    await db.update(skus).set({ status: SkuStatus.ByStock, stock: 35 }).where(eq(skus.id, ids.caseSku));
    try {
      const s = await pickupSummary(m.token, 'AUD');
      expect(s.valid).toBe(false);
      expect(s.notForSaleMsg).toContain('（最多可购买 30 件）');
    } finally {
      await db.update(skus).set({ status: SkuStatus.InStock, stock: 500 }).where(eq(skus.id, ids.caseSku));
    }
  });
});

describe('cart/parseLines/: a pasted order or an order file previewed before anything is added', () => {
  type Preview = { items: (Record<string, unknown> & { line: number; status: string; qty: number })[] };
  const paste = (text: string, token?: string) => ok<Preview>(CartPaths.parseLines, { text }, token);

  it('matches codes in any case, brings quantities within the rule and stock, and names unknown codes’ neighbours', async () => {
    const text = [
      '商品编码\t名称\t数量',
      'w-case-1\t整箱米粉\t20',
      'W-CASE-1\t\t24',
      'S-BLK-1-400\t\t12',
      'S-SWS-1-B\t\t1',
      'S-SWS-1-A\t\t1',
      'W-CASF-1\t\t6',
      'S-BEL-1-125\t\t3',
      'S-BEL-1-125\t\t',
    ].join('\n');
    const { items } = await paste(text);
    expect(items.map((i) => [i.line, i.status, i.qty])).toEqual([
      [2, 'adjusted', 18],
      [3, 'ok', 24],
      [4, 'short', 10],
      [5, 'notForSale', 0],
      [6, 'short', 0],
      [7, 'unknown', 0],
      [8, 'ok', 3],
      [9, 'adjusted', 1],
    ]);
    expect(items[0]).toMatchObject({
      skuId: ids.caseSku,
      skuCode: 'W-CASE-1',
      name: '整箱米粉 6罐/箱',
      message: '每箱6件，已调整为18件',
      stepQty: 6,
      minQty: 12,
      maxQty: 60,
      // 18 pieces reach the 12-piece break; 24 the 24-piece one.
      audPrice: 42,
      cnyPrice: 210,
      // What a visitor's local cart needs to price the line again as its quantity changes.
      priceBreaks: [
        { minQty: 12, audPrice: 42, cnyPrice: 210 },
        { minQty: 24, audPrice: 40, cnyPrice: null },
      ],
      breaksMixed: false,
    });
    const detail = await ok<GoodsDetail>(CataloguePaths.goodsDetail, { id: ids.caseGoods });
    expect([items[0]?.singleAudPrice, items[0]?.singleCnyPrice]).toEqual([
      detail.skus[0]?.audPrice,
      detail.skus[0]?.cnyPrice,
    ]);
    expect(items[0]?.singleAudPrice).not.toBe(42);
    expect(items[1]).toMatchObject({ audPrice: 40, message: '' });
    expect(items[5]).toMatchObject({ singleAudPrice: null, priceBreaks: [], breaksMixed: false });
    expect(items[2]?.message).toBe('库存不足，最多可购买 10 件');
    expect(items[5]).toMatchObject({ skuId: null, skuCode: 'W-CASF-1' });
    expect(items[5]?.suggestions).toContain('W-CASE-1');
    expect(items[5]?.message).toMatch(/^未找到编码 W-CASF-1，是否为：.*W-CASE-1/);
  });

  it('matches a SKU by its barcode too, typed in groups or with full-width digits', async () => {
    const { db } = c.t.database;
    await db.update(skus).set({ barcode: '4006381333931' }).where(eq(skus.id, ids.caseSku));
    try {
      const { items } = await paste(
        ['4006381 333931\t24', '４００６３８１３３３９３１ 12', '4006381333930 1'].join('\n'),
      );
      expect(items.map((i) => [i.status, i.skuId, i.skuCode, i.qty])).toEqual([
        ['ok', ids.caseSku, 'W-CASE-1', 24],
        ['ok', ids.caseSku, 'W-CASE-1', 12],
        ['unknown', null, '4006381333930', 0],
      ]);
    } finally {
      await db.update(skus).set({ barcode: null }).where(eq(skus.id, ids.caseSku));
    }
  });

  it('prices at the member’s level', async () => {
    const m = await newMember(c.t, 38);
    const { items } = await paste('W-CASE-1 12', m.token);
    expect(items[0]).toMatchObject({ status: 'ok', audPrice: 39 });
  });

  it('reads an uploaded CSV or xlsx as the same lines', async () => {
    const csv = Buffer.from('\uFEFF商品编码,数量\r\nW-CASE-1,30\r\nS-BEL-1-125,2\r\n', 'utf8');
    const fromCsv = envelope<Preview>(
      await c.t.app.inject({
        method: 'POST',
        url: CartPaths.parseLines,
        ...multipartBody('file', csv, '订单.csv', 'text/csv'),
      }),
    );
    expect(fromCsv.success, fromCsv.message).toBe(true);
    expect(fromCsv.data.items.map((i) => [i.line, i.status, i.qty])).toEqual([
      [2, 'ok', 30],
      [3, 'ok', 2],
    ]);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('订货');
    sheet.addRow(['序号', '商品编码', '数量', '单价']);
    sheet.addRow([1, 'W-CASE-1', 13, 42]);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    const fromXlsx = envelope<Preview>(
      await c.t.app.inject({
        method: 'POST',
        url: CartPaths.parseLines,
        ...multipartBody(
          'file',
          xlsx,
          'order.xlsx',
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        ),
      }),
    );
    expect(fromXlsx.success, fromXlsx.message).toBe(true);
    expect(fromXlsx.data.items.map((i) => [i.line, i.status, i.qty])).toEqual([[2, 'adjusted', 12]]);
  });

  it('counts a visitor’s previews by address: past the limit in its window, TooManyRequests and nothing read', async () => {
    const from = (address: string) =>
      post(c.t.app, CartPaths.parseLines, { text: 'W-CASE-1 12' }, undefined, address);
    for (let i = 0; i < PASTE_PREVIEW_LIMIT.visitor; i += 1)
      expect((await from('10.77.0.1')).statusCode).toBe(200);
    const over = await from('10.77.0.1');
    expect(over.statusCode).toBe(429);
    expect(envelope(over)).toMatchObject({
      resultCode: ResultCode.TooManyRequests,
      message: '预览过于频繁，请稍后再试',
    });
    expect((await from('10.77.0.2')).statusCode).toBe(200);
  });

  it('refuses a paste over the limits, an empty one and a bad file whole, in Chinese', async () => {
    const many = Array.from({ length: 1001 }, (_, i) => `W-CASE-1 ${i + 1}`).join('\n');
    expect((await call(CartPaths.parseLines, { text: many })).message).toBe(
      '最多1000行，这次有1001行，请分批粘贴',
    );
    expect((await call(CartPaths.parseLines, { text: '' })).message).toContain('请粘贴商品编码和数量');
    expect((await call(CartPaths.parseLines, { text: 'hello', extra: 1 })).message).toContain('不支持的字段');
    const xls = envelope(
      await c.t.app.inject({
        method: 'POST',
        url: CartPaths.parseLines,
        ...multipartBody(
          'file',
          Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
          'old.xls',
          'application/vnd.ms-excel',
        ),
      }),
    );
    expect(xls.success).toBe(false);
    expect(xls.message).toContain('不支持旧版 Excel');
  });
});

// PGlite runs one query at a time and would hide a race: real PostgreSQL only.
describe.skipIf(!process.env.TEST_DATABASE_URL)('two adds at once (PostgreSQL)', () => {
  it('that together pass the maximum: one is refused, the line never holds more than 60', async () => {
    for (let round = 0; round < 5; round += 1) {
      const m = await newMember(c.t);
      const results = await Promise.all(
        [36, 36].map((qty) => call(CartPaths.addItem, { skuId: ids.caseSku, qty }, m.token)),
      );
      expect(results.filter((r) => r.success)).toHaveLength(1);
      expect(results.find((r) => !r.success)?.message).toContain('每单最多60件');
      expect((await lineOf(m.token, ids.caseSku))?.qty).toBe(36);
    }
  });
});
