import {
  type AdminGoodsDetail,
  type AdminGoodsListResponse,
  AdminGoodsPaths,
  type AdminGoodsSaveRequest,
  type AdminGoodsSaveResponse,
  type AdminGoodsShelfResponse,
  AdminPaths,
  type AdminStockLedgerResponse,
  AdminStockPaths,
  type AdminWarehouse,
  type AdminWarehouseListResponse,
  AdminWarehousePaths,
  type AuditListResponse,
  CataloguePaths,
  type GoodsDetail,
  MemberPaths,
  ResultCode,
  SkuStatus,
  type StaffRole,
  Warehouse,
} from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectConsoleGuard } from './support/admin-access';
import { createCatalogueTestApp } from './support/catalogue-helpers';
import { insertOrder, newMember } from './support/order-fixtures';
import { type StaffLogin, staffToken } from './support/staff';
import { envelope, post, type TestApp } from './support/test-app';
import { testImage, upload } from './support/upload';

let t: TestApp;
let fixture: Awaited<ReturnType<typeof createCatalogueTestApp>>['fixture'];
let wholesaleToken: string;
const staff = {} as Record<'owner' | 'content', StaffLogin>;

beforeAll(async () => {
  ({ t, fixture, wholesaleToken } = await createCatalogueTestApp());
  staff.owner = await staffToken(t, 'owner');
  staff.content = await staffToken(t, 'content');
});
afterAll(async () => {
  await t?.close();
});

type Role = keyof typeof staff;
const call = async <T>(path: string, body: unknown, role: Role = 'content') =>
  envelope<T>(await post(t.app, path, body, staff[role].token));
/** The audit rows the owner finds for an action and object, newest first. */
async function auditRows(filter: { action: string; objectId: string }) {
  return envelope<AuditListResponse>(await post(t.app, AdminPaths.auditList, filter, staff.owner.token)).data;
}
async function codes(body: Record<string, unknown>): Promise<string[]> {
  const res = await call<AdminGoodsListResponse>(AdminGoodsPaths.list, { pageSize: 100, ...body });
  expect(res.success, res.message).toBe(true);
  return res.data.items.map((g) => g.code).sort();
}

describe('who may list and shelve goods', () => {
  const calls: { path: string; body: unknown; denied: StaffRole; badBody: unknown; badMessage: RegExp }[] = [
    {
      path: AdminGoodsPaths.list,
      body: {},
      denied: 'warehouse',
      badBody: { stock: 'none' },
      badMessage: /库存状态/,
    },
    {
      path: AdminWarehousePaths.pickup,
      body: { warehouse: Warehouse.CN, address: '上海市静安区南京西路1号', hours: '9:00-17:00' },
      denied: 'warehouse',
      badBody: { warehouse: Warehouse.CN, address: '', hours: '9:00-17:00' },
      badMessage: /请填写自提地址/,
    },
    {
      path: AdminGoodsPaths.shelf,
      body: { ids: [1], onShelf: true },
      denied: 'service',
      badBody: { ids: [1, 1], onShelf: true },
      badMessage: /商品编号重复/,
    },
  ];
  it.each(calls)('$path: no token, a member, a role without catalogue.edit, bad input', async (c) => {
    await expectConsoleGuard(t, c.path, { ...c, allowed: 'content' });
  });
});

