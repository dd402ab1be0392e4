import {
  type CartListResponse,
  CartPaths,
  CataloguePaths,
  ResultCode,
  SAVED_LIST_LIMIT,
  type SavedListAddToCartResponse,
  type SavedListDetail,
  type SavedListListResponse,
  SavedListPaths,
  SkuStatus,
  XLSX_CONTENT_TYPE,
} from '@shop/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedListItems, savedLists, skus } from '../src/db/schema';
import { insertGoods } from './support/catalogue-fixtures';
import {
  addToCart,
  type CheckoutTestApp,
  createCheckoutTestApp,
  newMember,
} from './support/checkout-helpers';
import { insertOrder } from './support/order-fixtures';
import { envelope, post } from './support/test-app';

/**
 * Saved lists (常购清单 '我的清单', issue #37 part 4): named lists of SKUs on the server, private to their member,
 * edited within each SKU's quantity rule, put back into the cart as an order is bought again, exported.
 * A case-pack SKU (cases of 6 from 12 up to 60, AUD 45.90 / CNY 229.00, AUD 42.00 from 12) joins the fixture.
 */

let c: CheckoutTestApp;
let caseSku = 0;

beforeAll(async () => {
  c = await createCheckoutTestApp();
  const { db } = c.t.database;
  const f = c.fixture;
  const made = await insertGoods(db, {
    code: 'G-CASE-L',
    name: '整箱米粉',
    nameEn: '',
    brand: null,
    categoryId: f.categories.babyFood.id,
    categoryNames: ['母婴', '辅食'],
    location: 1,
    sales: 0,
    sortWeight: 0,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    skus: [
      {
        code: 'W-CASE-L',
        property: { 规格: '6罐/箱' },
        status: SkuStatus.InStock,
        stock: 500,
        prices: [
          { level: 37, currency: 'AUD', amount: 4590 },
          { level: 37, currency: 'CNY', amount: 22900 },
        ],
      },
    ],
  });
  caseSku = made.skuIds[0] ?? 0;
  await setRule(caseSku, { minQty: 12, stepQty: 6, maxQty: 60 });
});
afterAll(async () => {
  await c?.t.close();
});

function setRule(skuId: number, rule: { minQty: number; stepQty: number; maxQty: number | null }) {
  return c.t.database.db.update(skus).set(rule).where(eq(skus.id, skuId));
}

async function call<T>(path: string, body: unknown, token?: string) {
  const res = await post(c.t.app, path, body, token);
  return { status: res.statusCode, ...envelope<T>(res) };
}

async function ok<T>(path: string, body: unknown, token?: string): Promise<T> {
  const res = await call<T>(path, body, token);
  expect(res.success, res.message).toBe(true);
  return res.data;
}

/** A refusal with ParamsError -1 (HTTP 400); its message. */
async function refused(path: string, body: unknown, token: string): Promise<string> {
  const res = await call<unknown>(path, body, token);
  expect(res.status, res.message).toBe(400);
  expect(res.resultCode).toBe(ResultCode.ParamsError);
  return res.message;
}

async function notFound(path: string, body: unknown, token: string): Promise<string> {
  const res = await call<unknown>(path, body, token);
  expect(res.status, res.message).toBe(404);
  expect(res.success).toBe(false);
  return res.message;
}

const save = (token: string, name: string, items: { skuId: number; qty: number }[]) =>
  ok<SavedListDetail>(SavedListPaths.save, { listName: name, items }, token);
const detail = (token: string, id: number) => ok<SavedListDetail>(SavedListPaths.detail, { id }, token);
const lists = (token: string) => ok<SavedListListResponse>(SavedListPaths.list, {}, token);
const cartOf = (token: string) => ok<CartListResponse>(CartPaths.list, {}, token);

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

