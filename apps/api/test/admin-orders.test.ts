import {
  type AdminCourierListResponse,
  type AdminMoneyBackResponse,
  type AdminOrderAttachment,
  type AdminOrderBatchResponse,
  type AdminOrderDetail,
  type AdminOrderListResponse,
  AdminOrderPaths,
  type AdminOrderTransitionResponse,
  AdminPaths,
  type AuditListResponse,
  type DashboardResponse,
  type MessageListResponse,
  MessagePaths,
  type OrderDetail,
  OrderPaths,
  OrderStatus,
  ResultCode,
  type StaffRole,
  Warehouse,
} from '@shop/domain';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courierRules, couriers, mediaFiles, orderPacks } from '../src/db/schema';
import { type ConsoleOrderOptions, consoleOrder, depositPaidOrder } from './support/admin-orders';
import { createCatalogueTestApp } from './support/catalogue-helpers';
import { balancesOf } from './support/deposit-helpers';
import { insertCouriers, newMember, orderState } from './support/order-fixtures';
import { type StaffLogin, staffToken } from './support/staff';
import { envelope, post, type TestApp } from './support/test-app';
import { bombPng, testImage, upload } from './support/upload';

let t: TestApp;
let rice = 0;
const staff = {} as Record<StaffRole, StaffLogin>;

beforeAll(async () => {
  const made = await createCatalogueTestApp();
  t = made.t;
  rice = made.fixture.goods.riceCereal.skuIds[0] ?? 0;
  await insertCouriers(t.database.db);
  for (const role of ['owner', 'service', 'warehouse', 'finance', 'content'] as const)
    staff[role] = await staffToken(t, role);
});
afterAll(async () => {
  await t?.close();
});

const S = OrderStatus;

async function call<T>(path: string, body: unknown, role: StaffRole = 'owner') {
  return envelope<T>(await post(t.app, path, body, staff[role].token));
}
async function okData<T>(path: string, body: unknown, role: StaffRole = 'owner'): Promise<T> {
  const res = await call<T>(path, body, role);
  expect(res.success, res.message).toBe(true);
  return res.data;
}

const paidOrder = (options: ConsoleOrderOptions = {}) => consoleOrder(t, rice, options);