describe('goods in the console', () => {
  it('lists goods on and off the shelf with their brand, category, picture and SKU counts', async () => {
    const res = await call<AdminGoodsListResponse>(AdminGoodsPaths.list, { keyword: 'S-SWS-1-C' });
    expect(res.data.items).toHaveLength(1);
    expect(res.data.items[0]).toMatchObject({
      code: 'G-SWS-1',
      brandName: 'Swisse',
      categoryName: '鱼油',
      warehouseName: '中国仓',
      onShelf: true,
      skuCount: 3,
      buyableSkuCount: 0,
      lowestStock: 0,
    });
    expect(
      (await call<AdminGoodsListResponse>(AdminGoodsPaths.list, { keyword: 'G-BLK-1' })).data.items[0]?.image,
    ).toBe('goods/blk-1.jpg');
  });

  it('filters by category with its children, brand, warehouse, shelf state and stock', async () => {
    expect(await codes({ categoryId: fixture.categories.baby.id })).toEqual([
      'G-APT-1',
      'G-APT-2',
      'G-BEL-1',
    ]);
    expect(await codes({ brandId: fixture.brands.aptamil.id })).toEqual(['G-APT-1', 'G-APT-2']);
    expect(await codes({ warehouse: Warehouse.Mix })).toEqual(['G-3M-1']);
    expect(await codes({ onShelf: false })).toEqual(['G-APT-2']);
    expect(await codes({ stock: 'soldOut' })).toEqual(['G-SWS-1']);
    expect(await codes({ stock: 'low' })).toContain('G-SWS-1');
    expect(await codes({ keyword: 'aptamil gold' })).toEqual(['G-APT-2']);
  });

  it('puts goods off and on the shelf in a batch, all or none, audited; the storefront follows', async () => {
    const ids = [fixture.goods.mask.id, fixture.goods.riceCereal.id];
    const off = await call<AdminGoodsShelfResponse>(AdminGoodsPaths.shelf, { ids, onShelf: false });
    expect(off).toMatchObject({ success: true, message: '下架 2 个商品', data: { changed: 2 } });
    const detail = envelope<{ onFlag: boolean }>(
      await post(t.app, CataloguePaths.goodsDetail, { id: fixture.goods.mask.id }),
    ).data;
    expect(detail.onFlag).toBe(false);

    const unknown = await call(AdminGoodsPaths.shelf, {
      ids: [fixture.goods.mask.id, 999_999],
      onShelf: true,
    });
    expect(unknown.message).toContain('999999');
    expect(await codes({ onShelf: false })).toEqual(['G-3M-1', 'G-APT-2', 'G-BEL-1']);

    const on = await call<AdminGoodsShelfResponse>(AdminGoodsPaths.shelf, { ids, onShelf: true }, 'owner');
    expect(on.data.changed).toBe(2);
    const audit = await auditRows({ action: 'goods.shelf', objectId: 'G-3M-1' });
    expect(audit.items.map((i) => [i.actor, i.after])).toEqual([
      [staff.owner.username, { onShelf: true }],
      [staff.content.username, { onShelf: false }],
    ]);
  });
});

describe('warehouses and their pickup desks', () => {
  it('opens, changes and closes a desk, audited; checkout offers pickup only where one is open', async () => {
    const list = await call<AdminWarehouseListResponse>(AdminWarehousePaths.list, {});
    expect(list.data.items.map((w) => w.code)).toEqual([
      'AU',
      'CN',
      'NZ',
      'US',
      'HK',
      'KR',
      'EU',
      'JP',
      'Mix',
    ]);
    const body = {
      warehouse: Warehouse.CN,
      address: ' 上海市静安区南京西路1号 ',
      hours: '周一至周五 9:00-17:00',
    };
    const open = await call<AdminWarehouse>(AdminWarehousePaths.pickup, body);
    expect(open.data.pickup).toEqual({
      enabled: true,
      address: '上海市静安区南京西路1号',
      hours: '周一至周五 9:00-17:00',
      phone: '',
    });
    expect((await t.app.services.warehouses.pickupPoints()).map((p) => p.warehouseId)).toContain(
      Warehouse.CN,
    );
    const off = await call<AdminWarehouse>(
      AdminWarehousePaths.pickupOff,
      { warehouse: Warehouse.CN },
      'owner',
    );
    expect(off.data.pickup).toMatchObject({ enabled: false, address: '上海市静安区南京西路1号' });
    expect((await t.app.services.warehouses.pickupPoints()).map((p) => p.warehouseId)).not.toContain(
      Warehouse.CN,
    );
    const unknown = await call(AdminWarehousePaths.pickupOff, { warehouse: 42 });
    expect(unknown.message).toContain('未知的仓库');
    const audit = await auditRows({ action: 'warehouse', objectId: String(Warehouse.CN) });
    expect(audit.items.map((i) => [i.action, i.actor])).toEqual([
      ['warehouse.pickupOff', staff.owner.username],
      ['warehouse.pickup', staff.content.username],
    ]);
  });
});

// ---------------------------------------------------------------------------------- the goods editor

const LEVELS = [37, 38, 39] as const;
/** Prices of every level in both currencies: AUD base + level offset cents, CNY five times that. */
function allPrices(audBase: number) {
  return LEVELS.flatMap((level, i) => [
    { currency: 'AUD' as const, level, amount: audBase - i * 100 },
    { currency: 'CNY' as const, level, amount: (audBase - i * 100) * 5 },
  ]);
}

