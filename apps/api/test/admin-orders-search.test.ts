import {
  type AdminOrderListRequest,
  type AdminOrderListResponse,
  AdminOrderPaths,
  OrderStatus,
  ResultCode,
  Warehouse,
} from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueTestApp } from './support/catalogue-helpers';
import { type FixtureOrder, insertOrder, newMember } from './support/order-fixtures';
import { type StaffLogin, staffToken } from './support/staff';
import { envelope, post, type TestApp } from './support/test-app';

/**
 * The console's order search (订单 › 筛选): by receiver name or phone, product or SKU code or name, and tracking
 * number, beside the number, status, warehouse, member, payment and days; and how long a search takes through a
 * few thousand orders.
 */

let t: TestApp;
let service: StaffLogin;
let memberId = 0;
let sku = { apt: 0, blk400: 0, sws: 0, rice: 0 };
const made: Record<string, string> = {};

const receiver = (name: string, phone: string) => ({
  name,
  phone,
  country: 'AU',
  city: 'Sydney',
  detail: '1 George St',
});

function order(spec: Partial<FixtureOrder> & Pick<FixtureOrder, 'items'>) {
  return insertOrder(t.database.db, { memberId, status: OrderStatus.AwaitingDispatch, shipping: 0, ...spec });
}

beforeAll(async () => {
  const app = await createCatalogueTestApp();
  t = app.t;
  const g = app.fixture.goods;
  sku = {
    apt: g.aptamilGold.skuIds[0] ?? 0,
    blk400: g.fishOilGoods.skuIds[0] ?? 0,
    sws: g.swisseCalcium.skuIds[1] ?? 0,
    rice: g.riceCereal.skuIds[0] ?? 0,
  };
  service = await staffToken(t, 'service');
  memberId = (await newMember(t.app, 'search')).id;
  const line = (skuId: number, name: string) => ({ skuId, qty: 1, reservedQty: 0, unitPrice: 1000, name });
  made.wang = (
    await order({
      status: OrderStatus.Shipped,
      receiver: receiver('王小明', '0412 345 678'),
      items: [line(sku.apt, '爱他美白金版婴儿奶粉')],
      packs: [{ status: OrderStatus.Shipped, logisticCode: 'SF5550001234', courierName: '顺丰速运' }],
      createdAt: new Date('2026-10-05T04:00:00Z'),
    })
  ).orderNo;
  made.zhao = (
    await order({
      receiver: receiver('赵丽', '+86 139-1234-5678'),
      items: [line(sku.blk400, 'Blackmores 深海鱼油'), line(sku.rice, '有机婴儿米粉')],
      packs: [{ location: Warehouse.CN }],
      createdAt: new Date('2026-10-20T04:00:00Z'),
    })
  ).orderNo;
  made.chen = (
    await order({
      status: OrderStatus.Shipped,
      receiver: receiver('陈明', '13800001111'),
      items: [line(sku.sws, 'Swisse 钙片')],
      packs: [{ status: OrderStatus.Shipped, logisticCode: 'EMS99887766', courierName: '中国邮政EMS' }],
      createdAt: new Date('2026-11-02T04:00:00Z'),
    })
  ).orderNo;
});
afterAll(async () => {
  await t?.close();
});

async function search(filters: AdminOrderListRequest): Promise<string[]> {
  const res = envelope<AdminOrderListResponse>(
    await post(t.app, AdminOrderPaths.list, { pageSize: 100, ...filters }, service.token),
  );
  expect(res.success, res.message).toBe(true);
  return res.data.items.map((i) => i.orderNo).filter((no) => Object.values(made).includes(no));
}

