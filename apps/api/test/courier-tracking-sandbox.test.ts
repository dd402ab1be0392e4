import {
  type AdminCourierRow,
  AdminOrderPaths,
  AdminSettingsPaths,
  type LogisticsInfo,
  OrderPaths,
  OrderStatus,
  SandboxTrackingPaths,
  TrackingPaths,
} from '@shop/domain';
import { and, desc, eq, gt, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couriers, messages, orderPacks, parcelTrackings, skus, staffAuditLog } from '../src/db/schema';
import { SANDBOX_JOURNEY } from '../src/modules/tracking/sandbox.provider';
import { insertOrder, newMember } from './support/order-fixtures';
import { staffToken } from './support/staff';
import { createTestApp, envelope, post, type TestApp } from './support/test-app';

/**
 * The sandbox tracking service end to end through the API (docs/decisions/061-courier-tracking.md), as a demo
 * shop runs it without the internet: a parcel shipped in the console is subscribed, the sandbox's demo courier
 * moves it on, each move is pushed to the shop the way Kuaidi100 pushes, and the member follows it on the order's
 * tracking and hears of 揽收, 派送中 and 已签收. Staff give a courier its Kuaidi100 code on the 快递 page, audited.
 */

let t: TestApp;
let warehouseToken = '';
let ownerToken = '';
let skuId = 0;

beforeAll(async () => {
  t = await createTestApp();
  warehouseToken = (await staffToken(t, 'warehouse')).token;
  ownerToken = (await staffToken(t, 'owner')).token;
  const [sku] = await t.database.db.select({ id: skus.id }).from(skus).where(gt(skus.stock, 50)).limit(1);
  skuId = sku?.id ?? 0;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function memberTracking(code: string, token: string): Promise<LogisticsInfo> {
  const body = envelope<LogisticsInfo>(
    await post(t.app, OrderPaths.logistics, { logisticCode: code }, token),
  );
  expect(body.success, body.message).toBe(true);
  return body.data;
}

const parcelTitles = async (memberId: number) =>
  (
    await t.database.db
      .select({ title: messages.title })
      .from(messages)
      .where(and(eq(messages.memberId, memberId), like(messages.title, '%的包裹%')))
      .orderBy(messages.id)
  ).map((m) => m.title);

describe('the sandbox tracking service', () => {
  it('moves a shipped parcel from 揽收 to 签收, the member following it and told of each milestone', async () => {
    const m = await newMember(t.app, 'sandbox_track');
    const order = await insertOrder(t.database.db, {
      memberId: m.id,
      status: OrderStatus.AwaitingDispatch,
      items: [{ skuId, qty: 1, unitPrice: 3200 }],
      shipping: 0,
    });
    const code = `SF${Date.now() % 1e10}`;
    const shipped = envelope(
      await post(
        t.app,
        AdminOrderPaths.ship,
        { orderNo: order.orderNo, courierCode: 'SF', logisticCode: code },
        warehouseToken,
      ),
    );
    expect(shipped.success, shipped.message).toBe(true);
    await t.app.services.tracking.runDue();
    const [row] = await t.database.db
      .select()
      .from(parcelTrackings)
      .where(eq(parcelTrackings.logisticCode, code));
    expect(row).toMatchObject({ status: 'tracking', company: 'shunfeng' });
    expect((await memberTracking(code, m.token)).events).toHaveLength(1);

    const first = envelope<{ step: number; stateLabel: string }>(
      await post(t.app, SandboxTrackingPaths.advance, { logisticCode: code }),
    );
    expect(first.data).toMatchObject({ step: 1, stateLabel: '揽收' });
    expect((await memberTracking(code, m.token)).events[0]?.description).toBe(SANDBOX_JOURNEY[0]?.context);
    expect(await parcelTitles(m.id)).toEqual([`订单 ${order.orderNo} 的包裹已被快递揽收`]);

    // The same step asked twice at once, and then the rest of the way.
    const [a, b] = await Promise.all([
      post(t.app, SandboxTrackingPaths.advance, { logisticCode: code, steps: 2 }),
      post(t.app, SandboxTrackingPaths.advance, { logisticCode: code, steps: 1 }),
    ]);
    expect([envelope(a).success, envelope(b).success]).toEqual([true, true]);
    const last = envelope<{ step: number; stateLabel: string }>(
      await post(t.app, SandboxTrackingPaths.advance, { logisticCode: code, steps: 5 }),
    );
    expect(last.data).toMatchObject({ step: SANDBOX_JOURNEY.length, stateLabel: '签收' });

    const tracking = await memberTracking(code, m.token);
    expect(tracking.events.map((e) => e.description)).toEqual([
      ...SANDBOX_JOURNEY.map((s) => s.context).reverse(),
      expect.stringContaining('已发货'),
    ]);
    expect(await parcelTitles(m.id)).toEqual([
      `订单 ${order.orderNo} 的包裹已被快递揽收`,
      `订单 ${order.orderNo} 的包裹正在派送`,
      `订单 ${order.orderNo} 的包裹已签收`,
    ]);
    const [done] = await t.database.db
      .select()
      .from(parcelTrackings)
      .where(eq(parcelTrackings.logisticCode, code));
    expect(done).toMatchObject({ status: 'ended', state: 3, notified: 'delivered' });

    // A signed-for parcel moves no further and tells nothing more.
    await post(t.app, SandboxTrackingPaths.advance, { logisticCode: code });
    expect((await memberTracking(code, m.token)).events).toHaveLength(SANDBOX_JOURNEY.length + 1);
    expect(await parcelTitles(m.id)).toHaveLength(3);
  });

  it('takes up parcels shipped before tracking was on, and answers a query about them', async () => {
    const m = await newMember(t.app, 'adopted');
    const code = `SF${(Date.now() + 7) % 1e10}`;
    const order = await insertOrder(t.database.db, {
      memberId: m.id,
      status: OrderStatus.Shipped,
      packs: [{ courierName: '顺丰速运', logisticCode: code }],
      items: [{ skuId, qty: 1, unitPrice: 3200 }],
      shipping: 0,
    });
    const [sf] = await t.database.db.select().from(couriers).where(eq(couriers.code, 'SF'));
    await t.database.db
      .update(orderPacks)
      .set({ courierId: sf?.id ?? null, shippedAt: new Date(Date.now() - 3 * 24 * 3_600_000) })
      .where(eq(orderPacks.orderId, order.id));
    expect(await t.app.services.tracking.adopt(30)).toBeGreaterThanOrEqual(1);
    expect(await t.app.services.tracking.adopt(30)).toBe(0);
    await t.app.services.tracking.runDue();
    expect(await t.app.services.tracking.show(code)).toMatchObject({
      status: 'tracking',
      company: 'shunfeng',
    });
    await t.app.services.tracking.advanceSandbox(code, 1);
    expect(await t.app.services.tracking.refresh(code)).toMatchObject({ ok: true, added: 0, told: null });
    expect((await memberTracking(code, m.token)).events[0]?.description).toBe(SANDBOX_JOURNEY[0]?.context);
  });

  it('knows only the parcels it was asked to follow', async () => {
    const res = await post(t.app, SandboxTrackingPaths.advance, { logisticCode: 'SF0000000404' });
    expect(res.statusCode).toBe(404);
    expect(envelope(res).message).toContain('SF0000000404');
  });

  it('refuses a push that the sandbox did not sign, and one for a provider that is not running', async () => {
    const forged = await t.app.inject({
      method: 'POST',
      url: `${TrackingPaths.notify}sandbox/`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ param: '{"status":"polling"}', sign: 'ABCDEF' }).toString(),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ result: false });
    const other = await t.app.inject({
      method: 'POST',
      url: `${TrackingPaths.notify}kuaidi100/`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ param: '{}', sign: 'ABCDEF' }).toString(),
    });
    expect(other.statusCode).toBe(400);
  });
});

