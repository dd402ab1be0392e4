import {
  AdminOrderPaths,
  type AdminOrderShipManyResponse,
  type AdminTrackingSheetResponse,
  type AdminWaitingPacksResponse,
  OrderStatus,
  ResultCode,
  type StaffRole,
  Warehouse,
} from '@shop/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAuditLog as auditLog, logisticsEvents, messages, orderPacks } from '../src/db/schema';
import { writeXlsx } from '../src/lib/spreadsheet';
import { createCatalogueTestApp } from './support/catalogue-helpers';
import { type FixtureOrder, insertCouriers, insertOrder, newMember } from './support/order-fixtures';
import { type StaffLogin, staffToken } from './support/staff';
import { envelope, post, type TestApp } from './support/test-app';
import { upload } from './support/upload';

/**
 * The console's work on many orders (the order list's batch bar): the packs waiting to ship of the picked orders,
 * their packing and picking lists as PDFs (read back), shipping many orders at once from the list or from a
 * tracking sheet (previewed, then every row shipped or none), and who may do it.
 */

let t: TestApp;
const staff = {} as Record<StaffRole, StaffLogin>;
let sku = { apt: 0, blk400: 0, blk200: 0, rice: 0 };
let memberId = 0;

beforeAll(async () => {
  const made = await createCatalogueTestApp();
  t = made.t;
  const g = made.fixture.goods;
  sku = {
    apt: g.aptamilGold.skuIds[0] ?? 0,
    blk400: g.fishOilGoods.skuIds[0] ?? 0,
    blk200: g.fishOilGoods.skuIds[1] ?? 0,
    rice: g.riceCereal.skuIds[0] ?? 0,
  };
  await insertCouriers(t.database.db);
  for (const role of ['owner', 'warehouse', 'service'] as const) staff[role] = await staffToken(t, role);
  memberId = (await newMember(t.app, 'bulk')).id;
});
afterAll(async () => {
  await t?.close();
});

const S = OrderStatus;

async function call<T>(path: string, body: unknown, role: StaffRole = 'warehouse') {
  return envelope<T>(await post(t.app, path, body, staff[role].token));
}
async function okData<T>(path: string, body: unknown, role: StaffRole = 'warehouse'): Promise<T> {
  const res = await call<T>(path, body, role);
  expect(res.success, res.message).toBe(true);
  return res.data;
}

const RECEIVER = {
  name: '李四',
  phone: '13912345678',
  country: 'CN',
  province: '浙江省',
  city: '杭州市',
  district: '西湖区',
  detail: '文三路 88 号',
  postCode: '310012',
};

/** An order waiting to ship: one AU pack holding two lines unless told otherwise (stock untouched). */
function readyOrder(spec: Partial<FixtureOrder> = {}) {
  return insertOrder(t.database.db, {
    memberId,
    status: S.AwaitingDispatch,
    receiver: RECEIVER,
    memberRemark: '易碎，请多包几层',
    items: [
      {
        skuId: sku.apt,
        qty: 2,
        reservedQty: 0,
        unitPrice: 30_000,
        name: '爱他美白金版',
        property: { 规格: '900g' },
      },
      {
        skuId: sku.blk400,
        qty: 1,
        reservedQty: 0,
        unitPrice: 9_900,
        name: '深海鱼油',
        property: { 规格: '400粒', 包装: '单瓶' },
      },
    ],
    shipping: 0,
    ...spec,
  });
}

async function pdfText(payload: Buffer): Promise<{ text: string; pages: string[] }> {
  const parser = new PDFParse({ data: new Uint8Array(payload) });
  try {
    const result = await parser.getText();
    return { text: result.text, pages: result.pages.map((p) => p.text) };
  } finally {
    await parser.destroy();
  }
}