let codeCounter = 0;
/** A new good with two SKUs (颜色 红/蓝), as the editor sends it. */
function newGood(overrides: Partial<AdminGoodsSaveRequest> = {}): AdminGoodsSaveRequest {
  codeCounter += 1;
  const code = `G-ED-${codeCounter}`;
  return {
    code,
    name: `编辑器商品 ${codeCounter}`,
    nameEn: `Editor goods ${codeCounter}`,
    brandId: fixture.brands.swisse.id,
    categoryId: fixture.categories.fishOil.id,
    location: Warehouse.AU,
    onShelf: true,
    content: '<p>澳洲原装</p>',
    images: [
      { path: 'goods/ed-main.jpg', kind: 'good' },
      { path: 'goods/ed-side.jpg', kind: 'good' },
      { path: 'goods/ed-real.jpg', kind: 'real' },
    ],
    attributes: [{ name: '颜色', values: ['红', '蓝'] }],
    skus: [
      {
        code: `${code}-R`,
        property: { 颜色: '红' },
        weight: 500,
        status: SkuStatus.ByStock,
        stock: 8,
        prices: allPrices(2990),
      },
      {
        code: `${code}-B`,
        property: { 颜色: '蓝' },
        weight: 600,
        status: SkuStatus.InStock,
        stock: 0,
        prices: allPrices(3990),
      },
    ],
    ...overrides,
  };
}

/** The editor's form of a loaded good, ready to send back. */
function formOf(d: AdminGoodsDetail): AdminGoodsSaveRequest {
  return {
    id: d.id,
    updateTime: d.updateTime,
    code: d.code,
    name: d.name,
    nameEn: d.nameEn,
    brandId: d.brandId,
    categoryId: d.categoryId,
    location: d.location,
    onShelf: d.onShelf,
    content: d.content,
    images: d.images,
    attributes: d.attributes,
    skus: d.skus.map((s) => ({
      id: s.id,
      code: s.code,
      name: s.name,
      property: s.property,
      weight: s.weight,
      status: s.status,
      stock: s.stock,
      loadedStock: s.stock,
      prices: s.prices.map((p) => ({ ...p, level: p.level as 37 | 38 | 39 })),
      barcode: s.barcode,
    })),
  };
}

const save = (body: AdminGoodsSaveRequest, role: Role = 'content') =>
  call<AdminGoodsSaveResponse>(AdminGoodsPaths.save, body, role);
async function created(body: AdminGoodsSaveRequest = newGood()): Promise<AdminGoodsSaveResponse> {
  const res = await save(body);
  expect(res.success, res.message).toBe(true);
  return res.data;
}
async function loaded(id: number): Promise<AdminGoodsDetail> {
  const res = await call<AdminGoodsDetail>(AdminGoodsPaths.detail, { id });
  expect(res.success, res.message).toBe(true);
  return res.data;
}
async function storefront(id: number, token?: string): Promise<GoodsDetail> {
  const res = envelope<GoodsDetail>(await post(t.app, CataloguePaths.goodsDetail, { id }, token));
  expect(res.success, res.message).toBe(true);
  return res.data;
}