describe('who may call the console order calls', () => {
  const calls: { path: string; body: unknown; allowed: StaffRole; denied: StaffRole }[] = [
    { path: AdminOrderPaths.list, body: {}, allowed: 'service', denied: 'content' },
    { path: AdminOrderPaths.detail, body: { orderNo: 'SO1' }, allowed: 'finance', denied: 'content' },
    {
      path: AdminOrderPaths.transition,
      body: { orderNo: 'SO1', action: 'push' },
      allowed: 'warehouse',
      denied: 'service',
    },
    {
      path: AdminOrderPaths.batchTransition,
      body: { orderNos: ['SO1'], action: 'push' },
      allowed: 'warehouse',
      denied: 'finance',
    },
    {
      path: AdminOrderPaths.ship,
      body: { orderNo: 'SO1', courierCode: 'SF', logisticCode: 'SF1234' },
      allowed: 'warehouse',
      denied: 'service',
    },
    { path: AdminOrderPaths.markPaid, body: { orderNo: 'SO1' }, allowed: 'finance', denied: 'warehouse' },
    { path: AdminOrderPaths.cancelPaid, body: { orderNo: 'SO1' }, allowed: 'finance', denied: 'service' },
    {
      path: AdminOrderPaths.refund,
      body: { orderNo: 'SO1', amount: 1, refundedBefore: 0 },
      allowed: 'finance',
      denied: 'warehouse',
    },
    { path: AdminOrderPaths.couriers, body: {}, allowed: 'warehouse', denied: 'service' },
    {
      path: AdminOrderPaths.logisticsAdd,
      body: { logisticCode: 'SF1234', description: '到达' },
      allowed: 'warehouse',
      denied: 'finance',
    },
    { path: AdminOrderPaths.dashboard, body: {}, allowed: 'content', denied: 'content' },
  ];

  it.each(calls)('$path: no token, a member, a role without the permission', async (c) => {
    const none = await post(t.app, c.path, c.body);
    expect(none.statusCode).toBe(401);
    expect(envelope(none).resultCode).toBe(ResultCode.InvalidToken);
    const m = await newMember(t.app, 'intruder');
    const member = await post(t.app, c.path, c.body, m.token);
    expect(member.statusCode).toBe(401);
    if (c.path !== AdminOrderPaths.dashboard) {
      const denied = await post(t.app, c.path, c.body, staff[c.denied].token);
      expect(denied.statusCode).toBe(403);
      expect(envelope(denied).resultCode).toBe(ResultCode.PermissionDenied);
    }
    const allowed = await call(c.path, c.body, c.allowed);
    expect(allowed.resultCode).not.toBe(ResultCode.PermissionDenied);
  });

  it('refuses bad input with a Chinese message before anything happens', async () => {
    const bad: [string, unknown][] = [
      [AdminOrderPaths.list, { status: 61 }],
      [AdminOrderPaths.list, { from: '2025/01/01' }],
      [AdminOrderPaths.list, { extra: 1 }],
      [AdminOrderPaths.detail, { orderNo: '' }],
      [AdminOrderPaths.transition, { orderNo: 'SO1', action: 'ship' }],
      [AdminOrderPaths.transition, { orderNo: 'SO1', action: 'push', pack: -1 }],
      [AdminOrderPaths.batchTransition, { orderNos: [], action: 'push' }],
      [AdminOrderPaths.batchTransition, { orderNos: ['SO1', 'SO1'], action: 'push' }],
      [AdminOrderPaths.batchTransition, { orderNos: ['SO1'], action: 'finish' }],
      [AdminOrderPaths.ship, { orderNo: 'SO1', courierCode: 'SF', logisticCode: '中文单号' }],
      [AdminOrderPaths.markPaid, { orderNo: 'SO1', amount: 1 }],
      [AdminOrderPaths.refund, { orderNo: 'SO1', amount: 0, refundedBefore: 0 }],
      [AdminOrderPaths.refund, { orderNo: 'SO1', amount: 1.505, refundedBefore: 0 }],
      [AdminOrderPaths.refund, { orderNo: 'SO1', amount: 1 }],
      [AdminOrderPaths.refund, { orderNo: 'SO1', refundedBefore: 0 }],
      [
        AdminOrderPaths.refund,
        { orderNo: 'SO1', amount: 1, lines: [{ itemId: 1, qty: 1 }], refundedBefore: 0 },
      ],
      [AdminOrderPaths.cancelPaid, { orderNo: 'SO1', reason: 'x'.repeat(101) }],
      [AdminOrderPaths.logisticsAdd, { logisticCode: 'SF1234', description: '' }],
      [AdminOrderPaths.dashboard, { x: 1 }],
      [AdminOrderPaths.couriers, { location: 1 }],
    ];
    for (const [path, body] of bad) {
      const res = await call(path, body);
      expect(res.resultCode, `${path} ${JSON.stringify(body)}`).toBe(ResultCode.ParamsError);
      expect(res.message).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});

describe('the order list and detail', () => {
  it('filters by status, member, warehouse, number, payment method and day, newest first, paged', async () => {
    const a = await paidOrder({ username: 'listone' });
    const b = await paidOrder({ username: 'listtwo', packs: 2, status: S.NotPaid });
    const byMember = await okData<AdminOrderListResponse>(AdminOrderPaths.list, { username: a.m.username });
    expect(byMember.items.map((o) => o.orderNo)).toEqual([a.order.orderNo]);
    expect(byMember.items[0]).toMatchObject({
      username: a.m.username,
      status: S.Paid,
      statusName: '已付款',
      warehouses: '澳大利亚仓',
      receiverName: '张三',
      packCount: 1,
    });
    const cn = await okData<AdminOrderListResponse>(AdminOrderPaths.list, { warehouse: Warehouse.CN });
    expect(cn.items.map((o) => o.orderNo)).toContain(b.order.orderNo);
    expect(cn.items.map((o) => o.orderNo)).not.toContain(a.order.orderNo);
    const unpaid = await okData<AdminOrderListResponse>(AdminOrderPaths.list, { status: S.NotPaid });
    expect(unpaid.items.every((o) => o.status === S.NotPaid)).toBe(true);
    const byNo = await okData<AdminOrderListResponse>(AdminOrderPaths.list, {
      orderNo: b.order.orderNo.slice(-6),
    });
    expect(byNo.items.map((o) => o.orderNo)).toEqual([b.order.orderNo]);
    const nobody = await okData<AdminOrderListResponse>(AdminOrderPaths.list, { username: 'no_such_member' });
    expect(nobody).toEqual({ items: [], totalCount: 0 });
    const future = await okData<AdminOrderListResponse>(AdminOrderPaths.list, { from: '2099-01-01' });
    expect(future.totalCount).toBe(0);
    const page = await okData<AdminOrderListResponse>(AdminOrderPaths.list, { pageSize: 1 });
    expect(page.items).toHaveLength(1);
    expect(page.totalCount).toBeGreaterThanOrEqual(2);
    expect(page.items[0]?.orderNo).toBe(b.order.orderNo);
    const backwards = await call(AdminOrderPaths.list, { from: '2025-02-02', to: '2025-02-01' });
    expect(backwards.resultCode).toBe(ResultCode.ParamsError);
  });

  it('shows an order whole: packs, items, addresses, payments, remark', async () => {
    const { order, m } = await paidOrder({ packs: 2 });
    const d = await okData<AdminOrderDetail>(AdminOrderPaths.detail, { orderNo: order.orderNo }, 'service');
    expect(d).toMatchObject({ orderNo: order.orderNo, username: m.username, memberRemark: '请用纸箱' });
    expect(d.packs.map((p) => [p.packIndex, p.warehouseName, p.statusName])).toEqual([
      [0, '澳大利亚仓', '已付款'],
      [1, '中国仓', '已付款'],
    ]);
    expect(d.items.map((i) => i.packIndex)).toEqual([0, 1]);
    expect(d.receiver).toMatchObject({ name: '张三' });
    const missing = await call(AdminOrderPaths.detail, { orderNo: 'SO-NONE' });
    expect(missing.success).toBe(false);
    expect(missing.message).toBe('订单不存在');
  });
});

describe('the warehouse steps', () => {
  it('pushes, processes, readies and ships a pack; the member sees it as from the command line', async () => {
    const { order, m } = await paidOrder();
    const no = order.orderNo;
    for (const action of ['push', 'processing', 'ready'] as const) {
      const r = await okData<AdminOrderTransitionResponse>(
        AdminOrderPaths.transition,
        { orderNo: no, action },
        'warehouse',
      );
      expect(r.moved).toEqual([0]);
    }
    const shipped = await okData<AdminOrderTransitionResponse>(
      AdminOrderPaths.ship,
      { orderNo: no, courierCode: 'SF', logisticCode: 'SF900000001' },
      'warehouse',
    );
    expect(shipped).toEqual({ orderNo: no, status: S.Shipped, moved: [0] });
    await okData(
      AdminOrderPaths.logisticsAdd,
      { logisticCode: 'SF900000001', description: '已到达悉尼转运中心', location: '悉尼' },
      'warehouse',
    );

    // The member's storefront: the status, the tracking and the message.
    const mine = envelope<OrderDetail>(await post(t.app, OrderPaths.detail, { id: order.id }, m.token)).data;
    expect(mine.status).toBe(S.Shipped);
    const tracking = envelope<{ events: { description: string }[] }>(
      await post(t.app, OrderPaths.logistics, { logisticCode: 'SF900000001' }, m.token),
    ).data.events;
    expect(tracking.map((e) => e.description)).toEqual([
      '已到达悉尼转运中心',
      expect.stringContaining('已发货'),
    ]);
    const messages = envelope<MessageListResponse>(await post(t.app, MessagePaths.list, { type: 2 }, m.token))
      .data.items;
    expect(messages[0]?.title).toBe(`订单 ${no} 已发货`);

    // Each step is in the audit log with who did it and the status before and after.
    const audit = await okData<AuditListResponse>(AdminPaths.auditList, {
      objectType: 'order',
      objectId: no,
    });
    expect(audit.items.map((r) => r.action)).toEqual([
      'order.ship',
      'order.ready',
      'order.processing',
      'order.push',
    ]);
    expect(audit.items[3]).toMatchObject({
      actor: staff.warehouse.username,
      before: { status: S.Paid, packs: [{ pack: 0, status: S.Paid }] },
      after: { status: S.PushedToWarehouse, packs: [{ pack: 0, status: S.PushedToWarehouse }] },
    });
    expect(audit.items[0]?.after).toMatchObject({ courier: '顺丰速运', logisticCode: 'SF900000001' });
    const parcel = await okData<AuditListResponse>(AdminPaths.auditList, { action: 'logistics.add' });
    expect(parcel.items[0]).toMatchObject({ objectId: 'SF900000001', actor: staff.warehouse.username });

    const detail = await okData<AdminOrderDetail>(AdminOrderPaths.detail, { orderNo: no });
    expect(detail.logistics).toHaveLength(2);
    expect(detail.packs[0]).toMatchObject({ courierName: '顺丰速运', logisticCode: 'SF900000001' });
  });

  it('refuses illegal steps with the current status named, and changes nothing', async () => {
    const { order } = await paidOrder();
    const skip = await call(
      AdminOrderPaths.transition,
      { orderNo: order.orderNo, action: 'ready' },
      'warehouse',
    );
    expect(skip.resultCode).toBe(ResultCode.ParamsError);
    expect(skip.message).toBe('包裹 1 当前状态为「已付款」，不能变更为「待发货」');
    const ship = await call(
      AdminOrderPaths.ship,
      { orderNo: order.orderNo, courierCode: 'SF', logisticCode: 'SF900000002' },
      'warehouse',
    );
    expect(ship.message).toContain('不能变更为「已发货」');
    const pickup = await call(
      AdminOrderPaths.transition,
      { orderNo: order.orderNo, action: 'pickupReady' },
      'warehouse',
    );
    expect(pickup.message).toBe('该订单不是自提订单，不能设为待自提');
    const noPack = await call(
      AdminOrderPaths.transition,
      { orderNo: order.orderNo, action: 'push', pack: 5 },
      'warehouse',
    );
    expect(noPack.message).toContain('没有包裹 6');
    const courier = await call(
      AdminOrderPaths.ship,
      { orderNo: order.orderNo, courierCode: 'XX', logisticCode: 'SF900000003' },
      'warehouse',
    );
    expect(courier.message).toBe('未知的快递公司编码：XX');
    const unknown = await call(
      AdminOrderPaths.transition,
      { orderNo: 'SO-NONE', action: 'push' },
      'warehouse',
    );
    expect(unknown.message).toBe('订单不存在：SO-NONE');
    const parcel = await call(
      AdminOrderPaths.logisticsAdd,
      { logisticCode: 'NOPARCEL1', description: '到达' },
      'warehouse',
    );
    expect(parcel.message).toBe('没有包裹使用物流单号：NOPARCEL1');
    expect((await orderState(t.database.db, order.id)).packStatuses).toEqual([S.Paid]);
    const audit = await okData<AuditListResponse>(AdminPaths.auditList, {
      objectType: 'order',
      objectId: order.orderNo,
    });
    expect(audit.totalCount).toBe(0);
  });

  it('moves one pack of many, and a pickup order to awaiting pickup and completion', async () => {
    const two = await paidOrder({ packs: 2 });
    const r = await okData<AdminOrderTransitionResponse>(
      AdminOrderPaths.transition,
      { orderNo: two.order.orderNo, action: 'push', pack: 1 },
      'warehouse',
    );
    expect(r).toEqual({ orderNo: two.order.orderNo, status: S.Paid, moved: [1] });

    const pick = await paidOrder({ isPickup: true, status: S.AwaitingDispatch });
    const ship = await call(
      AdminOrderPaths.ship,
      { orderNo: pick.order.orderNo, courierCode: 'SF', logisticCode: 'SF900000009' },
      'warehouse',
    );
    expect(ship.message).toContain('自提订单无需快递发货');
    for (const action of ['pickupReady', 'finish'] as const)
      await okData(AdminOrderPaths.transition, { orderNo: pick.order.orderNo, action }, 'warehouse');
    expect((await orderState(t.database.db, pick.order.id)).packStatuses).toEqual([S.Finished]);
  });

  it('runs a batch order by order and says what happened to each', async () => {
    const a = await paidOrder();
    const b = await paidOrder();
    const notPaid = await paidOrder({ status: S.NotPaid });
    const res = await okData<AdminOrderBatchResponse>(
      AdminOrderPaths.batchTransition,
      { orderNos: [a.order.orderNo, notPaid.order.orderNo, b.order.orderNo, 'SO-NONE'], action: 'push' },
      'warehouse',
    );
    expect(res.results).toEqual([
      { orderNo: a.order.orderNo, success: true, status: S.PushedToWarehouse, message: '操作成功' },
      {
        orderNo: notPaid.order.orderNo,
        success: false,
        status: null,
        message: '包裹 1 当前状态为「待付款」，不能变更为「已推送」',
      },
      { orderNo: b.order.orderNo, success: true, status: S.PushedToWarehouse, message: '操作成功' },
      { orderNo: 'SO-NONE', success: false, status: null, message: '订单不存在：SO-NONE' },
    ]);
    const again = await okData<AdminOrderBatchResponse>(
      AdminOrderPaths.batchTransition,
      { orderNos: [a.order.orderNo], action: 'push' },
      'warehouse',
    );
    expect(again.results[0]).toMatchObject({ success: true, message: '订单已是该状态，未改变' });
  });
});

describe('offline payment', () => {
  it('marks an unpaid order paid once, as an offline payment, audited', async () => {
    const { order, m } = await paidOrder({ status: S.NotPaid });
    const first = await okData<AdminOrderTransitionResponse>(
      AdminOrderPaths.markPaid,
      { orderNo: order.orderNo },
      'finance',
    );
    expect(first).toEqual({ orderNo: order.orderNo, status: S.Paid, moved: [0] });
    const again = await call<AdminOrderTransitionResponse>(
      AdminOrderPaths.markPaid,
      { orderNo: order.orderNo },
      'finance',
    );
    expect(again.data.moved).toEqual([]);
    expect(again.message).toBe('订单已是该状态，未改变');
    const detail = await okData<AdminOrderDetail>(AdminOrderPaths.detail, { orderNo: order.orderNo });
    expect(detail).toMatchObject({ payChannel: 'offline', payChannelName: '线下付款', paidAmount: 3200 });
    const mine = envelope<OrderDetail>(await post(t.app, OrderPaths.detail, { id: order.id }, m.token)).data;
    expect(mine.status).toBe(S.Paid);
    const audit = await okData<AuditListResponse>(AdminPaths.auditList, {
      action: 'order.markPaid',
      objectId: order.orderNo,
    });
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]).toMatchObject({ actor: staff.finance.username, before: { status: S.NotPaid } });

    const shipped = await paidOrder({ status: S.Shipped });
    const late = await call(AdminOrderPaths.markPaid, { orderNo: shipped.order.orderNo }, 'finance');
    expect(late.message).toBe('包裹 1 当前状态为「已发货」，不能变更为「已付款」');
  });
});

describe('the couriers a pack leaves with', () => {
  it('lists the active couriers with the warehouses they serve; the detail names the member’s choice', async () => {
    const rows = await t.database.db
      .select({ id: couriers.id, code: couriers.code })
      .from(couriers)
      .where(inArray(couriers.code, ['SF', 'EMS']));
    const sf = rows.find((r) => r.code === 'SF')?.id ?? 0;
    const fee = { firstWeight: 500, firstFee: 800, extraWeight: 500, extraFee: 400 };
    await t.database.db.insert(courierRules).values([
      { courierId: sf, location: Warehouse.CN, currency: 'CNY', ...fee },
      { courierId: sf, location: Warehouse.AU, currency: 'AUD', ...fee },
      { courierId: sf, location: Warehouse.AU, currency: 'CNY', ...fee },
    ]);
    await t.database.db.insert(couriers).values({ code: 'OLD', name: '停用快递', active: false });
    const list = await okData<AdminCourierListResponse>(AdminOrderPaths.couriers, {}, 'warehouse');
    expect(list.items.map((c) => [c.code, c.locations])).toEqual([
      ['SF', [Warehouse.AU, Warehouse.CN].sort((a, b) => a - b)],
      ['EMS', []],
    ]);

    const { order } = await paidOrder();
    await t.database.db.update(orderPacks).set({ courierId: sf }).where(eq(orderPacks.orderId, order.id));
    const d = await okData<AdminOrderDetail>(AdminOrderPaths.detail, { orderNo: order.orderNo }, 'warehouse');
    expect(d.packs[0]?.courierId).toBe(sf);
  });
});

describe('package photos', () => {
  const attach = async (role: StaffRole, fields: Record<string, string>, file?: Buffer) =>
    upload(
      t.app,
      AdminOrderPaths.attach,
      staff[role].token,
      file ?? (await testImage('jpeg')),
      'image',
      'box.jpg',
      fields,
    );

  it('attaches a photo to a pack, without its camera metadata; the member sees it with the order', async () => {
    const { order, m } = await paidOrder({ packs: 2 });
    const res = await attach('warehouse', { orderNo: order.orderNo, pack: '1', note: '外箱已封' });
    expect(res.statusCode).toBe(200);
    const row = envelope<AdminOrderAttachment>(res).data;
    expect(row).toMatchObject({ packIndex: 1, note: '外箱已封' });
    expect(row.path).toMatch(/^order\/[0-9a-f]{32}\.jpg$/);
    const [stored] = await t.database.db.select().from(mediaFiles).where(eq(mediaFiles.path, row.path));
    expect((await sharp(stored?.bytes as Buffer).metadata()).exif).toBeUndefined();

    const whole = envelope<AdminOrderAttachment>(await attach('owner', { orderNo: order.orderNo })).data;
    expect(whole).toMatchObject({ packIndex: null, note: '' });
    const detail = await okData<AdminOrderDetail>(
      AdminOrderPaths.detail,
      { orderNo: order.orderNo },
      'service',
    );
    expect(detail.attachments.map((a) => [a.path, a.packIndex, a.note])).toEqual([
      [row.path, 1, '外箱已封'],
      [whole.path, null, ''],
    ]);
    const mine = envelope<{ path: string; note: string }[]>(
      await post(t.app, OrderPaths.attachments, { id: order.id }, m.token),
    ).data;
    expect(mine.map((a) => a.path)).toEqual([row.path, whole.path]);
    const audit = await okData<AuditListResponse>(AdminPaths.auditList, {
      action: 'order.attach',
      objectId: order.orderNo,
    });
    expect(audit.items.map((i) => i.actor).sort()).toEqual(
      [staff.owner.username, staff.warehouse.username].sort(),
    );
  });

  it('refuses no token, a member, a role without order.fulfil, bad fields and files that are not pictures', async () => {
    const { order, m } = await paidOrder();
    const photo = await testImage('jpeg');
    const fields = { orderNo: order.orderNo };
    expect(
      (await upload(t.app, AdminOrderPaths.attach, '', photo, 'image', 'a.jpg', fields)).statusCode,
    ).toBe(401);
    expect(
      (await upload(t.app, AdminOrderPaths.attach, m.token, photo, 'image', 'a.jpg', fields)).statusCode,
    ).toBe(401);
    for (const role of ['service', 'finance', 'content'] as const) {
      const denied = await attach(role, fields);
      expect(denied.statusCode, role).toBe(403);
      expect(envelope(denied).resultCode).toBe(ResultCode.PermissionDenied);
    }
    const bad: [Record<string, string>, Buffer | undefined, string][] = [
      [{}, undefined, '订单号：请输入订单号'],
      [{ orderNo: order.orderNo, pack: '-1' }, undefined, '包裹序号：包裹序号不能小于0'],
      [{ orderNo: order.orderNo, pack: 'x' }, undefined, '包裹序号：'],
      [{ orderNo: order.orderNo, note: '长'.repeat(201) }, undefined, '备注：备注最多200个字符'],
      [{ orderNo: order.orderNo, extra: '1' }, undefined, '不支持的字段：extra'],
      [{ orderNo: order.orderNo, pack: '3' }, undefined, `订单 ${order.orderNo} 没有包裹 4`],
      [{ orderNo: 'SO-NONE' }, undefined, '订单不存在'],
      [fields, Buffer.from('%PDF-1.4 not a picture'), '仅支持 JPEG、PNG、WebP、GIF 图片'],
      [fields, bombPng(), '像素'],
    ];
    const photos = async () =>
      (await t.database.db.select({ path: mediaFiles.path }).from(mediaFiles)).filter((m) =>
        m.path.startsWith('order/'),
      ).length;
    const before = await photos();
    for (const [body, file, message] of bad) {
      const res = envelope(await attach('warehouse', body, file));
      expect(res.success, JSON.stringify(body)).toBe(false);
      expect(res.message).toContain(message);
    }
    // Nothing refused left a stored picture behind.
    expect(await photos()).toBe(before);
    const noFile = await t.app.inject({
      method: 'POST',
      url: AdminOrderPaths.attach,
      payload: { orderNo: order.orderNo },
      headers: { authorization: `Bearer ${staff.warehouse.token}` },
    });
    expect(envelope(noFile).resultCode).toBe(ResultCode.UnsupportedMediaType);
    const detail = await okData<AdminOrderDetail>(AdminOrderPaths.detail, { orderNo: order.orderNo });
    expect(detail.attachments).toEqual([]);
  });
});

const depositPaid = () => depositPaidOrder(t, rice);

describe('money back to the deposit', () => {
  it('refunds part of an order once even when the same refund is sent twice', async () => {
    const { m, order } = await depositPaid();
    const body = { orderNo: order.orderNo, amount: 10, refundedBefore: 0, reason: '破损补偿' };
    const first = await okData<AdminMoneyBackResponse>(AdminOrderPaths.refund, body, 'finance');
    expect(first).toMatchObject({ refunded: 1000, refundedTotal: 1000, paidAmount: 3200, currency: 'CNY' });
    const again = await call(AdminOrderPaths.refund, body, 'finance');
    expect(again.resultCode).toBe(ResultCode.ParamsError);
    expect(again.message).toContain('已退款金额已变化');
    expect((await balancesOf(t.database.db, m.id)).CNY).toBe(10_000 - 3200 + 1000);
    const tooMuch = await call(
      AdminOrderPaths.refund,
      { orderNo: order.orderNo, amount: 22.01, refundedBefore: 10 },
      'finance',
    );
    expect(tooMuch.message).toBe('退款金额超过可退金额 ¥22.00');
    const audit = await okData<AuditListResponse>(AdminPaths.auditList, {
      action: 'order.refund',
      objectId: order.orderNo,
    });
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]).toMatchObject({
      actor: staff.finance.username,
      before: { refundedAmount: 0 },
      after: { refundedAmount: 1000, refunded: 1000 },
    });
  });

  it('cancels a paid, unshipped order with the rest refunded, once; a shipped one is refused', async () => {
    const { m, order } = await depositPaid();
    await okData(AdminOrderPaths.refund, { orderNo: order.orderNo, amount: 2, refundedBefore: 0 }, 'finance');
    const cancelled = await okData<AdminMoneyBackResponse>(
      AdminOrderPaths.cancelPaid,
      { orderNo: order.orderNo, reason: '缺货' },
      'finance',
    );
    expect(cancelled).toMatchObject({ status: S.Cancelled, refunded: 3000, refundedTotal: 3200 });
    const again = await call(AdminOrderPaths.cancelPaid, { orderNo: order.orderNo }, 'finance');
    expect(again.message).toBe(`订单 ${order.orderNo} 已取消，未重复退库存或退款`);
    expect((await balancesOf(t.database.db, m.id)).CNY).toBe(10_000);
    const mine = envelope<OrderDetail>(await post(t.app, OrderPaths.detail, { id: order.id }, m.token)).data;
    expect(mine.status).toBe(S.Cancelled);

    const shipped = await paidOrder({ status: S.Shipped });
    const refused = await call(AdminOrderPaths.cancelPaid, { orderNo: shipped.order.orderNo }, 'finance');
    expect(refused.message).toContain('只能取消已付款且未发货的订单');
    const audit = await okData<AuditListResponse>(AdminPaths.auditList, {
      action: 'order.cancelPaid',
      objectId: order.orderNo,
    });
    expect(audit.items[0]).toMatchObject({
      before: { status: S.Paid, refundedAmount: 200 },
      after: { status: S.Cancelled, refundedAmount: 3200, refunded: 3000 },
    });
  });
});

