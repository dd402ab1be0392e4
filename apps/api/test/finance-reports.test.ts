import {
  AdminPaths,
  AdminReportPaths,
  type AuditListResponse,
  type DashboardCharts,
  type ExportJob,
  OrderStatus,
  ResultCode,
  type StaffRole,
} from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financeExports, orders } from '../src/db/schema';
import { addShopDays, shopDay, shopDayStart } from '../src/lib/shop-day';
import { readSheet } from '../src/lib/spreadsheet';
import { createCatalogueTestApp } from './support/catalogue-helpers';
import { insertOrder, newMember } from './support/order-fixtures';
import { type StaffLogin, staffToken } from './support/staff';
import { envelope, post, type TestApp } from './support/test-app';

/**
 * The 工作台's charts and the finance exports, in a shop counting its days in Sydney: a day's sales and a
 * day-bounded export follow Sydney's midnight (and its summer time), not Beijing's or the server's.
 */

let t: TestApp;
let sku = 0;
const staff = {} as Record<StaffRole, StaffLogin>;

beforeAll(async () => {
  const made = await createCatalogueTestApp({ SHOP_TIME_ZONE: 'Australia/Sydney' });
  t = made.t;
  sku = made.fixture.goods.riceCereal.skuIds[0] ?? 0;
  for (const role of ['owner', 'warehouse', 'finance', 'content'] as const)
    staff[role] = await staffToken(t, role);
});
afterAll(async () => {
  await t?.close();
});

async function call<T>(path: string, body: unknown, role: StaffRole = 'finance') {
  return envelope<T>(await post(t.app, path, body, staff[role].token));
}
async function okData<T>(path: string, body: unknown, role: StaffRole = 'finance'): Promise<T> {
  const res = await call<T>(path, body, role);
  expect(res.success, res.message).toBe(true);
  return res.data;
}

/** A paid order made and paid at `at`. */
async function paidAt(memberId: number, at: Date, currency: 'AUD' | 'CNY', qty = 2) {
  const made = await insertOrder(t.database.db, {
    memberId,
    status: OrderStatus.Paid,
    currency,
    items: [{ skuId: sku, qty, unitPrice: 1000 }],
    shipping: 500,
    createdAt: at,
  });
  const [order] = await t.database.db
    .update(orders)
    .set({ paidAt: at, paidAmount: 2500, paidCurrency: currency, payChannel: 'DepositPay' })
    .where(eq(orders.id, made.id))
    .returning();
  return order as typeof orders.$inferSelect;
}

async function finished(job: ExportJob): Promise<ExportJob> {
  await t.app.services.exports.settled();
  return okData<ExportJob>(AdminReportPaths.exportDetail, { id: job.id });
}

async function download(id: number) {
  return post(t.app, AdminReportPaths.exportFile, { id }, staff.finance.token);
}

describe('the 工作台 charts', () => {
  it('counts each Sydney day apart, fills the empty days, and ranks the SKUs sold', async () => {
    const m = await newMember(t.app, 'charts');
    const today = shopDay(new Date());
    const yesterday = addShopDays(today, -1);
    // 00:30 today in Sydney is still yesterday in Beijing and in UTC: it counts for today.
    const justAfterMidnight = new Date((shopDayStart(today) as Date).getTime() + 30 * 60_000);
    await paidAt(m.id, justAfterMidnight, 'AUD', 3);
    await paidAt(m.id, new Date((shopDayStart(yesterday) as Date).getTime() + 3600_000), 'CNY');
    const charts = await okData<DashboardCharts>(AdminReportPaths.charts, { days: 30 }, 'warehouse');
    expect(charts.timeZone).toBe('Australia/Sydney');
    expect(charts.sales).toHaveLength(30);
    expect(charts.sales.at(-1)).toEqual({ day: today, orders: 1, aud: 3500, cny: 0 });
    expect(charts.sales.at(-2)).toEqual({ day: yesterday, orders: 1, aud: 0, cny: 2500 });
    expect(charts.sales[0]?.day).toBe(addShopDays(today, -29));
    expect(charts.topSkus[0]).toMatchObject({ skuId: sku, quantity: 5 });
    expect(charts.ordersByStatus).toContainEqual({
      status: OrderStatus.Paid,
      statusName: '已付款',
      count: 2,
    });
    expect(charts.newMembers.at(-1)?.count).toBeGreaterThanOrEqual(1);
    expect(charts.ticketsByAge.map((b) => b.key)).toEqual(['under4h', 'under24h', 'under72h', 'older']);
    const ninety = await okData<DashboardCharts>(AdminReportPaths.charts, { days: 90 }, 'content');
    expect(ninety.sales).toHaveLength(90);
    const bad = await call(AdminReportPaths.charts, { days: 7 });
    expect(bad.resultCode).toBe(ResultCode.ParamsError);
    expect(bad.message).toContain('天数应为 30 或 90');
  });

  it('tells the console the shop zone with the session', async () => {
    const session = await okData<{ timeZone: string }>(AdminPaths.current, {}, 'warehouse');
    expect(session.timeZone).toBe('Australia/Sydney');
  });
});

