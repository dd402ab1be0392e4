import {
  type CartListResponse,
  CartPaths,
  CheckoutPaths,
  type OrderDetail,
  OrderPaths,
  OrderStatus,
  type OrderSummary,
  ResultCode,
  Warehouse,
} from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logisticsEvents, orderAttachments } from '../src/db/schema';
import type { CatalogueFixture } from './support/catalogue-fixtures';
import { createCatalogueTestApp } from './support/catalogue-helpers';
import { insertOrder, newMember, orderState, stockOf } from './support/order-fixtures';
import { envelope, post, type TestApp } from './support/test-app';

let t: TestApp;
let f: CatalogueFixture;
const sku = { aptamil: 0, fishOil400: 0, fishOil200: 0, rice: 0, swisseOutStock: 0, offShelf: 0, mask: 0 };

beforeAll(async () => {
  ({ t, fixture: f } = await createCatalogueTestApp());
  const g = f.goods;
  sku.aptamil = g.aptamilGold.skuIds[0] ?? 0;
  sku.fishOil400 = g.fishOilGoods.skuIds[0] ?? 0;
  sku.fishOil200 = g.fishOilGoods.skuIds[1] ?? 0;
  sku.swisseOutStock = g.swisseCalcium.skuIds[0] ?? 0;
  sku.rice = g.riceCereal.skuIds[0] ?? 0;
  sku.mask = g.mask.skuIds[0] ?? 0;
  sku.offShelf = g.offShelf.skuIds[0] ?? 0;
});
afterAll(async () => {
  await t?.close();
});

async function call<T>(path: string, body: unknown, token?: string) {
  const res = await post(t.app, path, body, token);
  return { status: res.statusCode, ...envelope<T>(res) };
}

async function ok<T>(path: string, body: unknown, token: string): Promise<T> {
  const res = await call<T>(path, body, token);
  expect(res.success, res.message).toBe(true);
  return res.data;
}

type OrderList = { items: OrderSummary[]; pageNo: number; pageSize: number; totalCount: number };
const day = (n: number) => new Date(Date.UTC(2025, 2, n, 8));