describe('a courier’s Kuaidi100 code on the 快递 page', () => {
  it('is suggested for a new courier, changed by staff, and audited', async () => {
    const created = envelope<AdminCourierRow>(
      await post(
        t.app,
        AdminSettingsPaths.courierCreate,
        { code: 'yto', name: '圆通速递', isPublic: true, estimatedDays: '' },
        ownerToken,
      ),
    );
    expect(created.success, created.message).toBe(true);
    expect(created.data).toMatchObject({ code: 'YTO', trackingCode: 'yuantong' });

    const fields = {
      code: 'YTO',
      name: '圆通速递',
      isPublic: true,
      estimatedDays: '',
      sort: 0,
      active: true,
    };
    const bad = envelope(
      await post(t.app, AdminSettingsPaths.courierUpdate, { ...fields, trackingCode: '圆通' }, ownerToken),
    );
    expect(bad.success).toBe(false);
    expect(bad.message).toContain('快递100编码');

    const changed = envelope<AdminCourierRow>(
      await post(
        t.app,
        AdminSettingsPaths.courierUpdate,
        { ...fields, trackingCode: 'yuantongguoji' },
        ownerToken,
      ),
    );
    expect(changed.data.trackingCode).toBe('yuantongguoji');
    // Saved without the field (an older form), the code stays.
    const kept = envelope<AdminCourierRow>(
      await post(t.app, AdminSettingsPaths.courierUpdate, fields, ownerToken),
    );
    expect(kept.data.trackingCode).toBe('yuantongguoji');

    const [audit] = await t.database.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.action, 'courier.update'), eq(staffAuditLog.objectId, 'YTO')))
      .orderBy(desc(staffAuditLog.id))
      .limit(2)
      .then((rows) => rows.slice(1));
    expect(audit?.before).toMatchObject({ trackingCode: 'yuantong' });
    expect(audit?.after).toMatchObject({ trackingCode: 'yuantongguoji' });

    const table = envelope<{ items: AdminCourierRow[] }>(
      await post(t.app, AdminSettingsPaths.courierList, {}, ownerToken),
    );
    expect(table.data.items.find((c) => c.code === 'SF')?.trackingCode).toBe('shunfeng');
  });
});
