import { randomUUID } from 'node:crypto';
import {
  CheckoutPaths,
  type CheckoutSummary,
  type OrderDetail,
  OrderPaths,
  OrderStatus,
  ResultCode,
  Warehouse,
} from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartLines, orders, skus } from '../src/db/schema';
import { cliActor } from '../src/lib/audit';
import { SYDNEY_PICKUP } from '../src/seed/data/pickup';
import {
  addToCart,
  type CheckoutTestApp,
  createCheckoutTestApp,
  newMember,
  summary,
} from './support/checkout-helpers';
import { envelope, post } from './support/test-app';

/**
 * Pickup (到仓自提) is a property of a warehouse (spec §3 'Warehouses', §4 'Setting pickup stores isPickup',
 * §7 cart/summary/ locationCode 'Pickup'): offered only when every pack's warehouse has a pickup point, refused
 * by the summary and by createdOrder/ otherwise, and the order keeps where to collect it.
 */

let c: CheckoutTestApp;
beforeAll(async () => {
  c = await createCheckoutTestApp();
  // The CN SKU has no stock in the fixture.
  await c.t.database.db.update(skus).set({ stock: 50 }).where(eq(skus.id, c.sku.swisseNoStock));
});
afterAll(async () => {
  await c?.t.close();
});

const PICKUP = { currency: 'CNY', locationCode: 'Pickup' };
const DELIVERY = { currency: 'CNY', locationCode: '200040' };
const SYDNEY = {
  warehouseId: Warehouse.AU,
  warehouseName: '澳大利亚仓',
  ...SYDNEY_PICKUP,
};
const NO_PICKUP_CN = '中国仓不提供到仓自提，请选择快递配送';

async function memberWith(lines: [number, number][]) {
  const m = await newMember(c.t);
  await addToCart(c.t, m.token, lines);
  return m;
}

function createOrder(token: string, body: Record<string, unknown>) {
  return post(c.t.app, OrderPaths.create, { requestId: randomUUID(), ...body }, token);
}

describe('pickup points', () => {
  it('every shop starts with the Sydney desk only, as the migration wrote it (the seed data says the same)', async () => {
    const list = await c.t.app.services.warehouses.list();
    expect(list).toHaveLength(9);
    expect(list.filter((w) => w.pickup?.enabled).map((w) => w.code)).toEqual(['AU']);
    expect(list.find((w) => w.code === 'AU')?.pickup).toEqual({ enabled: true, ...SYDNEY_PICKUP });
    expect(await c.t.app.services.warehouses.pickupPoints()).toEqual([SYDNEY]);
  });
});

describe('summary with pickup', () => {
  it('an AU pack may be collected: valid, no courier, and the pack names the Sydney desk', async () => {
    const m = await memberWith([[c.sku.aptamil, 2]]);
    const s = await summary(c.t, m.token, PICKUP);
    expect(s.valid, s.notForSaleMsg).toBe(true);
    expect(s.isPickup).toBe(true);
    expect(s.canPickup).toBe(true);
    expect(s.packs[0]?.pickup).toEqual(SYDNEY);
    expect(s.packs[0]?.couriers).toEqual([]);
    // Delivered, the pack still says it could be collected, so the page can offer pickup.
    const delivered = await summary(c.t, m.token, DELIVERY);
    expect(delivered.canPickup).toBe(true);
    expect(delivered.packs[0]?.pickup).toEqual(SYDNEY);
  });

  it('a CN pack cannot: the summary is not valid and says so in Chinese, and pickup is not offered', async () => {
    const m = await memberWith([[c.sku.swisseNoStock, 1]]);
    const s = await summary(c.t, m.token, PICKUP);
    expect(s.valid).toBe(false);
    expect(s.notForSaleMsg).toBe(NO_PICKUP_CN);
    expect(s.canPickup).toBe(false);
    expect(s.packs[0]?.pickup).toBeNull();
    // The info still comes back (spec §4): the items and the pack.
    expect(s.items).toHaveLength(1);
    const delivered = await summary(c.t, m.token, DELIVERY);
    expect(delivered.valid, delivered.notForSaleMsg).toBe(true);
    expect(delivered.canPickup).toBe(false);
  });

  it('an AU pack beside a CN pack: pickup is not offered for the order, and refused when asked for', async () => {
    const m = await memberWith([
      [c.sku.aptamil, 1],
      [c.sku.swisseNoStock, 1],
    ]);
    const delivered = await summary(c.t, m.token, DELIVERY);
    expect(delivered.canPickup).toBe(false);
    expect(delivered.packs.map((p) => [p.location, p.pickup?.address ?? null])).toEqual([
      [Warehouse.AU, SYDNEY_PICKUP.address],
      [Warehouse.CN, null],
    ]);
    const s = await summary(c.t, m.token, PICKUP);
    expect(s.valid).toBe(false);
    expect(s.notForSaleMsg).toBe(NO_PICKUP_CN);
  });
});