describe('orderList/', () => {
  it('lists only the caller’s orders, newest first, in pages of 10 by default', async () => {
    const a = await newMember(t.app);
    const b = await newMember(t.app);
    for (let n = 1; n <= 12; n += 1)
      await insertOrder(t.database.db, {
        memberId: a.id,
        orderNo: `SOLIST${String(n).padStart(3, '0')}`,
        createdAt: day(n),
        items: [{ skuId: sku.aptamil, qty: 1, unitPrice: 22900 }],
      });
    await insertOrder(t.database.db, {
      memberId: b.id,
      items: [{ skuId: sku.rice, qty: 1, unitPrice: 3200 }],
    });

    const first = await ok<OrderList>(OrderPaths.list, {}, a.token);
    expect(first.totalCount).toBe(12);
    expect(first.pageSize).toBe(10);
    expect(first.items.map((o) => o.orderNo).slice(0, 2)).toEqual(['SOLIST012', 'SOLIST011']);
    const second = await ok<OrderList>(OrderPaths.list, { pageNo: 2, pageSize: 10 }, a.token);
    expect(second.items.map((o) => o.orderNo)).toEqual(['SOLIST002', 'SOLIST001']);
    const small = await ok<OrderList>(OrderPaths.list, { pageNo: 3, pageSize: 5 }, a.token);
    expect(small.items).toHaveLength(2);
    const beyond = await ok<OrderList>(OrderPaths.list, { pageNo: 9 }, a.token);
    expect(beyond.items).toEqual([]);
    expect(beyond.totalCount).toBe(12);

    const others = await ok<OrderList>(OrderPaths.list, {}, b.token);
    expect(others.totalCount).toBe(1);
  });

  it('gives amounts in major units, the first 5 items with the item count, and each pack with its items', async () => {
    const m = await newMember(t.app);
    await insertOrder(t.database.db, {
      memberId: m.id,
      currency: 'AUD',
      shipping: 1250,
      tax: 333,
      promotions: 500,
      packs: [{ location: Warehouse.AU }, { location: Warehouse.NZ }],
      items: [
        { skuId: sku.aptamil, qty: 2, unitPrice: 4590, skuName: '900g' },
        { skuId: sku.fishOil400, qty: 1, unitPrice: 3500 },
        { skuId: sku.fishOil200, qty: 1, reservedQty: 0, unitPrice: 3000 },
        { skuId: sku.mask, qty: 1, unitPrice: 100 },
        { skuId: sku.rice, qty: 3, unitPrice: 650, pack: 1 },
        { skuId: sku.rice, qty: 1, unitPrice: 0, isGift: true, pack: 1, name: '赠品米粉' },
        { skuId: sku.aptamil, qty: 1, unitPrice: 4590, pack: 1 },
      ],
    });
    const [order] = (await ok<OrderList>(OrderPaths.list, {}, m.token)).items;
    expect(order).toMatchObject({
      currency: 'AUD',
      status: OrderStatus.NotPaid,
      goodsPrice: 223.2,
      promotionsSum: 5,
      otherPrice: 12.5,
      gst: 3.33,
      allOtherPrice: 15.83,
      totalPrice: 234.03,
      itemCount: 7,
      // 2 + 1 + 1 + 1 + 3 + 1 (gift) + 1: pieces, not lines.
      pieceCount: 10,
    });
    expect(order?.items).toHaveLength(5);
    // Goods before gifts: the gift is not among the first five.
    expect(order?.items.some((i) => i.isGift)).toBe(false);
    expect(order?.items[0]).toMatchObject({ skuId: sku.aptamil, qty: 2, price: 45.9, skuName: '900g' });
    expect(order?.orderBeans.map((b) => [b.index, b.location])).toEqual([
      [0, Warehouse.AU],
      [1, Warehouse.NZ],
    ]);
    expect(order?.orderBeans[0]?.items).toHaveLength(4);
    expect(order?.orderBeans[0]?.shippingFee).toBe(12.5);
  });

  it('shows the first pack’s status when it differs, and filters the tabs by that status', async () => {
    const m = await newMember(t.app);
    const item = [{ skuId: sku.rice, qty: 1, unitPrice: 3200 }];
    // The order row says paid, its first pack is already pushed to the warehouse.
    const pushed = await insertOrder(t.database.db, {
      memberId: m.id,
      status: OrderStatus.Paid,
      packs: [{ status: OrderStatus.PushedToWarehouse }, { status: OrderStatus.Paid }],
      items: item,
    });
    const unpaid = await insertOrder(t.database.db, { memberId: m.id, items: item });
    const shipped = await insertOrder(t.database.db, {
      memberId: m.id,
      status: OrderStatus.InTransit,
      items: item,
    });

    const all = await ok<OrderList>(OrderPaths.list, {}, m.token);
    expect(all.items.find((o) => o.id === pushed.id)?.status).toBe(OrderStatus.PushedToWarehouse);

    const tab = async (status: number) =>
      (await ok<OrderList>(OrderPaths.list, { status }, m.token)).items.map((o) => o.id);
    expect(await tab(OrderStatus.NotPaid)).toEqual([unpaid.id]);
    expect(await tab(OrderStatus.PushedToWarehouse)).toEqual([pushed.id]);
    expect(await tab(OrderStatus.Paid)).toEqual([]);
    expect(await tab(OrderStatus.InTransit)).toEqual([shipped.id]);
    const counted = await ok<OrderList>(OrderPaths.list, { status: OrderStatus.NotPaid }, m.token);
    expect(counted.totalCount).toBe(1);
  });

  it('refuses bad paging and visitors', async () => {
    const m = await newMember(t.app);
    for (const body of [{ pageNo: 0 }, { pageSize: 51 }, { pageNo: 'x' }, { extra: 1 }, { status: 1.5 }]) {
      const res = await call(OrderPaths.list, body, m.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.success).toBe(false);
    }
    const visitor = await call(OrderPaths.list, {});
    expect(visitor.status).toBe(401);
    expect(visitor.resultCode).toBe(ResultCode.InvalidToken);
  });
});

