import {
  type CartListResponse,
  CartPaths,
  MAX_CART_LINES,
  MemberPaths,
  ResultCode,
  SkuStatus,
} from '@shop/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartLines, skuPrices, skus } from '../src/db/schema';
import type { CatalogueFixture } from './support/catalogue-fixtures';
import { createCatalogueTestApp } from './support/catalogue-helpers';
import { envelope, post, type TestApp } from './support/test-app';

let t: TestApp;
let f: CatalogueFixture;
let wholesaleToken: string;

/** The fixture's SKU ids by what the cart tests need of them. */
const sku = {
  aptamil: 0, // InStock 50, AUD 45.90 / CNY 229.00 at 37, AUD 42.00 / CNY 210.00 at 38
  fishOil400: 0, // ByStock 10, AUD 35.00 at 37, 31.00 at 38
  fishOil200: 0, // ByBook 0, CNY 158.00 at 37 only
  swisseOutStock: 0,
  swisseNotForSale: 0,
  swisseNoStock: 0, // ByStock 0
  rice: 0, // InStock 30, AUD 6.50 / CNY 32.00 at 37 only
  mask: 0, // InStock 5, no prices
  offShelf: 0, // product off the shelf
};

beforeAll(async () => {
  ({ t, fixture: f, wholesaleToken } = await createCatalogueTestApp());
  const g = f.goods;
  const first = (ids: number[], i = 0) => ids[i] ?? 0;
  sku.aptamil = first(g.aptamilGold.skuIds);
  sku.fishOil400 = first(g.fishOilGoods.skuIds);
  sku.fishOil200 = first(g.fishOilGoods.skuIds, 1);
  sku.swisseOutStock = first(g.swisseCalcium.skuIds);
  sku.swisseNotForSale = first(g.swisseCalcium.skuIds, 1);
  sku.swisseNoStock = first(g.swisseCalcium.skuIds, 2);
  sku.rice = first(g.riceCereal.skuIds);
  sku.mask = first(g.mask.skuIds);
  sku.offShelf = first(g.offShelf.skuIds);
});
afterAll(async () => {
  await t?.close();
});

let counter = 0;
/** A fresh member (level 37 unless given) and their token. */
async function newMember(level?: number): Promise<string> {
  counter += 1;
  const username = `cart_${counter}`;
  await t.app.services.member.createMember({ username, password: 'secret123', level });
  const login = envelope<{ token: string }>(
    await post(t.app, MemberPaths.login, { username, password: 'secret123' }),
  );
  expect(login.success, login.message).toBe(true);
  return login.data.token;
}

async function call<T = { ids: number[] }>(path: string, body: unknown, token: string) {
  const res = await post(t.app, path, body, token);
  const env = envelope<T>(res);
  return { status: res.statusCode, ...env };
}

async function ok<T = { ids: number[] }>(path: string, body: unknown, token: string): Promise<T> {
  const res = await call<T>(path, body, token);
  expect(res.success, res.message).toBe(true);
  expect(res.status).toBe(200);
  return res.data;
}

async function refused(path: string, body: unknown, token: string, status = 400) {
  const res = await call<unknown>(path, body, token);
  expect(res.status, res.message).toBe(status);
  expect(res.success).toBe(false);
  return res;
}

const list = (token: string, currency?: 'AUD' | 'CNY') =>
  ok<CartListResponse>(CartPaths.list, currency ? { currency } : {}, token);
const add = (token: string, skuId: number, qty: number) => ok(CartPaths.addItem, { skuId, qty }, token);

describe('login required', () => {
  // The rate is public; a pasted order is previewed for visitors too (cart-wholesale.test.ts).
  it.each(Object.entries(CartPaths).filter(([name]) => name !== 'ratePrice' && name !== 'parseLines'))(
    '%s answers InvalidToken 401 without a token or with a bad one',
    async (_name, path) => {
      for (const token of [undefined, 'not-a-token']) {
        const res = await post(t.app, path, {}, token);
        expect(res.statusCode).toBe(401);
        expect(envelope(res)).toMatchObject({ success: false, resultCode: ResultCode.InvalidToken });
      }
    },
  );
});

