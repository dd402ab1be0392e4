import {
  AdminPaths,
  type AdminStockAdjustResponse,
  type AdminStockLedgerResponse,
  type AdminStockListResponse,
  AdminStockPaths,
  type AuditListResponse,
  CataloguePaths,
  type StaffRole,
  Warehouse,
} from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliActor } from '../src/lib/audit';
import { expectConsoleGuard } from './support/admin-access';
import { createCatalogueTestApp } from './support/catalogue-helpers';
import { type StaffLogin, staffToken } from './support/staff';
import { envelope, post, type TestApp } from './support/test-app';

let t: TestApp;
const staff = {} as Record<'owner' | 'warehouse' | 'content', StaffLogin>;

beforeAll(async () => {
  ({ t } = await createCatalogueTestApp());
  for (const role of ['owner', 'warehouse', 'content'] as const) staff[role] = await staffToken(t, role);
});
afterAll(async () => {
  await t?.close();
});

type Role = keyof typeof staff;
const call = async <T>(path: string, body: unknown, role: Role = 'warehouse') =>
  envelope<T>(await post(t.app, path, body, staff[role].token));
async function okData<T>(path: string, body: unknown, role: Role = 'warehouse'): Promise<T> {
  const res = await call<T>(path, body, role);
  expect(res.success, res.message).toBe(true);
  return res.data;
}
let requests = 0;
const requestId = () => `stock-test-${++requests}-${Date.now()}`;
const adjust = (skuCode: string, mode: string, amount: number, reason = '盘点', role: Role = 'warehouse') =>
  call<AdminStockAdjustResponse>(
    AdminStockPaths.adjust,
    { skuCode, mode, amount, reason, requestId: requestId() },
    role,
  );

describe('who may see and change stock', () => {
  const calls: { path: string; body: unknown; denied: StaffRole; badBody: unknown; badMessage: RegExp }[] = [
    {
      path: AdminStockPaths.list,
      body: {},
      denied: 'service',
      badBody: { warehouse: 99 },
      badMessage: /未知的仓库/,
    },
    {
      path: AdminStockPaths.adjust,
      body: { skuCode: 'S-BLK-1-400', mode: 'add', amount: 1, reason: '到货', requestId: 'guard-12345678' },
      denied: 'finance',
      badBody: { skuCode: 'S-BLK-1-400', mode: 'add', amount: 1, reason: '', requestId: 'guard-87654321' },
      badMessage: /请填写调整原因/,
    },
    {
      path: AdminStockPaths.ledger,
      body: { skuCode: 'S-BLK-1-400' },
      denied: 'service',
      badBody: { skuCode: '' },
      badMessage: /请指定 SKU/,
    },
  ];
  it.each(calls)('$path: no token, a member, a role without stock.adjust, bad input', async (c) => {
    await expectConsoleGuard(t, c.path, { ...c, allowed: 'warehouse' });
  });

  it('refuses bad adjustments before anything changes', async () => {
    const bad: [unknown, RegExp][] = [
      [{ skuCode: 'S-BLK-1-400', mode: 'add', amount: 0, reason: 'x', requestId: requestId() }, /须大于0/],
      [{ skuCode: 'S-BLK-1-400', mode: 'set', amount: -1, reason: 'x', requestId: requestId() }, /不能小于0/],
      [{ skuCode: 'S-BLK-1-400', mode: 'set', amount: 1.5, reason: 'x', requestId: requestId() }, /整数/],
      [
        { skuCode: 'S-BLK-1-400', mode: 'double', amount: 1, reason: 'x', requestId: requestId() },
        /调整方式/,
      ],
      [
        { skuCode: 'S-BLK-1-400', mode: 'set', amount: 1, reason: 'x'.repeat(201), requestId: requestId() },
        /200/,
      ],
      [{ skuCode: 'S-BLK-1-400', mode: 'set', amount: 1, reason: 'x', requestId: 'short' }, /请求编号/],
      [{ skuCode: 'S-BLK-1-400', mode: 'set', amount: 1, reason: 'x' }, /请求编号/],
    ];
    for (const [body, message] of bad) {
      const res = await call(AdminStockPaths.adjust, body);
      expect(res.success, JSON.stringify(body)).toBe(false);
      expect(res.message).toMatch(message);
    }
    const missing = await adjust('NOPE', 'set', 1);
    expect(missing).toMatchObject({ success: false });
    expect(missing.message).toContain('NOPE');
    const tooMany = await adjust('S-BLK-1-400', 'sub', 11);
    expect(tooMany.message).toContain('当前库存 10，不能减少 11');
    const list = await okData<AdminStockListResponse>(AdminStockPaths.list, { keyword: 'S-BLK-1-400' });
    expect(list.items.map((i) => i.stock)).toEqual([10]);
  });
});