describe('the finance exports', () => {
  it('writes the orders of a range of Sydney days as CSV, audited, and serves the file', async () => {
    const m = await newMember(t.app, 'exports');
    const day = '2026-03-10';
    const inside = await paidAt(m.id, new Date('2026-03-10T13:30:00Z'), 'AUD'); // 00:30 on 11 March in Sydney
    await paidAt(m.id, new Date('2026-03-09T12:59:00Z'), 'CNY'); // 23:59 on 9 March in Sydney
    const job = await okData<ExportJob>(AdminReportPaths.exportStart, {
      kind: 'orders',
      format: 'csv',
      from: day,
      to: '2026-03-11',
    });
    expect(job).toMatchObject({
      state: 'running',
      total: 1,
      kindName: '订单',
      fileName: '订单_2026-03-10_2026-03-11.csv',
    });
    const done = await finished(job);
    expect(done).toMatchObject({ state: 'done', stateName: '已完成', rows: 1, total: 1 });
    expect(done.bytes).toBeGreaterThan(100);
    const res = await download(job.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(
      "filename*=UTF-8''%E8%AE%A2%E5%8D%95_2026-03-10_2026-03-11.csv",
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF订单号,会员,状态')).toBe(true);
    const lines = text.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(inside.orderNo);
    expect(lines[1]).toContain('2026-03-11 00:30:00');
    expect(lines[1]).toContain(',25.00,');
    const log = await okData<AuditListResponse>(AdminPaths.auditList, { objectType: 'finance' }, 'owner');
    expect(log.items[0]).toMatchObject({ action: 'finance.export', objectId: String(job.id) });
  });

  it('writes a thousand-odd rows as an xlsx that reads back whole', async () => {
    const m = await newMember(t.app, 'bigexport');
    const base = new Date('2026-05-02T02:00:00Z').getTime();
    // More than a page (a thousand rows), written straight to the table: the export reads only the orders' rows.
    await t.database.db.insert(orders).values(
      Array.from({ length: 1205 }, (_, i) => ({
        orderNo: `SOX${String(i).padStart(6, '0')}`,
        memberId: m.id,
        requestId: `bulk-${i}`,
        status: OrderStatus.NotPaid,
        currency: 'CNY',
        locationCode: '310000',
        goodsAmount: 1234,
        shippingAmount: 0,
        taxAmount: 0,
        promotionsAmount: 0,
        totalAmount: 1234,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const job = await okData<ExportJob>(AdminReportPaths.exportStart, {
      kind: 'orders',
      format: 'xlsx',
      from: '2026-05-02',
      to: '2026-05-02',
    });
    expect(job.total).toBe(1205);
    const done = await finished(job);
    expect(done).toMatchObject({ state: 'done', rows: 1205 });
    const res = await download(job.id);
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const sheet = await readSheet(res.rawPayload, 'xlsx');
    expect(sheet.header.slice(0, 3)).toEqual(['订单号', '会员', '状态']);
    expect(sheet.rows).toHaveLength(1205);
    expect(sheet.rows[0]?.cells[4]).toBe('12.34');
  });

  it('exports every kind, even an empty range, with its header', async () => {
    for (const kind of ['payments', 'refunds', 'depositMoves', 'recharges'] as const) {
      const job = await okData<ExportJob>(AdminReportPaths.exportStart, {
        kind,
        format: 'csv',
        from: '2020-01-01',
        to: '2020-01-31',
      });
      const done = await finished(job);
      expect(done, kind).toMatchObject({ state: 'done', rows: 0, total: 0 });
      const text = (await download(job.id)).rawPayload.toString('utf8');
      expect(text.split('\r\n')).toHaveLength(2);
    }
    const list = await okData<{ list: ExportJob[] }>(AdminReportPaths.exportList, {});
    expect(list.list[0]?.kind).toBe('recharges');
  });

  it('refuses a long range, a bad day, another role, and a file not finished', async () => {
    const long = await call(AdminReportPaths.exportStart, {
      kind: 'orders',
      format: 'csv',
      from: '2025-01-01',
      to: '2026-01-02',
    });
    expect(long.resultCode).toBe(ResultCode.ParamsError);
    expect(long.message).toBe('一次最多导出 366 天，请缩短日期范围');
    const backwards = await call(AdminReportPaths.exportStart, {
      kind: 'orders',
      format: 'csv',
      from: '2026-02-02',
      to: '2026-02-01',
    });
    expect(backwards.message).toBe('开始日期不能晚于结束日期');
    const format = await call(AdminReportPaths.exportStart, {
      kind: 'orders',
      format: 'pdf',
      from: '2026-02-01',
      to: '2026-02-01',
    });
    expect(format.message).toContain('文件格式应为 xlsx 或 csv');
    const warehouse = await call(AdminReportPaths.exportList, {}, 'warehouse');
    expect(warehouse.resultCode).toBe(ResultCode.PermissionDenied);
    const missing = await call(AdminReportPaths.exportDetail, { id: 999_999 });
    expect(missing.message).toBe('导出记录不存在');
  });

  it('marks an export cut off by a restart as failed, and its file cannot be downloaded', async () => {
    const [row] = await t.database.db
      .insert(financeExports)
      .values({
        kind: 'orders',
        format: 'csv',
        fromDay: '2026-01-01',
        toDay: '2026-01-31',
        fileName: '订单_2026-01-01_2026-01-31.csv',
        staffName: 'finance',
        updatedAt: new Date(Date.now() - 10 * 60_000),
      })
      .returning();
    const id = row?.id ?? 0;
    const job = await okData<ExportJob>(AdminReportPaths.exportDetail, { id });
    expect(job).toMatchObject({ state: 'failed', error: '导出中断（服务重启），请重新导出' });
    const res = envelope(await download(id));
    expect(res.message).toBe('导出中断（服务重启），请重新导出');
  });
});
