import {
  type Brand,
  CataloguePaths,
  type CategoryNode,
  type GoodsDetail,
  type GoodsListResponse,
  MemberPaths,
  ResultCode,
  SKU_VALUE_SEPARATOR,
  SkuStatus,
} from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../src/db/schema';
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

async function list(body: Record<string, unknown> = {}, token?: string) {
  const res = await post(t.app, CataloguePaths.goodsList, body, token);
  const env = envelope<GoodsListResponse>(res);
  expect(res.statusCode, env.message).toBe(200);
  expect(env.success).toBe(true);
  return env.data;
}
const ids = (data: GoodsListResponse) => data.items.map((i) => i.id);

async function refused(path: string, body: unknown, status = 400) {
  const res = await post(t.app, path, body);
  const env = envelope(res);
  expect(res.statusCode).toBe(status);
  expect(env.success).toBe(false);
  return env;
}

describe('goods/list/', () => {
  it('lists the goods on the shelf, Comprehensive by default (buyable first, sort weight, sales, id)', async () => {
    const data = await list();
    const g = f.goods;
    // Swisse has no SKU that can be bought (out of stock, not for sale, ByStock without stock): last.
    expect(ids(data)).toEqual([
      g.aptamilGold.id,
      g.fishOilGoods.id,
      g.riceCereal.id,
      g.mask.id,
      g.swisseCalcium.id,
    ]);
    expect(data).toMatchObject({ pageNo: 1, pageSize: 20, totalCount: 5 });
    expect(ids(data)).not.toContain(g.offShelf.id);
  });

  it('gives each product its brand name, main image and every SKU with visitor prices', async () => {
    const data = await list();
    const aptamil = data.items.find((i) => i.id === f.goods.aptamilGold.id);
    expect(aptamil).toMatchObject({
      code: 'G-APT-1',
      name: '爱他美白金版婴儿奶粉1段 900g',
      nameEn: 'Aptamil Profutura Stage 1',
      location: 1,
      brandId: f.brands.aptamil.id,
      brandName: '爱他美',
      categoryId: f.categories.infantMilk.id,
      image: 'goods/apt-1-main.jpg',
      onFlag: true,
      sales: 500,
    });
    expect(aptamil?.skus).toEqual([
      {
        id: f.goods.aptamilGold.skuIds[0],
        goodsId: f.goods.aptamilGold.id,
        code: 'S-APT-1-900',
        name: '爱他美白金版婴儿奶粉1段 900g 900g',
        property: { 规格: '900g' },
        keyProperty: '900g',
        status: SkuStatus.InStock,
        stock: 50,
        weight: 500,
        audPrice: 45.9,
        cnyPrice: 229,
        minQty: 1,
        stepQty: 1,
        maxQty: null,
        priceBreaks: [],
        breaksMixed: false,
      },
    ]);
    const mask = data.items.find((i) => i.id === f.goods.mask.id);
    expect(mask).toMatchObject({ image: '', brandName: '3M' });
    expect(mask?.skus[0]).toMatchObject({ property: {}, keyProperty: '', audPrice: null, cnyPrice: null });
  });

  it('returns NotForSale SKUs too (the client drops them) with keyProperty in the key order', async () => {
    const data = await list({ keyword: 'swisse' });
    const swisse = data.items[0];
    expect(swisse?.id).toBe(f.goods.swisseCalcium.id);
    expect(swisse?.skus.map((s) => s.status)).toEqual([
      SkuStatus.OutStock,
      SkuStatus.NotForSale,
      SkuStatus.ByStock,
    ]);
    expect(Object.keys(swisse?.skus[0]?.property ?? {})).toEqual(['规格', '口味', '包装']);
    expect(swisse?.skus[0]?.keyProperty).toBe(['90粒', '原味', '瓶装'].join(SKU_VALUE_SEPARATOR));
    expect(swisse?.skus[0]).toMatchObject({ audPrice: null, cnyPrice: 99 });
  });

  it('pages: pageSize and pageNo slice the list; past the end is an empty page', async () => {
    const page2 = await list({ pageNo: 2, pageSize: 2 });
    expect(ids(page2)).toEqual([f.goods.riceCereal.id, f.goods.mask.id]);
    expect(page2).toMatchObject({ pageNo: 2, pageSize: 2, totalCount: 5 });
    const beyond = await list({ pageNo: 99 });
    expect(beyond.items).toEqual([]);
    expect(beyond.totalCount).toBe(5);
  });

  it('caps pageSize at 100', async () => {
    const data = await list({ pageSize: 5000 });
    expect(data.pageSize).toBe(100);
    expect(data.items).toHaveLength(5);
  });

  it('accepts websiteId (spec §7: defaulted by the client) and ignores it', async () => {
    expect((await list({ websiteId: 1 })).totalCount).toBe(5);
  });

  it.each([
    [{ pageNo: -1 }, '页码'],
    [{ pageNo: 0 }, '页码'],
    [{ pageNo: 'abc' }, '页码'],
    [{ pageNo: 1.5 }, '页码'],
    [{ pageSize: 0 }, '每页条数'],
    [{ location: 10 }, '仓库'],
    [{ location: -1 }, '仓库'],
    [{ location: '1' }, '仓库'],
    [{ cateId: 'x' }, '分类'],
    [{ brandId: -3 }, '品牌'],
    [{ keyword: 42 }, '搜索词'],
    [{ keyword: 'x'.repeat(101) }, '搜索词'],
    [{ orderByType: 'Cheapest' }, '排序方式'],
    [{ orderByTendency: 'UP' }, '排序方向'],
    [{ color: 'red' }, '不支持的字段：color'],
  ])('refuses %j with ParamsError naming the field', async (body, field) => {
    const env = await refused(CataloguePaths.goodsList, body);
    expect(env.resultCode).toBe(ResultCode.ParamsError);
    expect(env.message).toContain(field);
  });

  it('refuses a body that is not JSON with the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: CataloguePaths.goodsList,
      headers: { 'content-type': 'application/json' },
      payload: '{"pageNo":',
    });
    expect(res.statusCode).toBe(400);
    expect(envelope(res)).toMatchObject({ success: false, resultCode: ResultCode.BadRequest });
  });

  describe('keyword search', () => {
    it('finds goods by a Chinese name fragment, off-shelf goods excluded', async () => {
      expect(ids(await list({ keyword: '奶粉' }))).toEqual([f.goods.aptamilGold.id]);
      expect(ids(await list({ keyword: '白金版' }))).toEqual([f.goods.aptamilGold.id]);
    });

    it('ranks a hit in the product name above a hit in its category names', async () => {
      // Both are in the 鱼油 category; only the first has 鱼油 in its name.
      expect(ids(await list({ keyword: '鱼油' }))).toEqual([
        f.goods.fishOilGoods.id,
        f.goods.swisseCalcium.id,
      ]);
    });

    it.each([
      ['Blackmors', 'fishOilGoods'],
      ['blakmores', 'fishOilGoods'],
      ['Swissse', 'swisseCalcium'],
      ['aptamill', 'aptamilGold'],
    ] as const)('finds %s (a misspelt Latin name)', async (keyword, goodsKey) => {
      expect(ids(await list({ keyword }))).toEqual([f.goods[goodsKey].id]);
    });

    it('finds goods by their brand name only (Chinese and Latin)', async () => {
      expect(ids(await list({ keyword: '贝拉米' }))).toEqual([f.goods.riceCereal.id]);
      expect(ids(await list({ keyword: 'bellamy' }))).toEqual([f.goods.riceCereal.id]);
    });

    it('requires every word of a several-word keyword', async () => {
      expect(ids(await list({ keyword: 'blackmores 鱼油' }))).toEqual([f.goods.fishOilGoods.id]);
      expect(ids(await list({ keyword: 'blackmores 奶粉' }))).toEqual([]);
    });

    it.each(['%', '_', '%%', "'; drop table goods; --", '.*', '\\', '[a-z]+', '(', '爱%粉', '爱_美'])(
      'treats %j literally and answers normally',
      async (keyword) => {
        const data = await list({ keyword });
        expect(data.items).toEqual([]);
        expect(data.totalCount).toBe(0);
      },
    );

    it('still lists everything after the injection attempts', async () => {
      expect((await list()).totalCount).toBe(5);
    });

    it('an empty or blank keyword lists everything', async () => {
      expect((await list({ keyword: '' })).totalCount).toBe(5);
      expect((await list({ keyword: '   ' })).totalCount).toBe(5);
    });
  });

  describe('filters', () => {
    it('a category includes all its sub-categories', async () => {
      const g = f.goods;
      expect(ids(await list({ cateId: f.categories.baby.id }))).toEqual([g.aptamilGold.id, g.riceCereal.id]);
      expect(ids(await list({ cateId: f.categories.milk.id }))).toEqual([g.aptamilGold.id]);
      expect(ids(await list({ cateId: f.categories.infantMilk.id }))).toEqual([g.aptamilGold.id]);
      expect(ids(await list({ cateId: f.categories.health.id }))).toEqual([
        g.fishOilGoods.id,
        g.mask.id,
        g.swisseCalcium.id,
      ]);
      expect((await list({ cateId: f.categories.beauty.id })).items).toEqual([]);
    });

    it('an unknown category lists nothing', async () => {
      expect(await list({ cateId: 999_999 })).toMatchObject({ items: [], totalCount: 0 });
    });

    it('a warehouse lists its goods; location 0 means every warehouse', async () => {
      const g = f.goods;
      expect(ids(await list({ location: 1 }))).toEqual([g.aptamilGold.id, g.fishOilGoods.id]);
      expect(ids(await list({ location: 2 }))).toEqual([g.swisseCalcium.id]);
      expect((await list({ location: 4 })).items).toEqual([]);
      expect((await list({ location: 0 })).totalCount).toBe(5);
    });

    it('a brand lists its goods on the shelf', async () => {
      expect(ids(await list({ brandId: f.brands.aptamil.id }))).toEqual([f.goods.aptamilGold.id]);
      expect((await list({ brandId: f.brands.zeta.id })).items).toEqual([]);
    });

    it('a hand-picked home floor lists just its goods (goodsIds)', async () => {
      const picked = [f.goods.riceCereal.id, f.goods.aptamilGold.id];
      expect(ids(await list({ goodsIds: picked })).sort()).toEqual([...picked].sort());
      expect((await list({ goodsIds: [] })).items).toEqual([]);
      expect(ids(await list({ goodsIds: picked, brandId: f.brands.aptamil.id }))).toEqual([
        f.goods.aptamilGold.id,
      ]);
    });

    it('filters combine', async () => {
      expect(ids(await list({ location: 1, cateId: f.categories.health.id, keyword: 'oil' }))).toEqual([
        f.goods.fishOilGoods.id,
      ]);
    });
  });

  describe('sorting', () => {
    it("Price sorts by the listed SKU's CNY price (AUD at the rate); goods without one go last", async () => {
      const g = f.goods;
      // Swisse: 99 (nothing can be bought: its first SKU for sale; the NotForSale one at 1.00 does not count).
      // Fish oil: its first purchasable SKU is AUD only, $35.00 = ¥164.50 at 4.70.
      const ascending = [g.riceCereal.id, g.swisseCalcium.id, g.fishOilGoods.id, g.aptamilGold.id, g.mask.id];
      expect(ids(await list({ orderByType: 'Price', orderByTendency: 'ASC' }))).toEqual(ascending);
      expect(ids(await list({ orderByType: 'Price', orderByTendency: 'DESC' }))).toEqual([
        g.aptamilGold.id,
        g.fishOilGoods.id,
        g.swisseCalcium.id,
        g.riceCereal.id,
        g.mask.id,
      ]);
    });

    it('Sales sorts by units sold', async () => {
      const g = f.goods;
      const desc = [g.fishOilGoods.id, g.aptamilGold.id, g.swisseCalcium.id, g.riceCereal.id, g.mask.id];
      expect(ids(await list({ orderByType: 'Sales' }))).toEqual(desc);
      expect(ids(await list({ orderByType: 'Sales', orderByTendency: 'ASC' }))).toEqual([...desc].reverse());
    });

    it('Newest sorts by creation time', async () => {
      const g = f.goods;
      const desc = [g.mask.id, g.riceCereal.id, g.swisseCalcium.id, g.fishOilGoods.id, g.aptamilGold.id];
      expect(ids(await list({ orderByType: 'Newest', orderByTendency: 'DESC' }))).toEqual(desc);
      expect(ids(await list({ orderByType: 'Newest', orderByTendency: 'ASC' }))).toEqual([...desc].reverse());
    });
  });

  describe('prices by member level', () => {
    it('a level-38 member sees level-38 prices, and level-37 ones where the SKU has no level-38 price', async () => {
      const data = await list({}, wholesaleToken);
      const skus = Object.fromEntries(data.items.flatMap((i) => i.skus).map((s) => [s.code, s]));
      expect(skus['S-APT-1-900']).toMatchObject({ audPrice: 42, cnyPrice: 210 });
      expect(skus['S-BLK-1-400']).toMatchObject({ audPrice: 31, cnyPrice: null });
      expect(skus['S-BLK-1-200']).toMatchObject({ audPrice: null, cnyPrice: 158 });
      expect(skus['S-BEL-1-125']).toMatchObject({ audPrice: 6.5, cnyPrice: 32 });
    });

    it('a visitor sees level-37 prices', async () => {
      const data = await list();
      const skus = Object.fromEntries(data.items.flatMap((i) => i.skus).map((s) => [s.code, s]));
      expect(skus['S-APT-1-900']).toMatchObject({ audPrice: 45.9, cnyPrice: 229 });
      expect(skus['S-BLK-1-400']).toMatchObject({ audPrice: 35, cnyPrice: null });
    });

    it.each([['garbage'], ['A'.repeat(43)]])(
      'a broken or unknown token (%s) is treated as a visitor, not refused',
      async (token) => {
        const data = await list({}, token);
        const aptamil = data.items.find((i) => i.id === f.goods.aptamilGold.id);
        expect(aptamil?.skus[0]).toMatchObject({ audPrice: 45.9, cnyPrice: 229 });
      },
    );

    it('a logged-out token sees visitor prices', async () => {
      const login = envelope<{ token: string }>(
        await post(t.app, '/api/memberService/member/login/', {
          username: 'wholesale38',
          password: 'secret123',
        }),
      );
      await post(t.app, '/api/memberService/member/logout/', {}, login.data.token);
      const data = await list({}, login.data.token);
      expect(data.items.find((i) => i.id === f.goods.aptamilGold.id)?.skus[0]?.audPrice).toBe(45.9);
    });

    it('a member held to a new password (flagged by an earlier staff reset) sees visitor prices until it is set', async () => {
      const member = await t.app.services.member.createMember({
        username: 'reset38',
        password: 'secret123',
        level: 38,
      });
      await t.database.db.update(members).set({ mustChangePassword: true }).where(eq(members.id, member.id));
      const token = envelope<{ token: string }>(
        await post(t.app, MemberPaths.login, { username: 'reset38', password: 'secret123' }),
      ).data.token;
      const aptamilAud = async () =>
        (await list({}, token)).items.find((i) => i.id === f.goods.aptamilGold.id)?.skus[0]?.audPrice;
      expect(await aptamilAud()).toBe(45.9);
      await post(t.app, MemberPaths.updatePwd, { oldPassword: 'secret123', newPassword: 'fresh2026' }, token);
      expect(await aptamilAud()).toBe(42);
    });
  });
});

