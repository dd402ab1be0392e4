import {
  type Brand,
  CataloguePaths,
  type GoodsListResponse,
  MemberPaths,
  SkuStatus,
  Warehouse,
} from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBrand, insertCategory, insertGoods, type SkuSpec } from './support/catalogue-fixtures';
import { createTestApp, envelope, post, type TestApp } from './support/test-app';

/**
 * The order and contents of the goods lists (spec §4 'SKU stock status', §7 goods/list/ orderByType): goods
 * that cannot be bought come after those that can in the 综合 order, goods whose every SKU is not for sale leave
 * the lists (and the home floors and brand counts built on them), and the Price sort compares the listed price
 * in the page currency, converting a price that exists only in the other currency at the stored rate.
 */

let t: TestApp;
let token38: string;
const g: Record<string, { id: number }> = {};

const sku = (
  code: string,
  status: number,
  stock: number,
  prices: { aud?: number; cny?: number; level?: number }[],
): SkuSpec => ({
  code,
  property: { 规格: code },
  status,
  stock,
  prices: prices.flatMap(({ aud, cny, level = 37 }) => [
    ...(aud === undefined ? [] : [{ level, currency: 'AUD' as const, amount: aud }]),
    ...(cny === undefined ? [] : [{ level, currency: 'CNY' as const, amount: cny }]),
  ]),
});

beforeAll(async () => {
  t = await createTestApp({ env: { SEED_DEMO: 'false' } });
  const db = t.database.db;
  const cate = await insertCategory(db, '测试', 1);
  const brand = await insertBrand(db, '测试牌', 'Testo', 'C');
  const base = {
    nameEn: '',
    brand,
    categoryId: cate.id,
    categoryNames: ['测试'],
    location: Warehouse.AU,
    sales: 0,
    createdAt: new Date(Date.UTC(2025, 0, 1)),
  };
  const goods = async (key: string, sortWeight: number, skus: SkuSpec[]) => {
    g[key] = await insertGoods(db, { ...base, code: `G-${key}`, name: `测试${key}`, sortWeight, skus });
  };
  // The rate is 4.70 (migration 0003): $10.00 = ¥47.00.
  await goods('soldOutFirst', 300, [sku('SO-1', SkuStatus.OutStock, 0, [{ aud: 500, cny: 2350 }])]);
  await goods('notForSale', 250, [
    sku('NFS-1', SkuStatus.NotForSale, 0, [{ cny: 100 }]),
    sku('NFS-2', SkuStatus.NotForSale, 9, [{ cny: 200 }]),
  ]);
  await goods('noSkus', 240, []);
  await goods('emptyByStock', 200, [sku('EB-1', SkuStatus.ByStock, 0, [{ cny: 6000 }])]);
  // Bought in AUD only: ¥47.00 at the rate; $10.00 in AUD.
  await goods('audOnly', 50, [sku('AUD-1', SkuStatus.InStock, 5, [{ aud: 1000 }])]);
  // CNY only: ¥100.00; $21.28 at the rate.
  await goods('cnyOnly', 40, [sku('CNY-1', SkuStatus.InStock, 5, [{ cny: 10000 }])]);
  // Both: the list shows its first purchasable SKU (the second; the first is sold out at ¥1.00).
  await goods('both', 30, [
    sku('B-1', SkuStatus.ByStock, 0, [{ aud: 20, cny: 100 }]),
    sku('B-2', SkuStatus.ByBook, 0, [
      { aud: 3000, cny: 14000 },
      { aud: 100, cny: 500, level: 38 },
    ]),
    sku('B-3', SkuStatus.NotForSale, 0, [{ aud: 1, cny: 1 }]),
  ]);
  await goods('unpriced', 20, [sku('U-1', SkuStatus.InStock, 5, [])]);

  await t.app.services.member.createMember({ username: 'order38', password: 'secret123', level: 38 });
  const login = envelope<{ token: string }>(
    await post(t.app, MemberPaths.login, { username: 'order38', password: 'secret123' }),
  );
  token38 = login.data.token;
});
afterAll(async () => {
  await t?.close();
});

async function list(body: Record<string, unknown> = {}, token?: string) {
  const res = await post(t.app, CataloguePaths.goodsList, body, token);
  const env = envelope<GoodsListResponse>(res);
  expect(res.statusCode, env.message).toBe(200);
  return env.data;
}
const names = (data: GoodsListResponse) => data.items.map((i) => i.name.replace('测试', ''));