describe('who may open, save and upload a good', () => {
  const calls = [
    { path: AdminGoodsPaths.detail, body: { id: 1 }, badBody: { id: 0 }, badMessage: /商品编号须为正整数/ },
    {
      path: AdminGoodsPaths.save,
      body: { code: 'G-GUARD' },
      badBody: { code: '' },
      badMessage: /请填写商品编码/,
    },
  ];
  it.each(calls)('$path: no token, a member, warehouse/service/finance refused, bad input', async (c) => {
    for (const denied of ['warehouse', 'service', 'finance'] as const)
      await expectConsoleGuard(t, c.path, { ...c, denied, allowed: 'owner' });
  });

  it('goods/upload/: content and owner store a re-encoded picture; other roles and non-images are refused', async () => {
    const png = await testImage('png');
    for (const role of ['content', 'owner'] as const) {
      const res = envelope<{ path: string }>(
        await upload(t.app, AdminGoodsPaths.upload, staff[role].token, png, 'image', 'a.png'),
      );
      expect(res.success, res.message).toBe(true);
      expect(res.data.path).toMatch(/^goods\/[0-9a-f]{32}\.png$/);
      const served = await t.app.inject({ method: 'GET', url: `/res/img/${res.data.path}` });
      expect(served.statusCode).toBe(200);
    }
    for (const denied of ['warehouse', 'service', 'finance'] as const) {
      const res = await upload(t.app, AdminGoodsPaths.upload, (await staffToken(t, denied)).token, png);
      expect(res.statusCode).toBe(403);
      expect(envelope(res).resultCode).toBe(ResultCode.PermissionDenied);
    }
    const member = await newMember(t.app, 'upl');
    expect((await upload(t.app, AdminGoodsPaths.upload, member.token, png)).statusCode).toBe(401);
    const fake = await upload(
      t.app,
      AdminGoodsPaths.upload,
      staff.content.token,
      Buffer.from('<script>alert(1)</script>'),
      'image',
      'x.png',
    );
    expect(fake.statusCode).toBe(415);
    const stray = envelope(
      await upload(t.app, AdminGoodsPaths.upload, staff.content.token, png, 'image', 'a.png', { kind: 'x' }),
    );
    expect(stray.message).toContain('不支持的字段');
  });
});