const packStatuses = async (orderId: number) =>
  (
    await t.database.db
      .select({ status: orderPacks.status, code: orderPacks.logisticCode })
      .from(orderPacks)
      .where(eq(orderPacks.orderId, orderId))
      .orderBy(orderPacks.packIndex)
  ).map((p) => p.status);

const sendSheet = (file: Buffer, fileName: string, dryRun: boolean, role: StaffRole = 'warehouse') =>
  upload(t.app, AdminOrderPaths.trackingSheet, staff[role].token, file, 'file', fileName, {
    dryRun: String(dryRun),
  });

describe('who may print and ship many orders', () => {
  const calls = [
    { path: AdminOrderPaths.waitingPacks, body: { orderNos: ['SO1'] } },
    { path: AdminOrderPaths.printPacking, body: { orderNos: ['SO1'] } },
    { path: AdminOrderPaths.printPicking, body: { orderNos: ['SO1'] } },
    {
      path: AdminOrderPaths.shipMany,
      body: { orders: [{ orderNo: 'SO1', courierCode: 'SF', logisticCode: 'SF1234' }] },
    },
  ];

  it.each(calls)('$path: no token, a member, a role without order.fulfil are refused', async (c) => {
    expect((await post(t.app, c.path, c.body)).statusCode).toBe(401);
    const m = await newMember(t.app, 'intruder');
    expect((await post(t.app, c.path, c.body, m.token)).statusCode).toBe(401);
    const denied = await post(t.app, c.path, c.body, staff.service.token);
    expect(denied.statusCode).toBe(403);
    expect(envelope(denied).resultCode).toBe(ResultCode.PermissionDenied);
    expect((await call(c.path, c.body)).resultCode).not.toBe(ResultCode.PermissionDenied);
  });

  it('the tracking sheet is refused to a role without order.fulfil, and nothing ships', async () => {
    const order = await readyOrder();
    const sheet = Buffer.from(`订单号,快递公司,运单号\r\n${order.orderNo},SF,SF5550001\r\n`);
    const denied = await sendSheet(sheet, 'ship.csv', false, 'service');
    expect(denied.statusCode).toBe(403);
    expect(envelope(denied).resultCode).toBe(ResultCode.PermissionDenied);
    expect(
      (await upload(t.app, AdminOrderPaths.trackingSheet, '', sheet, 'file', 'ship.csv')).statusCode,
    ).toBe(401);
    expect(await packStatuses(order.id)).toEqual([S.AwaitingDispatch]);
  });

  it('refuses bad bodies with a Chinese message', async () => {
    const bad: [string, unknown, RegExp][] = [
      [AdminOrderPaths.printPacking, { orderNos: [] }, /请选择订单/],
      [AdminOrderPaths.printPacking, { orderNos: ['A', 'A'] }, /订单号重复/],
      [AdminOrderPaths.printPicking, { orderNos: Array.from({ length: 101 }, (_, i) => `SO${i}`) }, /最多/],
      [
        AdminOrderPaths.shipMany,
        { orders: [{ orderNo: 'SO1', courierCode: 'SF', logisticCode: '单号' }] },
        /物流单号/,
      ],
      [AdminOrderPaths.shipMany, { orders: [] }, /请选择订单/],
      [AdminOrderPaths.waitingPacks, { orderNos: ['SO1'], extra: 1 }, /.+/],
    ];
    for (const [path, body, message] of bad) {
      const res = await call(path, body);
      expect(res.success, path).toBe(false);
      expect(res.resultCode).toBe(ResultCode.ParamsError);
      expect(res.message).toMatch(message);
    }
  });
});