describe('goodsdetail/detail/', () => {
  async function detail(body: Record<string, unknown>, token?: string) {
    const res = await post(t.app, CataloguePaths.goodsDetail, body, token);
    const env = envelope<GoodsDetail>(res);
    expect(res.statusCode, env.message).toBe(200);
    return env.data;
  }

  it('returns the product with its category path, images, options and every level of price', async () => {
    const d = await detail({ id: f.goods.aptamilGold.id });
    expect(d).toMatchObject({
      id: f.goods.aptamilGold.id,
      code: 'G-APT-1',
      name: '爱他美白金版婴儿奶粉1段 900g',
      location: 1,
      onFlag: true,
      brand: { id: f.brands.aptamil.id, name: '爱他美', logo: 'brand/Aptamil.png' },
      categoryPath: [
        { id: f.categories.baby.id, name: '母婴' },
        { id: f.categories.milk.id, name: '奶粉' },
        { id: f.categories.infantMilk.id, name: '婴儿奶粉' },
      ],
      goodsDetail: {
        content: '<p>澳洲原装进口</p>',
        goodImageJson: JSON.stringify(['goods/apt-1-main.jpg', 'goods/apt-1-side.jpg']),
        realImageJson: JSON.stringify(['goods/apt-1-real.jpg']),
        contentImageJson: JSON.stringify(['goods/apt-1-content.jpg']),
      },
      property: [{ Key: '规格', Values: ['900g'] }],
      selectedSkuId: null,
    });
    expect(d.skus[0]).toMatchObject({
      code: 'S-APT-1-900',
      audPrice: 45.9,
      cnyPrice: 229,
      audPrices: { 37: 45.9, 38: 42 },
      cnyPrices: { 37: 229, 38: 210 },
    });
  });

  it('by skuId: the product of that SKU, with the SKU selected; options keep the key order', async () => {
    const skuId = f.goods.fishOilGoods.skuIds[1];
    const d = await detail({ skuId });
    expect(d.id).toBe(f.goods.fishOilGoods.id);
    expect(d.selectedSkuId).toBe(skuId);
    expect(d.property).toEqual([
      { Key: '规格', Values: ['400粒', '200粒'] },
      { Key: '包装', Values: ['单瓶', '两瓶装'] },
    ]);
    expect(d.skus.map((s) => s.keyProperty)).toEqual([
      `400粒${SKU_VALUE_SEPARATOR}单瓶`,
      `200粒${SKU_VALUE_SEPARATOR}两瓶装`,
    ]);
    expect(d.skus[0]).toMatchObject({ audPrices: { 37: 35, 38: 31 }, cnyPrices: {} });
    expect(d.goodsDetail.realImageJson).toBe('[]');
  });

  it('by id and a SKU of that product', async () => {
    const skuId = f.goods.fishOilGoods.skuIds[0];
    expect((await detail({ id: f.goods.fishOilGoods.id, skuId })).selectedSkuId).toBe(skuId);
  });

  it('three attribute keys become three option lists', async () => {
    const d = await detail({ id: f.goods.swisseCalcium.id });
    expect(d.property).toEqual([
      { Key: '规格', Values: ['90粒', '150粒'] },
      { Key: '口味', Values: ['原味', '柠檬'] },
      { Key: '包装', Values: ['瓶装', '礼盒'] },
    ]);
    expect(d.skus).toHaveLength(3);
  });

  it('prices follow the caller: level 38 for the wholesale member', async () => {
    const d = await detail({ id: f.goods.aptamilGold.id }, wholesaleToken);
    expect(d.skus[0]).toMatchObject({ audPrice: 42, cnyPrice: 210 });
    const rice = await detail({ id: f.goods.riceCereal.id }, wholesaleToken);
    expect(rice.skus[0]).toMatchObject({ audPrice: 6.5, cnyPrice: 32 });
  });

  it('returns an off-shelf product with onFlag false', async () => {
    const d = await detail({ id: f.goods.offShelf.id });
    expect(d).toMatchObject({ id: f.goods.offShelf.id, onFlag: false, name: '爱他美金装奶粉2段' });
  });

  it('a product without brand images or prices still answers', async () => {
    const d = await detail({ id: f.goods.mask.id });
    expect(d).toMatchObject({
      property: [],
      goodsDetail: { goodImageJson: '[]', contentImageJson: '[]', content: '' },
      categoryPath: [{ id: f.categories.health.id, name: '保健品' }],
    });
    expect(d.skus[0]).toMatchObject({ audPrices: {}, cnyPrices: {}, audPrice: null, cnyPrice: null });
  });

  it.each([[{ id: 999_999 }], [{ skuId: 999_999 }]])('answers 404 商品不存在 for %j', async (body) => {
    const env = await refused(CataloguePaths.goodsDetail, body, 404);
    expect(env).toMatchObject({ resultCode: ResultCode.BadRequest, message: '商品不存在' });
  });

  it('refuses a SKU of another product', async () => {
    const env = await refused(CataloguePaths.goodsDetail, {
      id: f.goods.aptamilGold.id,
      skuId: f.goods.fishOilGoods.skuIds[0],
    });
    expect(env).toMatchObject({ resultCode: ResultCode.ParamsError, message: 'SKU编号与商品编号不匹配' });
  });

  it.each([
    [{}, '请提供商品编号或SKU编号'],
    [{ id: -1 }, '编号'],
    [{ id: 'abc' }, '编号'],
    [{ id: 1.5 }, '编号'],
    [{ skuId: 0 }, 'SKU编号'],
    [{ id: 1, extra: true }, '不支持的字段：extra'],
  ])('refuses %j', async (body, message) => {
    const env = await refused(CataloguePaths.goodsDetail, body);
    expect(env.resultCode).toBe(ResultCode.ParamsError);
    expect(env.message).toContain(message);
  });
});