describe('creating and editing a good', () => {
  it('creates a good with two SKUs and prices for every level; the storefront prices each level', async () => {
    const saved = await created();
    expect(saved).toMatchObject({
      name: expect.stringContaining('编辑器商品'),
      categoryPath: [fixture.categories.health.id, fixture.categories.fishOil.id],
      images: [
        { path: 'goods/ed-main.jpg', kind: 'good' },
        { path: 'goods/ed-side.jpg', kind: 'good' },
        { path: 'goods/ed-real.jpg', kind: 'real' },
      ],
      attributes: [{ name: '颜色', values: ['红', '蓝'] }],
      retiredSkuCodes: [],
    });
    expect(saved.skus.map((s) => [s.name, s.stock, s.prices.length])).toEqual([
      ['红', 8, 6],
      ['蓝', 0, 6],
    ]);

    const visitor = await storefront(saved.id);
    expect(visitor).toMatchObject({
      onFlag: true,
      goodsDetail: { goodImageJson: JSON.stringify(['goods/ed-main.jpg', 'goods/ed-side.jpg']) },
      property: [{ Key: '颜色', Values: ['红', '蓝'] }],
    });
    expect(visitor.skus.map((s) => [s.audPrice, s.cnyPrice])).toEqual([
      [29.9, 149.5],
      [39.9, 199.5],
    ]);
    expect((await storefront(saved.id, wholesaleToken)).skus.map((s) => s.audPrice)).toEqual([28.9, 38.9]);
    await t.app.services.member.createMember({ username: 'wholesale39', password: 'secret123', level: 39 });
    const login39 = envelope<{ token: string }>(
      await post(t.app, MemberPaths.login, { username: 'wholesale39', password: 'secret123' }),
    ).data.token;
    expect((await storefront(saved.id, login39)).skus.map((s) => [s.audPrice, s.cnyPrice])).toEqual([
      [27.9, 139.5],
      [37.9, 189.5],
    ]);
    expect(await codes({ keyword: saved.code })).toEqual([saved.code]);

    // The first stock went into the stock ledger like the 库存 page's changes.
    const ledger = await call<AdminStockLedgerResponse>(
      AdminStockPaths.ledger,
      { skuCode: `${saved.code}-R` },
      'owner',
    );
    expect(ledger.data.items.map((i) => [i.before, i.after, i.reason, i.actor])).toEqual([
      [0, 8, '编辑商品', staff.content.username],
    ]);
    const audit = await auditRows({ action: 'goods.create', objectId: saved.code });
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]?.after).toMatchObject({ code: saved.code, onShelf: true });
  });

  it('edits a good: fields, SKU order, prices and stock (ledger), audited with before and after', async () => {
    const first = await created();
    const form = formOf(first);
    const [red, blue] = form.skus;
    if (!red || !blue) throw new Error('two SKUs expected');
    const res = await save(
      {
        ...form,
        name: '改过的名字',
        onShelf: false,
        skus: [
          { ...blue, stock: 5, prices: [{ currency: 'CNY', level: 37, amount: 9900 }] },
          { ...red, code: `${red.code}-X` },
        ],
      },
      'owner',
    );
    expect(res).toMatchObject({ success: true, message: '商品已保存' });
    expect(res.data.skus.map((s) => [s.code, s.stock, s.prices.length])).toEqual([
      [blue.code, 5, 1],
      [`${red.code}-X`, 8, 6],
    ]);
    expect(res.data.updateTime).not.toBe(first.updateTime);
    const shop = await storefront(first.id);
    expect(shop.onFlag).toBe(false);
    expect(shop.skus.map((s) => [s.code, s.audPrice, s.cnyPrice])).toEqual([
      [blue.code, null, 99],
      [`${red.code}-X`, 29.9, 149.5],
    ]);
    const audit = await auditRows({ action: 'goods.update', objectId: first.code });
    expect(audit.items[0]).toMatchObject({
      actor: staff.owner.username,
      before: { name: first.name, onShelf: true },
      after: { name: '改过的名字', onShelf: false },
    });
  });

  it('keeps stock that orders or the 库存 page changed meanwhile when the editor did not touch it', async () => {
    const good = await created();
    const form = formOf(good);
    const adjust = await call(
      AdminStockPaths.adjust,
      { skuCode: `${good.code}-R`, mode: 'set', amount: 2, reason: '盘点', requestId: `r-${good.code}` },
      'owner',
    );
    expect(adjust.success, adjust.message).toBe(true);
    // The stock change does not make the form stale: the editor's untouched stock simply is not written.
    const res = await save({ ...form, nameEn: 'Still here' });
    expect(res.success, res.message).toBe(true);
    expect(res.data.skus[0]?.stock).toBe(2);
  });

  it('refuses a save with a stale updateTime and changes nothing', async () => {
    const good = await created();
    const form = formOf(good);
    expect((await save({ ...form, name: '第一位员工' })).success).toBe(true);
    const stale = await save({ ...form, name: '第二位员工' });
    expect(stale).toMatchObject({ success: false, resultCode: ResultCode.BadRequest });
    expect(stale.message).toContain('已被他人修改');
    expect((await loaded(good.id)).name).toBe('第一位员工');
  });

  it('two saves of the same loaded good at once: one wins, the other is told to reload', async () => {
    const good = await created();
    const form = formOf(good);
    const results = await Promise.all([
      save({ ...form, name: '同时保存 A' }),
      save({ ...form, name: '同时保存 B' }, 'owner'),
    ]);
    expect(results.filter((r) => r.success)).toHaveLength(1);
    const loser = results.find((r) => !r.success);
    expect(loser?.message).toContain('已被他人修改');
    const winner = results.find((r) => r.success);
    expect((await loaded(good.id)).name).toBe(winner?.data.name);
  });

  it('a save changing stock and a 库存 adjustment at once: both land, and the ledger chains', async () => {
    const good = await created();
    const form = formOf(good);
    const [red, blue] = form.skus;
    if (!red || !blue) throw new Error('two SKUs expected');
    const [saved, adjusted] = await Promise.all([
      save({ ...form, skus: [{ ...red, stock: 20 }, blue] }),
      call(
        AdminStockPaths.adjust,
        { skuCode: red.code, mode: 'add', amount: 3, reason: '到货', requestId: `race-${good.code}` },
        'owner',
      ),
    ]);
    expect(saved.success, saved.message).toBe(true);
    expect(adjusted.success, adjusted.message).toBe(true);
    const ledger = (
      await call<AdminStockLedgerResponse>(AdminStockPaths.ledger, { skuCode: red.code }, 'owner')
    ).data.items.reverse();
    // 0 → 8 at creation, then the two changes in whichever order they took the SKU's lock.
    for (const [i, entry] of ledger.entries()) if (i > 0) expect(entry.before).toBe(ledger[i - 1]?.after);
    const final = (await loaded(good.id)).skus[0]?.stock;
    expect(final).toBe(ledger.at(-1)?.after);
    expect([20, 23]).toContain(final);
  });

  it('refuses duplicate goods and SKU codes, a repeated attribute combination and bad prices and stock', async () => {
    const other = newGood();
    const [otherRed] = other.skus;
    if (!otherRed) throw new Error('SKU expected');
    const taken = await save({ ...other, skus: [{ ...otherRed, code: 'S-APT-1-900' }] });
    expect(taken.message).toBe('SKU 编码已存在：S-APT-1-900（属于商品 G-APT-1）');
    const lower = await save(newGood({ code: 'g-apt-1' }));
    expect(lower.message).toBe('商品编码已存在：g-apt-1');

    const base = newGood();
    const [a, b] = base.skus;
    if (!a || !b) throw new Error('two SKUs expected');
    const twice = await save({ ...base, skus: [a, { ...b, code: a.code }] });
    expect(twice.message).toContain(`SKU 编码重复：${a.code}`);
    const sameCombination = await save({ ...base, skus: [a, { ...b, property: { 颜色: '红' } }] });
    expect(sameCombination.message).toContain('规格组合重复：红');
    const negative = await save({
      ...base,
      skus: [{ ...a, prices: [{ currency: 'AUD', level: 37, amount: -1 }] }],
    });
    expect(negative.message).toContain('价格须为不小于0的整数');
    const fraction = await save({ ...base, skus: [{ ...a, stock: 1.5 }] });
    expect(fraction.message).toContain('库存须为不小于0的整数');
    const status = await save({ ...base, skus: [{ ...a, status: 2 }] });
    expect(status.message).toContain('未知的销售状态');
    const level = await save({
      ...base,
      skus: [{ ...a, prices: [{ currency: 'AUD', level: 40 as 37, amount: 1 }] }],
    });
    expect(level.message).toContain('会员等级须为 37、38 或 39');
    for (const r of [taken, lower, twice, sameCombination, negative, fraction, status, level])
      expect(r.resultCode, r.message).toBe(ResultCode.ParamsError);
    expect(await codes({ keyword: base.code })).toEqual([]);
  });

  it('stores the description sanitised: scripts and event attributes are removed', async () => {
    const saved = await created(
      newGood({
        content:
          '<p onclick="steal()">好货</p><script>alert(1)</script><img src="/res/img/goods/x.jpg" onerror="alert(2)">',
      }),
    );
    expect(saved.content).toBe('<p>好货</p><img src="/res/img/goods/x.jpg" />');
    expect((await storefront(saved.id)).goodsDetail.content).toBe(saved.content);
  });

  it('deletes a SKU taken out of the matrix, but keeps one an order holds, not for sale', async () => {
    const good = await created(
      newGood({
        attributes: [{ name: '颜色', values: ['红', '蓝', '绿'] }],
        skus: [
          ...newGood().skus.map((s, i) => ({ ...s, code: `DEL-${codeCounter}-${i}` })),
          {
            code: `DEL-${codeCounter}-G`,
            property: { 颜色: '绿' },
            weight: 1,
            status: SkuStatus.ByStock,
            stock: 3,
            prices: [],
          },
        ],
      }),
    );
    const [red, blue, green] = good.skus;
    if (!red || !blue || !green) throw new Error('three SKUs expected');
    const buyer = await newMember(t.app, 'ed');
    await insertOrder(t.database.db, {
      memberId: buyer.id,
      items: [{ skuId: red.id, qty: 1, unitPrice: 2990 }],
    });
    const form = formOf(await loaded(good.id));
    expect((await loaded(good.id)).skus.map((s) => s.ordered)).toEqual([true, false, false]);
    const res = await save({
      ...form,
      attributes: [{ name: '颜色', values: ['绿'] }],
      skus: form.skus.filter((s) => s.id === green.id),
    });
    expect(res.message).toBe(`商品已保存；SKU ${red.code} 已有订单，改为不可售并保留`);
    expect(res.data.retiredSkuCodes).toEqual([red.code]);
    expect(res.data.skus.map((s) => [s.code, s.status])).toEqual([
      [green.code, SkuStatus.ByStock],
      [red.code, SkuStatus.NotForSale],
    ]);
    const shop = await storefront(good.id);
    expect(shop.skus.map((s) => s.code)).not.toContain(blue.code);
  });

  it('a save failing half-way leaves the good exactly as it was', async () => {
    const good = await created();
    const [red] = good.skus;
    if (!red) throw new Error('SKU expected');
    const buyer = await newMember(t.app, 'half');
    await insertOrder(t.database.db, {
      memberId: buyer.id,
      items: [{ skuId: red.id, qty: 1, unitPrice: 2990 }],
    });
    const before = await loaded(good.id);
    const form = formOf(before);
    // The ordered red SKU leaves the matrix (kept with its code) while a new SKU asks for that same code:
    // the good, its pictures and the retirement are written before the insert fails, and must all roll back.
    const res = await save({
      ...form,
      name: '不应保存',
      images: [],
      skus: [
        ...form.skus.slice(1),
        {
          code: red.code,
          property: { 颜色: '红' },
          weight: 1,
          status: SkuStatus.InStock,
          stock: 4,
          prices: [],
        },
      ],
    });
    expect(res).toMatchObject({ success: false, message: `SKU 编码已存在：${red.code}` });
    expect(await loaded(good.id)).toEqual(before);
  });

  it('answers an unknown good, brand or category in Chinese', async () => {
    expect((await call(AdminGoodsPaths.detail, { id: 999_999 })).message).toBe('商品不存在');
    expect((await save(newGood({ brandId: 999_999 }))).message).toBe('品牌不存在');
    expect((await save(newGood({ categoryId: 999_999 }))).message).toBe('分类不存在');
    const good = await created();
    const { updateTime: _u, ...withoutTime } = formOf(good);
    expect((await save(withoutTime)).message).toContain('缺少更新时间');
  });
});

