import {
  type AdminGoodsListResponse,
  AdminGoodsPaths,
  type AdminGoodsShelfResponse,
  AdminPaths,
  type AdminWarehouse,
  type AdminWarehouseListResponse,
  AdminWarehousePaths,
  type AuditListResponse,
  CataloguePaths,
  type StaffRole,
  Warehouse,
} from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectConsoleGuard } from './support/admin-access';
import { createCatalogueTestApp } from './support/catalogue-helpers';
import { type StaffLogin, staffToken } from './support/staff';
import { envelope, post, type TestApp } from './support/test-app';

let t: TestApp;
let fixture: Awaited<ReturnType<typeof createCatalogueTestApp>>['fixture'];
const staff = {} as Record<'owner' | 'content', StaffLogin>;

beforeAll(async () => {
  ({ t, fixture } = await createCatalogueTestApp());
  staff.owner = await staffToken(t, 'owner');
  staff.content = await staffToken(t, 'content');
});
afterAll(async () => {
  await t?.close();
});

type Role = keyof typeof staff;
const call = async <T>(path: string, body: unknown, role: Role = 'content') =>
  envelope<T>(await post(t.app, path, body, staff[role].token));
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
    const audit = envelope<AuditListResponse>(
      await post(
        t.app,
        AdminPaths.auditList,
        { action: 'goods.shelf', objectId: 'G-3M-1' },
        staff.owner.token,
      ),
    ).data;
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
    const audit = envelope<AuditListResponse>(
      await post(
        t.app,
        AdminPaths.auditList,
        { action: 'warehouse', objectId: String(Warehouse.CN) },
        staff.owner.token,
      ),
    ).data;
    expect(audit.items.map((i) => [i.action, i.actor])).toEqual([
      ['warehouse.pickupOff', staff.owner.username],
      ['warehouse.pickup', staff.content.username],
    ]);
  });
});