describe('createdOrder/ with pickup', () => {
  it('refuses a pickup order with a CN pack and changes nothing', async () => {
    const m = await memberWith([[c.sku.swisseNoStock, 2]]);
    const res = await createOrder(m.token, { currency: 'CNY', isPickup: true });
    const body = envelope(res);
    expect(res.statusCode).toBe(400);
    expect(body.resultCode).toBe(ResultCode.ParamsError);
    expect(body.message).toBe(NO_PICKUP_CN);
    expect(await c.t.database.db.select().from(orders).where(eq(orders.memberId, m.memberId))).toEqual([]);
    expect(
      await c.t.database.db.select().from(cartLines).where(eq(cartLines.memberId, m.memberId)),
    ).toHaveLength(1);
  });

  it('places an AU pickup order whose detail says where and when to collect it; order:pickup-ready still works', async () => {
    const m = await memberWith([[c.sku.aptamil, 1]]);
    const res = envelope<{ orderId: number; orderNo: string }>(
      await createOrder(m.token, { currency: 'AUD', isPickup: true }),
    );
    expect(res.success, res.message).toBe(true);
    const detail = envelope<OrderDetail>(
      await post(c.t.app, OrderPaths.detail, { id: res.data.orderId }, m.token),
    ).data;
    expect(detail.isPickup).toBe(true);
    expect(detail.receiver).toBeNull();
    expect(detail.orderBeans.map((b) => b.pickup)).toEqual([SYDNEY]);

    // The desk moves later: the order keeps the place it was placed for.
    await c.t.app.services.warehouses.setPickup(Warehouse.AU, {
      address: '1 Other Road, Lidcombe NSW 2141',
      hours: '周一至周五 10:00-16:00',
    });
    try {
      const again = envelope<OrderDetail>(
        await post(c.t.app, OrderPaths.detail, { id: res.data.orderId }, m.token),
      ).data;
      expect(again.orderBeans[0]?.pickup?.address).toBe(SYDNEY_PICKUP.address);
    } finally {
      await c.t.app.services.warehouses.setPickup(Warehouse.AU, SYDNEY_PICKUP);
    }

    // Paid, through the warehouse, and ready at the desk.
    const admin = c.t.app.services.orderAdmin;
    for (const status of [
      OrderStatus.Paid,
      OrderStatus.PushedToWarehouse,
      OrderStatus.WarehouseProcessing,
      OrderStatus.AwaitingDispatch,
      OrderStatus.AwaitingPickup,
    ])
      await admin.transition(cliActor(), res.data.orderNo, status);
    const ready = envelope<OrderDetail>(
      await post(c.t.app, OrderPaths.detail, { id: res.data.orderId }, m.token),
    ).data;
    expect(ready.status).toBe(OrderStatus.AwaitingPickup);
    expect(ready.orderBeans[0]?.pickup?.address).toBe(SYDNEY_PICKUP.address);
  });

  it('a delivered order keeps no pickup point', async () => {
    const m = await memberWith([[c.sku.aptamil, 1]]);
    const auth = await c.t.app.services.member.authenticate(m.token);
    if (!auth) throw new Error('no auth');
    const receiver = await c.t.app.services.addressBook.save(auth, 'receiver', {
      name: '张三',
      phone: '13800138000',
      country: 'CN',
      province: '上海市',
      city: '上海市',
      district: '静安区',
      detail: '南京西路1号',
      postCode: '200040',
      company: '',
      idCardNo: '',
      defaultFlag: true,
    });
    const res = envelope<{ orderId: number }>(
      await createOrder(m.token, { currency: 'AUD', receiverId: receiver.id }),
    );
    expect(res.success, res.message).toBe(true);
    const detail = envelope<OrderDetail>(
      await post(c.t.app, OrderPaths.detail, { id: res.data.orderId }, m.token),
    ).data;
    expect(detail.orderBeans.map((b) => b.pickup)).toEqual([null]);
  });

  it('once the operator opens a desk at the CN warehouse, a CN pack may be collected; --off closes it again', async () => {
    const m = await memberWith([[c.sku.swisseNoStock, 1]]);
    const service = c.t.app.services.warehouses;
    await service.setPickup(Warehouse.CN, {
      address: '深圳市南山区前海保税区 1 号仓',
      hours: '周一至周五 9:00-18:00',
      phone: '0755-8888 0000',
    });
    try {
      const s = await summary(c.t, m.token, PICKUP);
      expect(s.valid, s.notForSaleMsg).toBe(true);
      expect(s.packs[0]?.pickup).toMatchObject({ warehouseName: '中国仓', phone: '0755-8888 0000' });
    } finally {
      await service.disablePickup(Warehouse.CN);
    }
    const closed: CheckoutSummary = envelope<CheckoutSummary>(
      await post(c.t.app, CheckoutPaths.summary, PICKUP, m.token),
    ).data;
    expect(closed.valid).toBe(false);
    expect(closed.notForSaleMsg).toBe(NO_PICKUP_CN);
  });
});