describe('saving a list', () => {
  it('saves the cart as a named list that another device of the member sees, lines in order with today’s SKU', async () => {
    const m = await newMember(c.t);
    await addToCart(c.t, m.token, [
      [c.sku.aptamil, 2],
      [caseSku, 18],
    ]);
    const cart = await cartOf(m.token);
    const saved = await ok<SavedListDetail>(
      SavedListPaths.save,
      { listName: '  每周补货 ', items: cart.data.map((l) => ({ skuId: l.skuId, qty: l.qty })) },
      m.token,
    );
    expect(saved.name).toBe('每周补货');
    expect(saved.lineCount).toBe(2);
    const [first, second] = saved.lines;
    expect(saved.lines.map((l) => l.skuId)).toEqual(cart.data.map((l) => l.skuId));
    const apt = saved.lines.find((l) => l.skuId === c.sku.aptamil);
    expect(apt).toMatchObject({
      code: 'S-APT-1-900',
      qty: 2,
      audPrice: 45.9,
      cnyPrice: 229,
      onFlag: true,
      problem: null,
    });
    expect([first, second].find((l) => l?.skuId === caseSku)).toMatchObject({
      code: 'W-CASE-L',
      qty: 18,
      minQty: 12,
      stepQty: 6,
      maxQty: 60,
    });

    // Another device: a second login of the same member.
    const other = await c.t.app.services.member.login(
      {
        username: (await c.t.app.services.member.briefs([m.memberId])).get(m.memberId)?.username ?? '',
        password: 'secret123',
      },
      '10.77.0.1',
    );
    const seen = await lists(other.token);
    expect(seen.limit).toBe(SAVED_LIST_LIMIT);
    expect(seen.items).toEqual([
      {
        id: saved.id,
        name: '每周补货',
        lineCount: 2,
        createdAt: saved.createdAt,
        updatedAt: saved.updatedAt,
      },
    ]);
    expect((await detail(other.token, saved.id)).lines).toEqual(saved.lines);
  });

  it('adds the quantities of a SKU given twice into one line', async () => {
    const m = await newMember(c.t);
    const saved = await save(m.token, '合并', [
      { skuId: c.sku.rice, qty: 1 },
      { skuId: c.sku.rice, qty: 2 },
    ]);
    expect(saved.lines.map((l) => [l.skuId, l.qty])).toEqual([[c.sku.rice, 3]]);
  });

  it('refuses a bad name, no lines, unknown fields, a quantity against the SKU’s rule, an unknown SKU and a name used twice', async () => {
    const m = await newMember(c.t);
    const line = [{ skuId: c.sku.aptamil, qty: 1 }];
    expect(await refused(SavedListPaths.save, { listName: '   ', items: line }, m.token)).toBe(
      '清单名称：请填写',
    );
    expect(await refused(SavedListPaths.save, { listName: '长'.repeat(41), items: line }, m.token)).toBe(
      '清单名称：最多40个字',
    );
    expect(await refused(SavedListPaths.save, { listName: 'a', items: [] }, m.token)).toBe(
      '商品：至少要有一种',
    );
    expect(await refused(SavedListPaths.save, { listName: 'a', items: line, memberId: 1 }, m.token)).toBe(
      '不支持的字段：memberId',
    );
    expect(
      await refused(SavedListPaths.save, { listName: 'a', items: [{ skuId: caseSku, qty: 13 }] }, m.token),
    ).toBe('整箱米粉 6罐/箱：规格 W-CASE-L 按箱销售，每箱6件，数量须为6的倍数');
    expect(
      await refused(SavedListPaths.save, { listName: 'a', items: [{ skuId: caseSku, qty: 6 }] }, m.token),
    ).toBe('整箱米粉 6罐/箱：规格 W-CASE-L 12件起订');
    expect(
      await refused(
        SavedListPaths.save,
        {
          listName: 'a',
          items: Array.from({ length: 501 }, (_, i) => ({ skuId: i + 1, qty: 1 })),
        },
        m.token,
      ),
    ).toBe('商品：一个清单最多500种');
    expect(
      await notFound(SavedListPaths.save, { listName: 'a', items: [{ skuId: 999_999, qty: 1 }] }, m.token),
    ).toBe('商品不存在');
    await save(m.token, '办公用品', line);
    expect(await refused(SavedListPaths.save, { listName: '办公用品', items: line }, m.token)).toBe(
      '已有名为“办公用品”的清单，请换一个名称',
    );
    expect((await lists(m.token)).items.map((l) => l.name)).toEqual(['办公用品']);
  });

  it('keeps at most 50 lists per member', async () => {
    const m = await newMember(c.t);
    for (let i = 1; i <= SAVED_LIST_LIMIT; i += 1)
      await save(m.token, `清单${i}`, [{ skuId: c.sku.rice, qty: 1 }]);
    expect(
      await refused(
        SavedListPaths.save,
        { listName: '第51个', items: [{ skuId: c.sku.rice, qty: 1 }] },
        m.token,
      ),
    ).toBe('最多保存50个清单，请先删除不用的清单');
    expect((await lists(m.token)).items).toHaveLength(SAVED_LIST_LIMIT);
  });

  it('answers 401 to a visitor on every call', async () => {
    for (const path of Object.values(SavedListPaths)) {
      const res = await call<unknown>(path, { id: 1 });
      expect(res.status, path).toBe(401);
    }
  });
});

