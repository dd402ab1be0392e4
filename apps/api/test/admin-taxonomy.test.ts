import {
  type AdminBrand,
  type AdminBrandListResponse,
  type AdminCategoryNode,
  type AdminCategoryResponse,
  type AdminCategoryTreeResponse,
  type AdminGoodsListResponse,
  AdminGoodsPaths,
  AdminPaths,
  AdminTaxonomyPaths,
  type AdminUploadedImage,
  type AuditListResponse,
  CataloguePaths,
  ResultCode,
  type StaffRole,
} from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goods } from '../src/db/schema';
import { expectConsoleGuard } from './support/admin-access';
import type { CatalogueFixture } from './support/catalogue-fixtures';
import { createCatalogueTestApp } from './support/catalogue-helpers';
import { type StaffLogin, staffToken } from './support/staff';
import { envelope, post, type TestApp } from './support/test-app';
import { testImage, upload } from './support/upload';

let t: TestApp;
let fixture: CatalogueFixture;
const staff = {} as Record<'owner' | 'content', StaffLogin>;

beforeAll(async () => {
  ({ t, fixture } = await createCatalogueTestApp());
  for (const role of ['owner', 'content'] as const) staff[role] = await staffToken(t, role);
});
afterAll(async () => {
  await t?.close();
});

type Role = keyof typeof staff;
const call = async <T>(path: string, body: unknown, role: Role = 'content') =>
  envelope<T>(await post(t.app, path, body, staff[role].token));
async function okData<T>(path: string, body: unknown, role: Role = 'content'): Promise<T> {
  const res = await call<T>(path, body, role);
  expect(res.success, res.message).toBe(true);
  return res.data;
}
const brandBody = (over: Record<string, unknown> = {}) => ({
  name: '可瑞康',
  nameEn: 'Karicare',
  country: 'NZ',
  logo: '',
  ...over,
});
function find(nodes: readonly AdminCategoryNode[], name: string): AdminCategoryNode | undefined {
  for (const n of nodes) {
    if (n.name === name) return n;
    const inner = find(n.children, name);
    if (inner) return inner;
  }
  return undefined;
}
async function searchTextOf(id: number): Promise<string> {
  const [row] = await t.database.db.select({ text: goods.searchText }).from(goods).where(eq(goods.id, id));
  return row?.text ?? '';
}
const tree = async () => (await okData<AdminCategoryTreeResponse>(AdminTaxonomyPaths.categoryTree, {})).items;
const auditOf = (action: string, objectId: string | number) =>
  okData<AuditListResponse>(AdminPaths.auditList, { action, objectId: String(objectId) }, 'owner');

describe('who may change brands and categories', () => {
  const calls: { path: string; body: unknown; denied: StaffRole; badBody: unknown; badMessage: RegExp }[] = [
    {
      path: AdminTaxonomyPaths.brandList,
      body: {},
      denied: 'warehouse',
      badBody: { pageSize: 0 },
      badMessage: /./,
    },
    {
      path: AdminTaxonomyPaths.brandSave,
      body: brandBody({ name: 'guard' }),
      denied: 'service',
      badBody: brandBody({ name: '' }),
      badMessage: /请输入品牌名称/,
    },
    {
      path: AdminTaxonomyPaths.brandDelete,
      body: { id: 999999 },
      denied: 'finance',
      badBody: { id: 'x' },
      badMessage: /编号|整数|请指定/,
    },
    {
      path: AdminTaxonomyPaths.brandInitial,
      body: { name: '爱' },
      denied: 'warehouse',
      badBody: { name: 'x'.repeat(81) },
      badMessage: /80/,
    },
    {
      path: AdminTaxonomyPaths.categoryTree,
      body: {},
      denied: 'service',
      badBody: { extra: 1 },
      badMessage: /extra|不支持|未知/,
    },
    {
      path: AdminTaxonomyPaths.categorySave,
      body: { name: 'guard' },
      denied: 'warehouse',
      badBody: { name: '' },
      badMessage: /请输入分类名称/,
    },
    {
      path: AdminTaxonomyPaths.categoryMove,
      body: { id: 999999, parentId: null, index: 0 },
      denied: 'finance',
      badBody: { id: 1, parentId: null, index: -1 },
      badMessage: /位置不能小于0/,
    },
    {
      path: AdminTaxonomyPaths.categoryDelete,
      body: { id: 999999 },
      denied: 'service',
      badBody: {},
      badMessage: /请指定/,
    },
  ];
  it.each(calls)('$path: no token, a member, a role without catalogue.edit, bad input', async (c) => {
    await expectConsoleGuard(t, c.path, { ...c, allowed: 'content' });
  });

  it('refuses an upload from roles without catalogue.edit and anything that is not a picture', async () => {
    const image = await testImage('png');
    const none = await upload(t.app, AdminTaxonomyPaths.brandUpload, '', image, 'image', 'logo.png');
    expect(none.statusCode).toBe(401);
    const warehouse = await staffToken(t, 'warehouse');
    const denied = await upload(
      t.app,
      AdminTaxonomyPaths.brandUpload,
      warehouse.token,
      image,
      'image',
      'l.png',
    );
    expect(envelope(denied).resultCode).toBe(ResultCode.PermissionDenied);
    const text = Buffer.from('<svg onload="alert(1)"></svg>');
    const refused = envelope(
      await upload(t.app, AdminTaxonomyPaths.brandUpload, staff.content.token, text, 'image', 'x.png'),
    );
    expect(refused.success).toBe(false);
    expect(refused.resultCode).toBe(ResultCode.UnsupportedMediaType);
  });
});

