import { randomUUID } from 'node:crypto';
import { type CheckoutSummary, OrderPaths, OrderStatus, ResultCode, SkuStatus } from '@shop/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartLines, goods, orderItems, orderPacks, orders, skus } from '../src/db/schema';
import { SYDNEY_PICKUP } from '../src/seed/data/pickup';
import { orderNumber } from '../src/workflows/place-order';
import {
  addToCart,
  type CheckoutTestApp,
  createCheckoutTestApp,
  minor,
  newMember,
  orderForPickup,
  summary,
  withStockGoneWhileOrdering,
} from './support/checkout-helpers';
import { envelope, post } from './support/test-app';

let c: CheckoutTestApp;
beforeAll(async () => {
  c = await createCheckoutTestApp();
});
afterAll(async () => {
  await c?.t.close();
});

interface Created {
  orderId: number;
  orderNo: string;
  status: number;
  currency: string;
  totalPrice: number;
}

const receiverInput = {
  name: '张三',
  phone: '13800138000',
  country: 'CN' as const,
  province: '上海市',
  city: '上海市',
  district: '静安区',
  detail: '南京西路1号',
  postCode: '200040',
  company: '',
  idCardNo: '',
  defaultFlag: true,
};

async function receiverOf(token: string): Promise<number> {
  const auth = await c.t.app.services.member.authenticate(token);
  if (!auth) throw new Error('no auth');
  return (await c.t.app.services.addressBook.save(auth, 'receiver', receiverInput)).id;
}

const stockOf = async (skuId: number) =>
  (await c.t.database.db.select({ stock: skus.stock }).from(skus).where(eq(skus.id, skuId)))[0]?.stock;
const cartOf = (memberId: number) =>
  c.t.database.db.select().from(cartLines).where(eq(cartLines.memberId, memberId));
const ordersOf = (memberId: number) =>
  c.t.database.db.select().from(orders).where(eq(orders.memberId, memberId));

function create(token: string | undefined, body: Record<string, unknown>) {
  return post(c.t.app, OrderPaths.create, { requestId: randomUUID(), ...body }, token);
}