describe('editing a list', () => {
  it('renames, changes quantities within the rule, removes lines and adds a SKU by its code', async () => {
    const m = await newMember(c.t);
    const saved = await save(m.token, '原名', [
      { skuId: c.sku.aptamil, qty: 1 },
      { skuId: caseSku, qty: 12 },
      { skuId: c.sku.rice, qty: 2 },
    ]);
    const changed = await ok<SavedListDetail>(
      SavedListPaths.update,
      {
        id: saved.id,
        listName: '新名',
        items: [
          { skuId: caseSku, qty: 24 },
          { skuId: c.sku.aptamil, qty: 3 },
        ],
        add: [{ code: 's-blk-1-400', qty: 2 }],
      },
      m.token,
    );
    expect(changed.name).toBe('新名');
    expect(changed.lines.map((l) => [l.code, l.qty])).toEqual([
      ['W-CASE-L', 24],
      ['S-APT-1-900', 3],
      ['S-BLK-1-400', 2],
    ]);
    expect(changed.updatedAt >= saved.updatedAt).toBe(true);
    // A code added again goes into its line.
    const again = await ok<SavedListDetail>(
      SavedListPaths.update,
      { id: saved.id, add: [{ code: 'S-BLK-1-400', qty: 1 }] },
      m.token,
    );
    expect(again.lines.find((l) => l.code === 'S-BLK-1-400')?.qty).toBe(3);
    expect(again.lines).toHaveLength(3);
  });

  it('refuses a quantity against the rule, an unknown code, a used name and an empty change, and changes nothing', async () => {
    const m = await newMember(c.t);
    await save(m.token, '其他', [{ skuId: c.sku.rice, qty: 1 }]);
    const saved = await save(m.token, '要改的', [{ skuId: caseSku, qty: 12 }]);
    const before = await detail(m.token, saved.id);
    expect(
      await refused(
        SavedListPaths.update,
        { id: saved.id, listName: '改了', items: [{ skuId: caseSku, qty: 66 }] },
        m.token,
      ),
    ).toBe('整箱米粉 6罐/箱：规格 W-CASE-L 每单最多60件');
    expect(
      await refused(SavedListPaths.update, { id: saved.id, add: [{ code: 'NOPE-1', qty: 1 }] }, m.token),
    ).toBe('商品编码不存在：NOPE-1');
    expect(await refused(SavedListPaths.update, { id: saved.id, listName: '其他' }, m.token)).toBe(
      '已有名为“其他”的清单，请换一个名称',
    );
    expect(await refused(SavedListPaths.update, { id: saved.id }, m.token)).toBe(
      '请求参数：请提供要修改的名称或商品',
    );
    expect(await detail(m.token, saved.id)).toEqual(before);
  });

  it('keeps a line left as it was although its rule changed since, and says so', async () => {
    const m = await newMember(c.t);
    const sku = await insertCaseSku('W-KEEP-1');
    const saved = await save(m.token, '规则变了', [
      { skuId: sku, qty: 12 },
      { skuId: c.sku.rice, qty: 1 },
    ]);
    await setRule(sku, { minQty: 10, stepQty: 10, maxQty: null });
    const seen = await detail(m.token, saved.id);
    expect(seen.lines[0]?.problem).toBe('规格 W-KEEP-1 按箱销售，每箱10件，数量须为10的倍数');
    // Renaming and changing another line leave it be.
    const changed = await ok<SavedListDetail>(
      SavedListPaths.update,
      {
        id: saved.id,
        listName: '规则变了2',
        items: [
          { skuId: sku, qty: 12 },
          { skuId: c.sku.rice, qty: 4 },
        ],
      },
      m.token,
    );
    expect(changed.lines.map((l) => l.qty)).toEqual([12, 4]);
  });

  it('deletes a list with its lines', async () => {
    const m = await newMember(c.t);
    const saved = await save(m.token, '删掉', [{ skuId: c.sku.rice, qty: 1 }]);
    expect((await call(SavedListPaths.remove, { id: saved.id }, m.token)).message).toBe('清单已删除');
    expect(await notFound(SavedListPaths.detail, { id: saved.id }, m.token)).toBe('清单不存在');
    const left = await c.t.database.db
      .select()
      .from(savedListItems)
      .where(eq(savedListItems.listId, saved.id));
    expect(left).toEqual([]);
    expect(await notFound(SavedListPaths.remove, { id: saved.id }, m.token)).toBe('清单不存在');
  });
});