describe('brands', () => {
  it('lists brands in the storefront’s A–Z order with their goods counts', async () => {
    const list = await okData<AdminBrandListResponse>(AdminTaxonomyPaths.brandList, { pageSize: 100 });
    expect(list.items.map((b) => `${b.initial} ${b.name}`)).toEqual([
      '# 3M',
      'A 爱他美',
      'B Blackmores',
      'B 贝拉米',
      'S Swisse',
      'Z Zeta',
    ]);
    expect(list.items.find((b) => b.name === '爱他美')?.goodsCount).toBe(2);
    const found = await okData<AdminBrandListResponse>(AdminTaxonomyPaths.brandList, { keyword: 'bella' });
    expect(found.items.map((b) => b.name)).toEqual(['贝拉米']);
    expect(found.totalCount).toBe(1);
  });

  it('tells the group a name would go under, as the storefront will file it', async () => {
    for (const [name, initial] of [
      ['可瑞康', 'K'],
      ['a2', 'A'],
      ['Élevit', 'E'],
      ['3M', '#'],
      ['', '#'],
    ])
      expect((await okData<{ initial: string }>(AdminTaxonomyPaths.brandInitial, { name })).initial).toBe(
        initial,
      );
  });

  it('creates a brand with an uploaded logo; the storefront lists it under its pinyin initial; audited', async () => {
    const json = await call(AdminTaxonomyPaths.brandUpload, {});
    expect(json.resultCode).toBe(ResultCode.UnsupportedMediaType);
    const res = await upload(
      t.app,
      AdminTaxonomyPaths.brandUpload,
      staff.content.token,
      await testImage('png'),
      'image',
      'logo.png',
    );
    const stored = envelope<AdminUploadedImage>(res);
    expect(stored.success, stored.message).toBe(true);
    expect(stored.data.path).toMatch(/^brand\/[0-9a-f]{32}\.png$/);

    const created = await okData<AdminBrand>(
      AdminTaxonomyPaths.brandSave,
      brandBody({ logo: stored.data.path }),
    );
    expect(created).toMatchObject({
      name: '可瑞康',
      initial: 'K',
      logo: stored.data.path,
      country: 'NZ',
      goodsCount: 0,
    });

    const audit = await auditOf('brand.create', created.id);
    expect(audit.items[0]).toMatchObject({
      actor: staff.content.username,
      after: { name: '可瑞康', initial: 'K' },
    });

    const taken = await call(AdminTaxonomyPaths.brandSave, brandBody({ name: ' 可瑞康 ' }));
    expect(taken).toMatchObject({ success: false, message: '已有同名品牌' });
    const outside = await call(
      AdminTaxonomyPaths.brandSave,
      brandBody({ name: 'X', logo: 'https://evil.test/x.png' }),
    );
    expect(outside.message).toMatch(/标志须为上传的图片/);
    const badCountry = await call(AdminTaxonomyPaths.brandSave, brandBody({ name: 'Y', country: 'MARS' }));
    expect(badCountry.message).toMatch(/请选择国家或地区/);
  });

  it('renaming a brand moves its group and lets the keyword search find its goods by the new name', async () => {
    const aptamil = fixture.brands.aptamil.id;
    await okData(AdminTaxonomyPaths.brandSave, {
      ...brandBody({ name: '德国爱他美', nameEn: 'Aptamil DE', country: 'EU' }),
      id: aptamil,
    });
    const list = await okData<AdminBrandListResponse>(AdminTaxonomyPaths.brandList, { keyword: '德国' });
    expect(list.items[0]).toMatchObject({ id: aptamil, initial: 'D', goodsCount: 2 });
    const shop = envelope<{ totalCount: number }>(
      await post(t.app, CataloguePaths.goodsList, { keyword: '德国爱他美' }),
    );
    expect(shop.success, shop.message).toBe(true);
    expect(shop.data.totalCount).toBe(1);
    // The product off the shelf is rewritten too, ready for when it goes back on.
    expect(await searchTextOf(fixture.goods.offShelf.id)).toContain('德国爱他美 aptamil de');
    const audit = await auditOf('brand.update', aptamil);
    expect(audit.items[0]).toMatchObject({ before: { name: '爱他美' }, after: { name: '德国爱他美' } });
  });

  it('deletes only a brand without goods', async () => {
    const inUse = await call(AdminTaxonomyPaths.brandDelete, { id: fixture.brands.swisse.id });
    expect(inUse.success).toBe(false);
    expect(inUse.message).toMatch(/该品牌下还有 1 个商品/);
    const zeta = fixture.brands.zeta.id;
    expect((await call(AdminTaxonomyPaths.brandDelete, { id: zeta })).success).toBe(true);
    expect((await call(AdminTaxonomyPaths.brandDelete, { id: zeta })).message).toBe('品牌不存在');
    expect((await auditOf('brand.delete', zeta)).items[0]).toMatchObject({ before: { name: 'Zeta' } });
  });
});