describe('goodscatalog/list/', () => {
  it('returns the category tree, each level by sort then id', async () => {
    const res = await post(t.app, CataloguePaths.catalogList, { websiteId: 1 });
    const tree = envelope<CategoryNode[]>(res).data;
    const c = f.categories;
    expect(tree.map((n) => n.name)).toEqual(['美妆', '母婴', '保健品']);
    const baby = tree[1];
    expect(baby).toMatchObject({ id: c.baby.id, parentId: null, depth: 1, image: 'cate/母婴.png' });
    expect(baby?.children.map((n) => n.name)).toEqual(['奶粉', '辅食']);
    expect(baby?.children[0]?.children).toEqual([
      {
        id: c.infantMilk.id,
        parentId: c.milk.id,
        name: '婴儿奶粉',
        depth: 3,
        image: 'cate/婴儿奶粉.png',
        children: [],
      },
    ]);
  });

  it('answers an empty body too, and refuses unknown fields', async () => {
    expect(envelope<CategoryNode[]>(await post(t.app, CataloguePaths.catalogList)).data).toHaveLength(3);
    const env = await refused(CataloguePaths.catalogList, { parentId: 1 });
    expect(env.message).toContain('parentId');
  });
});

describe('goodsbrand/list/', () => {
  async function brands(body: Record<string, unknown> = {}) {
    const env = envelope<{ items: Brand[] }>(await post(t.app, CataloguePaths.brandList, body));
    expect(env.success, env.message).toBe(true);
    return env.data.items;
  }

  it("sorts by initial with '#' last, then by name, with on-shelf goods counts", async () => {
    const items = await brands();
    expect(items.map((b) => [b.initial, b.name, b.goodsCount])).toEqual([
      ['A', '爱他美', 1],
      ['B', 'Blackmores', 1],
      ['B', '贝拉米', 1],
      ['S', 'Swisse', 1],
      ['Z', 'Zeta', 0],
      ['#', '3M', 1],
    ]);
    expect(items[0]).toEqual({
      id: f.brands.aptamil.id,
      name: '爱他美',
      nameEn: 'Aptamil',
      initial: 'A',
      logo: 'brand/Aptamil.png',
      country: 'AU',
      goodsCount: 1,
    });
  });

  it('filters by a keyword in the Chinese or Latin name, literally', async () => {
    expect((await brands({ keyword: 'black' })).map((b) => b.name)).toEqual(['Blackmores']);
    expect((await brands({ keyword: 'aptamil' })).map((b) => b.name)).toEqual(['爱他美']);
    expect((await brands({ keyword: '拉米' })).map((b) => b.name)).toEqual(['贝拉米']);
    expect(await brands({ keyword: '%' })).toEqual([]);
    expect(await brands({ keyword: "'; drop table brands; --" })).toEqual([]);
    expect(await brands({ keyword: '' })).toHaveLength(6);
  });

  it('refuses bad input', async () => {
    expect((await refused(CataloguePaths.brandList, { keyword: 7 })).message).toContain('搜索词');
    expect((await refused(CataloguePaths.brandList, { letter: 'A' })).message).toContain('letter');
  });
});