describe('the packs waiting to ship, and their packing and picking lists', () => {
  it('lists the waiting packs and says why every other order or pack is left out', async () => {
    const one = await readyOrder();
    const two = await readyOrder({
      packs: [
        { location: Warehouse.AU, status: S.AwaitingDispatch },
        { location: Warehouse.CN, status: S.WarehouseProcessing },
      ],
      items: [
        { skuId: sku.apt, qty: 1, reservedQty: 0, unitPrice: 30_000, pack: 0 },
        { skuId: sku.rice, qty: 3, reservedQty: 0, unitPrice: 3_200, pack: 1 },
      ],
    });
    const shipped = await readyOrder({
      status: S.Shipped,
      packs: [{ status: S.Shipped, logisticCode: 'SF9990001', courierName: '顺丰速运' }],
    });
    const cancelled = await readyOrder({ status: S.Cancelled });
    const pickup = await readyOrder({ isPickup: true });
    const data = await okData<AdminWaitingPacksResponse>(AdminOrderPaths.waitingPacks, {
      orderNos: [one.orderNo, two.orderNo, shipped.orderNo, cancelled.orderNo, pickup.orderNo, 'SO-NONE'],
    });
    expect(
      data.packs.map((p) => [p.orderNo, p.packIndex, p.warehouseName, p.pieces, p.receiverName]),
    ).toEqual([
      [one.orderNo, 0, '澳大利亚仓', 3, '李四'],
      [two.orderNo, 0, '澳大利亚仓', 1, '李四'],
    ]);
    expect(data.skipped).toEqual([
      { orderNo: two.orderNo, packIndex: 1, reason: '包裹 2当前状态为「仓库处理中」，不是待发货' },
      { orderNo: shipped.orderNo, packIndex: 0, reason: '包裹 1已发货（运单号 SF9990001）' },
      { orderNo: cancelled.orderNo, packIndex: null, reason: '订单已取消' },
      { orderNo: pickup.orderNo, packIndex: null, reason: '自提订单，无需快递发货' },
      { orderNo: 'SO-NONE', packIndex: null, reason: '订单不存在' },
    ]);
  });

  it('prints one packing list page per waiting pack with the shop, order, receiver and lines; audited', async () => {
    const one = await readyOrder();
    const two = await readyOrder({
      packs: [
        { location: Warehouse.AU, status: S.AwaitingDispatch },
        { location: Warehouse.CN, status: S.AwaitingDispatch },
        { location: Warehouse.CN, status: S.Shipped, logisticCode: 'EMS0001' },
      ],
      items: [
        { skuId: sku.apt, qty: 1, reservedQty: 0, unitPrice: 30_000, name: '爱他美白金版', pack: 0 },
        { skuId: sku.blk200, qty: 4, reservedQty: 0, unitPrice: 8_800, name: '深海鱼油', pack: 1 },
        { skuId: sku.rice, qty: 1, reservedQty: 0, unitPrice: 3_200, name: '有机婴儿米粉', pack: 2 },
      ],
    });
    const res = await post(
      t.app,
      AdminOrderPaths.printPacking,
      { orderNos: [one.orderNo, two.orderNo] },
      staff.warehouse.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="PackingList_\d{8}_\d{4}\.pdf"$/,
    );
    const { text, pages } = await pdfText(res.rawPayload);
    expect(pages).toHaveLength(3);
    const [first, second, third] = pages;
    for (const page of pages) expect(page).toContain('澳中批发商城');
    expect(first).toContain(`${one.orderNo} 包裹 1/1`);
    expect(first).toContain('李四');
    expect(first).toContain('13912345678');
    expect(first).toContain('中国 浙江省 杭州市 西湖区 文三路 88 号 310012');
    expect(first).toContain('易碎，请多包几层');
    expect(first).toContain('S-APT-1-900');
    expect(first).toContain('爱他美白金版');
    expect(first).toContain('S-BLK-1-400');
    expect(first).toContain('400粒 / 单瓶');
    expect(first).toContain('澳大利亚仓');
    expect(first).toContain('共 2 种商品，3 件');
    expect(second).toContain(`${two.orderNo} 包裹 1/3`);
    expect(third).toContain(`${two.orderNo} 包裹 2/3`);
    expect(third).toContain('S-BLK-1-200');
    expect(third).toContain('中国仓');
    // The shipped pack is not printed.
    expect(text).not.toContain('S-BEL-1-125');

    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'order.printPacking'),
          inArray(auditLog.objectId, [one.orderNo, two.orderNo]),
        ),
      );
    expect(audits.map((a) => [a.objectId, a.actor, a.after])).toEqual(
      expect.arrayContaining([
        [one.orderNo, staff.warehouse.username, { packs: [0], skipped: [] }],
        [two.orderNo, staff.warehouse.username, { packs: [0, 1], skipped: [2] }],
      ]),
    );
  });

  it('prints a picking list: the SKUs summed over the packs, per warehouse, by SKU code; audited', async () => {
    const a = await readyOrder({
      items: [
        {
          skuId: sku.blk400,
          qty: 2,
          reservedQty: 0,
          unitPrice: 9_900,
          name: '深海鱼油',
          property: { 规格: '400粒' },
        },
        { skuId: sku.apt, qty: 1, reservedQty: 0, unitPrice: 30_000, name: '爱他美白金版' },
      ],
    });
    const b = await readyOrder({
      packs: [
        { location: Warehouse.AU, status: S.AwaitingDispatch },
        { location: Warehouse.CN, status: S.AwaitingDispatch },
      ],
      items: [
        { skuId: sku.apt, qty: 3, reservedQty: 0, unitPrice: 30_000, name: '爱他美白金版', pack: 0 },
        { skuId: sku.rice, qty: 5, reservedQty: 0, unitPrice: 3_200, name: '有机婴儿米粉', pack: 1 },
        // Pre-ordered pieces still waiting for stock are not picked.
        {
          skuId: sku.blk200,
          qty: 2,
          reservedQty: 0,
          waiting: 2,
          unitPrice: 8_800,
          name: '鱼油两瓶装',
          pack: 1,
        },
      ],
    });
    const res = await post(
      t.app,
      AdminOrderPaths.printPicking,
      { orderNos: [a.orderNo, b.orderNo] },
      staff.warehouse.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="PickingList_\d{8}_\d{4}\.pdf"/);
    const { text } = await pdfText(res.rawPayload);
    expect(text).toContain('拣货单');
    expect(text).toContain('澳中批发商城');
    expect(text).toContain('共 2 个订单、3 个包裹');
    const au = text.indexOf('澳大利亚仓：2 个包裹，2 种商品，6 件');
    const cn = text.indexOf('中国仓：1 个包裹，1 种商品，5 件');
    expect(au).toBeGreaterThan(-1);
    expect(cn).toBeGreaterThan(au);
    const auSection = text.slice(au, cn);
    // Sorted by SKU code: S-APT-1-900 (1 + 3 = 4 pieces from 2 packs) before S-BLK-1-400 (2 pieces).
    expect(auSection).toMatch(/S-APT-1-900 爱他美白金版 4 2\nS-BLK-1-400 深海鱼油 400粒 2 1/);
    expect(text.slice(cn)).toMatch(/S-BEL-1-125 有机婴儿米粉 5 1/);
    expect(text).not.toContain('S-BLK-1-200');
    expect(text).toContain(`${b.orderNo} 包裹 2`);
    const audits = await t.database.db
      .select({ objectId: auditLog.objectId })
      .from(auditLog)
      .where(eq(auditLog.action, 'order.printPicking'));
    expect(audits.map((r) => r.objectId)).toEqual(expect.arrayContaining([a.orderNo, b.orderNo]));
  });

  it('has nothing to print when no picked pack waits to ship', async () => {
    const shipped = await readyOrder({ status: S.Shipped, packs: [{ status: S.Shipped }] });
    const res = await call(AdminOrderPaths.printPacking, { orderNos: [shipped.orderNo, 'SO-NONE'] });
    expect(res).toMatchObject({ success: false, resultCode: ResultCode.ParamsError });
    expect(res.message).toBe('所选订单没有待发货的包裹，没有可打印的内容');
  });
});