let caseCount = 0;
async function insertCaseSku(code: string): Promise<number> {
  caseCount += 1;
  const made = await insertGoods(c.t.database.db, {
    code: `G-${code}`,
    name: `整箱商品${caseCount}`,
    nameEn: '',
    brand: null,
    categoryId: c.fixture.categories.babyFood.id,
    categoryNames: ['母婴', '辅食'],
    location: 1,
    sales: 0,
    sortWeight: 0,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    skus: [
      {
        code,
        property: { 规格: '箱' },
        status: SkuStatus.InStock,
        stock: 500,
        prices: [{ level: 37, currency: 'AUD', amount: 1000 }],
      },
    ],
  });
  const id = made.skuIds[0] ?? 0;
  await setRule(id, { minQty: 12, stepQty: 6, maxQty: 60 });
  return id;
}

describe('putting a list into the cart', () => {
  it('adds each line as the SKU’s rule allows it now, and names what cannot be bought with the reason', async () => {
    const m = await newMember(c.t);
    const sku = await insertCaseSku('W-READD-1');
    const saved = await save(m.token, '再买', [
      { skuId: sku, qty: 12 },
      { skuId: c.sku.offShelf, qty: 1 },
      { skuId: c.sku.aptamil, qty: 2 },
    ]);
    // The case pack changes after the list was saved: 12 is no longer whole cases of 10.
    await setRule(sku, { minQty: 10, stepQty: 10, maxQty: null });
    expect((await detail(m.token, saved.id)).lines.find((l) => l.skuId === c.sku.offShelf)?.problem).toBe(
      '商品已下架',
    );
    const res = await call<SavedListAddToCartResponse>(SavedListPaths.addToCart, { id: saved.id }, m.token);
    expect(res.success, res.message).toBe(true);
    expect(res.data.ids).toHaveLength(2);
    expect(res.data.unavailable).toEqual([
      { skuId: c.sku.offShelf, name: expect.any(String), reason: '商品已下架' },
    ]);
    expect(res.message).toMatch(/^已加入购物车；以下商品暂时无法购买：.+（商品已下架）$/);
    const cart = await cartOf(m.token);
    expect(Object.fromEntries(cart.data.map((l) => [l.skuId, l.qty]))).toEqual({
      [sku]: 10,
      [c.sku.aptamil]: 2,
    });
    // Pressed again: the lines already hold the list's quantities; nothing doubles.
    await ok(SavedListPaths.addToCart, { id: saved.id }, m.token);
    expect((await cartOf(m.token)).data.map((l) => l.qty).sort()).toEqual([10, 2].sort());
  });

  it('says a SKU sold by stock in cases cannot be bought when its stock is below one case', async () => {
    const m = await newMember(c.t);
    const sku = await insertCaseSku('W-SHORT-1');
    const saved = await save(m.token, '缺箱', [{ skuId: sku, qty: 12 }]);
    await c.t.database.db.update(skus).set({ status: SkuStatus.ByStock, stock: 5 }).where(eq(skus.id, sku));
    expect((await detail(m.token, saved.id)).lines[0]?.problem).toBe('库存仅 5 件，不足12件起订');
  });

  it('says when nothing could be added, as a success without lines', async () => {
    const m = await newMember(c.t);
    const saved = await save(m.token, '都没货', [{ skuId: c.sku.offShelf, qty: 1 }]);
    const res = await call<SavedListAddToCartResponse>(SavedListPaths.addToCart, { id: saved.id }, m.token);
    expect(res.success).toBe(true);
    expect(res.data.ids).toEqual([]);
    expect(res.message).toMatch(/^清单中的商品暂时都无法购买，未加入购物车：/);
    expect((await cartOf(m.token)).data).toEqual([]);
  });
});