describe('finding orders in the console', () => {
  it('by part of the receiver’s name', async () => {
    expect(await search({ receiver: '小明' })).toEqual([made.wang]);
    expect((await search({ receiver: '明' })).sort()).toEqual([made.chen, made.wang].sort());
  });

  it('by the receiver’s phone, however it was written', async () => {
    expect(await search({ receiver: '0412345678' })).toEqual([made.wang]);
    expect(await search({ receiver: '0412 345' })).toEqual([made.wang]);
    expect(await search({ receiver: '139 1234 5678' })).toEqual([made.zhao]);
    expect(await search({ receiver: '1111' })).toEqual([made.chen]);
    expect(await search({ receiver: '0000000' })).toEqual([]);
  });

  it('by SKU code or product code (its beginning, any case), or part of the product’s name', async () => {
    expect(await search({ goods: 's-blk-1-400' })).toEqual([made.zhao]);
    expect(await search({ goods: 'S-APT' })).toEqual([made.wang]);
    // A product's code finds the orders of every one of its SKUs.
    expect(await search({ goods: 'g-sws-1' })).toEqual([made.chen]);
    expect(await search({ goods: '米粉' })).toEqual([made.zhao]);
    expect(await search({ goods: 'BLK-1' })).toEqual([]);
  });

  it('by part of a tracking number, any case', async () => {
    expect(await search({ trackingNo: 'sf555' })).toEqual([made.wang]);
    expect(await search({ trackingNo: '887766' })).toEqual([made.chen]);
    expect(await search({ trackingNo: 'YT000' })).toEqual([]);
  });

  it('with the days, the status, the warehouse and the number', async () => {
    expect(await search({ receiver: '明', from: '2026-11-01', to: '2026-11-30' })).toEqual([made.chen]);
    expect(await search({ receiver: '明', to: '2026-10-31' })).toEqual([made.wang]);
    expect(await search({ goods: '婴儿', status: OrderStatus.AwaitingDispatch })).toEqual([made.zhao]);
    expect(await search({ goods: '婴儿', warehouse: Warehouse.CN })).toEqual([made.zhao]);
    expect(await search({ trackingNo: 'SF555', orderNo: (made.wang ?? '').slice(-6) })).toEqual([made.wang]);
    expect(await search({ trackingNo: 'SF555', orderNo: (made.zhao ?? '').slice(-6) })).toEqual([]);
  });

  it('refuses search text it cannot take, in Chinese', async () => {
    const bad: [AdminOrderListRequest, string][] = [
      [{ receiver: '' }, '请输入收货人姓名或电话'],
      [{ receiver: '王'.repeat(51) }, '收货人姓名或电话最多50个字符'],
      [{ goods: 'x'.repeat(61) }, '商品名称或编码最多60个字符'],
      [{ trackingNo: 'SF' }, '运单号至少输入3个字符'],
      [{ trackingNo: '顺丰123' }, '运单号只能包含字母、数字和 -'],
      [{ trackingNo: `SF'; drop table orders; --` }, '运单号只能包含字母、数字和 -'],
    ];
    for (const [body, message] of bad) {
      const res = envelope(await post(t.app, AdminOrderPaths.list, body, service.token));
      expect(res.resultCode, JSON.stringify(body)).toBe(ResultCode.ParamsError);
      expect(res.message).toContain(message);
    }
  });

  it('takes LIKE wildcards and quotes as plain characters', async () => {
    expect(await search({ receiver: '%' })).toEqual([]);
    expect(await search({ goods: "_'" })).toEqual([]);
  });
});

describe('a search through a few thousand orders', () => {
  const ORDERS = 5_000;

  /** The median of three runs, in milliseconds. */
  async function timed(filters: AdminOrderListRequest): Promise<{ ms: number; total: number }> {
    const runs: number[] = [];
    let total = 0;
    for (let i = 0; i < 3; i += 1) {
      const started = performance.now();
      const res = envelope<AdminOrderListResponse>(
        await post(t.app, AdminOrderPaths.list, { pageSize: 20, ...filters }, service.token),
      );
      runs.push(performance.now() - started);
      expect(res.success, res.message).toBe(true);
      total = res.data.totalCount;
    }
    runs.sort((a, b) => a - b);
    return { ms: Math.round(runs[1] ?? 0), total };
  }

  it('answers each kind of search well within a second', async () => {
    const db = t.database.db;
    await db.execute(sql`
      insert into orders (order_no, member_id, request_id, status, currency, location_code, goods_amount,
        shipping_amount, tax_amount, promotions_amount, total_amount, receiver, created_at)
      select 'BK' || lpad(g::text, 8, '0'), ${memberId}, 'bulk-' || g, 78, 'CNY', '310000', 3200, 0, 0, 0, 3200,
        jsonb_build_object('name', '收货人' || g, 'phone', '0400 ' || lpad(g::text, 6, '0'), 'country', 'AU'),
        now() - make_interval(mins => g)
      from generate_series(1, ${ORDERS}) g`);
    await db.execute(sql`
      insert into order_beans (order_id, pack_index, location, status, logistic_code)
      select id, 0, 1, 78, 'SFB' || lpad(id::text, 9, '0') from orders where order_no like 'BK%'`);
    await db.execute(sql`
      insert into order_items (order_id, bean_id, sku_id, goods_id, name, qty, unit_price)
      select o.id, b.id, case when o.id % 50 = 0 then ${sku.blk400}::int else ${sku.rice}::int end, 0,
        '批量商品' || o.id, 1, 3200
      from orders o join order_beans b on b.order_id = o.id where o.order_no like 'BK%'`);
    for (const table of ['orders', 'order_beans', 'order_items'])
      await db.execute(sql.raw(`analyze ${table}`));

    const cases: [string, AdminOrderListRequest][] = [
      ['receiver phone', { receiver: '0400 004321' }],
      ['receiver name', { receiver: '收货人4321' }],
      ['SKU code', { goods: 'S-BLK-1-400' }],
      ['product name', { goods: '批量商品4321' }],
      ['tracking number', { trackingNo: '004321' }],
      [
        'all filters, nothing matches',
        { receiver: '无此人', goods: 'S-BLK', trackingNo: 'ZZZ', from: '2026-01-01' },
      ],
    ];
    const times: string[] = [];
    for (const [name, filters] of cases) {
      const { ms, total } = await timed(filters);
      times.push(`${name}: ${ms} ms (${total} found)`);
      expect(ms, name).toBeLessThan(1_000);
    }
    console.info(`order search over ${ORDERS} orders:\n${times.join('\n')}`);
    expect((await timed({ goods: 'S-BLK-1-400' })).total).toBe(ORDERS / 50 + 1);
  });
});
