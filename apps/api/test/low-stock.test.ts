import {
  AdminOrderPaths,
  AdminPaths,
  type AdminStockListResponse,
  AdminStockPaths,
  type AdminStockRow,
  type AuditListResponse,
  ResultCode,
  SkuStatus,
} from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notices, skus } from '../src/db/schema';
import { cliActor } from '../src/lib/audit';
import { createCatalogueTestApp } from './support/catalogue-helpers';
import { type StaffLogin, staffToken } from './support/staff';
import { envelope, post, type TestApp } from './support/test-app';

/**
 * Each SKU's low-stock line (issue #40 'Order search … Low-stock alerts'): set in 库存, audited; a SKU sold by
 * stock that falls to its line is told to the warehouse once, and again only after it was restocked above it.
 */

let t: TestApp;
let warehouse: StaffLogin;
let owner: StaffLogin;
let code = '';

beforeAll(async () => {
  const made = await createCatalogueTestApp();
  t = made.t;
  warehouse = await staffToken(t, 'warehouse');
  owner = await staffToken(t, 'owner');
  await t.app.services.staff.create(cliActor('test'), {
    username: 'picker1',
    name: '仓库小李',
    role: 'warehouse',
    password: 'Picker-pass-2026',
    mustChangePassword: false,
    email: 'picker@example.com',
  });
  const skuId = made.fixture.goods.riceCereal.skuIds[0] ?? 0;
  const [sku] = await t.database.db
    .update(skus)
    .set({ status: SkuStatus.ByStock, stock: 30 })
    .where(eq(skus.id, skuId))
    .returning();
  code = sku?.code ?? '';
});
afterAll(async () => {
  await t?.close();
});

async function call<T>(path: string, body: unknown, who: StaffLogin = warehouse) {
  return envelope<T>(await post(t.app, path, body, who.token));
}

async function lowNotices() {
  return t.database.db.select().from(notices).where(eq(notices.kind, 'staffLowStock'));
}

let counted = 0;
async function setStock(stock: number) {
  counted += 1;
  const res = await call(AdminStockPaths.adjust, {
    skuCode: code,
    mode: 'set',
    amount: stock,
    reason: '盘点',
    requestId: `count-${counted}-${Date.now()}`,
  });
  expect(res.success, res.message).toBe(true);
}

describe('the low-stock line', () => {
  it('is the shop default until set, then the SKU’s own, audited, and refuses bad numbers', async () => {
    const list = await call<AdminStockListResponse>(AdminStockPaths.list, { keyword: code });
    expect(list.data.items[0]).toMatchObject({
      skuCode: code,
      lowStockAt: null,
      lowStockLine: 5,
      low: false,
    });
    const set = await call<AdminStockRow>(AdminStockPaths.threshold, { skuCode: code, lowStockAt: 20 });
    expect(set.success, set.message).toBe(true);
    expect(set.message).toBe('提醒线已保存');
    expect(set.data).toMatchObject({
      skuCode: code,
      lowStockAt: 20,
      lowStockLine: 20,
      stock: 30,
      low: false,
    });
    const log = await call<AuditListResponse>(AdminPaths.auditList, { action: 'stock.threshold' }, owner);
    expect(log.data.items[0]).toMatchObject({
      objectId: code,
      before: { lowStockAt: null },
      after: { lowStockAt: 20 },
    });
    for (const lowStockAt of [1.5, -1, 100_000, '5']) {
      const bad = await call(AdminStockPaths.threshold, { skuCode: code, lowStockAt });
      expect(bad.resultCode, String(lowStockAt)).toBe(ResultCode.ParamsError);
      expect(bad.message).toMatch(/提醒数量/);
    }
    const unknown = await call(AdminStockPaths.threshold, { skuCode: 'NO-SUCH-SKU', lowStockAt: 3 });
    expect(unknown.message).toContain('NO-SUCH-SKU');
  });

  it('tells the warehouse once per fall, and again after a restock', async () => {
    // The catalogue's other low SKUs are told first; from here on only this one moves.
    await t.app.services.inventory.lowStockAlerts();
    expect(await t.app.services.inventory.lowStockAlerts()).toBe(0);
    const before = (await lowNotices()).length;
    await setStock(20);
    const low = await call<AdminStockListResponse>(AdminStockPaths.list, { low: true });
    expect(low.data.items.map((r) => r.skuCode)).toContain(code);
    expect(await t.app.services.inventory.lowStockAlerts()).toBe(1);
    const told = await lowNotices();
    expect(told.length).toBe(before + 1);
    const notice = told.at(-1);
    expect(notice?.recipient).toBe('picker@example.com');
    expect(JSON.stringify(notice?.params)).toContain(`${code} `);
    expect(JSON.stringify(notice?.params)).toContain('提醒线 20');
    // Lower still: already told.
    await setStock(3);
    expect(await t.app.services.inventory.lowStockAlerts()).toBe(0);
    // Restocked above the line, then down again: told again.
    await setStock(50);
    expect(await t.app.services.inventory.lowStockAlerts()).toBe(0);
    await setStock(10);
    expect(await t.app.services.inventory.lowStockAlerts()).toBe(1);
    expect((await lowNotices()).length).toBe(before + 2);
  });

  it('counts each SKU at its own line on the 工作台', async () => {
    await call(AdminStockPaths.threshold, { skuCode: code, lowStockAt: null });
    await setStock(6);
    const dash = await call<{ todo: { lowStock: number } }>(AdminOrderPaths.dashboard, {});
    const atDefault = dash.data.todo.lowStock;
    await call(AdminStockPaths.threshold, { skuCode: code, lowStockAt: 6 });
    const after = await call<{ todo: { lowStock: number } }>(AdminOrderPaths.dashboard, {});
    expect(after.data.todo.lowStock).toBe(atDefault + 1);
  });
});
