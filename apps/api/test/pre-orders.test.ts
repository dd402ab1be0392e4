import { randomUUID } from 'node:crypto';
import {
  type AdminOrderDetail,
  AdminOrderPaths,
  type AfterSaleClaimable,
  AfterSalePaths,
  CartPaths,
  CataloguePaths,
  type GoodsDetail,
  type OrderDetail,
  OrderPaths,
  OrderStatus,
  type PackingListResponse,
  type ServerCartLine,
} from '@shop/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, orderItems, orderPacks, skus, staffAuditLog } from '../src/db/schema';
import { AppError } from '../src/lib/app-error';
import { cliActor } from '../src/lib/audit';
import { shareStock } from '../src/workflows/serve-pre-orders';
import {
  addToCart,
  type CheckoutTestApp,
  createCheckoutTestApp,
  newMember,
} from './support/checkout-helpers';
import { insertCouriers, insertOrder, stockOf } from './support/order-fixtures';
import { type StaffLogin, staffToken } from './support/staff';
import { envelope, post } from './support/test-app';

/**
 * Pre-orders (issue #39 '预订'): a ByBook SKU ordered beyond its stock waits, the pack does not leave with it, and
 * stock that arrives serves the waiting orders first come first served. Split shipments: part of a pack leaves as
 * a parcel of its own, with its own tracking number.
 */

let c: CheckoutTestApp;
let warehouse: StaffLogin;
const S = OrderStatus;

beforeAll(async () => {
  c = await createCheckoutTestApp();
  await insertCouriers(c.t.database.db);
  warehouse = await staffToken(c.t, 'warehouse');
}, 120_000);
afterAll(async () => {
  await c?.t.close();
});

const db = () => c.t.database.db;
const admin = () => c.t.app.services.orderAdmin;
const fishCode = 'S-BLK-1-200';