describe('the dashboard', () => {
  it('counts today and this week per currency and the to-dos', async () => {
    const before = await okData<DashboardResponse>(AdminOrderPaths.dashboard, {}, 'content');
    await paidOrder({ status: S.NotPaid }).then(({ order }) =>
      okData(AdminOrderPaths.markPaid, { orderNo: order.orderNo }, 'finance'),
    );
    await paidOrder({ status: S.AwaitingDispatch, packs: 2 });
    const after = await okData<DashboardResponse>(AdminOrderPaths.dashboard, {}, 'warehouse');
    expect(after.today.orders - before.today.orders).toBe(2);
    expect(after.week.orders - before.week.orders).toBe(2);
    // The fixture's orders are in CNY; the one paid today counts 3200 fen today and this week, none in AUD.
    expect(after.today.cny - before.today.cny).toBe(3200);
    expect(after.week.cny - before.week.cny).toBe(3200);
    expect(after.week.aud - before.week.aud).toBe(0);
    expect(after.todo.paidToPush - before.todo.paidToPush).toBe(1);
    expect(after.todo.packsToShip - before.todo.packsToShip).toBe(2);
    expect(after.todo).toMatchObject({ ticketsWaiting: expect.any(Number), rechargesWaiting: 0 });
    expect(after.todo.lowStock).toBeGreaterThanOrEqual(0);
  });
});