describe('a good’s wholesale settings: quantity rule and volume prices per SKU (ADR 050)', () => {
  const wholesale = () => {
    const good = newGood({ breaksMixed: true });
    const [red, blue] = good.skus as [
      AdminGoodsSaveRequest['skus'][number],
      AdminGoodsSaveRequest['skus'][number],
    ];
    return {
      ...good,
      skus: [
        {
          ...red,
          minQty: 12,
          stepQty: 6,
          maxQty: 120,
          breaks: [
            { currency: 'CNY' as const, level: 37 as const, minQty: 24, amount: 13000 },
            { currency: 'CNY' as const, level: 37 as const, minQty: 48, amount: 12500 },
            { currency: 'AUD' as const, level: 38 as const, minQty: 24, amount: 2500 },
          ],
        },
        blue,
      ],
    };
  };

  it('saves and loads them, audited, and the storefront shows them at the visitor’s level', async () => {
    const good = await created(wholesale());
    expect(good.breaksMixed).toBe(true);
    expect(good.skus[0]).toMatchObject({ minQty: 12, stepQty: 6, maxQty: 120 });
    expect(good.skus[0]?.breaks).toEqual([
      { currency: 'AUD', level: 38, minQty: 24, amount: 2500 },
      { currency: 'CNY', level: 37, minQty: 24, amount: 13000 },
      { currency: 'CNY', level: 37, minQty: 48, amount: 12500 },
    ]);
    expect(good.skus[1]).toMatchObject({ minQty: 1, stepQty: 1, maxQty: null, breaks: [] });
    expect((await loaded(good.id)).skus[0]?.breaks).toHaveLength(3);
    const shown = await storefront(good.id);
    expect(shown.skus[0]).toMatchObject({
      minQty: 12,
      stepQty: 6,
      maxQty: 120,
      priceBreaks: [
        { minQty: 24, audPrice: null, cnyPrice: 130 },
        { minQty: 48, audPrice: null, cnyPrice: 125 },
      ],
    });
    const [row] = (await auditRows({ action: 'goods.create', objectId: good.code })).items;
    expect(JSON.stringify(row?.after)).toContain('CNY37@24:13000');
  });

  it('keeps each SKU’s barcode as digits, moves one between its SKUs, and refuses one another good holds', async () => {
    const body = wholesale();
    const [red, blue] = body.skus as [
      AdminGoodsSaveRequest['skus'][number],
      AdminGoodsSaveRequest['skus'][number],
    ];
    // Typed in groups with full-width digits: stored as digits.
    const good = await created({ ...body, skus: [{ ...red, barcode: '４００６３８１ ３３３９３１' }, blue] });
    expect(good.skus.map((s) => s.barcode)).toEqual(['4006381333931', null]);
    // Moved from the red SKU to the blue one in one save.
    const form = formOf(good);
    const moved = await created({
      ...form,
      skus: form.skus.map((s, i) => ({ ...s, barcode: i === 0 ? '96385074' : '4006381333931' })),
    });
    expect(moved.skus.map((s) => s.barcode)).toEqual(['96385074', '4006381333931']);
    const [row] = (await auditRows({ action: 'goods.update', objectId: good.code })).items;
    expect(JSON.stringify(row?.after)).toContain('4006381333931');
    // Another good asking for it is refused, naming who holds it, and nothing of it is written.
    const other = newGood();
    const taken = await save({
      ...other,
      skus: other.skus.map((s, i) => ({ ...s, barcode: i === 0 ? '4006381333931' : null })),
    });
    expect(taken.message).toBe(`条码已存在：4006381333931（属于商品 ${good.code} 的 SKU ${blue.code}）`);
    expect(await codes({ keyword: other.code })).toEqual([]);
  });

  it('saving the form without them takes the rule and the breaks away', async () => {
    const good = await created(wholesale());
    const again = await created({ ...formOf(good), breaksMixed: false });
    expect(again.skus[0]).toMatchObject({ minQty: 1, stepQty: 1, maxQty: null, breaks: [] });
    expect(again.breaksMixed).toBe(false);
  });

  it.each([
    ['a maximum below the smallest case', { maxQty: 10 }, '限购数量须不少于起订量（12件）'],
    ['a case pack of 0', { stepQty: 0 }, '每箱件数须为正整数'],
    [
      'a break without a single price in its cell',
      {
        breaks: [{ currency: 'AUD' as const, level: 39 as const, minQty: 10, amount: 100 }],
        prices: allPrices(2990).filter((p) => p.level !== 39),
      },
      '39级 AUD 没有单价，不能设置阶梯价',
    ],
    [
      'a starting quantity twice',
      {
        breaks: [
          { currency: 'CNY' as const, level: 37 as const, minQty: 24, amount: 13000 },
          { currency: 'CNY' as const, level: 37 as const, minQty: 24, amount: 12000 },
        ],
      },
      '37级 CNY 的阶梯价起始数量 24 重复',
    ],
    ['a barcode with a wrong check digit', { barcode: '4006381333932' }, '条码校验位不正确'],
    ['a barcode of letters', { barcode: 'ABC123' }, '条码只能包含数字'],
    [
      'a break from 1 piece',
      { breaks: [{ currency: 'CNY' as const, level: 37 as const, minQty: 1, amount: 100 }] },
      '阶梯价的起始数量须为不小于2的整数',
    ],
  ])('refuses %s, writing nothing', async (_, change, message) => {
    const body = wholesale();
    const first = body.skus[0] as AdminGoodsSaveRequest['skus'][number];
    const res = await save({ ...body, skus: [{ ...first, ...change }, ...body.skus.slice(1)] });
    expect(res.success).toBe(false);
    expect(res.message).toContain(message);
    expect(await codes({ keyword: body.code })).toEqual([]);
  });
});

