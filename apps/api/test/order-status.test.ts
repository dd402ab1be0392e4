import { OrderPaths, OrderStatus, ResultCode } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliActor } from '../src/lib/audit';
import type { CatalogueFixture } from './support/catalogue-fixtures';
import { createCatalogueTestApp } from './support/catalogue-helpers';
import { insertOrder, newMember, orderState, stockOf } from './support/order-fixtures';
import { envelope, post, type TestApp } from './support/test-app';

let t: TestApp;
let f: CatalogueFixture;
let aptamil = 0; // InStock 50
let fishOil400 = 0; // ByStock 10
let fishOil200 = 0; // ByBook 0

beforeAll(async () => {
  ({ t, fixture: f } = await createCatalogueTestApp());
  aptamil = f.goods.aptamilGold.skuIds[0] ?? 0;
  fishOil400 = f.goods.fishOilGoods.skuIds[0] ?? 0;
  fishOil200 = f.goods.fishOilGoods.skuIds[1] ?? 0;
});
afterAll(async () => {
  await t?.close();
});

type StateChange = { id: number; orderNo: string; status: number; changed: boolean };

async function call(path: string, body: unknown, token: string) {
  const res = await post(t.app, path, body, token);
  return { status: res.statusCode, ...envelope<StateChange>(res) };
}

describe('cancel/', () => {
  it('cancels an unpaid order and its packs and returns the reserved stock exactly once', async () => {
    const m = await newMember(t.app);
    const [aptBefore, fishBefore] = [
      await stockOf(t.database.db, aptamil),
      await stockOf(t.database.db, fishOil400),
    ];
    const order = await insertOrder(t.database.db, {
      memberId: m.id,
      packs: [{}, {}],
      items: [
        { skuId: aptamil, qty: 3, unitPrice: 22900 },
        { skuId: fishOil400, qty: 2, unitPrice: 3500, pack: 1 },
        // A pre-order beyond stock: nothing was reserved, nothing goes back.
        { skuId: fishOil200, qty: 4, reservedQty: 0, unitPrice: 15800, pack: 1 },
        { skuId: aptamil, qty: 1, unitPrice: 0, isGift: true },
      ],
    });
    expect(await stockOf(t.database.db, aptamil)).toBe(aptBefore - 4);
    expect(await stockOf(t.database.db, fishOil400)).toBe(fishBefore - 2);

    const first = await call(OrderPaths.cancel, { id: order.id }, m.token);
    expect(first.success, first.message).toBe(true);
    expect(first.message).toBe('订单已取消');
    expect(first.data).toMatchObject({ id: order.id, status: OrderStatus.Cancelled, changed: true });
    expect(await stockOf(t.database.db, aptamil)).toBe(aptBefore);
    expect(await stockOf(t.database.db, fishOil400)).toBe(fishBefore);
    expect(await stockOf(t.database.db, fishOil200)).toBe(0);
    const state = await orderState(t.database.db, order.id);
    expect(state.order?.status).toBe(OrderStatus.Cancelled);
    expect(state.order?.cancelledAt).toBeInstanceOf(Date);
    expect(state.packStatuses).toEqual([OrderStatus.Cancelled, OrderStatus.Cancelled]);

    const second = await call(OrderPaths.cancel, { id: order.id }, m.token);
    expect(second.success).toBe(true);
    expect(second.message).toBe('订单已取消');
    expect(second.data.changed).toBe(false);
    expect(await stockOf(t.database.db, aptamil)).toBe(aptBefore);
    expect((await orderState(t.database.db, order.id)).order?.cancelledAt).toEqual(state.order?.cancelledAt);
  });

  it('cancels an order still to be confirmed', async () => {
    const m = await newMember(t.app);
    const order = await insertOrder(t.database.db, {
      memberId: m.id,
      status: OrderStatus.NotConfirmed,
      items: [{ skuId: aptamil, qty: 1, unitPrice: 22900 }],
    });
    expect((await call(OrderPaths.cancel, { id: order.id }, m.token)).data.changed).toBe(true);
  });

  it('refuses once the order is paid, shipped or finished, and changes nothing', async () => {
    const m = await newMember(t.app);
    for (const status of [
      OrderStatus.Paid,
      OrderStatus.AwaitingDispatch,
      OrderStatus.InTransit,
      OrderStatus.Finished,
    ]) {
      const order = await insertOrder(t.database.db, {
        memberId: m.id,
        status,
        items: [{ skuId: aptamil, qty: 1, unitPrice: 22900 }],
      });
      const stock = await stockOf(t.database.db, aptamil);
      const res = await call(OrderPaths.cancel, { id: order.id }, m.token);
      expect(res.status).toBe(400);
      expect(res.resultCode).toBe(ResultCode.ParamsError);
      expect(res.message).toBe('订单已付款，无法取消');
      expect((await orderState(t.database.db, order.id)).order?.status).toBe(status);
      expect(await stockOf(t.database.db, aptamil)).toBe(stock);
    }
  });

  it('validates the id', async () => {
    const m = await newMember(t.app);
    for (const body of [{}, { id: 0 }, { id: 'x' }, { id: 1, other: true }])
      expect((await call(OrderPaths.cancel, body, m.token)).status).toBe(400);
    expect((await call(OrderPaths.cancel, { id: 987654 }, m.token)).status).toBe(404);
  });
});