describe('the category tree', () => {
  it('shows three levels with the goods filed in each', async () => {
    const items = await tree();
    expect(items.map((n) => n.name)).toEqual(['美妆', '母婴', '保健品']);
    const baby = find(items, '母婴');
    expect(baby?.children.map((n) => n.name)).toEqual(['奶粉', '辅食']);
    expect(find(items, '婴儿奶粉')).toMatchObject({ depth: 3, goodsCount: 2, children: [] });
  });

  it('creates, renames and refuses a fourth level or a duplicate name among siblings', async () => {
    const health = find(await tree(), '保健品');
    const created = await okData<AdminCategoryResponse>(AdminTaxonomyPaths.categorySave, {
      name: '维生素',
      parentId: health?.id,
    });
    const vitamins = find(created.tree, '维生素');
    expect(vitamins).toMatchObject({ id: created.id, depth: 2, parentId: health?.id });
    expect(find(created.tree, '保健品')?.children.map((n) => n.name)).toEqual(['鱼油', '维生素']);

    const infant = find(created.tree, '婴儿奶粉');
    const deep = await call(AdminTaxonomyPaths.categorySave, { name: '四级', parentId: infant?.id });
    expect(deep).toMatchObject({ success: false, message: '分类最多3级' });
    const twin = await call(AdminTaxonomyPaths.categorySave, { name: '鱼油', parentId: health?.id });
    expect(twin.message).toBe('同一级下已有同名分类');
    const orphan = await call(AdminTaxonomyPaths.categorySave, { name: 'x', parentId: 999999 });
    expect(orphan.message).toBe('上级分类不存在');

    const fishOil = find(created.tree, '鱼油');
    await okData(AdminTaxonomyPaths.categorySave, { id: fishOil?.id, name: '鱼油胶囊类' });
    // The storefront's keyword search finds the renamed category's goods by its new name.
    const shop = envelope<{ totalCount: number }>(
      await post(t.app, CataloguePaths.goodsList, { keyword: '鱼油胶囊类' }),
    );
    expect(shop.data.totalCount).toBe(2);
    expect((await auditOf('category.update', fishOil?.id ?? 0)).items[0]).toMatchObject({
      before: { name: '鱼油' },
      after: { name: '鱼油胶囊类' },
    });
  });

  it('moves a branch with its children and goods, reorders, and refuses moves past three levels or into itself', async () => {
    let items = await tree();
    const milk = find(items, '奶粉');
    const health = find(items, '保健品');
    const baby = find(items, '母婴');
    if (!milk || !health || !baby) throw new Error('fixture tree');
    // 奶粉 → 婴儿奶粉 is two levels: it cannot go under a second-level category.
    const fishOil = find(items, '鱼油胶囊类');
    const tooDeep = await call(AdminTaxonomyPaths.categoryMove, {
      id: milk.id,
      parentId: fishOil?.id,
      index: 0,
    });
    expect(tooDeep.message).toBe('分类最多3级');
    const infant = find(items, '婴儿奶粉');
    const loop = await call(AdminTaxonomyPaths.categoryMove, { id: baby.id, parentId: infant?.id, index: 0 });
    expect(loop.message).toBe('不能把分类移到它自己或它的下级分类下');

    const moved = await okData<AdminCategoryResponse>(AdminTaxonomyPaths.categoryMove, {
      id: milk.id,
      parentId: health.id,
      index: 0,
    });
    items = moved.tree;
    expect(find(items, '保健品')?.children.map((n) => n.name)[0]).toBe('奶粉');
    expect(find(items, '母婴')?.children.map((n) => n.name)).toEqual(['辅食']);
    expect(find(items, '婴儿奶粉')).toMatchObject({ depth: 3, goodsCount: 2 });
    // The storefront's category filter follows the branch: 保健品 now holds the milk.
    const shop = envelope<{ items: { goodsName?: string; name?: string }[] }>(
      await post(t.app, CataloguePaths.goodsList, { cateId: health.id, pageSize: 50 }),
    );
    expect(shop.success, shop.message).toBe(true);
    expect(JSON.stringify(shop.data.items)).toContain('爱他美白金版婴儿奶粉1段 900g');
    const healthGoods = await okData<AdminGoodsListResponse>(AdminGoodsPaths.list, { categoryId: health.id });
    expect(healthGoods.items.map((g) => g.name)).toContain('爱他美白金版婴儿奶粉1段 900g');
    // Search text carries the new path.
    const byPath = envelope<{ items: unknown[] }>(
      await post(t.app, CataloguePaths.goodsList, { keyword: '保健品 奶粉' }),
    );
    expect(JSON.stringify(byPath.data.items)).toContain('爱他美白金版婴儿奶粉1段 900g');
    expect(await searchTextOf(fixture.goods.offShelf.id)).toContain('保健品 奶粉 婴儿奶粉');

    // Top level: 保健品 first.
    const top = await okData<AdminCategoryResponse>(AdminTaxonomyPaths.categoryMove, {
      id: health.id,
      parentId: null,
      index: 0,
    });
    expect(top.tree.map((n) => n.name)).toEqual(['保健品', '美妆', '母婴']);
    // A third-level leaf moved up to the top becomes a first-level category.
    const leaf = await okData<AdminCategoryResponse>(AdminTaxonomyPaths.categoryMove, {
      id: infant?.id,
      parentId: null,
      index: 99,
    });
    expect(leaf.tree.map((n) => n.name)).toEqual(['保健品', '美妆', '母婴', '婴儿奶粉']);
    expect(find(leaf.tree, '婴儿奶粉')).toMatchObject({ depth: 1, parentId: null });
    expect((await auditOf('category.move', milk.id)).items[0]).toMatchObject({
      after: { parentId: health.id, index: 0 },
    });
  });

  it('two moves at once cannot put two branches under each other', async () => {
    const a = await okData<AdminCategoryResponse>(AdminTaxonomyPaths.categorySave, { name: '甲' });
    const b = await okData<AdminCategoryResponse>(AdminTaxonomyPaths.categorySave, { name: '乙' });
    const [one, two] = await Promise.all([
      call(AdminTaxonomyPaths.categoryMove, { id: a.id, parentId: b.id, index: 0 }),
      call(AdminTaxonomyPaths.categoryMove, { id: b.id, parentId: a.id, index: 0 }),
    ]);
    expect([one.success, two.success].sort()).toEqual([false, true]);
    const items = await tree();
    const roots = items.filter((n) => n.name === '甲' || n.name === '乙');
    expect(roots).toHaveLength(1);
    expect(roots[0]?.children).toHaveLength(1);
  });

  it('deletes only an empty leaf', async () => {
    const items = await tree();
    const baby = find(items, '母婴');
    const babyFood = find(items, '辅食');
    const beauty = find(items, '美妆');
    expect((await call(AdminTaxonomyPaths.categoryDelete, { id: baby?.id })).message).toBe(
      '该分类下还有下级分类，不能删除',
    );
    expect((await call(AdminTaxonomyPaths.categoryDelete, { id: babyFood?.id })).message).toMatch(
      /该分类下还有 1 个商品/,
    );
    const deleted = await okData<AdminCategoryResponse>(AdminTaxonomyPaths.categoryDelete, {
      id: beauty?.id,
    });
    expect(find(deleted.tree, '美妆')).toBeUndefined();
    expect((await auditOf('category.delete', beauty?.id ?? 0)).items[0]).toMatchObject({
      before: { name: '美妆' },
    });
  });
});