describe('createdOrder/', () => {
  it('creates the order, its packs and items at the summary prices, removes the lines and takes ByStock stock', async () => {
    const m = await newMember(c.t);
    const receiverId = await receiverOf(m.token);
    await addToCart(c.t, m.token, [
      [c.sku.aptamil, 2],
      [c.sku.fishOil400, 3],
      [c.sku.rice, 1],
    ]);
    const stockBefore = await stockOf(c.sku.fishOil400);
    const [salesBefore] = await c.t.database.db
      .select({ sales: goods.sales })
      .from(goods)
      .where(eq(goods.id, c.fixture.goods.fishOilGoods.id));
    const packs = [{ index: 0, courierId: c.couriers.aup }];
    const s: CheckoutSummary = await summary(c.t, m.token, {
      currency: 'AUD',
      locationCode: '200040',
      packs,
    });
    expect(s.valid, s.notForSaleMsg).toBe(true);

    const res = await create(m.token, {
      currency: 'AUD',
      receiverId,
      packs: [...packs, { index: 1, courierId: null }],
      memberRemark: '请尽快发货',
    });
    const body = envelope<Created>(res);
    expect(body.success, body.message).toBe(true);
    expect(body.data.status).toBe(OrderStatus.NotPaid);
    expect(body.data.orderNo).toMatch(/^SO\d{8}\d{8}$/);
    expect(body.data.totalPrice).toBe(s.totalPrice);

    const [order] = await ordersOf(m.memberId);
    expect(order).toMatchObject({
      goodsAmount: minor(s.goodsPrice),
      shippingAmount: minor(s.otherPrice),
      taxAmount: minor(s.taxPrice),
      promotionsAmount: minor(s.promotionsSum),
      totalAmount: minor(s.totalPrice),
      currency: 'AUD',
      locationCode: '200040',
      memberRemark: '请尽快发货',
      isPickup: false,
    });
    expect(order?.receiver).toMatchObject({ name: '张三', postCode: '200040', city: '上海市' });
    expect(order?.receiver).not.toHaveProperty('id');
    expect(order?.receiver).not.toHaveProperty('defaultFlag');
    expect(order?.sender).toBeNull();

    const packRows = await c.t.database.db
      .select()
      .from(orderPacks)
      .where(eq(orderPacks.orderId, body.data.orderId))
      .orderBy(asc(orderPacks.packIndex));
    expect(packRows.map((b) => [b.packIndex, b.location, b.courierId, b.shippingAmount, b.status])).toEqual(
      s.packs.map((p) => [
        p.index,
        p.location,
        p.options.courierId,
        minor(p.shippingFee),
        OrderStatus.NotPaid,
      ]),
    );
    const items = await c.t.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, body.data.orderId));
    expect(items).toHaveLength(3);
    for (const item of s.items) {
      const row = items.find((i) => i.skuId === item.skuId);
      expect(row?.unitPrice).toBe(minor(item.price));
      expect(row?.qty).toBe(item.qty);
      expect(row?.reservedQty).toBe(item.qty);
    }
    expect(await cartOf(m.memberId)).toEqual([]);
    expect(await stockOf(c.sku.fishOil400)).toBe((stockBefore ?? 0) - 3);
    const [salesAfter] = await c.t.database.db
      .select({ sales: goods.sales })
      .from(goods)
      .where(eq(goods.id, c.fixture.goods.fishOilGoods.id));
    expect(salesAfter?.sales).toBe((salesBefore?.sales ?? 0) + 3);

    // Cancelling gives back the stock and takes back the sales the order counted.
    const cancelled = envelope(await post(c.t.app, OrderPaths.cancel, { id: body.data.orderId }, m.token));
    expect(cancelled.success, cancelled.message).toBe(true);
    expect(await stockOf(c.sku.fishOil400)).toBe(stockBefore);
    const [salesCancelled] = await c.t.database.db
      .select({ sales: goods.sales })
      .from(goods)
      .where(eq(goods.id, c.fixture.goods.fishOilGoods.id));
    expect(salesCancelled?.sales).toBe(salesBefore?.sales);
  });

  it('keeps unselected lines in the cart', async () => {
    const m = await newMember(c.t);
    await addToCart(c.t, m.token, [
      [c.sku.aptamil, 1],
      [c.sku.rice, 1],
    ]);
    await c.t.database.db.update(cartLines).set({ selected: false }).where(eq(cartLines.skuId, c.sku.rice));
    const res = envelope<Created>(await create(m.token, { currency: 'AUD', isPickup: true }));
    expect(res.success, res.message).toBe(true);
    expect((await cartOf(m.memberId)).map((l) => l.skuId)).toEqual([c.sku.rice]);
    const [order] = await ordersOf(m.memberId);
    expect(order).toMatchObject({
      isPickup: true,
      locationCode: 'Pickup',
      shippingAmount: 0,
      taxAmount: 0,
      receiver: null,
    });
  });

  it('a ByBook line beyond stock is a pre-order: only what is there is reserved', async () => {
    await c.t.database.db.update(skus).set({ stock: 1 }).where(eq(skus.id, c.sku.fishOil200));
    const m = await newMember(c.t);
    await addToCart(c.t, m.token, [[c.sku.fishOil200, 3]]);
    const res = envelope<Created>(await create(m.token, { currency: 'CNY', isPickup: true }));
    expect(res.success, res.message).toBe(true);
    const [item] = await c.t.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, res.data.orderId));
    expect(item).toMatchObject({ qty: 3, reservedQty: 1, unitPrice: 15_800 });
    expect(await stockOf(c.sku.fishOil200)).toBe(0);
  });

  it('one SKU on two lines fills the first line first; a strict SKU short by their sum, or gone, takes nothing', async () => {
    const { inventory } = c.t.app.services;
    const db = c.t.database.db;
    const [fish] = await db.select({ goodsId: skus.goodsId }).from(skus).where(eq(skus.id, c.sku.fishOil200));
    const goodsId = fish?.goodsId ?? 0;
    const salesOf = async () =>
      (await db.select({ sales: goods.sales }).from(goods).where(eq(goods.id, goodsId)))[0]?.sales;
    const rollback = new Error('rollback');
    const inTransaction = async <T>(work: (tx: typeof db) => Promise<T>): Promise<T> => {
      let out: T | undefined;
      await db
        .transaction(async (tx) => {
          out = await work(tx);
          throw rollback;
        })
        .catch((error) => {
          if (error !== rollback) throw error;
        });
      return out as T;
    };
    const line = (skuId: number, qty: number, status: number) => ({
      skuId,
      qty,
      status,
      label: `SKU ${skuId}`,
    });

    // ByBook with 3 units: lines of 2 and 2 take 2 and 1; sales counted; stock 0 inside the transaction.
    await db.update(skus).set({ stock: 3 }).where(eq(skus.id, c.sku.fishOil200));
    const salesBefore = await salesOf();
    const seen = await inTransaction(async (tx) => {
      const { reserved: taken } = await inventory.reserve(
        [line(c.sku.fishOil200, 2, SkuStatus.ByBook), line(c.sku.fishOil200, 2, SkuStatus.ByBook)],
        [{ goodsId, qty: 4 }],
        tx,
      );
      const [row] = await tx.select({ stock: skus.stock }).from(skus).where(eq(skus.id, c.sku.fishOil200));
      const [sold] = await tx.select({ sales: goods.sales }).from(goods).where(eq(goods.id, goodsId));
      return { taken, stock: row?.stock, sales: sold?.sales };
    });
    expect(seen).toEqual({ taken: [2, 1], stock: 0, sales: (salesBefore ?? 0) + 4 });

    // ByStock with 3 units: 2 + 2 is short, refused by name, nothing written.
    await expect(
      inTransaction((tx) =>
        inventory.reserve(
          [line(c.sku.fishOil200, 2, SkuStatus.ByStock), line(c.sku.fishOil200, 2, SkuStatus.ByStock)],
          [{ goodsId, qty: 4 }],
          tx,
        ),
      ),
    ).rejects.toThrow(`库存不足：SKU ${c.sku.fishOil200}`);
    // A ByStock SKU that no longer exists is short too; an open one just takes nothing.
    await expect(
      inTransaction((tx) => inventory.reserve([line(99_999_999, 1, SkuStatus.ByStock)], [], tx)),
    ).rejects.toThrow('库存不足：SKU 99999999');
    expect(
      await inTransaction((tx) => inventory.reserve([line(99_999_999, 1, SkuStatus.InStock)], [], tx)),
    ).toEqual({ reserved: [0] });
    expect(await stockOf(c.sku.fishOil200)).toBe(3);
    expect(await salesOf()).toBe(salesBefore);
  });

  it('the same requestId twice makes one order, also when the two requests race', async () => {
    const m = await newMember(c.t);
    await addToCart(c.t, m.token, [[c.sku.aptamil, 1]]);
    const body = { requestId: randomUUID(), currency: 'AUD', isPickup: true };
    const first = envelope<Created>(await post(c.t.app, OrderPaths.create, body, m.token));
    const again = envelope<Created>(await post(c.t.app, OrderPaths.create, body, m.token));
    expect(first.success && again.success).toBe(true);
    expect(again.data).toEqual(first.data);
    expect(await ordersOf(m.memberId)).toHaveLength(1);
    // Sent again later, with other lines in the cart by then: still the first order, and the new lines stay.
    await addToCart(c.t, m.token, [[c.sku.rice, 2]]);
    const late = envelope<Created>(await post(c.t.app, OrderPaths.create, body, m.token));
    expect(late.data).toEqual(first.data);
    expect(await ordersOf(m.memberId)).toHaveLength(1);
    expect((await cartOf(m.memberId)).map((line) => line.skuId)).toEqual([c.sku.rice]);

    const m2 = await newMember(c.t);
    await addToCart(c.t, m2.token, [[c.sku.aptamil, 1]]);
    const raced = { requestId: randomUUID(), currency: 'AUD', isPickup: true };
    const results = await Promise.all(
      Array.from({ length: 12 }, () => post(c.t.app, OrderPaths.create, raced, m2.token)),
    );
    const ids = results.map((r) => {
      const e = envelope<Created>(r);
      expect(e.success, e.message).toBe(true);
      return e.data.orderId;
    });
    expect(new Set(ids).size).toBe(1);
    expect(await ordersOf(m2.memberId)).toHaveLength(1);
  });

  it("another member's receiver is not found", async () => {
    const owner = await newMember(c.t);
    const receiverId = await receiverOf(owner.token);
    const m = await newMember(c.t);
    await addToCart(c.t, m.token, [[c.sku.aptamil, 1]]);
    const res = await create(m.token, { currency: 'AUD', receiverId });
    expect(res.statusCode).toBe(404);
    expect(envelope(res).message).toBe('地址不存在');
    const none = await create(m.token, { currency: 'AUD' });
    expect(envelope(none).resultCode).toBe(ResultCode.ParamsError);
    expect(envelope(none).message).toBe('请选择收货地址');
    expect(await ordersOf(m.memberId)).toEqual([]);
  });

  it('a summary that is not valid is refused with its message and nothing is written', async () => {
    const m = await newMember(c.t);
    await addToCart(c.t, m.token, [
      [c.sku.fishOil400, 2],
      [c.sku.fishOil200, 1],
    ]);
    const stock = await stockOf(c.sku.fishOil400);
    const res = await create(m.token, { currency: 'AUD', isPickup: true });
    expect(res.statusCode).toBe(400);
    expect(envelope(res).resultCode).toBe(ResultCode.ParamsError);
    expect(envelope(res).message).toContain('以下商品不支持澳币支付');
    expect(await stockOf(c.sku.fishOil400)).toBe(stock);
    expect(await cartOf(m.memberId)).toHaveLength(2);
    expect(await ordersOf(m.memberId)).toEqual([]);
  });

  it('short ByStock stock at order time rolls everything back with 库存不足', async () => {
    const m = await newMember(c.t);
    await addToCart(c.t, m.token, [
      [c.sku.aptamil, 1],
      [c.sku.fishOil400, 2],
    ]);
    const aptamilStock = await stockOf(c.sku.aptamil);
    const fishOilStock = await stockOf(c.sku.fishOil400);
    // The quote sees enough stock; the stock goes before the update takes it (a sale elsewhere in between).
    const res = await withStockGoneWhileOrdering(c.t, c.sku.fishOil400, 1, () =>
      orderForPickup(c.t, m.token),
    );
    expect(res.statusCode).toBe(400);
    expect(envelope(res).message).toMatch(/^库存不足：/);
    expect(await stockOf(c.sku.aptamil)).toBe(aptamilStock);
    // The other sale left 1 unit; this order took none of it.
    expect(await stockOf(c.sku.fishOil400)).toBe(1);
    expect(await cartOf(m.memberId)).toHaveLength(2);
    expect(await ordersOf(m.memberId)).toEqual([]);
    await c.t.database.db.update(skus).set({ stock: fishOilStock }).where(eq(skus.id, c.sku.fishOil400));
  });

  it('refuses with 购物车已变化 when another checkout removed the lines first, and writes nothing', async () => {
    const m = await newMember(c.t);
    await addToCart(c.t, m.token, [
      [c.sku.aptamil, 1],
      [c.sku.fishOil400, 2],
    ]);
    const stock = [await stockOf(c.sku.aptamil), await stockOf(c.sku.fishOil400)];
    const [sales] = await c.t.database.db
      .select({ sales: goods.sales })
      .from(goods)
      .where(eq(goods.id, c.fixture.goods.fishOilGoods.id));
    // The quote saw both lines; one is gone (ordered by another checkout) when the order is written.
    const service = c.t.app.services.checkout;
    const original = service.quote;
    service.quote = async (...args) => {
      const quote = await original(...args);
      await c.t.database.db
        .delete(cartLines)
        .where(and(eq(cartLines.memberId, m.memberId), eq(cartLines.skuId, c.sku.aptamil)));
      return quote;
    };
    const res = await orderForPickup(c.t, m.token).finally(() => {
      service.quote = original;
    });
    expect(res.statusCode).toBe(400);
    expect(envelope(res).resultCode).toBe(ResultCode.ParamsError);
    expect(envelope(res).message).toBe('购物车已变化，请刷新结算页后重试');
    // The statement took the stock, counted the sales and removed the other line before it refused: all undone.
    expect([await stockOf(c.sku.aptamil), await stockOf(c.sku.fishOil400)]).toEqual(stock);
    const [salesAfter] = await c.t.database.db
      .select({ sales: goods.sales })
      .from(goods)
      .where(eq(goods.id, c.fixture.goods.fishOilGoods.id));
    expect(salesAfter).toEqual(sales);
    expect((await cartOf(m.memberId)).map((l) => l.skuId)).toEqual([c.sku.fishOil400]);
    expect(await ordersOf(m.memberId)).toEqual([]);
  });

  it('writes an order in one statement, with no transaction block holding the SKUs’ locks across a round trip', async () => {
    const m = await newMember(c.t);
    await addToCart(c.t, m.token, [
      [c.sku.aptamil, 1],
      [c.sku.fishOil400, 1],
    ]);
    const statements: string[] = [];
    c.t.database.watchQueries({
      slowMs: 0,
      context: () => undefined,
      onSlow: (text) => statements.push(text.trim().toLowerCase()),
    });
    const res = await orderForPickup(c.t, m.token).finally(() => c.t.database.watchQueries(null));
    expect(envelope(res).success, envelope(res).message).toBe(true);
    const writes = statements.filter((text) => /\b(insert|update|delete)\b/.test(text));
    expect(writes).toHaveLength(1);
    for (const part of [
      'for no key update',
      'update "skus"',
      'insert into "orders"',
      'delete from "cart_lines"',
    ])
      expect(writes[0]).toContain(part);
    expect(statements.filter((text) => /^(begin|commit|start transaction)/.test(text))).toEqual([]);
  });

  it('writes the order and its packs together: the order number from the id and day, the snapshots as JSON objects', async () => {
    const m = await newMember(c.t);
    const auth = await c.t.app.services.member.authenticate(m.token);
    if (!auth) throw new Error('no auth');
    const { defaultFlag: _default, ...fields } = receiverInput;
    // Quotes and a backslash must come back as they went in, not escaped twice.
    const receiverFields = { ...fields, detail: '南京西路1号 "B座" \\ 5楼' };
    const receiver = await c.t.app.services.addressBook.save(auth, 'receiver', {
      ...receiverInput,
      ...receiverFields,
    });
    const sender = await c.t.app.services.addressBook.save(auth, 'sender', {
      ...receiverInput,
      name: '李四',
    });
    await addToCart(c.t, m.token, [
      [c.sku.aptamil, 1],
      [c.sku.rice, 2],
    ]);
    const res = envelope<Created>(
      await create(m.token, {
        currency: 'AUD',
        receiverId: receiver.id,
        senderId: sender.id,
        packs: [
          { index: 0, courierId: c.couriers.aup },
          { index: 1, courierId: c.couriers.aup },
        ],
      }),
    );
    expect(res.success, res.message).toBe(true);
    const [order] = await ordersOf(m.memberId);
    if (!order) throw new Error('no order');
    expect(res.data.orderId).toBe(order.id);
    expect(order.orderNo).toBe(orderNumber(order.id, order.createdAt));
    expect(res.data.orderNo).toBe(order.orderNo);
    expect(order.updatedAt).toEqual(order.createdAt);
    expect(order.receiver).toEqual(receiverFields);
    expect(order.sender).toEqual({ ...fields, name: '李四' });
    const kinds = (await c.t.database.db.execute(
      sql`select jsonb_typeof(receiver) as receiver, jsonb_typeof(sender) as sender from ${orders} where id = ${order.id}`,
    )) as unknown as { rows: { receiver: string; sender: string }[] };
    expect(kinds.rows).toEqual([{ receiver: 'object', sender: 'object' }]);

    const packRows = await c.t.database.db
      .select()
      .from(orderPacks)
      .where(eq(orderPacks.orderId, order.id))
      .orderBy(asc(orderPacks.id));
    // The packs' ids rise with their index, and each item is in the pack of its warehouse.
    expect(packRows.map((p) => [p.orderId, p.packIndex, p.courierId, p.pickup])).toEqual([
      [order.id, 0, c.couriers.aup, null],
      [order.id, 1, c.couriers.aup, null],
    ]);
    const items = await c.t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const indexOf = new Map(packRows.map((p) => [p.id, p.packIndex]));
    expect(new Map(items.map((i) => [i.skuId, indexOf.get(i.packId)]))).toEqual(
      new Map([
        [c.sku.aptamil, 0],
        [c.sku.rice, 1],
      ]),
    );

    // An id past 8 digits is written whole, as orderNumber() gives it; a pickup pack keeps its pickup point.
    await c.t.database.db.execute(sql`select setval(pg_get_serial_sequence('orders', 'id'), 123456788)`);
    const p = await newMember(c.t);
    await addToCart(c.t, p.token, [[c.sku.aptamil, 1]]);
    const picked = envelope<Created>(await orderForPickup(c.t, p.token));
    expect(picked.success, picked.message).toBe(true);
    const [big] = await ordersOf(p.memberId);
    if (!big) throw new Error('no order');
    expect(big.id).toBe(123_456_789);
    expect(big.orderNo).toBe(orderNumber(big.id, big.createdAt));
    expect(big.orderNo).toMatch(/^SO\d{8}123456789$/);
    expect(picked.data.orderNo).toBe(big.orderNo);
    expect(big.receiver).toBeNull();
    const [pack] = await c.t.database.db.select().from(orderPacks).where(eq(orderPacks.orderId, big.id));
    expect(pack?.pickup).toEqual({
      address: SYDNEY_PICKUP.address,
      hours: SYDNEY_PICKUP.hours,
      phone: SYDNEY_PICKUP.phone,
    });
  });

  it('needs login and a requestId', async () => {
    const res = await create(undefined, { currency: 'AUD', isPickup: true });
    expect(res.statusCode).toBe(401);
    const m = await newMember(c.t);
    const bad = await post(c.t.app, OrderPaths.create, { currency: 'AUD', isPickup: true }, m.token);
    expect(bad.statusCode).toBe(400);
    const ids = (
      await c.t.database.db
        .select({ id: orders.id })
        .from(orders)
        .where(inArray(orders.memberId, [m.memberId]))
    ).length;
    expect(ids).toBe(0);
  });
});