describe('cart/list/', () => {
  it('answers an empty cart with zero totals and the stored rate', async () => {
    const token = await newMember();
    expect(await list(token)).toEqual({
      data: [],
      totalPrice: { audPrice: '0.00', cnyPrice: '0.00', allCnyPrice: '0.00' },
      cartAudTipText: '',
      rate: '4.7000',
    });
  });

  it('lists lines newest first with live SKU data at the member level', async () => {
    const token = await newMember();
    await add(token, sku.aptamil, 2);
    await add(token, sku.fishOil200, 1);
    const cart = await list(token);
    expect(cart.data.map((l) => l.skuId)).toEqual([sku.fishOil200, sku.aptamil]);
    expect(cart.data[1]).toEqual({
      id: expect.any(Number),
      skuId: sku.aptamil,
      goodsId: f.goods.aptamilGold.id,
      name: '爱他美白金版婴儿奶粉1段 900g',
      skuName: '爱他美白金版婴儿奶粉1段 900g 900g',
      qty: 2,
      audPrice: 45.9,
      cnyPrice: 229,
      selected: true,
      location: 1,
      property: { 规格: '900g' },
      image: 'goods/apt-1-main.jpg',
      status: SkuStatus.InStock,
      stock: 50,
      expectedDate: null,
      onFlag: true,
      currency: 'AUD',
      minQty: 1,
      stepQty: 1,
      maxQty: null,
      priceBreaks: [],
      nextBreak: null,
    });
    expect(cart.data[0]).toMatchObject({
      audPrice: null,
      cnyPrice: 158,
      currency: 'CNY',
      image: 'goods/blk-1.jpg',
    });
  });

  it('totals only selected lines: AUD-priced lines in AUD, the others in CNY and named in the tip', async () => {
    const token = await newMember(38);
    await add(token, sku.aptamil, 2); // 2 × 42.00 AUD at level 38
    await add(token, sku.fishOil400, 3); // 3 × 31.00 AUD at level 38
    await add(token, sku.fishOil200, 1); // 158.00 CNY, no AUD price
    const rice = await add(token, sku.rice, 4); // AUD 6.50, unselected below
    await ok(CartPaths.updateItem, { id: rice.ids[0], selected: false }, token);

    const cart = await list(token);
    expect(cart.totalPrice).toEqual({
      audPrice: '177.00',
      cnyPrice: '158.00',
      // Billed in CNY line by line (ADR 030): aptamil at its own 2 × 210.00, fish oil 3 × 31.00 × 4.7 = 437.10,
      // plus 158.00 — not 177.00 × 4.7 + 158.00 = 989.90, the AUD total converted at once.
      allCnyPrice: '1015.10',
    });
    expect(cart.cartAudTipText).toBe(
      '以下商品不支持澳币支付，请重新选择：Blackmores 深海鱼油 1000mg 200粒 两瓶装',
    );
    expect(cart.data.find((l) => l.skuId === sku.rice)).toMatchObject({ selected: false, audPrice: 6.5 });
  });

  it('bills every line in the currency the buyer pays in: paying CNY, all in CNY and no tip (ADR 013)', async () => {
    const token = await newMember(38);
    await add(token, sku.aptamil, 2); // CNY 210.00 at level 38: its own CNY price, not 2 × 42.00 AUD
    await add(token, sku.fishOil400, 3); // AUD 31.00 only: 3 × 31.00 × 4.7 = 437.10 CNY
    await add(token, sku.fishOil200, 1); // CNY 158.00 only

    // The totals are the same in both currencies (ADR 030): spec §5's split and the one all-CNY total.
    const cny = await list(token, 'CNY');
    expect(cny.totalPrice).toEqual({ audPrice: '177.00', cnyPrice: '158.00', allCnyPrice: '1015.10' });
    expect(cny.cartAudTipText).toBe('');
    expect(cny.data.map((l) => l.currency)).toEqual(['CNY', 'CNY', 'CNY']);

    const aud = await list(token, 'AUD');
    expect(aud.totalPrice).toEqual(cny.totalPrice);
    expect(aud.cartAudTipText).toContain('200粒');
    expect(aud.data.map((l) => [l.skuId, l.currency])).toEqual([
      [sku.fishOil200, 'CNY'],
      [sku.fishOil400, 'AUD'],
      [sku.aptamil, 'AUD'],
    ]);
    const bad = await t.app.inject({
      method: 'POST',
      url: CartPaths.list,
      headers: { authorization: `Bearer ${token}` },
      payload: { currency: 'JPY' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('币种：币种须为 AUD 或 CNY');
  });

  it('one all-CNY total in both currencies: each unit price converted and rounded, then times the quantity', async () => {
    const token = await newMember();
    await add(token, sku.fishOil400, 3); // AUD 35.00 only
    // 3500 × 4.7127 = 16494.45 → 16494 a unit, ×3 = 494.82; the total 105.00 converted at once would be 494.83.
    await t.app.services.rates.setAudCny('4.7127');
    try {
      for (const currency of ['AUD', 'CNY'] as const) {
        const cart = await list(token, currency);
        expect(cart.totalPrice).toEqual({ audPrice: '105.00', cnyPrice: '0.00', allCnyPrice: '494.82' });
      }
    } finally {
      await t.app.services.rates.setAudCny('4.7');
    }
  });

  it('converts AUD at the stored rate, rounding half up to the fen', async () => {
    const token = await newMember();
    await add(token, sku.fishOil400, 1); // 3500 AUD cents, no CNY price
    await t.app.services.rates.setAudCny('4.711'); // 3500 × 4.711 = 16488.5 → 16489
    try {
      const cart = await list(token);
      expect(cart.totalPrice).toEqual({ audPrice: '35.00', cnyPrice: '0.00', allCnyPrice: '164.89' });
      expect(cart.rate).toBe('4.7110');
    } finally {
      await t.app.services.rates.setAudCny('4.7');
    }
  });

  it('prices follow the member level: level 38 pays its own prices, level 37 the default ones', async () => {
    const retail = await newMember();
    const wholesale = wholesaleToken;
    await add(retail, sku.aptamil, 1);
    await add(wholesale, sku.aptamil, 1);
    expect((await list(retail)).data[0]).toMatchObject({ audPrice: 45.9, cnyPrice: 229 });
    expect((await list(wholesale)).data[0]).toMatchObject({ audPrice: 42, cnyPrice: 210 });
    // No level-38 price for rice cereal: the default level's applies.
    await add(wholesale, sku.rice, 1);
    expect((await list(wholesale)).data[0]).toMatchObject({ skuId: sku.rice, audPrice: 6.5, cnyPrice: 32 });
  });

  it('a SKU without any price counts 0; paying AUD it is named in the tip, paying CNY it is not', async () => {
    const token = await newMember();
    await add(token, sku.mask, 1);
    const cart = await list(token);
    expect(cart.data[0]).toMatchObject({ audPrice: null, cnyPrice: null, currency: 'CNY' });
    expect(cart.totalPrice).toEqual({ audPrice: '0.00', cnyPrice: '0.00', allCnyPrice: '0.00' });
    expect(cart.cartAudTipText).toContain('3M 防护口罩');
    expect((await list(token, 'CNY')).cartAudTipText).toBe('');
  });

  it('shows a line whose product went off the shelf or out of stock with its live state', async () => {
    const token = await newMember();
    await add(token, sku.rice, 2);
    await t.database.db
      .update(skus)
      .set({ status: SkuStatus.OutStock, stock: 0 })
      .where(eq(skus.id, sku.rice));
    try {
      expect((await list(token)).data[0]).toMatchObject({ status: SkuStatus.OutStock, stock: 0, qty: 2 });
    } finally {
      await t.database.db
        .update(skus)
        .set({ status: SkuStatus.InStock, stock: 30 })
        .where(eq(skus.id, sku.rice));
    }
  });

  it('refuses unknown fields and wrong types', async () => {
    const token = await newMember();
    expect((await refused(CartPaths.list, { page: 1 }, token)).message).toContain('不支持的字段');
    await refused(CartPaths.list, { websiteId: 'one' }, token);
    await ok(CartPaths.list, { websiteId: 1 }, token);
  });
});

describe('cart/addItem/', () => {
  it('adds a line with the message 已加入购物车, and adds to the line of the same SKU', async () => {
    const token = await newMember();
    const res = await call(CartPaths.addItem, { websiteId: 1, skuId: sku.aptamil, qty: 2 }, token);
    expect(res).toMatchObject({
      success: true,
      message: '已加入购物车',
      data: { ids: [expect.any(Number)] },
    });
    const again = await add(token, sku.aptamil, 3);
    expect(again.ids).toEqual(res.data.ids);
    const cart = await list(token);
    expect(cart.data).toHaveLength(1);
    expect(cart.data[0]).toMatchObject({ qty: 5, selected: true });
  });

  it('selects an unselected line again when it is added to', async () => {
    const token = await newMember();
    const { ids } = await add(token, sku.aptamil, 1);
    await ok(CartPaths.updateItem, { id: ids[0], selected: false }, token);
    await add(token, sku.aptamil, 1);
    expect((await list(token)).data[0]).toMatchObject({ qty: 2, selected: true });
  });

  it.each([
    ['qty 0', { qty: 0 }, '购买数量须为大于0的整数'],
    ['qty 1.5', { qty: 1.5 }, '购买数量须为大于0的整数'],
    ['qty 10000', { qty: 10000 }, '单个商品最多购买9999件'],
    ["qty '2'", { qty: '2' }, '购买数量须为数字'],
    ['qty missing', { qty: undefined }, '购买数量'],
    ['skuId missing', { skuId: undefined }, '编号'],
    ["skuId '1'", { skuId: '1' }, '编号须为数字'],
    ['an unknown field', { price: 1 }, '不支持的字段：price'],
  ])('refuses %s with ParamsError', async (_case, change, message) => {
    const token = await newMember();
    const body = { skuId: sku.aptamil, qty: 1, ...change };
    const res = await refused(CartPaths.addItem, body, token);
    expect(res.resultCode).toBe(ResultCode.ParamsError);
    expect(res.message).toContain(message);
    expect((await list(token)).data).toEqual([]);
  });

  it('answers 404 for an unknown SKU', async () => {
    const token = await newMember();
    const res = await refused(CartPaths.addItem, { skuId: 999_999, qty: 1 }, token, 404);
    expect(res.message).toBe('商品不存在');
  });

  it.each([
    ['NotForSale', () => sku.swisseNotForSale, '该商品不可售'],
    ['OutStock', () => sku.swisseOutStock, '该商品缺货'],
    ['ByStock without stock', () => sku.swisseNoStock, '该商品缺货'],
    ['off the shelf', () => sku.offShelf, '商品已下架'],
  ])('refuses a %s SKU', async (_case, skuId, message) => {
    const token = await newMember();
    const res = await refused(CartPaths.addItem, { skuId: skuId(), qty: 1 }, token);
    expect(res).toMatchObject({ resultCode: ResultCode.ParamsError, message });
    expect((await list(token)).data).toEqual([]);
  });

  it('allows a ByStock SKU up to its stock, counting what the cart already holds', async () => {
    const token = await newMember();
    const over = await refused(CartPaths.addItem, { skuId: sku.fishOil400, qty: 11 }, token);
    expect(over.message).toBe('库存不足，最多可购买 10 件');
    await add(token, sku.fishOil400, 6);
    const sum = await refused(CartPaths.addItem, { skuId: sku.fishOil400, qty: 5 }, token);
    expect(sum.message).toBe('购物车中已有6件，库存不足，最多可购买 10 件');
    await add(token, sku.fishOil400, 4);
    expect((await list(token)).data[0]).toMatchObject({ qty: 10 });
  });

  it('follows the number staff set only where the status sells by it, at once: 有货 ignores it, 按库存销售 refuses more', async () => {
    const token = await newMember();
    await t.app.services.inventory.changeStock('S-BEL-1-125', { set: 600 });
    try {
      // 有货: the shop sells it without limit (every screen says 不限量, the console says the number is ignored).
      await add(token, sku.rice, 700);
      await ok(CartPaths.removeItem, { id: (await list(token)).data[0]?.id }, token);
      await t.database.db.update(skus).set({ status: SkuStatus.ByStock }).where(eq(skus.id, sku.rice));
      const over = await refused(CartPaths.addItem, { skuId: sku.rice, qty: 700 }, token);
      expect(over).toMatchObject({
        resultCode: ResultCode.ParamsError,
        message: '库存不足，最多可购买 600 件',
      });
      await add(token, sku.rice, 600);
    } finally {
      await t.database.db
        .update(skus)
        .set({ status: SkuStatus.InStock, stock: 30 })
        .where(eq(skus.id, sku.rice));
    }
  });

  it('allows a ByBook SKU beyond its stock (pre-order), but never a line above 9999', async () => {
    const token = await newMember();
    await add(token, sku.fishOil200, 9000);
    const res = await refused(CartPaths.addItem, { skuId: sku.fishOil200, qty: 1000 }, token);
    expect(res.message).toBe('购物车中已有9000件，单个商品最多购买9999件');
    await add(token, sku.fishOil200, 999);
    expect((await list(token)).data[0]).toMatchObject({ qty: 9999 });
  });
});

describe('cart/updateItem/ and cart/removeItem/', () => {
  it('changes quantity and selection of the member own line', async () => {
    const token = await newMember();
    const { ids } = await add(token, sku.fishOil400, 1);
    const res = await call(CartPaths.updateItem, { id: ids[0], qty: 7, selected: false }, token);
    expect(res).toMatchObject({ success: true, data: { ids } });
    expect((await list(token)).data[0]).toMatchObject({ qty: 7, selected: false });
    await ok(CartPaths.updateItem, { id: ids[0], selected: true }, token);
    expect((await list(token)).data[0]).toMatchObject({ qty: 7, selected: true });
  });

  it('validates the new quantity against the stock rule', async () => {
    const token = await newMember();
    const { ids } = await add(token, sku.fishOil400, 1);
    const res = await refused(CartPaths.updateItem, { id: ids[0], qty: 11 }, token);
    expect(res.message).toBe('库存不足，最多可购买 10 件');
    expect((await list(token)).data[0]).toMatchObject({ qty: 1 });
  });

  it.each([
    ['neither qty nor selected', {}, '请提供数量或选中状态'],
    ['qty 0', { qty: 0 }, '购买数量须为大于0的整数'],
    ['qty 1.5', { qty: 1.5 }, '购买数量须为大于0的整数'],
    ["selected 'yes'", { selected: 'yes' }, '选'],
    ['an unknown field', { price: 1 }, '不支持的字段'],
  ])('refuses %s', async (_case, change, message) => {
    const token = await newMember();
    const { ids } = await add(token, sku.aptamil, 1);
    const res = await refused(CartPaths.updateItem, { id: ids[0], ...change }, token);
    expect(res.message).toContain(message);
  });

  it('removes a line; removing it again answers 404', async () => {
    const token = await newMember();
    const { ids } = await add(token, sku.aptamil, 1);
    expect(await call(CartPaths.removeItem, { id: ids[0] }, token)).toMatchObject({
      success: true,
      message: '已从购物车删除',
      data: { ids },
    });
    expect((await list(token)).data).toEqual([]);
    const again = await refused(CartPaths.removeItem, { id: ids[0] }, token, 404);
    expect(again.message).toBe('购物车商品不存在');
    await refused(CartPaths.removeItem, { id: 'x' }, token);
    await refused(CartPaths.removeItem, {}, token);
  });
});

describe('batch calls', () => {
  it('batchAddItems adds every line in one go, merging repeats and adding to existing lines', async () => {
    const token = await newMember();
    await add(token, sku.aptamil, 1);
    const res = await ok(
      CartPaths.batchAddItems,
      [
        { skuId: sku.aptamil, qty: 2, websiteId: 1 },
        { skuId: sku.rice, qty: 1, websiteId: 1 },
        { skuId: sku.rice, qty: 2, websiteId: 1 },
      ],
      token,
    );
    expect(res.ids).toHaveLength(2);
    const byId = new Map((await list(token)).data.map((l) => [l.skuId, l.qty]));
    expect(byId).toEqual(
      new Map([
        [sku.aptamil, 3],
        [sku.rice, 3],
      ]),
    );
  });

  it('batchAddItems is all or nothing: one bad line refuses the batch with its message', async () => {
    const token = await newMember();
    await add(token, sku.fishOil400, 8);
    for (const [bad, message, status] of [
      [{ skuId: sku.swisseOutStock, qty: 1 }, '该商品缺货', 400],
      [{ skuId: 999_999, qty: 1 }, '商品不存在', 404],
      [{ skuId: sku.fishOil400, qty: 3 }, '库存不足，最多可购买 10 件', 400],
      [{ skuId: sku.offShelf, qty: 1 }, '商品已下架', 400],
    ] as const) {
      const res = await refused(
        CartPaths.batchAddItems,
        [{ skuId: sku.aptamil, qty: 1 }, bad],
        token,
        status,
      );
      expect(res.message).toContain(message);
    }
    const cart = await list(token);
    expect(cart.data.map((l) => [l.skuId, l.qty])).toEqual([[sku.fishOil400, 8]]);
  });

  it('batch calls take a bare list', async () => {
    const token = await newMember();
    await refused(CartPaths.batchAddItems, { skuId: sku.aptamil, qty: 1 }, token);
    await refused(CartPaths.batchAddItems, [], token);
    await refused(CartPaths.batchAddItems, [{ skuId: sku.aptamil, qty: 0 }], token);
    await refused(CartPaths.batchAddItems, [{ skuId: sku.aptamil, qty: 1, extra: true }], token);
    await refused(CartPaths.batchUpdateItems, { id: 1, qty: 1 }, token);
    await refused(CartPaths.batchUpdateItems, [{ id: 1, qty: 10000 }], token);
    await refused(CartPaths.batchRemoveItems, { ids: [1] }, token);
    await refused(CartPaths.batchRemoveItems, ['1'], token);
    await refused(CartPaths.batchRemoveItems, [], token);
    const tooMany = Array.from({ length: MAX_CART_LINES + 1 }, (_, i) => i + 1);
    await refused(CartPaths.batchRemoveItems, tooMany, token);
  });

  it('batchUpdateItems changes several lines, validating each quantity, all or nothing', async () => {
    const token = await newMember();
    const a = (await add(token, sku.aptamil, 1)).ids[0];
    const b = (await add(token, sku.fishOil400, 1)).ids[0];
    const over = await refused(
      CartPaths.batchUpdateItems,
      [
        { id: a, qty: 5 },
        { id: b, qty: 11 },
      ],
      token,
    );
    expect(over.message).toBe('Blackmores 深海鱼油 1000mg 400粒 单瓶：库存不足，最多可购买 10 件');
    expect((await list(token)).data.map((l) => l.qty)).toEqual([1, 1]);
    await ok(
      CartPaths.batchUpdateItems,
      [
        { id: a, qty: 5, selected: false },
        { id: b, qty: 10 },
      ],
      token,
    );
    expect((await list(token)).data.map((l) => [l.id, l.qty, l.selected])).toEqual([
      [b, 10, true],
      [a, 5, false],
    ]);
  });

  it('batchRemoveItems removes several lines', async () => {
    const token = await newMember();
    const a = (await add(token, sku.aptamil, 1)).ids[0] ?? 0;
    const b = (await add(token, sku.rice, 1)).ids[0] ?? 0;
    const c = (await add(token, sku.mask, 1)).ids[0] ?? 0;
    const res = await ok(CartPaths.batchRemoveItems, [a, c, a], token);
    expect(res.ids.sort()).toEqual([a, c].sort());
    expect((await list(token)).data.map((l) => l.id)).toEqual([b]);
  });

  it('the login sync: batch-add local lines, batch-update changed server lines, batch-remove queued ids, then list', async () => {
    const token = await newMember(38);
    const serverA = (await add(token, sku.aptamil, 1)).ids[0] ?? 0;
    const serverB = (await add(token, sku.rice, 2)).ids[0] ?? 0;
    const serverC = (await add(token, sku.mask, 1)).ids[0] ?? 0;

    // The guest cart: two lines added on this device, B changed, C removed (spec §4 'Cart sync on login').
    await ok(
      CartPaths.batchAddItems,
      [
        { skuId: sku.fishOil400, qty: 2, websiteId: 1 },
        { skuId: sku.aptamil, qty: 1, websiteId: 1 },
      ],
      token,
    );
    await ok(CartPaths.batchUpdateItems, [{ id: serverB, qty: 5, selected: false }], token);
    await ok(CartPaths.batchRemoveItems, [serverC], token);

    const cart = await list(token);
    expect(cart.data.map((l) => [l.skuId, l.qty, l.selected])).toEqual([
      [sku.fishOil400, 2, true],
      [sku.rice, 5, false],
      [sku.aptamil, 2, true],
    ]);
    expect(cart.data.find((l) => l.skuId === sku.aptamil)?.id).toBe(serverA);
    // Level 38: 2 × 31.00 + 2 × 42.00 AUD; in CNY 2 × 31.00 × 4.7 + 2 × 210.00; the unselected rice is left out.
    expect(cart.totalPrice).toEqual({ audPrice: '146.00', cnyPrice: '0.00', allCnyPrice: '711.40' });
    expect(cart.cartAudTipText).toBe('');
  });
});

describe('line limit', () => {
  it(`holds at most ${MAX_CART_LINES} lines, for single and batch adds alike`, async () => {
    const token = await newMember();
    const goodsId = f.goods.mask.id;
    const inserted = await t.database.db
      .insert(skus)
      .values(
        Array.from({ length: MAX_CART_LINES + 1 }, (_, i) => ({
          goodsId,
          code: `S-LIMIT-${i}`,
          name: `口罩 ${i}`,
          status: SkuStatus.InStock,
          stock: 100,
        })),
      )
      .returning({ id: skus.id });
    const ids = inserted.map((r) => r.id);
    await t.database.db
      .insert(skuPrices)
      .values(ids.map((skuId) => ({ skuId, level: 37, currency: 'CNY', amount: 100 })));
    try {
      await ok(
        CartPaths.batchAddItems,
        ids.slice(0, MAX_CART_LINES - 1).map((skuId) => ({ skuId, qty: 1 })),
        token,
      );
      // The 200th line fits; a batch adding two more does not, and writes nothing.
      const two = await refused(
        CartPaths.batchAddItems,
        [ids[MAX_CART_LINES - 1], ids[MAX_CART_LINES]].map((skuId) => ({ skuId, qty: 1 })),
        token,
      );
      expect(two.message).toBe(`购物车最多可放${MAX_CART_LINES}种商品，请先删除部分商品`);
      expect((await list(token)).data).toHaveLength(MAX_CART_LINES - 1);
      await add(token, ids[MAX_CART_LINES - 1] ?? 0, 1);
      const full = await refused(CartPaths.addItem, { skuId: ids[MAX_CART_LINES], qty: 1 }, token);
      expect(full.message).toBe(`购物车最多可放${MAX_CART_LINES}种商品，请先删除部分商品`);
      // Adding to a line already there still works in a full cart.
      await add(token, ids[0] ?? 0, 1);
      expect((await list(token)).data).toHaveLength(MAX_CART_LINES);
    } finally {
      await t.database.db.delete(skus).where(inArray(skus.id, ids));
    }
  });
});

describe('ownership', () => {
  it("member B can neither see nor touch member A's lines, and A's cart is unchanged", async () => {
    const a = await newMember();
    const b = await newMember();
    const lineA = (await add(a, sku.aptamil, 2)).ids[0] ?? 0;
    const lineA2 = (await add(a, sku.rice, 1)).ids[0] ?? 0;
    const lineB = (await add(b, sku.mask, 1)).ids[0] ?? 0;
    const before = await list(a);

    expect((await list(b)).data.map((l) => l.id)).toEqual([lineB]);
    for (const [path, body] of [
      [CartPaths.updateItem, { id: lineA, qty: 9 }],
      [CartPaths.updateItem, { id: lineA, selected: false }],
      [CartPaths.removeItem, { id: lineA }],
      [
        CartPaths.batchUpdateItems,
        [
          { id: lineB, qty: 2 },
          { id: lineA, qty: 9 },
        ],
      ],
      [CartPaths.batchRemoveItems, [lineB, lineA2]],
      [CartPaths.batchRemoveItems, [lineA]],
    ] as const) {
      const res = await refused(path, body, b, 404);
      expect(res).toMatchObject({ message: '购物车商品不存在', data: null });
    }
    expect(await list(a)).toEqual(before);
    // B's own line was not changed by the refused batches either.
    expect((await list(b)).data).toMatchObject([{ id: lineB, qty: 1 }]);
    const rows = await t.database.db.select().from(cartLines).where(eq(cartLines.id, lineA));
    expect(rows[0]).toMatchObject({ qty: 2, selected: true });
  });
});