describe('detail/, updateMemberRemark/, getAttach/, courierinfo/getByLogisticCode/', () => {
  it('gives the whole order with gifts, snapshots, remark and attachments', async () => {
    const m = await newMember(t.app);
    const order = await insertOrder(t.database.db, {
      memberId: m.id,
      memberRemark: '请尽快发货',
      sender: { name: '李四', phone: '0400000000', country: 'AU', province: 'NSW', detail: '1 George St' },
      items: [
        { skuId: sku.aptamil, qty: 3, unitPrice: 22900 },
        {
          skuId: sku.rice,
          qty: 1,
          unitPrice: 0,
          isGift: true,
          skuName: '米粉 125g',
          property: { 规格: '125g' },
        },
      ],
    });
    await t.database.db.insert(orderAttachments).values({
      orderId: order.id,
      packId: order.packIds[0] ?? null,
      path: 'order/photo.jpg',
      note: '打包照片',
    });
    const detail = await ok<OrderDetail>(OrderPaths.detail, { id: order.id }, m.token);
    expect(detail).toMatchObject({
      id: order.id,
      orderNo: order.orderNo,
      memberRemark: '请尽快发货',
      itemCount: 2,
      pieceCount: 4,
      promotionsGift: [{ name: '米粉 125g', property: { 规格: '125g' }, qty: 1 }],
      receiver: { name: '张三', province: '上海市', postCode: '200120' },
      sender: { name: '李四', country: 'AU', city: '', idCardNo: '' },
      attachments: [{ beanId: order.packIds[0], path: 'order/photo.jpg', note: '打包照片' }],
      paidAt: null,
      cancelledAt: null,
      finishedAt: null,
    });
    expect(detail.items).toHaveLength(2);
    expect(Date.parse(detail.createdAt)).not.toBeNaN();

    const attachments = await ok<unknown[]>(OrderPaths.attachments, { id: order.id }, m.token);
    expect(attachments).toEqual(detail.attachments);
    const bare = await insertOrder(t.database.db, {
      memberId: m.id,
      items: [{ skuId: sku.rice, qty: 1, unitPrice: 1 }],
    });
    expect(await ok<unknown[]>(OrderPaths.attachments, { id: bare.id }, m.token)).toEqual([]);
  });

  it('updates the remark up to 500 characters until the order is finished or cancelled', async () => {
    const m = await newMember(t.app);
    const order = await insertOrder(t.database.db, {
      memberId: m.id,
      items: [{ skuId: sku.rice, qty: 1, unitPrice: 1 }],
    });
    const res = await call<{ memberRemark: string }>(
      OrderPaths.updateRemark,
      { id: order.id, memberRemark: '  周末送货  ' },
      m.token,
    );
    expect(res.success, res.message).toBe(true);
    expect(res.message).toBe('备注已更新');
    expect(res.data.memberRemark).toBe('周末送货');
    expect(
      (
        await ok<{ memberRemark: string }>(
          OrderPaths.updateRemark,
          { id: order.id, memberRemark: '啊'.repeat(500) },
          m.token,
        )
      ).memberRemark,
    ).toHaveLength(500);

    const tooLong = await call(
      OrderPaths.updateRemark,
      { id: order.id, memberRemark: '啊'.repeat(501) },
      m.token,
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.message).toContain('500');
    expect((await orderState(t.database.db, order.id)).order?.memberRemark).toHaveLength(500);
    expect((await call(OrderPaths.updateRemark, { id: order.id }, m.token)).status).toBe(400);

    const finished = await insertOrder(t.database.db, {
      memberId: m.id,
      status: OrderStatus.Finished,
      items: [{ skuId: sku.rice, qty: 1, unitPrice: 1 }],
    });
    const closed = await call(OrderPaths.updateRemark, { id: finished.id, memberRemark: 'x' }, m.token);
    expect(closed.status).toBe(400);
    expect(closed.message).toBe('订单已完成或已取消，不能修改备注');
  });

  it('tracks one of the caller’s parcels, newest event first', async () => {
    const m = await newMember(t.app);
    const other = await newMember(t.app);
    await insertOrder(t.database.db, {
      memberId: m.id,
      status: OrderStatus.Shipped,
      packs: [{ courierName: '顺丰速运', logisticCode: 'SF100200300' }],
      items: [{ skuId: sku.rice, qty: 1, unitPrice: 1 }],
    });
    await t.database.db.insert(logisticsEvents).values([
      { logisticCode: 'SF100200300', eventTime: day(1), location: '悉尼', description: '已揽收' },
      { logisticCode: 'SF100200300', eventTime: day(3), location: '深圳', description: '已到达深圳转运中心' },
      { logisticCode: 'SF100200300', eventTime: day(2), location: '悉尼机场', description: '已发往中国' },
    ]);
    const info = await ok<{ courierName: string; events: { description: string; time: string }[] }>(
      OrderPaths.logistics,
      { logisticCode: 'SF100200300' },
      m.token,
    );
    expect(info.courierName).toBe('顺丰速运');
    expect(info.events.map((e) => e.description)).toEqual(['已到达深圳转运中心', '已发往中国', '已揽收']);
    expect(info.events[0]?.time).toBe(day(3).toISOString());

    for (const [token, code] of [
      [other.token, 'SF100200300'],
      [m.token, 'SF999'],
    ] as const) {
      const res = await call(OrderPaths.logistics, { logisticCode: code }, token);
      expect(res.status).toBe(404);
      expect(res.message).toBe('未找到物流信息');
    }
    expect((await call(OrderPaths.logistics, { logisticCode: '' }, m.token)).status).toBe(400);
  });
});

