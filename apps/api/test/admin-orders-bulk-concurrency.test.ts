import { AdminOrderPaths, type AdminTrackingSheetResponse, OrderStatus, ResultCode } from '@shop/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logisticsEvents, orderPacks, staffAuditLog } from '../src/db/schema';
import { consoleOrder } from './support/admin-orders';
import { createCatalogueTestApp } from './support/catalogue-helpers';
import { insertCouriers } from './support/order-fixtures';
import { type StaffLogin, staffToken } from './support/staff';
import { envelope, post, type TestApp } from './support/test-app';
import { upload } from './support/upload';

/**
 * The same tracking sheet applied from two consoles at once, and two bulk ships naming the same orders in opposite
 * orders: each pack ships once, the other upload is told which row has shipped meanwhile, and nothing deadlocks
 * (the orders are locked in id order). Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL, where the
 * requests really overlap (a DATABASE_SUITES file).
 */

let t: TestApp;
let rice = 0;
let warehouse: StaffLogin;
let owner: StaffLogin;

beforeAll(async () => {
  const made = await createCatalogueTestApp();
  t = made.t;
  rice = made.fixture.goods.riceCereal.skuIds[0] ?? 0;
  await insertCouriers(t.database.db);
  warehouse = await staffToken(t, 'warehouse');
  owner = await staffToken(t, 'owner');
});
afterAll(async () => {
  await t?.close();
});

const ready = async () => (await consoleOrder(t, rice, { status: OrderStatus.AwaitingDispatch })).order;

const apply = (sheet: Buffer, token: string) =>
  upload(t.app, AdminOrderPaths.trackingSheet, token, sheet, 'file', 'ship.csv', { dryRun: 'false' });

describe('applying one tracking sheet from two consoles at once', () => {
  it('ships each pack once; the other upload ships nothing and names the row', async () => {
    const orders = [await ready(), await ready(), await ready()];
    const codes = ['SF6000001', 'SF6000002', 'SF6000003'];
    const sheet = Buffer.from(
      `订单号,快递公司,运单号\r\n${orders.map((o, i) => `${o.orderNo},顺丰速运,${codes[i]}`).join('\r\n')}\r\n`,
    );
    const results = await Promise.all([apply(sheet, warehouse.token), apply(sheet, owner.token)]);
    const answers = results.map((r) => envelope<AdminTrackingSheetResponse>(r));
    const won = answers.filter((a) => a.success);
    const lost = answers.filter((a) => !a.success);
    expect(won).toHaveLength(1);
    expect(won[0]?.data.shipped).toBe(3);
    expect(lost).toHaveLength(1);
    expect(lost[0]).toMatchObject({ resultCode: ResultCode.ParamsError });
    expect(lost[0]?.message).toMatch(
      /^共 3 处问题，整张表未发货：第 2 行：包裹 1已发货（运单号 SF6000001） 等$/,
    );

    const ids = orders.map((o) => o.id);
    const packs = await t.database.db.select().from(orderPacks).where(inArray(orderPacks.orderId, ids));
    expect(packs.map((p) => p.status)).toEqual([
      OrderStatus.Shipped,
      OrderStatus.Shipped,
      OrderStatus.Shipped,
    ]);
    const events = await t.database.db
      .select()
      .from(logisticsEvents)
      .where(inArray(logisticsEvents.logisticCode, codes));
    expect(events).toHaveLength(3);
    const audits = await t.database.db
      .select()
      .from(staffAuditLog)
      .where(
        and(
          eq(staffAuditLog.action, 'order.ship'),
          inArray(
            staffAuditLog.objectId,
            orders.map((o) => o.orderNo),
          ),
        ),
      );
    expect(audits).toHaveLength(3);
  });

  it('two bulk ships of the same orders named in opposite orders: one ships them all, neither deadlocks', async () => {
    const a = await ready();
    const b = await ready();
    const ship = (list: (typeof a)[], token: string, prefix: string) =>
      post(
        t.app,
        AdminOrderPaths.shipMany,
        {
          orders: list.map((o, i) => ({
            orderNo: o.orderNo,
            courierCode: 'SF',
            logisticCode: `${prefix}${i}0001`,
          })),
        },
        token,
      );
    const results = await Promise.all([
      ship([a, b], warehouse.token, 'SFA'),
      ship([b, a], owner.token, 'SFB'),
    ]);
    const answers = results.map((r) => envelope(r));
    expect(answers.filter((x) => x.success)).toHaveLength(1);
    const lost = answers.find((x) => !x.success);
    expect(lost?.resultCode).toBe(ResultCode.ParamsError);
    expect(lost?.message).toMatch(/已发货/);
    const packs = await t.database.db
      .select({ code: orderPacks.logisticCode })
      .from(orderPacks)
      .where(inArray(orderPacks.orderId, [a.id, b.id]));
    // Both packs carry the numbers of the one bulk ship that won.
    const prefixes = new Set(packs.map((p) => p.code.slice(0, 3)));
    expect(prefixes.size).toBe(1);
  });
});