describe('a ByBook SKU’s expected arrival day (issue #39 预订)', () => {
  it('saves and loads it, audited; the storefront shows it on a ByBook SKU only; a bad day is refused', async () => {
    const body = newGood();
    const [red, blue] = body.skus as [
      AdminGoodsSaveRequest['skus'][number],
      AdminGoodsSaveRequest['skus'][number],
    ];
    const good = await created({
      ...body,
      skus: [
        { ...red, status: SkuStatus.ByBook, stock: 0, expectedDate: '2027-01-15' },
        // A day left on another status says nothing to shoppers.
        { ...blue, expectedDate: '2027-02-01' },
      ],
    });
    expect(good.skus.map((s) => s.expectedDate)).toEqual(['2027-01-15', '2027-02-01']);
    expect((await loaded(good.id)).skus.map((s) => s.expectedDate)).toEqual(['2027-01-15', '2027-02-01']);
    expect((await storefront(good.id)).skus.map((s) => s.expectedDate)).toEqual(['2027-01-15', null]);
    const [row] = (await auditRows({ action: 'goods.create', objectId: good.code })).items;
    expect(JSON.stringify(row?.after)).toContain('2027-01-15');

    // Emptied: none.
    const form = formOf(await loaded(good.id));
    const cleared = await created({ ...form, skus: form.skus.map((s) => ({ ...s, expectedDate: '' })) });
    expect(cleared.skus.map((s) => s.expectedDate)).toEqual([null, null]);

    const bad = await save({ ...form, skus: form.skus.map((s) => ({ ...s, expectedDate: '2027-02-30' })) });
    expect(bad.success).toBe(false);
    expect(bad.message).toContain('预计到货日期须为有效日期');
  });
});
