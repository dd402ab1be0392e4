import { AdminOrderPaths, type AdminOrderTransitionResponse, OrderStatus, ResultCode } from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logisticsEvents, orderPacks } from '../src/db/schema';
import { consoleOrder } from './support/admin-orders';
import { createCatalogueTestApp } from './support/catalogue-helpers';
import { insertCouriers } from './support/order-fixtures';
import { type StaffLogin, staffToken } from './support/staff';
import { envelope, post, type TestApp } from './support/test-app';

/**
 * Parallel ships of one pack with different tracking numbers (issue #35 item 7): one ships, the others are told
 * the pack has shipped already, so no one believes a number was recorded that was not. Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL (a DATABASE_SUITES file).
 */

let t: TestApp;
let rice = 0;
let warehouse: StaffLogin;

beforeAll(async () => {
  const made = await createCatalogueTestApp();
  t = made.t;
  rice = made.fixture.goods.riceCereal.skuIds[0] ?? 0;
  await insertCouriers(t.database.db);
  warehouse = await staffToken(t, 'warehouse');
});
afterAll(async () => {
  await t?.close();
});

const ship = (orderNo: string, logisticCode: string) =>
  post(t.app, AdminOrderPaths.ship, { orderNo, courierCode: 'SF', logisticCode }, warehouse.token);

describe('shipping one pack at once from several consoles', () => {
  it('five parallel ships with different numbers: one ships, four are refused, the winner’s number is stored', async () => {
    const { order } = await consoleOrder(t, rice, { status: OrderStatus.AwaitingDispatch });
    const codes = ['SF100000001', 'SF100000002', 'SF100000003', 'SF100000004', 'SF100000005'];
    const results = await Promise.all(codes.map((code) => ship(order.orderNo, code)));

    const won = results.flatMap((r, i) => (envelope(r).success ? [codes[i]] : []));
    expect(won).toHaveLength(1);
    const winner = won[0] ?? '';
    for (const r of results.filter((r) => !envelope(r).success)) {
      expect(r.statusCode).toBe(400);
      expect(envelope(r)).toMatchObject({
        resultCode: ResultCode.ParamsError,
        message: `包裹 1 已发货（物流单号 ${winner}），状态已变化，请刷新后查看`,
      });
    }
    const [pack] = await t.database.db.select().from(orderPacks).where(eq(orderPacks.orderId, order.id));
    expect(pack).toMatchObject({ status: OrderStatus.Shipped, logisticCode: winner });
    const events = await t.database.db.select().from(logisticsEvents);
    expect(events.filter((e) => codes.includes(e.logisticCode)).map((e) => e.logisticCode)).toEqual([winner]);
  });

  it('the same number sent again (a double submit) is answered as already done, not refused', async () => {
    const { order } = await consoleOrder(t, rice, { status: OrderStatus.AwaitingDispatch });
    const results = await Promise.all([1, 2, 3].map(() => ship(order.orderNo, 'SF200000001')));
    expect(results.every((r) => envelope(r).success)).toBe(true);
    const moved = results.map((r) => envelope<AdminOrderTransitionResponse>(r).data.moved.length);
    expect(moved.sort()).toEqual([0, 0, 1]);
  });
});