async function ok<T>(path: string, body: unknown, token?: string): Promise<T> {
  const res = envelope<T>(await post(c.t.app, path, body, token));
  expect(res.success, res.message).toBe(true);
  return res.data;
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const setStock = (skuId: number, stock: number) => db().update(skus).set({ stock }).where(eq(skus.id, skuId));
const setExpected = (skuId: number, day: string | null) =>
  db().update(skus).set({ expectedDate: day }).where(eq(skus.id, skuId));

async function lines(orderId: number) {
  return db()
    .select({
      id: orderItems.id,
      skuId: orderItems.skuId,
      packId: orderItems.packId,
      qty: orderItems.qty,
      reserved: orderItems.reservedQty,
      waiting: orderItems.waiting,
      unitPrice: orderItems.unitPrice,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}

async function noticesOf(memberId: number) {
  return db()
    .select({ title: messages.title, content: messages.content, link: messages.link })
    .from(messages)
    .where(and(eq(messages.memberId, memberId)))
    .orderBy(asc(messages.id));
}

describe('a pre-order placed', () => {
  it('orders a ByBook SKU beyond its stock: the line waits, with the day the operator expects stock', async () => {
    const fish = c.sku.fishOil200;
    await setStock(fish, 1);
    await setExpected(fish, '2027-01-15');
    const m = await newMember(c.t);
    const goods = await ok<GoodsDetail>(CataloguePaths.goodsDetail, { id: c.fixture.goods.fishOilGoods.id });
    expect(goods.skus.find((s) => s.id === fish)?.expectedDate).toBe('2027-01-15');

    await addToCart(c.t, m.token, [[fish, 3]]);
    const cart = await ok<{ data: ServerCartLine[] }>(CartPaths.list, { currency: 'CNY' }, m.token);
    expect(cart.data.find((l) => l.skuId === fish)).toMatchObject({
      status: 3,
      stock: 1,
      expectedDate: '2027-01-15',
    });

    const made = await ok<{ orderId: number }>(
      OrderPaths.create,
      { requestId: randomUUID(), currency: 'CNY', isPickup: true },
      m.token,
    );
    // One piece from stock, two pre-ordered.
    expect(await lines(made.orderId)).toMatchObject([{ qty: 3, reserved: 1, waiting: 2 }]);
    expect(await stockOf(db(), fish)).toBe(0);
    const detail = await ok<OrderDetail>(OrderPaths.detail, { id: made.orderId }, m.token);
    expect(detail.items[0]).toMatchObject({ qty: 3, waiting: 2, expectedDate: '2027-01-15' });
    expect(detail.orderBeans[0]?.items[0]).toMatchObject({ waiting: 2, expectedDate: '2027-01-15' });
    const list = await ok<{ items: OrderDetail[] }>(OrderPaths.list, {}, m.token);
    expect(list.items[0]?.items[0]).toMatchObject({ waiting: 2, expectedDate: '2027-01-15' });
    const console = await ok<AdminOrderDetail>(
      AdminOrderPaths.detail,
      { orderNo: detail.orderNo },
      warehouse.token,
    );
    expect(console.items[0]).toMatchObject({ waiting: 2, expectedDate: '2027-01-15' });

    // A pickup pack waiting for goods is not ready for pickup.
    await admin().transition(cliActor(), detail.orderNo, S.Paid);
    await admin().transition(cliActor(), detail.orderNo, S.PushedToWarehouse);
    await admin().transition(cliActor(), detail.orderNo, S.WarehouseProcessing);
    await admin().transition(cliActor(), detail.orderNo, S.AwaitingDispatch);
    const early = await rejection(admin().transition(cliActor(), detail.orderNo, S.AwaitingPickup));
    expect(early.message).toBe('包裹 1 有 2 件预订商品尚未到货，到货后才能安排自提');

    // The stock arrives on the 库存 page: the order is served and can be collected.
    await c.t.app.services.inventory.changeStock(fishCode, { add: 5 }, { reason: '到货' });
    expect(await lines(made.orderId)).toMatchObject([{ qty: 3, reserved: 3, waiting: 0 }]);
    expect(await stockOf(db(), fish)).toBe(3);
    expect((await admin().transition(cliActor(), detail.orderNo, S.AwaitingPickup)).moved).toEqual([0]);
    const after = await ok<OrderDetail>(OrderPaths.detail, { id: made.orderId }, m.token);
    expect(after.items[0]).toMatchObject({ waiting: 0, expectedDate: null });
    await setStock(fish, 0);
  });
});

describe('stock that arrives', () => {
  it('serves waiting orders first come first served, tells each buyer, and skips cancelled ones', async () => {
    const fish = c.sku.fishOil200;
    await setStock(fish, 0);
    const [a, b, gone] = [await newMember(c.t), await newMember(c.t), await newMember(c.t)];
    const item = (qty: number) => ({ skuId: fish, qty, waiting: qty, unitPrice: 15800, name: '鱼油 200粒' });
    const first = await insertOrder(db(), { memberId: a.memberId, status: S.Paid, items: [item(3)] });
    const cancelled = await insertOrder(db(), {
      memberId: gone.memberId,
      status: S.Cancelled,
      items: [item(4)],
    });
    const second = await insertOrder(db(), { memberId: b.memberId, status: S.NotPaid, items: [item(2)] });

    await c.t.app.services.inventory.changeStock(fishCode, { add: 4 }, { reason: '到货' });
    expect(await lines(first.id)).toMatchObject([{ reserved: 3, waiting: 0 }]);
    expect(await lines(second.id)).toMatchObject([{ reserved: 1, waiting: 1 }]);
    expect(await lines(cancelled.id)).toMatchObject([{ reserved: 0, waiting: 4 }]);
    expect(await stockOf(db(), fish)).toBe(0);

    const [toA] = await noticesOf(a.memberId);
    expect(toA).toEqual({
      title: `订单 ${first.orderNo} 的预订商品已到货`,
      content: `订单 ${first.orderNo} 中预订的商品已到货：鱼油 200粒 ×3。全部预订商品已到齐，我们将尽快安排发货。`,
      link: `/order/${first.id}`,
    });
    expect((await noticesOf(b.memberId))[0]?.content).toContain('鱼油 200粒 ×1。还有 1 件预订商品等待到货。');
    expect(await noticesOf(gone.memberId)).toEqual([]);
    const audits = await db()
      .select({ objectId: staffAuditLog.objectId, after: staffAuditLog.after })
      .from(staffAuditLog)
      .where(
        and(
          eq(staffAuditLog.action, 'order.preOrderServed'),
          inArray(staffAuditLog.objectId, [first.orderNo, second.orderNo]),
        ),
      )
      .orderBy(asc(staffAuditLog.id));
    expect(audits.map((r) => [r.objectId, (r.after as { waiting: number }).waiting])).toEqual([
      [first.orderNo, 0],
      [second.orderNo, 1],
    ]);

    // More than is waited for: the rest stays in stock.
    await c.t.app.services.inventory.changeStock(fishCode, { add: 5 }, { reason: '到货' });
    expect(await lines(second.id)).toMatchObject([{ reserved: 2, waiting: 0 }]);
    expect(await stockOf(db(), fish)).toBe(4);
    // Nothing waits now: serving again changes nothing.
    expect(await c.t.app.services.servePreOrders.serve(cliActor())).toEqual({ orders: 0, pieces: 0 });
    await setStock(fish, 0);
  });

  it('stock a cancelled order gives back serves the orders waiting for it', async () => {
    const fish = c.sku.fishOil200;
    await setStock(fish, 2);
    const [holder, waiter] = [await newMember(c.t), await newMember(c.t)];
    // The first order took the last two pieces; the second waits for one.
    const held = await insertOrder(db(), {
      memberId: holder.memberId,
      items: [{ skuId: fish, qty: 2, unitPrice: 15800 }],
    });
    const waiting = await insertOrder(db(), {
      memberId: waiter.memberId,
      items: [{ skuId: fish, qty: 1, waiting: 1, unitPrice: 15800 }],
    });
    expect(await stockOf(db(), fish)).toBe(0);
    await ok(OrderPaths.cancel, { id: held.id }, holder.token);
    expect(await lines(waiting.id)).toMatchObject([{ reserved: 1, waiting: 0 }]);
    expect(await stockOf(db(), fish)).toBe(1);
    expect((await noticesOf(waiter.memberId))[0]?.title).toBe(`订单 ${waiting.orderNo} 的预订商品已到货`);
    await setStock(fish, 0);
  });

  it('shares stock by the one rule: oldest order first, each line up to what it waits for', () => {
    const line = (orderId: number, skuId: number, waiting: number) => ({
      itemId: orderId * 10 + skuId,
      orderId,
      orderNo: `SO${orderId}`,
      memberId: 1,
      skuId,
      name: 'x',
      waiting,
    });
    const shares = shareStock(
      [line(1, 7, 2), line(1, 8, 5), line(2, 7, 3), line(3, 7, 1)],
      new Map([
        [7, 4],
        [8, 1],
      ]),
    );
    expect(shares.map((s) => [s.line.orderId, s.line.skuId, s.qty])).toEqual([
      [1, 7, 2],
      [1, 8, 1],
      [2, 7, 2],
    ]);
  });
});

describe('a pack shipped in parts', () => {
  it('ships what arrived as a parcel of its own, then the rest; the member sees each parcel with its tracking', async () => {
    const fish = c.sku.fishOil200;
    const rice = c.sku.rice;
    await setStock(fish, 0);
    await setExpected(fish, '2027-03-01');
    const m = await newMember(c.t);
    const order = await insertOrder(db(), {
      memberId: m.memberId,
      status: S.AwaitingDispatch,
      items: [
        { skuId: rice, qty: 4, unitPrice: 3200, name: '米粉' },
        { skuId: fish, qty: 2, waiting: 2, unitPrice: 15800, name: '鱼油' },
      ],
    });
    const [riceLine, fishLine] = order.itemIds as [number, number];
    const no = order.orderNo;
    const ship = (options: { lines?: { itemId: number; qty: number }[]; code: string; pack?: number }) =>
      admin().transition(cliActor(), no, S.Shipped, {
        pack: options.pack ?? 0,
        courierCode: 'SF',
        logisticCode: options.code,
        lines: options.lines,
      });

    // Whole, it cannot leave: two pieces have not arrived.
    const whole = await rejection(ship({ code: 'SF100000001' }));
    expect(whole.message).toBe(
      '包裹 1 有 2 件预订商品尚未到货，不能整包发出：请部分发货已到货的商品，或等到货后再发',
    );
    // Not what has not arrived, nor more than the line holds, nor a line of no such pack.
    expect(
      (await rejection(ship({ code: 'SF100000001', lines: [{ itemId: fishLine, qty: 1 }] }))).message,
    ).toBe('「鱼油」尚未到货，不能发货');
    expect(
      (await rejection(ship({ code: 'SF100000001', lines: [{ itemId: riceLine, qty: 5 }] }))).message,
    ).toBe('「米粉」最多可发 4 件（预订未到货的不能发）');
    expect(
      (await rejection(ship({ code: 'SF100000001', lines: [{ itemId: 999_999, qty: 1 }] }))).message,
    ).toBe('所选商品不在包裹 1中，请刷新后重试');

    // Three pieces of rice leave now, through the console.
    const split = await ok<{ moved: number[]; status: number }>(
      AdminOrderPaths.ship,
      {
        orderNo: no,
        pack: 0,
        courierCode: 'SF',
        logisticCode: 'SF100000001',
        lines: [{ itemId: riceLine, qty: 3 }],
      },
      warehouse.token,
    );
    expect(split).toEqual({ orderNo: no, status: S.AwaitingDispatch, moved: [1] });
    // The same parcel sent again (a double submit) changes nothing.
    expect((await ship({ code: 'SF100000001', lines: [{ itemId: riceLine, qty: 3 }] })).moved).toEqual([]);

    const packs = await db()
      .select({
        id: orderPacks.id,
        index: orderPacks.packIndex,
        status: orderPacks.status,
        code: orderPacks.logisticCode,
        splitFrom: orderPacks.splitFrom,
      })
      .from(orderPacks)
      .where(eq(orderPacks.orderId, order.id))
      .orderBy(asc(orderPacks.packIndex));
    expect(packs.map((p) => [p.index, p.status, p.code, p.splitFrom])).toEqual([
      [0, S.AwaitingDispatch, '', null],
      [1, S.Shipped, 'SF100000001', 0],
    ]);
    const [pack0, pack1] = packs as [(typeof packs)[number], (typeof packs)[number]];
    // The rice line is split at the same price: one piece stays, three left; what was ordered is unchanged.
    const after = await lines(order.id);
    expect(after.map((l) => [l.skuId, l.packId, l.qty, l.reserved, l.waiting, l.unitPrice])).toEqual([
      [rice, pack0.id, 1, 1, 0, 3200],
      [fish, pack0.id, 2, 0, 2, 15800],
      [rice, pack1.id, 3, 3, 0, 3200],
    ]);

    // The member sees two packs: the parcel with its tracking, the rest waiting for the pre-order.
    const seen = await ok<OrderDetail>(OrderPaths.detail, { id: order.id }, m.token);
    expect(seen.status).toBe(S.AwaitingDispatch);
    expect(
      seen.orderBeans.map((b) => [b.index, b.status, b.logisticCode, b.splitFrom, b.items.map((i) => i.qty)]),
    ).toEqual([
      [0, S.AwaitingDispatch, '', null, [1, 2]],
      [1, S.Shipped, 'SF100000001', 0, [3]],
    ]);
    expect(seen.orderBeans[0]?.items[1]).toMatchObject({ waiting: 2, expectedDate: '2027-03-01' });
    const [told] = (await noticesOf(m.memberId)).filter((n) => n.title.includes('已发货'));
    expect(told?.content).toBe(`订单 ${no} 包裹 2 已发货，承运快递：顺丰速运，运单号：SF100000001。`);

    // The fish arrives and the rest of the pack leaves whole with another number.
    await c.t.app.services.inventory.changeStock(fishCode, { add: 2 }, { reason: '到货' });
    expect((await ship({ code: 'SF100000002' })).moved).toEqual([0]);
    const done = await ok<OrderDetail>(OrderPaths.detail, { id: order.id }, m.token);
    expect(done.status).toBe(S.Shipped);
    expect(done.orderBeans.map((b) => b.logisticCode)).toEqual(['SF100000002', 'SF100000001']);
    for (const code of ['SF100000001', 'SF100000002']) {
      const tracking = await ok<{ events: { description: string }[] }>(
        OrderPaths.logistics,
        { logisticCode: code },
        m.token,
      );
      expect(tracking.events[0]?.description).toContain(code);
    }
    // The packing lists follow the parcels: one per pack, each with its pieces.
    const packing = await ok<PackingListResponse>(OrderPaths.packingList, {}, m.token);
    expect(
      packing.items.filter((p) => p.orderId === order.id).map((p) => [p.logisticCode, p.pieces, p.packCount]),
    ).toEqual(
      expect.arrayContaining([
        ['SF100000001', 3, 2],
        ['SF100000002', 3, 2],
      ]),
    );
    // Every piece delivered can be claimed after sales, line by line.
    await ok(OrderPaths.finish, { id: order.id }, m.token);
    const claimable = await ok<AfterSaleClaimable>(AfterSalePaths.claimable, { orderId: order.id }, m.token);
    expect(claimable.lines.map((l) => [l.qty, l.delivered])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
  });
});