describe('goods/list/ 综合 order and the not-for-sale filter', () => {
  it('lists goods that can be bought first, then the others, each by the shop order', async () => {
    const data = await list();
    expect(names(data)).toEqual(['audOnly', 'cnyOnly', 'both', 'unpriced', 'soldOutFirst', 'emptyByStock']);
  });

  it('leaves out goods whose every SKU is not for sale (or that have none), in the count too', async () => {
    const data = await list();
    expect(data.totalCount).toBe(6);
    expect(names(data)).not.toContain('notForSale');
    expect(names(data)).not.toContain('noSkus');
    // A home floor is a goods/list/ call of its template's query: the same goods leave it.
    const floor = await list({ brandId: (await brandOfList()).id, pageSize: 8 });
    expect(names(floor)).not.toContain('notForSale');
  });

  it('puts buyable goods first with a keyword too', async () => {
    expect(names(await list({ keyword: '测试' }))).toEqual([
      'audOnly',
      'cnyOnly',
      'both',
      'unpriced',
      'soldOutFirst',
      'emptyByStock',
    ]);
  });

  it('counts only listed goods for the brand', async () => {
    const res = await post(t.app, CataloguePaths.brandList, {});
    const brand = envelope<{ items: Brand[] }>(res).data.items.find((b) => b.name === '测试牌');
    expect(brand?.goodsCount).toBe(6);
    const detail = envelope<Brand>(await post(t.app, CataloguePaths.brandDetail, { id: brand?.id }));
    expect(detail.data.goodsCount).toBe(6);
  });

  it('still answers the detail of a product whose SKUs are all not for sale', async () => {
    const res = await post(t.app, CataloguePaths.goodsDetail, { id: g.notForSale?.id });
    expect(res.statusCode).toBe(200);
  });
});

async function brandOfList(): Promise<Brand> {
  const res = await post(t.app, CataloguePaths.brandList, { keyword: '测试牌' });
  const brand = envelope<{ items: Brand[] }>(res).data.items[0];
  if (!brand) throw new Error('no brand');
  return brand;
}

describe('goods/list/ Price sort in the page currency', () => {
  it('CNY: AUD-only goods at the rate among the others; low to high and back; unpriced last', async () => {
    // soldOutFirst ¥23.50, audOnly ¥47.00, cnyOnly ¥100.00, both ¥140.00, emptyByStock ¥60.00.
    const asc = ['soldOutFirst', 'audOnly', 'emptyByStock', 'cnyOnly', 'both', 'unpriced'];
    expect(names(await list({ orderByType: 'Price', orderByTendency: 'ASC', currency: 'CNY' }))).toEqual(asc);
    expect(names(await list({ orderByType: 'Price', orderByTendency: 'DESC', currency: 'CNY' }))).toEqual([
      'both',
      'cnyOnly',
      'emptyByStock',
      'audOnly',
      'soldOutFirst',
      'unpriced',
    ]);
    // Without a currency: CNY, the default page currency (spec §4 'Currency').
    expect(names(await list({ orderByType: 'Price', orderByTendency: 'ASC' }))).toEqual(asc);
  });

  it('AUD: CNY-only goods at the rate; the level-38 member compares their own prices', async () => {
    // soldOutFirst $5.00, audOnly $10.00, emptyByStock $12.77, cnyOnly $21.28, both $30.00.
    expect(names(await list({ orderByType: 'Price', orderByTendency: 'ASC', currency: 'AUD' }))).toEqual([
      'soldOutFirst',
      'audOnly',
      'emptyByStock',
      'cnyOnly',
      'both',
      'unpriced',
    ]);
    // At level 38 'both' costs $1.00.
    expect(
      names(await list({ orderByType: 'Price', orderByTendency: 'ASC', currency: 'AUD' }, token38)).slice(
        0,
        2,
      ),
    ).toEqual(['both', 'soldOutFirst']);
  });

  it('follows the stored rate', async () => {
    await t.app.services.rates.setAudCny('1');
    try {
      // $10.00 = ¥10.00 now: audOnly is the cheapest in CNY.
      expect(
        names(await list({ orderByType: 'Price', orderByTendency: 'ASC', currency: 'CNY' })).slice(0, 2),
      ).toEqual(['audOnly', 'soldOutFirst']);
    } finally {
      await t.app.services.rates.setAudCny('4.7');
    }
  });

  it('refuses a currency it does not know', async () => {
    const res = await post(t.app, CataloguePaths.goodsList, { orderByType: 'Price', currency: 'USD' });
    expect(res.statusCode).toBe(400);
    expect(envelope(res).message).toContain('币种须为 AUD 或 CNY');
  });
});