describe('ownership', () => {
  it('answers another member’s order with 404 on every call and changes nothing', async () => {
    const a = await newMember(t.app);
    const b = await newMember(t.app);
    const order = await insertOrder(t.database.db, {
      memberId: a.id,
      memberRemark: '原备注',
      items: [{ skuId: sku.rice, qty: 1, unitPrice: 3200 }],
    });
    const before = await orderState(t.database.db, order.id);
    for (const [path, body] of [
      [OrderPaths.detail, { id: order.id }],
      [OrderPaths.cancel, { id: order.id }],
      [OrderPaths.finish, { id: order.id }],
      [OrderPaths.updateRemark, { id: order.id, memberRemark: '改了' }],
      [OrderPaths.attachments, { id: order.id }],
      [CheckoutPaths.repurchase, { orderId: order.id }],
    ] as const) {
      const res = await call(path, body, b.token);
      expect(res.status, path).toBe(404);
      expect(res.message, path).toBe('订单不存在');
    }
    expect((await ok<OrderList>(OrderPaths.list, {}, b.token)).totalCount).toBe(0);
    expect(await orderState(t.database.db, order.id)).toEqual(before);
    const cart = await ok<CartListResponse>(CartPaths.list, {}, b.token);
    expect(cart.data).toEqual([]);
    expect((await call(OrderPaths.detail, { id: 999999 }, a.token)).status).toBe(404);
  });
});

describe('cart repurchase/', () => {
  it('puts the order’s goods back into the cart, gifts aside, and names what cannot be bought', async () => {
    const m = await newMember(t.app);
    const order = await insertOrder(t.database.db, {
      memberId: m.id,
      status: OrderStatus.Finished,
      items: [
        { skuId: sku.aptamil, qty: 2, unitPrice: 22900 },
        { skuId: sku.fishOil200, qty: 3, reservedQty: 0, unitPrice: 15800 },
        { skuId: sku.swisseOutStock, qty: 1, reservedQty: 0, unitPrice: 9900, name: '钙片' },
        { skuId: sku.offShelf, qty: 1, unitPrice: 19900 },
        { skuId: sku.mask, qty: 1, unitPrice: 0, isGift: true },
      ],
    });
    const res = await call<{ ids: number[]; unavailable: { skuId: number; reason: string }[] }>(
      CheckoutPaths.repurchase,
      { orderId: order.id },
      m.token,
    );
    expect(res.success, res.message).toBe(true);
    expect(res.data.ids).toHaveLength(2);
    expect(res.message).toContain('暂时无法购买');
    expect(res.message).toContain('已下架');
    expect(res.data.unavailable.map((u) => u.skuId).sort()).toEqual(
      [sku.swisseOutStock, sku.offShelf].sort(),
    );

    const cart = await ok<CartListResponse>(CartPaths.list, {}, m.token);
    const qty = new Map(cart.data.map((l) => [l.skuId, l.qty]));
    expect(qty).toEqual(
      new Map([
        [sku.aptamil, 2],
        [sku.fishOil200, 3],
      ]),
    );
    expect(new Set(cart.data.map((l) => l.id))).toEqual(new Set(res.data.ids));

    // A repeat (double click) adds nothing more.
    await ok(CheckoutPaths.repurchase, { orderId: order.id }, m.token);
    const again = await ok<CartListResponse>(CartPaths.list, {}, m.token);
    expect(again.data.map((l) => l.qty).sort()).toEqual([2, 3]);
  });

  it('caps a stock-limited SKU at its stock, and says plainly (not a failed call) when all is sold out', async () => {
    const m = await newMember(t.app);
    const order = await insertOrder(t.database.db, {
      memberId: m.id,
      items: [{ skuId: sku.fishOil400, qty: 25, reservedQty: 0, unitPrice: 3500 }],
    });
    const stock = await stockOf(t.database.db, sku.fishOil400);
    expect(stock).toBeGreaterThan(0);
    await ok(CheckoutPaths.repurchase, { orderId: order.id }, m.token);
    const cart = await ok<CartListResponse>(CartPaths.list, {}, m.token);
    expect(cart.data[0]?.qty).toBe(stock);

    const none = await insertOrder(t.database.db, {
      memberId: m.id,
      items: [{ skuId: sku.swisseOutStock, qty: 1, reservedQty: 0, unitPrice: 9900 }],
    });
    const res = await call<{ ids: number[]; unavailable: { skuId: number }[] }>(
      CheckoutPaths.repurchase,
      { orderId: none.id },
      m.token,
    );
    expect(res.status).toBe(200);
    expect(res.success).toBe(true);
    expect(res.data).toMatchObject({ ids: [], unavailable: [{ skuId: sku.swisseOutStock }] });
    expect(res.message).toContain('已售罄');
    expect((await call(CheckoutPaths.repurchase, { id: none.id }, m.token)).status).toBe(400);
  });
});
