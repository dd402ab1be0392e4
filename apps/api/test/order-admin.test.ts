import { OldOrderStatus, OrderPaths, OrderStatus, Warehouse } from '@shop/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/app-error';
import { cliActor } from '../src/lib/audit';
import { csvTable, ImportRejectedError } from '../src/lib/spreadsheet';
import type { CatalogueFixture } from './support/catalogue-fixtures';
import { createCatalogueTestApp } from './support/catalogue-helpers';
import { insertCouriers, insertOrder, newMember, orderState } from './support/order-fixtures';
import { envelope, post, type TestApp } from './support/test-app';

let t: TestApp;
let f: CatalogueFixture;
let rice = 0;

beforeAll(async () => {
  ({ t, fixture: f } = await createCatalogueTestApp());
  rice = f.goods.riceCereal.skuIds[0] ?? 0;
  await insertCouriers(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

const admin = () => t.app.services.orderAdmin;
const S = OrderStatus;

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('operator transitions', () => {
  it('walks a shipped order from payment to completion, order and packs together', async () => {
    const m = await newMember(t.app);
    const order = await insertOrder(t.database.db, {
      memberId: m.id,
      packs: [{ location: Warehouse.AU }, { location: Warehouse.NZ }],
      items: [
        { skuId: rice, qty: 1, unitPrice: 3200 },
        { skuId: rice, qty: 1, unitPrice: 3200, pack: 1 },
      ],
    });
    const no = order.orderNo;

    expect(await admin().transition(cliActor(), no, S.Paid)).toEqual({
      orderNo: no,
      status: S.Paid,
      moved: [0, 1],
    });
    const paid = await orderState(t.database.db, order.id);
    expect(paid.order?.paidAt).toBeInstanceOf(Date);
    expect(paid.packStatuses).toEqual([S.Paid, S.Paid]);
    // A repeat changes nothing, not even the payment time.
    expect((await admin().transition(cliActor(), no, S.Paid)).moved).toEqual([]);
    expect((await orderState(t.database.db, order.id)).order?.paidAt).toEqual(paid.order?.paidAt);

    await admin().transition(cliActor(), no, S.PushedToWarehouse);
    await admin().transition(cliActor(), no, S.WarehouseProcessing);
    await admin().transition(cliActor(), no, S.AwaitingDispatch);
    expect((await orderState(t.database.db, order.id)).packStatuses).toEqual([
      S.AwaitingDispatch,
      S.AwaitingDispatch,
    ]);

    // Two packs: shipping names the pack.
    const unnamed = await rejection(
      admin().transition(cliActor(), no, S.Shipped, { courierCode: 'SF', logisticCode: 'SF123456789' }),
    );
    expect(unnamed.message).toContain('--pack');

    // The second pack ships first: the order keeps its first pack's status (spec §4).
    const second = await admin().transition(cliActor(), no, S.Shipped, {
      pack: 1,
      courierCode: 'sf',
      logisticCode: 'SF000000002',
    });
    expect(second).toEqual({ orderNo: no, status: S.AwaitingDispatch, moved: [1] });
    const first = await admin().transition(cliActor(), no, S.Shipped, {
      pack: 0,
      courierCode: 'SF',
      logisticCode: 'SF000000001',
    });
    expect(first.status).toBe(S.Shipped);

    const list = envelope<{
      items: { status: number; orderBeans: { courierName: string; logisticCode: string }[] }[];
    }>(await post(t.app, OrderPaths.list, {}, m.token)).data.items[0];
    expect(list?.status).toBe(S.Shipped);
    expect(list?.orderBeans.map((b) => [b.courierName, b.logisticCode])).toEqual([
      ['顺丰速运', 'SF000000001'],
      ['顺丰速运', 'SF000000002'],
    ]);
    const tracking = envelope<{ events: { location: string; description: string }[] }>(
      await post(t.app, OrderPaths.logistics, { logisticCode: 'SF000000001' }, m.token),
    ).data;
    expect(tracking.events).toHaveLength(1);
    expect(tracking.events[0]?.description).toContain('已发货');
    expect(tracking.events[0]?.location).toBe('澳大利亚仓');

    await admin().transition(cliActor(), no, S.InTransit);
    expect((await orderState(t.database.db, order.id)).packStatuses).toEqual([S.InTransit, S.InTransit]);
    expect((await admin().transition(cliActor(), no, S.Finished)).status).toBe(S.Finished);
    const done = await orderState(t.database.db, order.id);
    expect(done.order?.finishedAt).toBeInstanceOf(Date);
    expect(done.packStatuses).toEqual([S.Finished, S.Finished]);
  });

  it('readies a pickup order for self-pickup, and the member confirms it', async () => {
    const m = await newMember(t.app);
    const order = await insertOrder(t.database.db, {
      memberId: m.id,
      isPickup: true,
      status: S.AwaitingDispatch,
      items: [{ skuId: rice, qty: 1, unitPrice: 3200 }],
    });
    const ship = await rejection(
      admin().transition(cliActor(), order.orderNo, S.Shipped, {
        courierCode: 'SF',
        logisticCode: 'SF55555555',
      }),
    );
    expect(ship.message).toContain('自提订单');
    expect((await admin().transition(cliActor(), order.orderNo, S.AwaitingPickup)).status).toBe(
      S.AwaitingPickup,
    );
    const res = envelope<{ changed: boolean }>(
      await post(t.app, OrderPaths.finish, { id: order.id }, m.token),
    );
    expect(res.data.changed).toBe(true);
  });

  it('refuses a transition the table does not allow, an unknown order, pack or courier, and changes nothing', async () => {
    const m = await newMember(t.app);
    const order = await insertOrder(t.database.db, {
      memberId: m.id,
      status: S.Paid,
      items: [{ skuId: rice, qty: 1, unitPrice: 3200 }],
    });
    const before = await orderState(t.database.db, order.id);
    const skip = await rejection(admin().transition(cliActor(), order.orderNo, S.AwaitingDispatch));
    expect(skip.message).toBe('包裹 1 当前状态为「已付款」，不能变更为「待发货」');
    const pickup = await rejection(admin().transition(cliActor(), order.orderNo, S.AwaitingPickup));
    expect(pickup.message).toContain('不是自提订单');
    expect((await rejection(admin().transition(cliActor(), 'SO-NOPE', S.Paid))).message).toBe(
      '订单不存在：SO-NOPE',
    );
    expect(
      (await rejection(admin().transition(cliActor(), order.orderNo, S.PushedToWarehouse, { pack: 3 })))
        .message,
    ).toContain('没有包裹 4');
    await admin().transition(cliActor(), order.orderNo, S.PushedToWarehouse);
    await admin().transition(cliActor(), order.orderNo, S.WarehouseProcessing);
    await admin().transition(cliActor(), order.orderNo, S.AwaitingDispatch);
    const courier = await rejection(
      admin().transition(cliActor(), order.orderNo, S.Shipped, {
        courierCode: 'DHL',
        logisticCode: 'DHL12345',
      }),
    );
    expect(courier.message).toContain('DHL');
    const code = await rejection(
      admin().transition(cliActor(), order.orderNo, S.Shipped, { courierCode: 'SF', logisticCode: 'x' }),
    );
    expect(code.message).toContain('物流单号');
    expect((await orderState(t.database.db, order.id)).packStatuses).toEqual([S.AwaitingDispatch]);
    expect(before.order?.status).toBe(S.Paid);

    const cancelled = await insertOrder(t.database.db, {
      memberId: m.id,
      status: S.Cancelled,
      items: [{ skuId: rice, qty: 1, unitPrice: 3200 }],
    });
    expect((await rejection(admin().transition(cliActor(), cancelled.orderNo, S.Paid))).message).toContain(
      '已取消',
    );
  });

  it('attaches a package photo to a pack, listed by getAttach/', async () => {
    const m = await newMember(t.app);
    const order = await insertOrder(t.database.db, {
      memberId: m.id,
      items: [{ skuId: rice, qty: 1, unitPrice: 1 }],
    });
    const photo = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    const row = await admin().attach(cliActor(), order.orderNo, {
      file: photo,
      pack: 0,
      note: '外箱',
    });
    expect(row.path).toMatch(/^order\/.+\.jpg$/);
    const list = envelope<{ path: string; beanId: number; note: string }[]>(
      await post(t.app, OrderPaths.attachments, { id: order.id }, m.token),
    ).data;
    expect(list).toEqual([{ id: row.id, path: row.path, beanId: order.packIds[0], note: '外箱' }]);

    expect(
      (await rejection(admin().attach(cliActor(), order.orderNo, { file: Buffer.from('<html></html>') })))
        .message,
    ).toContain('仅支持');
    expect((await rejection(admin().attach(cliActor(), 'SO-NONE', { file: photo }))).message).toContain(
      '订单不存在',
    );
  });

  it('adds tracking events to a shipped parcel only', async () => {
    const m = await newMember(t.app);
    await insertOrder(t.database.db, {
      memberId: m.id,
      status: S.Shipped,
      packs: [{ courierName: '顺丰速运', logisticCode: 'SF777000111' }],
      items: [{ skuId: rice, qty: 1, unitPrice: 1 }],
    });
    await admin().addLogisticsEvent(cliActor(), {
      logisticCode: 'SF777000111',
      description: '已到达深圳转运中心',
      location: '深圳',
      time: '2025-03-02 10:30',
    });
    await admin().addLogisticsEvent(cliActor(), {
      logisticCode: 'SF777000111',
      description: '派送中',
      time: '2025-03-03T09:00:00Z',
    });
    const events = envelope<{ events: { time: string; location: string; description: string }[] }>(
      await post(t.app, OrderPaths.logistics, { logisticCode: 'SF777000111' }, m.token),
    ).data.events;
    expect(events).toEqual([
      { time: '2025-03-03T09:00:00.000Z', location: '', description: '派送中' },
      { time: '2025-03-02T02:30:00.000Z', location: '深圳', description: '已到达深圳转运中心' },
    ]);
    expect(
      (await rejection(admin().addLogisticsEvent(cliActor(), { logisticCode: 'SF000', description: '到达' })))
        .message,
    ).toContain('没有包裹');
    expect(
      (
        await rejection(
          admin().addLogisticsEvent(cliActor(), {
            logisticCode: 'SF777000111',
            description: 'x',
            time: '昨天',
          }),
        )
      ).message,
    ).toContain('时间格式');
    expect(
      (
        await rejection(
          admin().addLogisticsEvent(cliActor(), { logisticCode: 'SF777000111', description: '  ' }),
        )
      ).message,
    ).toContain('描述');
  });
});

describe('old-order import and oldOrderList/', () => {
  const header = 'username,orderNo,status,currency,total,receiverName,orderedAt,items';

  it('imports good rows, lists them newest first with old statuses, and skips them on re-import', async () => {
    const a = await newMember(t.app, 'legacy');
    const b = await newMember(t.app, 'legacy');
    const usernameA = a.username;
    const sheet = csvTable(
      [
        header,
        `${usernameA.toUpperCase()},OLD-1001,99,CNY,458.00,张三,2023-05-01 14:30,"爱他美|900g|2|229"`,
        `${usernameA},OLD-1002,已取消,AUD,35.5,张三,2023-06-01T08:00:00Z,鱼油|400粒|1|35.50;赠品||1|0`,
        `${usernameA},OLD-1003,-1,CNY,0,,2022-01-01 00:00,`,
      ].join('\n'),
    );
    expect(await admin().importOldOrders(sheet)).toEqual({ imported: 3, skipped: 0 });
    expect(await admin().importOldOrders(sheet)).toEqual({ imported: 0, skipped: 3 });

    const page = envelope<{
      items: { orderNo: string; status: number; totalPrice: number; items: unknown[]; orderedAt: string }[];
      totalCount: number;
    }>(await post(t.app, OrderPaths.oldList, { pageSize: 2 }, a.token)).data;
    expect(page.totalCount).toBe(3);
    expect(page.items.map((o) => [o.orderNo, o.status])).toEqual([
      ['OLD-1002', OldOrderStatus.Cancelled],
      ['OLD-1001', OldOrderStatus.Shipped],
    ]);
    expect(page.items[1]).toMatchObject({
      totalPrice: 458,
      orderedAt: '2023-05-01T06:30:00.000Z',
      items: [{ name: '爱他美', skuName: '900g', qty: 2, price: 229 }],
    });
    expect(page.items[0]?.items).toHaveLength(2);
    const others = envelope<{ totalCount: number }>(await post(t.app, OrderPaths.oldList, {}, b.token)).data;
    expect(others.totalCount).toBe(0);
    expect((await post(t.app, OrderPaths.oldList, { status: 1 }, a.token)).statusCode).toBe(400);
  });

  it('reports every bad row with its number and writes nothing', async () => {
    const a = await newMember(t.app, 'legacy');
    const username = a.username;
    const sheet = csvTable(
      [
        header,
        `${username},OLD-2001,100,CNY,10.00,李四,2024-01-01 10:00,商品|规格|1|10`,
        `nobody_here,OLD-2002,100,CNY,10.00,李四,2024-01-01 10:00,商品|规格|1|10`,
        `${username},OLD-2003,7,CNY,10.00,李四,2024-01-01 10:00,商品|规格|1|10`,
        `${username},OLD-2004,100,CNY,1.234,李四,2024-01-01 10:00,商品|规格|1|10`,
        `${username},OLD-2005,100,USD,-3,李四,2024-02-30 10:00,商品|规格|x|10`,
        `${username},OLD-2001,100,CNY,10,李四,2024-01-01 10:00,`,
      ].join('\n'),
    );
    const error = await rejection(admin().importOldOrders(sheet));
    expect(error).toBeInstanceOf(ImportRejectedError);
    const errors = (error as ImportRejectedError).errors;
    expect(errors).toHaveLength(5);
    expect(errors[0]).toBe('第3行：会员不存在：nobody_here');
    expect(errors[1]).toBe('第4行：订单状态不正确：7');
    expect(errors[2]).toBe('第5行：金额格式不正确：1.234');
    expect(errors[3]).toContain('第6行：');
    expect(errors[3]).toContain('币种');
    expect(errors[3]).toContain('金额格式不正确：-3');
    expect(errors[3]).toContain('下单时间');
    expect(errors[3]).toContain('数量');
    expect(errors[4]).toBe('第7行：订单号 OLD-2001 与第2行重复');
    const list = envelope<{ totalCount: number }>(await post(t.app, OrderPaths.oldList, {}, a.token)).data;
    expect(list.totalCount).toBe(0);

    const missing = await rejection(admin().importOldOrders(csvTable('username,orderNo\nx,y')));
    expect(missing.message).toContain('未写入任何数据');
  });
});
