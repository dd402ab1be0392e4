import {
  type BoughtSkusResponse,
  CataloguePaths,
  OrderPaths,
  OrderStatus,
  type PackingListResponse,
  type QuickOrderListResponse,
  ResultCode,
  SkuStatus,
  Warehouse,
  XLSX_CONTENT_TYPE,
} from '@shop/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goods, oldOrders, skuPriceBreaks, skus } from '../src/db/schema';
import type { CatalogueFixture } from './support/catalogue-fixtures';
import { createCatalogueTestApp } from './support/catalogue-helpers';
import { insertOrder, newMember } from './support/order-fixtures';
import { envelope, post, type TestApp } from './support/test-app';

let t: TestApp;
let f: CatalogueFixture;
let wholesaleToken: string;
const sku = { aptamil: 0, fishOil400: 0, fishOil200: 0, rice: 0, mask: 0, offShelf: 0 };

beforeAll(async () => {
  ({ t, fixture: f, wholesaleToken } = await createCatalogueTestApp());
  const g = f.goods;
  sku.aptamil = g.aptamilGold.skuIds[0] ?? 0;
  sku.fishOil400 = g.fishOilGoods.skuIds[0] ?? 0;
  sku.fishOil200 = g.fishOilGoods.skuIds[1] ?? 0;
  sku.rice = g.riceCereal.skuIds[0] ?? 0;
  sku.mask = g.mask.skuIds[0] ?? 0;
  sku.offShelf = g.offShelf.skuIds[0] ?? 0;
});
afterAll(async () => {
  await t?.close();
});

async function call<T>(path: string, body: unknown, token?: string) {
  const res = await post(t.app, path, body, token);
  return { status: res.statusCode, ...envelope<T>(res) };
}

async function ok<T>(path: string, body: unknown, token?: string): Promise<T> {
  const res = await call<T>(path, body, token);
  expect(res.success, res.message).toBe(true);
  return res.data;
}