describe('goodsbrand/brandByCatalog/', () => {
  type Groups = { items: { category: { id: number; name: string }; brands: Brand[] }[] };

  it('lists the brands with goods on the shelf under each root category', async () => {
    const env = envelope<Groups>(await post(t.app, CataloguePaths.brandByCatalog, {}));
    expect(env.data.items.map((g) => [g.category.name, g.brands.map((b) => b.name)])).toEqual([
      ['母婴', ['爱他美', '贝拉米']],
      ['保健品', ['Blackmores', 'Swisse', '3M']],
    ]);
  });

  it('lists the brands of one category subtree, counting the goods there', async () => {
    const env = envelope<Groups>(
      await post(t.app, CataloguePaths.brandByCatalog, { cateId: f.categories.fishOil.id }),
    );
    expect(env.data.items).toHaveLength(1);
    expect(env.data.items[0]?.category).toEqual({ id: f.categories.fishOil.id, name: '鱼油' });
    expect(env.data.items[0]?.brands.map((b) => [b.name, b.goodsCount])).toEqual([
      ['Blackmores', 1],
      ['Swisse', 1],
    ]);
    const empty = envelope<Groups>(
      await post(t.app, CataloguePaths.brandByCatalog, { cateId: f.categories.beauty.id }),
    );
    expect(empty.data.items[0]?.brands).toEqual([]);
  });

  it('answers 404 for an unknown category and ParamsError for a bad one', async () => {
    const env = await refused(CataloguePaths.brandByCatalog, { cateId: 999_999 }, 404);
    expect(env.message).toBe('分类不存在');
    expect((await refused(CataloguePaths.brandByCatalog, { cateId: 'all' })).message).toContain('分类');
  });
});