describe('stock in the console', () => {
  it('lists SKUs by keyword and warehouse, and the low ones fewest first', async () => {
    const byName = await okData<AdminStockListResponse>(AdminStockPaths.list, { keyword: '鱼油' });
    expect(byName.items.map((i) => i.skuCode)).toEqual(['S-BLK-1-400', 'S-BLK-1-200']);
    expect(byName.items[0]).toMatchObject({
      goodsName: 'Blackmores 深海鱼油 1000mg',
      property: { 规格: '400粒', 包装: '单瓶' },
      warehouseName: '澳大利亚仓',
      statusLabel: '按库存销售',
      stock: 10,
    });
    const cn = await okData<AdminStockListResponse>(
      AdminStockPaths.list,
      { warehouse: Warehouse.CN },
      'content',
    );
    expect(cn.items.every((i) => i.location === Warehouse.CN)).toBe(true);
    const low = await okData<AdminStockListResponse>(AdminStockPaths.list, { low: true, pageSize: 100 });
    expect(low.items.length).toBeGreaterThan(0);
    expect(low.items.every((i) => i.status === 1 && i.stock <= 5)).toBe(true);
    expect(low.items.map((i) => i.stock)).toEqual([...low.items.map((i) => i.stock)].sort((a, b) => a - b));
    expect(low.items.map((i) => i.skuCode)).toContain('S-SWS-1-C');
    const past = await okData<AdminStockListResponse>(AdminStockPaths.list, { low: true, pageNo: 99 });
    expect(past).toEqual({ items: [], totalCount: low.totalCount });
  });

  it('adjusts with a reason into the ledger and the audit log; a retried request applies once', async () => {
    const id = requestId();
    const body = { skuCode: 'S-SWS-1-C', mode: 'add', amount: 12, reason: '到货 12 件', requestId: id };
    const [first, second] = await Promise.all([
      call<AdminStockAdjustResponse>(AdminStockPaths.adjust, body),
      call<AdminStockAdjustResponse>(AdminStockPaths.adjust, body),
    ]);
    const results = [first, second].map((r) => r.data);
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    expect(results.map((r) => [r.previous, r.stock])).toEqual([
      [0, 12],
      [0, 12],
    ]);
    expect((await adjust('S-SWS-1-C', 'sub', 2, '破损 2 件', 'owner')).data).toMatchObject({
      previous: 12,
      stock: 10,
    });
    expect((await adjust('S-SWS-1-C', 'set', 0, '盘点为 0', 'content')).data).toMatchObject({ stock: 0 });

    const ledger = await okData<AdminStockLedgerResponse>(AdminStockPaths.ledger, { skuCode: 'S-SWS-1-C' });
    expect(ledger.totalCount).toBe(3);
    expect(ledger.items.map((e) => [e.before, e.after, e.reason, e.actor])).toEqual([
      [10, 0, '盘点为 0', staff.content.username],
      [12, 10, '破损 2 件', staff.owner.username],
      [0, 12, '到货 12 件', staff.warehouse.username],
    ]);
    const audit = await okData<AuditListResponse>(
      AdminPaths.auditList,
      { action: 'stock.adjust', objectId: 'S-SWS-1-C' },
      'owner',
    );
    expect(audit.items.map((i) => i.after)).toEqual([
      { stock: 0, reason: '盘点为 0' },
      { stock: 10, reason: '破损 2 件' },
      { stock: 12, reason: '到货 12 件' },
    ]);
    // A request id is for one SKU only.
    const reused = await call(AdminStockPaths.adjust, { ...body, skuCode: 'S-BLK-1-400' });
    expect(reused.message).toBe('请求编号已用于另一个 SKU 的调整');
  });

  it('shows the storefront the new stock, and writes the command line’s changes to the same ledger', async () => {
    await adjust('S-BLK-1-400', 'set', 0, '售罄');
    const detail = envelope<{ skus: { code: string; stock: number; status: number }[] }>(
      await post(t.app, CataloguePaths.goodsDetail, { id: (await stockRow('S-BLK-1-400')).goodsId }),
    ).data;
    expect(detail.skus.find((k) => k.code === 'S-BLK-1-400')?.stock).toBe(0);
    await t.app.services.inventory.changeStock(
      'S-BLK-1-400',
      { add: 4 },
      { by: cliActor('仓库老刘'), reason: '补货' },
    );
    const ledger = await okData<AdminStockLedgerResponse>(AdminStockPaths.ledger, { skuCode: 'S-BLK-1-400' });
    expect(ledger.items[0]).toMatchObject({ before: 0, after: 4, reason: '补货', actor: 'cli:仓库老刘' });
    expect((await call(AdminStockPaths.ledger, { skuCode: 'NOPE' })).message).toContain('NOPE');
  });
});

async function stockRow(skuCode: string) {
  const list = await okData<AdminStockListResponse>(AdminStockPaths.list, { keyword: skuCode });
  const row = list.items.find((i) => i.skuCode === skuCode);
  if (!row) throw new Error(`no stock row for ${skuCode}`);
  return row;
}
