import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MemberPaths, OrderPaths, OrderStatus } from '@shop/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { skus } from '../src/db/schema';
import { insertCatalogueFixture } from './support/catalogue-fixtures';
import { useOperatorCli } from './support/cli';
import { insertCouriers, insertOrder, orderState } from './support/order-fixtures';
import { envelope } from './support/test-app';

const { shop, state, withApp } = useOperatorCli('shop-order-cli-');

describe('order operator commands', () => {
  it('take payment, push, ship with tracking and complete orders, attach a photo, and refuse what is not allowed', async () => {
    const setup = await withApp(async (app) => {
      const db = app.database.db;
      const fixture = await insertCatalogueFixture(db);
      await insertCouriers(db);
      const member = await app.services.member.createMember({ username: 'clibuyer', password: 'secret123' });
      const sku = fixture.goods.riceCereal.skuIds[0] ?? 0;
      const unpaid = await insertOrder(db, {
        memberId: member.id,
        orderNo: 'SO20250301001',
        items: [{ skuId: sku, qty: 1, unitPrice: 3200 }],
      });
      // Already at the warehouse, ready for dispatch: the shipping commands start from here.
      const ready = await insertOrder(db, {
        memberId: member.id,
        orderNo: 'SO20250301002',
        status: OrderStatus.AwaitingDispatch,
        items: [{ skuId: sku, qty: 1, unitPrice: 3200 }],
      });
      return { paid: unpaid, shipped: ready };
    });
    const no = setup.shipped.orderNo;

    const refusedEarly = await shop('order:ready', '--order', setup.paid.orderNo);
    expect(refusedEarly.status).toBe(1);
    expect(refusedEarly.stderr).toContain('不能变更为「待发货」');

    // The other transitions come from the same command builder and are covered in order-admin.test.ts.
    for (const args of [
      ['order:mark-paid', '--order', setup.paid.orderNo],
      // `--no` is the older spelling of `--order`, still taken for operators' scripts (README).
      ['order:push', '--no', setup.paid.orderNo],
      ['order:ship', '--order', no, '--pack', '0', '--courier', 'SF', '--code', 'SF123456789'],
      ['logistics:add', '--code', 'SF123456789', '--desc', '已到达深圳转运中心', '--location', '深圳'],
      ['order:finish', '--order', no],
    ]) {
      const run = await shop(...args);
      expect(run.status, `${args.join(' ')}\n${run.stderr}`).toBe(0);
    }

    const photo = join(state.dataDir, 'parcel.png');
    await writeFile(
      photo,
      await sharp({ create: { width: 20, height: 20, channels: 3, background: '#39c' } })
        .png()
        .toBuffer(),
    );
    const attached = await shop('order:attach', '--order', no, '--file', photo, '--note', '外箱照片');
    expect(attached.status, attached.stderr).toBe(0);

    const unknown = await shop('order:push', '--order', 'SO404');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('订单不存在：SO404');
    const noNumber = await shop('order:push');
    expect(noNumber.status).toBe(2);
    expect(noNumber.stderr).toContain('--order: 请指定订单号');
    const twoNumbers = await shop('order:push', '--order', no, '--no', setup.paid.orderNo);
    expect(twoNumbers.status).toBe(2);
    expect(twoNumbers.stderr).toContain('--no 是 --order 的旧写法');

    await withApp(async (app) => {
      const shipped = await orderState(app.database.db, setup.shipped.id);
      expect(shipped.order?.status).toBe(OrderStatus.Finished);
      expect(shipped.packStatuses).toEqual([OrderStatus.Finished]);
      const paid = await orderState(app.database.db, setup.paid.id);
      expect(paid.order?.status).toBe(OrderStatus.PushedToWarehouse);
      expect(paid.order?.paidAt).toBeInstanceOf(Date);

      const login = await app.inject({
        method: 'POST',
        url: MemberPaths.login,
        payload: { username: 'clibuyer', password: 'secret123' },
      });
      const headers = { authorization: `Bearer ${envelope<{ token: string }>(login).data.token}` };
      const tracking = await app.inject({
        method: 'POST',
        url: OrderPaths.logistics,
        payload: { logisticCode: 'SF123456789' },
        headers,
      });
      const events = envelope<{ courierName: string; events: { description: string }[] }>(tracking).data;
      expect(events.courierName).toBe('顺丰速运');
      expect(events.events).toHaveLength(2);
      const attachments = await app.inject({
        method: 'POST',
        url: OrderPaths.attachments,
        payload: { id: setup.shipped.id },
        headers,
      });
      expect(envelope<{ note: string }[]>(attachments).data.map((a) => a.note)).toEqual(['外箱照片']);
    });
  }, 120_000);

  it('imports old orders all or nothing, printing each bad row', async () => {
    const header = 'username,orderNo,status,currency,total,receiverName,orderedAt,items';
    const good = join(state.dataDir, 'old.csv');
    const bad = join(state.dataDir, 'old-bad.csv');
    await writeFile(
      good,
      `${header}\nclibuyer,OLD-9001,100,CNY,99.00,王五,2021-08-08 08:08,面膜|10片|1|99\n` +
        'clibuyer,OLD-9002,1,AUD,12.5,王五,2021-08-09 09:00,维生素|60粒|1|12.5\n',
    );
    await writeFile(
      bad,
      `${header}\nclibuyer,OLD-9003,100,CNY,1,王五,2021-08-08 08:08,\nghost,OLD-9004,abc,CNY,1,王五,2021-08-08 08:08,\n`,
    );
    const rejected = await shop('orders:import-old', '--file', bad);
    expect(rejected.status).toBe(1);
    expect(rejected.stderr).toContain('第3行：会员不存在：ghost；订单状态不正确：abc');
    expect(rejected.stderr).toContain('未写入任何数据');

    const imported = await shop('orders:import-old', '--file', good);
    expect(imported.status, imported.stderr).toBe(0);
    expect(imported.stdout).toContain('imported: 2');
    const repeated = await shop('orders:import-old', '--file', good);
    expect(repeated.stdout).toContain('skipped existing: 2');

    await withApp(async (app) => {
      const login = await app.inject({
        method: 'POST',
        url: MemberPaths.login,
        payload: { username: 'clibuyer', password: 'secret123' },
      });
      const list = await app.inject({
        method: 'POST',
        url: OrderPaths.oldList,
        payload: {},
        headers: { authorization: `Bearer ${envelope<{ token: string }>(login).data.token}` },
      });
      expect(envelope<{ items: { orderNo: string }[] }>(list).data.items.map((o) => o.orderNo)).toEqual([
        'OLD-9002',
        'OLD-9001',
      ]);
    });
  }, 60_000);

  it('ships part of a pack with --lines, and stock added by goods:stock serves a waiting pre-order', async () => {
    const setup = await withApp(async (app) => {
      const db = app.database.db;
      // The shop's folder is shared by this file's tests: the catalogue and couriers are made once, by whichever
      // runs first.
      const skuIdOf = async (code: string) =>
        (await db.select({ id: skus.id }).from(skus).where(eq(skus.code, code)))[0]?.id;
      if ((await skuIdOf('S-BLK-1-200')) === undefined) {
        await insertCatalogueFixture(db);
        await insertCouriers(db);
      }
      const member = await app.services.member.createMember({ username: 'clisplit', password: 'secret123' });
      const order = await insertOrder(db, {
        memberId: member.id,
        orderNo: 'SO20250301009',
        status: OrderStatus.AwaitingDispatch,
        items: [
          { skuId: (await skuIdOf('S-BEL-1-125')) ?? 0, qty: 2, unitPrice: 3200 },
          { skuId: (await skuIdOf('S-BLK-1-200')) ?? 0, qty: 1, waiting: 1, unitPrice: 15800 },
        ],
      });
      return { order, rice: order.itemIds[0] ?? 0 };
    });
    const no = setup.order.orderNo;
    const ship = ['order:ship', '--order', no, '--pack', '0', '--courier', 'SF'];

    const malformed = await shop(...ship, '--code', 'SF900000001', '--lines', '12x');
    // A usage error: exit code 2.
    expect(malformed.status).toBe(2);
    expect(malformed.stderr).toContain('--lines 的格式为 商品行编号:数量');
    const whole = await shop(...ship, '--code', 'SF900000001');
    expect(whole.status).toBe(1);
    expect(whole.stderr).toContain('有 1 件预订商品尚未到货');
    const part = await shop(...ship, '--code', 'SF900000001', '--lines', `${setup.rice}:2`);
    expect(part.status, part.stderr).toBe(0);
    expect(part.stdout).toContain('包裹 2 已发货');

    const arrived = await shop('goods:stock', '--sku', 'S-BLK-1-200', '--add', '3', '--reason', '到货');
    expect(arrived.status, arrived.stderr).toBe(0);
    const again = await shop('order:serve-pre-orders');
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toContain('nothing to serve');
    const rest = await shop(...ship, '--code', 'SF900000002');
    expect(rest.status, rest.stderr).toBe(0);
    expect(rest.stdout).toContain('包裹 1 已发货');
    await withApp(async (app) => {
      expect((await orderState(app.database.db, setup.order.id)).packStatuses).toEqual([
        OrderStatus.Shipped,
        OrderStatus.Shipped,
      ]);
    });
  }, 120_000);
});