describe('goodsbrand/detail/', () => {
  it('returns the brand with its description, banner and goods count', async () => {
    const env = envelope(await post(t.app, CataloguePaths.brandDetail, { id: f.brands.blackmores.id }));
    expect(env.data).toEqual({
      id: f.brands.blackmores.id,
      name: 'Blackmores',
      nameEn: 'Blackmores',
      initial: 'B',
      logo: 'brand/Blackmores.png',
      country: 'AU',
      goodsCount: 1,
      description: 'Blackmores品牌介绍',
      banner: '',
    });
  });

  it('counts only goods on the shelf', async () => {
    const env = envelope<{ goodsCount: number }>(
      await post(t.app, CataloguePaths.brandDetail, { id: f.brands.aptamil.id }),
    );
    expect(env.data.goodsCount).toBe(1);
  });

  it('answers 404 品牌不存在 for an unknown brand and ParamsError without an id', async () => {
    const env = await refused(CataloguePaths.brandDetail, { id: 999_999 }, 404);
    expect(env).toMatchObject({ resultCode: ResultCode.BadRequest, message: '品牌不存在' });
    expect((await refused(CataloguePaths.brandDetail, {})).resultCode).toBe(ResultCode.ParamsError);
  });
});

describe('catalogue calls and methods', () => {
  it('a GET on a POST call is 405 with the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: CataloguePaths.goodsList });
    expect(res.statusCode).toBe(405);
    expect(envelope(res)).toMatchObject({ success: false, resultCode: ResultCode.MethodNotAllowed });
  });

  it('the OpenAPI document describes the catalogue calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json() as { paths: Record<string, unknown> };
    for (const path of Object.values(CataloguePaths)) {
      const documented = Object.keys(doc.paths).some((p) => p.startsWith(path));
      expect(documented, path).toBe(true);
    }
  });
});