describe('shipping the picked orders at once', () => {
  it('ships nothing when one order cannot ship, naming it', async () => {
    const good = await readyOrder();
    const notReady = await readyOrder({ status: S.WarehouseProcessing });
    const res = await call(AdminOrderPaths.shipMany, {
      orders: [
        { orderNo: good.orderNo, courierCode: 'SF', logisticCode: 'SF7000001' },
        { orderNo: notReady.orderNo, courierCode: 'SF', logisticCode: 'SF7000002' },
        { orderNo: 'SO-NONE', courierCode: 'NOPE', logisticCode: 'SF7000003' },
      ],
    });
    expect(res).toMatchObject({ success: false, resultCode: ResultCode.ParamsError });
    expect(res.message).toBe(
      `共 2 处问题，所选订单均未发货：订单 ${notReady.orderNo}：包裹 1当前状态为「仓库处理中」，不是待发货 等`,
    );
    expect((res.data as { errors: string[] }).errors).toEqual([
      `订单 ${notReady.orderNo}：包裹 1当前状态为「仓库处理中」，不是待发货`,
      '订单 SO-NONE：订单不存在',
    ]);
    expect(await packStatuses(good.id)).toEqual([S.AwaitingDispatch]);
    const events = await t.database.db
      .select()
      .from(logisticsEvents)
      .where(eq(logisticsEvents.logisticCode, 'SF7000001'));
    expect(events).toEqual([]);
  });

  it('ships every waiting pack of each order with its courier and number, audited and told as a single ship', async () => {
    const m = await newMember(t.app, 'shipmany');
    const one = await readyOrder({ memberId: m.id });
    const two = await readyOrder({
      memberId: m.id,
      packs: [
        { location: Warehouse.AU, status: S.AwaitingDispatch },
        { location: Warehouse.CN, status: S.AwaitingDispatch },
      ],
      items: [
        { skuId: sku.apt, qty: 1, reservedQty: 0, unitPrice: 30_000, pack: 0 },
        { skuId: sku.rice, qty: 1, reservedQty: 0, unitPrice: 3_200, pack: 1 },
      ],
    });
    const data = await okData<AdminOrderShipManyResponse>(AdminOrderPaths.shipMany, {
      orders: [
        { orderNo: one.orderNo, courierCode: 'sf', logisticCode: 'SF7100001' },
        { orderNo: two.orderNo, courierCode: '中国邮政EMS', logisticCode: 'EMS7100002' },
      ],
    });
    expect(data).toEqual({
      orders: [
        { orderNo: one.orderNo, status: S.Shipped, moved: [0] },
        { orderNo: two.orderNo, status: S.Shipped, moved: [0, 1] },
      ],
      packs: 3,
    });
    const packs = await t.database.db
      .select()
      .from(orderPacks)
      .where(inArray(orderPacks.orderId, [one.id, two.id]))
      .orderBy(orderPacks.orderId, orderPacks.packIndex);
    expect(packs.map((p) => [p.status, p.courierName, p.logisticCode])).toEqual([
      [S.Shipped, '顺丰速运', 'SF7100001'],
      [S.Shipped, '中国邮政EMS', 'EMS7100002'],
      [S.Shipped, '中国邮政EMS', 'EMS7100002'],
    ]);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.ship'), inArray(auditLog.objectId, [one.orderNo, two.orderNo])));
    expect(audits).toHaveLength(3);
    const notices = await t.database.db.select().from(messages).where(eq(messages.memberId, m.id));
    expect(notices.map((n) => n.title).sort()).toEqual(
      [`订单 ${one.orderNo} 已发货`, `订单 ${two.orderNo} 已发货`, `订单 ${two.orderNo} 已发货`].sort(),
    );
    const events = await t.database.db
      .select()
      .from(logisticsEvents)
      .where(inArray(logisticsEvents.logisticCode, ['SF7100001', 'EMS7100002']));
    expect(events).toHaveLength(3);

    // The same again finds them shipped: nothing moves twice.
    const again = await call(AdminOrderPaths.shipMany, {
      orders: [{ orderNo: one.orderNo, courierCode: 'SF', logisticCode: 'SF7100001' }],
    });
    expect(again.success).toBe(false);
    expect(again.message).toBe(
      `订单 ${one.orderNo}：包裹 1已发货（运单号 SF7100001）。所选订单均未发货，请核对后重试`,
    );
  });
});