describe('a list from an order', () => {
  it('makes a list of the order’s goods, gifts aside, quantities fitted to today’s rules', async () => {
    const m = await newMember(c.t);
    const order = await insertOrder(c.t.database.db, {
      memberId: m.memberId,
      items: [
        { skuId: c.sku.aptamil, qty: 2, unitPrice: 4590 },
        { skuId: caseSku, qty: 13, unitPrice: 4590 },
        { skuId: c.sku.rice, qty: 1, unitPrice: 0, isGift: true },
      ],
    });
    const res = await call<SavedListDetail>(
      SavedListPaths.fromOrder,
      { orderId: order.id, listName: `订单 ${order.orderNo}` },
      m.token,
    );
    expect(res.success, res.message).toBe(true);
    expect(res.message).toBe('清单已保存；1种商品的数量已按现在的起订量或每箱件数调整');
    expect(res.data.lines.map((l) => [l.skuId, l.qty])).toEqual([
      [c.sku.aptamil, 2],
      [caseSku, 12],
    ]);
  });

  it('answers 404 for another member’s order and saves nothing', async () => {
    const owner = await newMember(c.t);
    const other = await newMember(c.t);
    const order = await insertOrder(c.t.database.db, {
      memberId: owner.memberId,
      items: [{ skuId: c.sku.aptamil, qty: 1, unitPrice: 4590 }],
    });
    await notFound(SavedListPaths.fromOrder, { orderId: order.id, listName: '偷看' }, other.token);
    expect((await lists(other.token)).items).toEqual([]);
    expect(await refused(SavedListPaths.fromOrder, { orderId: order.id, listName: '' }, owner.token)).toBe(
      '清单名称：请填写',
    );
  });
});

describe('exporting a list', () => {
  it('writes code, name, spec, quantity and the unit prices now at the member’s level', async () => {
    const m = await newMember(c.t, 38);
    const saved = await save(m.token, '导出', [
      { skuId: c.sku.aptamil, qty: 2 },
      { skuId: c.sku.offShelf, qty: 1 },
    ]);
    const res = await post(c.t.app, SavedListPaths.export, { id: saved.id }, m.token);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="SavedList_\d{8}_\d{4}\.xlsx"$/,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const rows = await sheetRows(res);
    expect(rows[0]).toEqual([
      '商品编码',
      '商品名称',
      '规格',
      '数量',
      '单价（澳元）',
      '单价（人民币）',
      '备注',
    ]);
    expect(rows[1]).toEqual(['S-APT-1-900', '爱他美白金版婴儿奶粉1段 900g', '900g', 2, 42, 210, '']);
    expect(rows[2]?.[0]).toBe('S-APT-2-800');
    expect(rows[2]?.[6]).toBe('商品已下架');
  });

  it('counts with the goods exports, 10 a minute per member, then TooManyRequests', async () => {
    const m = await newMember(c.t);
    const saved = await save(m.token, '常导出', [{ skuId: c.sku.aptamil, qty: 2 }]);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => post(c.t.app, SavedListPaths.export, { id: saved.id }, m.token)),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(10);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(2);
    expect(envelope(refused[0] as LightMyRequestResponse)).toMatchObject({
      resultCode: ResultCode.TooManyRequests,
      message: '导出过于频繁，请1分钟后再试',
    });
    // The goods exports share the count.
    const goods = await post(c.t.app, CataloguePaths.exportGoodsSkuData, {}, m.token);
    expect(goods.statusCode).toBe(429);
  });
});

describe('another member’s list', () => {
  it('answers 404 on every call and changes nothing', async () => {
    const owner = await newMember(c.t);
    const other = await newMember(c.t);
    const saved = await save(owner.token, '我的', [{ skuId: c.sku.aptamil, qty: 2 }]);
    const before = await detail(owner.token, saved.id);
    const calls: [string, Record<string, unknown>][] = [
      [SavedListPaths.detail, { id: saved.id }],
      [SavedListPaths.update, { id: saved.id, listName: '他的' }],
      [SavedListPaths.update, { id: saved.id, items: [] }],
      [SavedListPaths.update, { id: saved.id, add: [{ code: 'S-BLK-1-400', qty: 1 }] }],
      [SavedListPaths.remove, { id: saved.id }],
      [SavedListPaths.addToCart, { id: saved.id }],
      [SavedListPaths.export, { id: saved.id }],
    ];
    for (const [path, body] of calls)
      expect(await notFound(path, body, other.token), path).toBe('清单不存在');
    expect(await detail(owner.token, saved.id)).toEqual(before);
    expect((await lists(other.token)).items).toEqual([]);
    expect((await cartOf(other.token)).data).toEqual([]);
    const rows = await c.t.database.db.select().from(savedLists).where(eq(savedLists.id, saved.id));
    expect(rows[0]?.memberId).toBe(owner.memberId);
  });
});