async function sheetRows(res: LightMyRequestResponse): Promise<unknown[][]> {
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]?.eachRow({ includeEmpty: false }, (row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

describe('goods/quickOrderList/', () => {
  it('lists every SKU on the shelf that is for sale, with the visitor price and the category path', async () => {
    const sheet = await ok<QuickOrderListResponse>(CataloguePaths.quickOrderList, {});
    expect(sheet.level).toBe(37);
    const ids = sheet.items.map((r) => r.skuId);
    // The not-for-sale SKU of Swisse and the off-shelf product are left out; out-of-stock SKUs stay.
    expect(ids).not.toContain(sku.offShelf);
    expect(sheet.items.some((r) => r.status === SkuStatus.NotForSale)).toBe(false);
    expect(sheet.items).toHaveLength(7);
    const aptamil = sheet.items.find((r) => r.skuId === sku.aptamil);
    expect(aptamil).toMatchObject({
      name: '爱他美白金版婴儿奶粉1段 900g',
      code: 'S-APT-1-900',
      property: { 规格: '900g' },
      location: Warehouse.AU,
      brandName: '爱他美',
      image: 'goods/apt-1-main.jpg',
      audPrice: 45.9,
      cnyPrice: 229,
      categoryIds: [f.categories.baby.id, f.categories.milk.id, f.categories.infantMilk.id],
    });
    // The shop's own order: sort weight first (Aptamil 10 before the fish oil's 5).
    expect(ids.indexOf(sku.aptamil)).toBeLessThan(ids.indexOf(sku.fishOil400));
  });

  it('gives a member the prices of their level, and the same answer again until the catalogue changes', async () => {
    const first = await ok<QuickOrderListResponse>(CataloguePaths.quickOrderList, {}, wholesaleToken);
    expect(first.level).toBe(38);
    expect(first.items.find((r) => r.skuId === sku.aptamil)).toMatchObject({ audPrice: 42, cnyPrice: 210 });
    // Level 37 only: the member falls back to it.
    expect(first.items.find((r) => r.skuId === sku.rice)).toMatchObject({ audPrice: 6.5, cnyPrice: 32 });
    const again = await ok<QuickOrderListResponse>(CataloguePaths.quickOrderList, {}, wholesaleToken);
    expect(again.version).toBe(first.version);

    await t.app.services.inventory.changeStock('S-BEL-1-125', { set: 7 });
    await t.app.services.catalogue.catalogueChanged();
    const after = await ok<QuickOrderListResponse>(CataloguePaths.quickOrderList, {}, wholesaleToken);
    expect(after.version).not.toBe(first.version);
    expect(after.items.find((r) => r.skuId === sku.rice)?.stock).toBe(7);
  });

  it('carries each SKU’s volume prices at the caller’s level and whether its product mixes them', async () => {
    const { db } = t.database;
    const aptamilGoods = (
      await db.select({ id: skus.goodsId }).from(skus).where(eq(skus.id, sku.aptamil))
    )[0];
    await db.insert(skuPriceBreaks).values([
      { skuId: sku.aptamil, level: 37, currency: 'CNY', minQty: 12, amount: 21900 },
      { skuId: sku.aptamil, level: 37, currency: 'AUD', minQty: 12, amount: 4400 },
      { skuId: sku.aptamil, level: 38, currency: 'CNY', minQty: 24, amount: 19900 },
    ]);
    await db
      .update(goods)
      .set({ breaksMixed: true })
      .where(eq(goods.id, aptamilGoods?.id ?? 0));
    await t.app.services.catalogue.catalogueChanged();
    try {
      const visitor = await ok<QuickOrderListResponse>(CataloguePaths.quickOrderList, {});
      expect(visitor.items.find((r) => r.skuId === sku.aptamil)).toMatchObject({
        priceBreaks: [{ minQty: 12, audPrice: 44, cnyPrice: 219 }],
        breaksMixed: true,
      });
      expect(visitor.items.find((r) => r.skuId === sku.rice)).toMatchObject({
        priceBreaks: [],
        breaksMixed: false,
      });
      // Level 38 has CNY breaks of its own; its AUD ones fall back to the default level's (ADR 050).
      const member = await ok<QuickOrderListResponse>(CataloguePaths.quickOrderList, {}, wholesaleToken);
      expect(member.items.find((r) => r.skuId === sku.aptamil)?.priceBreaks).toEqual([
        { minQty: 12, audPrice: 44, cnyPrice: null },
        { minQty: 24, audPrice: null, cnyPrice: 199 },
      ]);
    } finally {
      await db.delete(skuPriceBreaks).where(eq(skuPriceBreaks.skuId, sku.aptamil));
      await db
        .update(goods)
        .set({ breaksMixed: false })
        .where(eq(goods.id, aptamilGoods?.id ?? 0));
      await t.app.services.catalogue.catalogueChanged();
    }
  });

  it('opens with what can be bought now, and a SKU that cannot any more moves down at once', async () => {
    const codes = async () =>
      (await ok<QuickOrderListResponse>(CataloguePaths.quickOrderList, {})).items.map((r) => r.code);
    // Swisse is before the rice and the mask in the shop's order (sort weight 5 against 0), but its two SKUs
    // for sale are 缺货 and 库存不足: they come last, as unbuyable goods do in the goods lists.
    expect(await codes()).toEqual([
      'S-APT-1-900',
      'S-BLK-1-400',
      'S-BLK-1-200',
      'S-BEL-1-125',
      'S-3M-1',
      'S-SWS-1-A',
      'S-SWS-1-C',
    ]);
    // Sold by stock and its stock set to 0 in the console: the next answer has it among the unbuyable ones.
    await t.app.services.inventory.changeStock('S-BLK-1-400', { set: 0 });
    try {
      expect(await codes()).toEqual([
        'S-APT-1-900',
        'S-BLK-1-200',
        'S-BEL-1-125',
        'S-3M-1',
        'S-BLK-1-400',
        'S-SWS-1-A',
        'S-SWS-1-C',
      ]);
    } finally {
      await t.app.services.inventory.changeStock('S-BLK-1-400', { set: 10 });
    }
  });

  it('refuses unknown fields in Chinese', async () => {
    const res = await call(CataloguePaths.quickOrderList, { pageSize: 20 });
    expect(res.status).toBe(400);
    expect(res.resultCode).toBe(ResultCode.ParamsError);
    expect(res.message).toMatch(/[\u4e00-\u9fa5]/);
  });
});

describe('goods/exportQuickOrder/', () => {
  it('exports the rows in the order given with their quantities, for a visitor too', async () => {
    const res = await post(t.app, CataloguePaths.exportQuickOrder, {
      items: [{ skuId: sku.rice, qty: 3 }, { skuId: sku.aptamil }, { skuId: sku.offShelf, qty: 2 }],
    });
    expect(String(res.headers['content-disposition'])).toMatch(/QuickOrder_\d{8}_\d{4}\.xlsx/);
    const rows = await sheetRows(res);
    expect(rows[0]).toEqual([
      '商品名称',
      '规格',
      'SKU编号',
      '品牌',
      '仓库',
      '价格（CNY）',
      '价格（AUD）',
      '状态',
      '可购',
      '订购数量',
    ]);
    // The off-shelf SKU is left out.
    expect(rows.slice(1).map((r) => [r[2], r[9]])).toEqual([
      ['S-BEL-1-125', 3],
      ['S-APT-1-900', 0],
    ]);
    expect(rows[2]?.[5]).toBe(229);
    // The stock as the sheet says it: always in stock (50 counted) sells without limit.
    expect(rows.slice(1).map((r) => r.slice(7, 9))).toEqual([
      ['现货', '不限量'],
      ['现货', '不限量'],
    ]);
  });

  it('refuses bad items with a clear Chinese message', async () => {
    for (const [body, message] of [
      [{ items: [] }, '没有要导出的商品'],
      [{ items: [{ skuId: sku.rice, qty: -1 }] }, '数量不能为负数'],
      [{ items: [{ skuId: 'x' }] }, '编号须为数字'],
      [{ items: [{ skuId: sku.offShelf, qty: 1 }] }, '所选商品均已下架或不存在，没有可导出的行'],
    ] as const) {
      const res = await call(CataloguePaths.exportQuickOrder, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.message).toContain(message);
    }
  });
});

describe('ordermain/boughtSkus/', () => {
  it('lists what the member bought, with times, last quantity and price, and today’s price and stock', async () => {
    const a = await newMember(t.app);
    const b = await newMember(t.app);
    const at = (day: number) => new Date(Date.UTC(2026, 0, day, 8));
    await insertOrder(t.database.db, {
      memberId: a.id,
      status: OrderStatus.Finished,
      createdAt: at(1),
      items: [
        { skuId: sku.aptamil, qty: 2, reservedQty: 0, unitPrice: 22900 },
        { skuId: sku.rice, qty: 5, reservedQty: 0, unitPrice: 3200 },
        { skuId: sku.mask, qty: 1, unitPrice: 0, isGift: true },
      ],
    });
    await insertOrder(t.database.db, {
      memberId: a.id,
      status: OrderStatus.Paid,
      createdAt: at(3),
      items: [{ skuId: sku.aptamil, qty: 4, reservedQty: 0, unitPrice: 21000 }],
    });
    // Cancelled orders do not count.
    await insertOrder(t.database.db, {
      memberId: a.id,
      status: OrderStatus.Cancelled,
      createdAt: at(5),
      items: [{ skuId: sku.aptamil, qty: 9, reservedQty: 0, unitPrice: 1 }],
    });
    // Another member's order is never read.
    await insertOrder(t.database.db, {
      memberId: b.id,
      status: OrderStatus.Paid,
      createdAt: at(6),
      items: [{ skuId: sku.fishOil400, qty: 1, reservedQty: 0, unitPrice: 3500 }],
    });
    // Old orders: matched by SKU code; a line matching no SKU is kept without one.
    await t.database.db.insert(oldOrders).values([
      {
        memberId: a.id,
        orderNo: `OLD-A-${a.id}`,
        status: 100,
        currency: 'AUD',
        totalAmount: 4000,
        items: [
          { name: '爱他美白金版', skuName: 'S-APT-1-900', qty: 1, price: 4000 },
          { name: '旧商品', skuName: 'GONE-1', qty: 6, price: 500 },
        ],
        orderedAt: at(2),
      },
      {
        memberId: b.id,
        orderNo: `OLD-B-${b.id}`,
        status: 100,
        currency: 'CNY',
        totalAmount: 100,
        items: [{ name: '别人的', skuName: 'S-BEL-1-125', qty: 1, price: 100 }],
        orderedAt: at(2),
      },
    ]);

    const list = await ok<BoughtSkusResponse>(OrderPaths.boughtSkus, {}, a.token);
    expect(list.items.map((i) => [i.skuId, i.timesBought, i.lastQty, i.lastPrice, i.lastCurrency])).toEqual([
      [sku.aptamil, 3, 4, 210, 'CNY'],
      // Equal times: the later purchase first.
      [null, 1, 6, 5, 'AUD'],
      [sku.rice, 1, 5, 32, 'CNY'],
    ]);
    expect(list.items[0]?.today).toMatchObject({
      name: '爱他美白金版婴儿奶粉1段 900g',
      status: SkuStatus.InStock,
      audPrice: 45.9,
      cnyPrice: 229,
      onFlag: true,
    });
    expect(list.items[1]).toMatchObject({ name: '旧商品', skuName: 'GONE-1', today: null });
    expect(JSON.stringify(list)).not.toContain('别人的');
    expect(list.items.map((i) => i.skuId)).not.toContain(sku.fishOil400);

    const other = await ok<BoughtSkusResponse>(OrderPaths.boughtSkus, {}, b.token);
    expect(other.items.map((i) => i.skuId).sort()).toEqual([sku.fishOil400, sku.rice].sort());

    const limited = await ok<BoughtSkusResponse>(OrderPaths.boughtSkus, { limit: 1 }, a.token);
    expect(limited.items).toHaveLength(1);
  });

  it('carries each SKU’s quantity rule as it is today, not as it was when bought', async () => {
    const a = await newMember(t.app);
    await insertOrder(t.database.db, {
      memberId: a.id,
      status: OrderStatus.Finished,
      items: [
        { skuId: sku.aptamil, qty: 5, reservedQty: 0, unitPrice: 22900 },
        { skuId: sku.rice, qty: 3, reservedQty: 0, unitPrice: 3200 },
      ],
    });
    const setRule = (rule: { minQty: number; stepQty: number; maxQty: number | null }) =>
      t.database.db.update(skus).set(rule).where(eq(skus.id, sku.aptamil));
    // Sold by the case since the order: cases of 6, from 12, at most 48 to one order.
    await setRule({ minQty: 12, stepQty: 6, maxQty: 48 });
    try {
      const list = await ok<BoughtSkusResponse>(OrderPaths.boughtSkus, {}, a.token);
      const today = (skuId: number) => list.items.find((i) => i.skuId === skuId)?.today;
      expect(list.items.find((i) => i.skuId === sku.aptamil)?.lastQty).toBe(5);
      expect(today(sku.aptamil)).toMatchObject({ minQty: 12, stepQty: 6, maxQty: 48 });
      expect(today(sku.rice)).toMatchObject({ minQty: 1, stepQty: 1, maxQty: null });
    } finally {
      await setRule({ minQty: 1, stepQty: 1, maxQty: null });
    }
  });

  it('needs login and refuses bad params in Chinese', async () => {
    const visitor = await call(OrderPaths.boughtSkus, {});
    expect(visitor.status).toBe(401);
    expect(visitor.resultCode).toBe(ResultCode.InvalidToken);
    const a = await newMember(t.app);
    for (const [body, message] of [
      [{ limit: 0 }, '条数须大于0'],
      [{ limit: 501 }, '最多500条'],
      [{ limit: 'all' }, '条数须为数字'],
    ] as const) {
      const res = await call(OrderPaths.boughtSkus, body, a.token);
      expect(res.status).toBe(400);
      expect(res.message).toContain(message);
    }
  });
});

describe('ordermain/packingList/ and exportPackingList/', () => {
  it('shows only the member’s own packs that are ready or shipped, with items, weights, courier and code', async () => {
    const a = await newMember(t.app);
    const b = await newMember(t.app);
    const ready = await insertOrder(t.database.db, {
      memberId: a.id,
      status: OrderStatus.AwaitingDispatch,
      packs: [
        { location: Warehouse.AU, status: OrderStatus.AwaitingDispatch },
        {
          location: Warehouse.NZ,
          status: OrderStatus.Shipped,
          courierName: '顺丰速运',
          logisticCode: 'SF1001',
        },
        { location: Warehouse.CN, status: OrderStatus.Paid },
      ],
      items: [
        { skuId: sku.aptamil, qty: 2, reservedQty: 0, unitPrice: 22900, pack: 0 },
        { skuId: sku.rice, qty: 3, reservedQty: 0, unitPrice: 3200, pack: 1 },
        { skuId: sku.fishOil400, qty: 1, reservedQty: 0, unitPrice: 3500, pack: 2 },
      ],
    });
    const theirs = await insertOrder(t.database.db, {
      memberId: b.id,
      status: OrderStatus.Shipped,
      packs: [{ status: OrderStatus.Shipped, courierName: 'EMS', logisticCode: 'EMS999' }],
      items: [{ skuId: sku.mask, qty: 1, reservedQty: 0, unitPrice: 100 }],
    });

    const list = await ok<PackingListResponse>(OrderPaths.packingList, {}, a.token);
    expect(list.totalCount).toBe(2);
    expect(list.items.map((p) => [p.orderNo, p.packNo, p.packCount, p.status, p.logisticCode])).toEqual([
      [ready.orderNo, 1, 3, OrderStatus.AwaitingDispatch, ''],
      [ready.orderNo, 2, 3, OrderStatus.Shipped, 'SF1001'],
    ]);
    expect(list.items[1]).toMatchObject({
      courierName: '顺丰速运',
      location: Warehouse.NZ,
      pieces: 3,
      receiverName: '张三',
      items: [{ skuId: sku.rice, qty: 3 }],
    });
    expect(JSON.stringify(list)).not.toContain('EMS999');

    const shipped = await ok<PackingListResponse>(
      OrderPaths.packingList,
      { status: OrderStatus.Shipped },
      a.token,
    );
    expect(shipped.items.map((p) => p.logisticCode)).toEqual(['SF1001']);

    // Export: all ready or shipped packs, or those named; another member's pack refuses the whole export.
    const rows = await sheetRows(await post(t.app, OrderPaths.exportPackingList, {}, a.token));
    expect(rows[0]?.slice(0, 6)).toEqual(['订单号', '包裹', '仓库', '状态', '快递公司', '运单号']);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[5], r[9]])).toEqual([
      [ready.orderNo, '1/3', '', 2],
      [ready.orderNo, '2/3', 'SF1001', 3],
    ]);
    const one = await sheetRows(
      await post(t.app, OrderPaths.exportPackingList, { ids: [ready.packIds[1]] }, a.token),
    );
    expect(one).toHaveLength(2);
    for (const ids of [[theirs.packIds[0]], [ready.packIds[2]], [ready.packIds[0], theirs.packIds[0]]]) {
      const refused = await call(OrderPaths.exportPackingList, { ids }, a.token);
      expect(refused.status).toBe(404);
      expect(refused.message).toBe('包裹不存在或尚未备货完成');
    }
    const none = await call(OrderPaths.exportPackingList, {}, (await newMember(t.app)).token);
    expect(none.status).toBe(404);
  });

  it('needs login and refuses bad params in Chinese', async () => {
    for (const path of [OrderPaths.packingList, OrderPaths.exportPackingList]) {
      const visitor = await call(path, {});
      expect(visitor.status).toBe(401);
      expect(visitor.resultCode).toBe(ResultCode.InvalidToken);
    }
    const a = await newMember(t.app);
    for (const [path, body, message] of [
      [OrderPaths.packingList, { status: OrderStatus.Paid }, '只能查询待发货或已发货的包裹'],
      [OrderPaths.packingList, { pageSize: 51 }, '每页最多50条'],
      [OrderPaths.packingList, { pageNo: 0 }, '页码须大于0'],
      [OrderPaths.exportPackingList, { ids: 'all' }, '包裹编号须为数组'],
      [OrderPaths.exportPackingList, { ids: [-1] }, '编号须为正整数'],
    ] as const) {
      const res = await call(path, body, a.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.message).toContain(message);
    }
  });
});