/** A tracking sheet as CSV text. */
const csv = (rows: string[][]) => Buffer.from(`${rows.map((r) => r.join(',')).join('\r\n')}\r\n`);

describe('the tracking sheet', () => {
  it('previews each row: the order’s pack and the courier matched, or the row’s problem; applying it then ships nothing', async () => {
    const good = await readyOrder();
    const twoPacks = await readyOrder({
      packs: [
        { location: Warehouse.AU, status: S.AwaitingDispatch },
        { location: Warehouse.CN, status: S.AwaitingDispatch },
      ],
      items: [
        { skuId: sku.apt, qty: 1, reservedQty: 0, unitPrice: 30_000, pack: 0 },
        { skuId: sku.rice, qty: 1, reservedQty: 0, unitPrice: 3_200, pack: 1 },
      ],
    });
    const cancelled = await readyOrder({ status: S.Cancelled });
    const sheet = csv([
      ['订单号', '快递公司', '运单号', '包裹'],
      [good.orderNo, '顺丰速运', 'SF8000001', ''],
      [twoPacks.orderNo, 'EMS', 'EMS8000002', '2'],
      [twoPacks.orderNo, 'EMS', 'EMS8000003', ''],
      ['SO-NONE', 'SF', 'SF8000004', ''],
      [cancelled.orderNo, 'SF', 'SF8000005', ''],
      [twoPacks.orderNo, '韵达', 'YD8000006', '1'],
      [twoPacks.orderNo, 'SF', 'SF8000007', '包裹 2'],
      [good.orderNo, 'SF', '单号?', ''],
      [twoPacks.orderNo, 'SF', 'SF8000009', '9'],
    ]);
    const res = envelope<AdminTrackingSheetResponse>(await sendSheet(sheet, 'ship.csv', true));
    expect(res.success, res.message).toBe(true);
    expect(res.message).toBe('预览：共 7 处问题');
    expect(res.data.rows.map((r) => [r.row, r.packIndex, r.courierCode, r.courierName, r.error])).toEqual([
      [2, 0, 'SF', '顺丰速运', null],
      [3, 1, 'EMS', '中国邮政EMS', null],
      [4, null, 'EMS', '中国邮政EMS', '订单有 2 个待发货包裹，请在「包裹」列填写包裹序号'],
      [5, null, 'SF', '顺丰速运', '订单不存在'],
      [6, null, 'SF', '顺丰速运', '订单已取消'],
      [7, 0, '', '', '未找到快递公司「韵达」，请填写已启用的快递公司名称或编码'],
      [8, 1, 'SF', '顺丰速运', '与第 3 行是同一个包裹'],
      [9, null, 'SF', '顺丰速运', '运单号只能包含字母、数字和 -，4-60 个字符'],
      [10, 8, 'SF', '顺丰速运', '订单没有包裹 9'],
    ]);
    expect(res.data.errors[0]).toBe('第 4 行：订单有 2 个待发货包裹，请在「包裹」列填写包裹序号');
    expect(res.data.shipped).toBe(0);

    const applied = envelope<{ errors: string[] }>(await sendSheet(sheet, 'ship.csv', false));
    expect(applied).toMatchObject({ success: false, resultCode: ResultCode.ParamsError });
    expect(applied.message).toMatch(/^共 7 处问题，整张表未发货：第 4 行：/);
    expect(applied.data.errors).toEqual(res.data.errors);
    expect(await packStatuses(good.id)).toEqual([S.AwaitingDispatch]);
    expect(await packStatuses(twoPacks.id)).toEqual([S.AwaitingDispatch, S.AwaitingDispatch]);
  });

  it('ships every row of a good sheet (xlsx), each pack once, audited and told', async () => {
    const m = await newMember(t.app, 'sheet');
    const one = await readyOrder({ memberId: m.id });
    const two = await readyOrder({
      memberId: m.id,
      packs: [
        { location: Warehouse.AU, status: S.AwaitingDispatch },
        { location: Warehouse.CN, status: S.AwaitingDispatch },
      ],
      items: [
        { skuId: sku.apt, qty: 1, reservedQty: 0, unitPrice: 30_000, pack: 0 },
        { skuId: sku.rice, qty: 1, reservedQty: 0, unitPrice: 3_200, pack: 1 },
      ],
    });
    const book = await writeXlsx(
      '运单',
      [
        { header: '订单号', width: 24 },
        { header: '快递公司', width: 12 },
        { header: '运单号', width: 20 },
        { header: '包裹', width: 8 },
      ],
      [
        [one.orderNo, 'SF', 'SF8100001'],
        [two.orderNo, '顺丰速运', 'SF8100002', 1],
        [two.orderNo, 'ems', 'EMS8100003', 2],
      ],
    );
    const preview = envelope<AdminTrackingSheetResponse>(await sendSheet(book, '运单.xlsx', true));
    expect(preview.success, preview.message).toBe(true);
    expect(preview.data.errors).toEqual([]);
    expect(preview.message).toBe('预览通过：3 行可以发货');
    const applied = envelope<AdminTrackingSheetResponse>(await sendSheet(book, '运单.xlsx', false));
    expect(applied.success, applied.message).toBe(true);
    expect(applied.message).toBe('已发货 3 个包裹');
    expect(applied.data).toMatchObject({ dryRun: false, shipped: 3, errors: [] });
    expect(await packStatuses(two.id)).toEqual([S.Shipped, S.Shipped]);
    const packs = await t.database.db
      .select({ code: orderPacks.logisticCode })
      .from(orderPacks)
      .where(eq(orderPacks.orderId, two.id))
      .orderBy(orderPacks.packIndex);
    expect(packs.map((p) => p.code)).toEqual(['SF8100002', 'EMS8100003']);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.ship'), inArray(auditLog.objectId, [one.orderNo, two.orderNo])));
    expect(audits).toHaveLength(3);
    const notices = await t.database.db.select().from(messages).where(eq(messages.memberId, m.id));
    expect(notices).toHaveLength(3);
  });

  it('reads a CSV saved by Excel on a Chinese Windows (GB18030)', async () => {
    const order = await readyOrder();
    // '订单号,快递公司,运单号,包裹' and '顺丰速运' in GB18030.
    const header = Buffer.from('b6a9b5a5bac52cbfecb5ddb9abcbbe2cd4cbb5a5bac52cb0fcb9fc0d0a', 'hex');
    const shunfeng = Buffer.from('cbb3b7e1cbd9d4cb', 'hex');
    const sheet = Buffer.concat([
      header,
      Buffer.from(`${order.orderNo},`),
      shunfeng,
      Buffer.from(',SF8200001,\r\n'),
    ]);
    const preview = envelope<AdminTrackingSheetResponse>(await sendSheet(sheet, 'ship.csv', true));
    expect(preview.success, preview.message).toBe(true);
    expect(preview.data.rows).toEqual([
      {
        row: 2,
        orderNo: order.orderNo,
        packIndex: 0,
        courierCode: 'SF',
        courierName: '顺丰速运',
        logisticCode: 'SF8200001',
        error: null,
      },
    ]);
  });

  it('fails a sheet gone stale since its preview whole, naming the row', async () => {
    const a = await readyOrder();
    const b = await readyOrder();
    const sheet = csv([
      ['订单号', '快递公司', '运单号'],
      [a.orderNo, 'SF', 'SF8300001'],
      [b.orderNo, 'SF', 'SF8300002'],
    ]);
    const preview = envelope<AdminTrackingSheetResponse>(await sendSheet(sheet, 'ship.csv', true));
    expect(preview.data.errors).toEqual([]);
    // Meanwhile another member of staff ships b on its own, with the same number.
    const single = await call(AdminOrderPaths.ship, {
      orderNo: b.orderNo,
      courierCode: 'SF',
      logisticCode: 'SF8300002',
    });
    expect(single.success, single.message).toBe(true);
    const applied = envelope<{ errors: string[] }>(await sendSheet(sheet, 'ship.csv', false));
    expect(applied).toMatchObject({ success: false, resultCode: ResultCode.ParamsError });
    expect(applied.message).toBe('第 3 行：包裹 1已发货（运单号 SF8300002）。整张表未发货，请核对后重试');
    expect(await packStatuses(a.id)).toEqual([S.AwaitingDispatch]);
    // b was cancelled instead: the same sheet still fails on its row.
    const c = await readyOrder();
    await t.database.db.update(orderPacks).set({ status: S.Cancelled }).where(eq(orderPacks.orderId, c.id));
    const withCancelled = csv([
      ['订单号', '快递公司', '运单号'],
      [a.orderNo, 'SF', 'SF8300001'],
      [c.orderNo, 'SF', 'SF8300003'],
    ]);
    const refused = envelope(await sendSheet(withCancelled, 'ship.csv', false));
    expect(refused.message).toBe(
      '第 3 行：包裹 1当前状态为「已取消」，不是待发货。整张表未发货，请核对后重试',
    );
    expect(await packStatuses(a.id)).toEqual([S.AwaitingDispatch]);
  });

  it('refuses what it cannot read, sheets missing a column, and sheets past 500 rows', async () => {
    const missing = envelope<AdminTrackingSheetResponse>(
      await sendSheet(
        csv([
          ['订单号', '运单号'],
          ['SO1', 'SF1234'],
        ]),
        'ship.csv',
        true,
      ),
    );
    expect(missing.data.errors).toEqual([
      '表格缺少列：快递公司。第 1 行应为列名：订单号、快递公司、运单号，多包裹的订单另加「包裹」列',
    ]);
    const rows = Array.from({ length: 501 }, (_, i) => [`SO${i}`, 'SF', `SF${9_000_000 + i}`]);
    const big = envelope(await sendSheet(csv([['订单号', '快递公司', '运单号'], ...rows]), 'ship.csv', true));
    expect(big).toMatchObject({ success: false, message: '一张运单表最多 500 行，请拆分后分批上传' });
    const renamed = envelope(await sendSheet(Buffer.from('%PDF-1.4'), 'ship.pdf', true));
    expect(renamed).toMatchObject({ success: false, message: '仅支持 .xlsx 或 .csv 文件' });
    const oldExcel = envelope(await sendSheet(Buffer.from('d0cf11e0a1b11ae1', 'hex'), 'ship.xls', true));
    expect(oldExcel.message).toMatch(/不支持旧版 Excel/);
    const binary = envelope(await sendSheet(Buffer.from([0, 1, 2, 3, 0, 0]), 'ship.csv', true));
    expect(binary.message).toMatch(/无法读取该文件/);
    const noMode = envelope(
      await upload(
        t.app,
        AdminOrderPaths.trackingSheet,
        staff.warehouse.token,
        csv([['订单号']]),
        'file',
        's.csv',
      ),
    );
    expect(noMode.message).toMatch(/dryRun 须为 true 或 false/);
  });
});