describe('finishOrder/', () => {
  it('confirms receipt only once shipped, once', async () => {
    const m = await newMember(t.app);
    for (const status of [OrderStatus.Shipped, OrderStatus.AwaitingPickup, OrderStatus.InTransit]) {
      const order = await insertOrder(t.database.db, {
        memberId: m.id,
        status,
        packs: [{}, {}],
        items: [{ skuId: aptamil, qty: 1, unitPrice: 22900 }],
      });
      const res = await call(OrderPaths.finish, { id: order.id }, m.token);
      expect(res.success, res.message).toBe(true);
      expect(res.data).toMatchObject({ status: OrderStatus.Finished, changed: true });
      const state = await orderState(t.database.db, order.id);
      expect(state.packStatuses).toEqual([OrderStatus.Finished, OrderStatus.Finished]);
      const finishedAt = state.order?.finishedAt;
      expect(finishedAt).toBeInstanceOf(Date);

      const again = await call(OrderPaths.finish, { id: order.id }, m.token);
      expect(again.success).toBe(true);
      expect(again.data.changed).toBe(false);
      expect((await orderState(t.database.db, order.id)).order?.finishedAt).toEqual(finishedAt);
    }
  });

  it('refuses before shipping, with a pack still unshipped, and after cancelling', async () => {
    const m = await newMember(t.app);
    const cases = [
      { status: OrderStatus.NotPaid, message: '订单尚未发货' },
      { status: OrderStatus.Paid, message: '订单尚未发货' },
      { status: OrderStatus.AwaitingDispatch, message: '订单尚未发货' },
      { status: OrderStatus.Cancelled, message: '订单已取消' },
      {
        status: OrderStatus.Shipped,
        packs: [{ status: OrderStatus.Shipped }, { status: OrderStatus.AwaitingDispatch }],
        message: '订单还有包裹未发货',
      },
    ];
    for (const c of cases) {
      const order = await insertOrder(t.database.db, {
        memberId: m.id,
        status: c.status,
        ...(c.packs ? { packs: c.packs } : {}),
        items: [{ skuId: aptamil, qty: 1, unitPrice: 22900 }],
      });
      const before = await orderState(t.database.db, order.id);
      const res = await call(OrderPaths.finish, { id: order.id }, m.token);
      expect(res.status, String(c.status)).toBe(400);
      expect(res.message).toContain(c.message);
      expect(await orderState(t.database.db, order.id)).toEqual(before);
    }
  });
});

// PGlite runs one query at a time and would hide a race (docs/conventions.md 'Tests'): real PostgreSQL only.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)(
  'concurrent order changes on PostgreSQL (skipped: TEST_DATABASE_URL is not set)',
  () => {
    it('ten concurrent cancels return the stock once', async () => {
      const m = await newMember(t.app);
      const before = await stockOf(t.database.db, aptamil);
      const order = await insertOrder(t.database.db, {
        memberId: m.id,
        items: [{ skuId: aptamil, qty: 5, unitPrice: 22900 }],
      });
      const results = await Promise.all(
        Array.from({ length: 10 }, () => call(OrderPaths.cancel, { id: order.id }, m.token)),
      );
      for (const r of results) expect(r.success, r.message).toBe(true);
      expect(results.filter((r) => r.data.changed)).toHaveLength(1);
      expect(await stockOf(t.database.db, aptamil)).toBe(before);
    });

    it('a cancel racing an operator payment: exactly one of them wins', async () => {
      const m = await newMember(t.app);
      const before = await stockOf(t.database.db, aptamil);
      const order = await insertOrder(t.database.db, {
        memberId: m.id,
        items: [{ skuId: aptamil, qty: 2, unitPrice: 22900 }],
      });
      const [cancel, paid] = await Promise.allSettled([
        call(OrderPaths.cancel, { id: order.id }, m.token),
        t.app.services.orderAdmin.transition(cliActor(), order.orderNo, OrderStatus.Paid),
      ]);
      const cancelled = cancel.status === 'fulfilled' && cancel.value.success;
      const state = await orderState(t.database.db, order.id);
      if (cancelled) {
        expect(paid.status).toBe('rejected');
        expect(state.order?.status).toBe(OrderStatus.Cancelled);
        expect(await stockOf(t.database.db, aptamil)).toBe(before);
      } else {
        expect(paid.status).toBe('fulfilled');
        expect(state.order?.status).toBe(OrderStatus.Paid);
        expect(await stockOf(t.database.db, aptamil)).toBe(before - 2);
      }
    });
  },
);
