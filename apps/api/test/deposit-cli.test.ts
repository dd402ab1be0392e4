import { DepositPaths, MemberPaths, OrderStatus, PaymentPaths, type Recharge } from '@shop/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { buildApp } from '../src/app';
import { skus } from '../src/db/schema';
import { insertCatalogueFixture } from './support/catalogue-fixtures';
import { useOperatorCli } from './support/cli';
import { ledgerOf, logsOf } from './support/deposit-helpers';
import { insertOrder, orderState, stockOf } from './support/order-fixtures';
import { envelope } from './support/test-app';

const { shop, withApp } = useOperatorCli('shop-deposit-cli-');

type App = Awaited<ReturnType<typeof buildApp>>;

async function member(app: App, token: string, url: string, payload: Record<string, unknown>) {
  return envelope<Record<string, unknown>>(
    await app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${token}` } }),
  );
}

async function login(app: App): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: MemberPaths.login,
    payload: { username: 'depcli', password: 'secret123' },
  });
  return envelope<{ token: string }>(res).data.token;
}

async function ok(...args: string[]) {
  const run = await shop(...args);
  expect(run.status, `${args.join(' ')}\n${run.stderr}`).toBe(0);
  return run.stdout;
}

async function fails(code: 1 | 2, args: string[], message: string) {
  const run = await shop(...args);
  expect(run.status, `${args.join(' ')}\n${run.stdout}`).toBe(code);
  expect(run.stderr).toContain(message);
}

describe('deposit operator commands', () => {
  it('credit cash and gifts, review bank transfers, refund and cancel paid orders, keeping the ledger whole', async () => {
    // The CLI makes the database folder: the app's plugin start has no time limit to race on a busy machine.
    await ok('migrate');
    const setup = await withApp(async (app) => {
      const db = app.database.db;
      const fixture = await insertCatalogueFixture(db);
      const sku = fixture.goods.riceCereal.skuIds[0] ?? 0;
      await db.update(skus).set({ stock: 100 }).where(eq(skus.id, sku));
      const m = await app.services.member.createMember({ username: 'depcli', password: 'secret123' });
      const order = (orderNo: string) =>
        insertOrder(db, { memberId: m.id, orderNo, items: [{ skuId: sku, qty: 1, unitPrice: 8500 }] });
      const paid = await order('SO20250601001');
      const offline = await order('SO20250601002');
      const token = await login(app);
      const transfer = async (money: number, reference: string) =>
        (await member(app, token, DepositPaths.bankTransfer, { currency: 'CNY', money, reference }))
          .data as unknown as Recharge;
      const approved = await transfer(200, '张三 工行');
      const rejected = await transfer(50, '李四 建行');
      return {
        memberId: m.id,
        sku,
        paid,
        offline,
        approved: approved.rechargeNo,
        rejected: rejected.rechargeNo,
      };
    });

    // Mistakes are refused before the database is opened, with the usage.
    await fails(2, ['deposit:cash', '--currency', 'CNY', '--amount', '10'], '--member');
    await fails(
      2,
      ['deposit:cash', '--member', 'depcli', '--currency', 'USD', '--amount', '10'],
      '--currency: 应为 CNY 或 AUD',
    );
    await fails(
      2,
      ['deposit:cash', '--member', 'depcli', '--currency', 'CNY', '--amount', '1.005'],
      '--amount: 应为大于0',
    );
    await fails(
      2,
      ['deposit:gift', '--member', 'depcli', '--currency', 'CNY', '--amount=0'],
      '--amount: 应为大于0',
    );
    await fails(
      1,
      ['deposit:cash', '--member', 'ghost', '--currency', 'CNY', '--amount', '10'],
      '会员不存在：ghost',
    );

    expect(
      await ok(
        'deposit:cash',
        '--member',
        'depcli',
        '--currency',
        'CNY',
        '--amount',
        '100.50',
        '--note',
        '门店收现',
        '--by',
        '小王',
      ),
    ).toContain('+¥100.50（现金充值），余额 / balance ¥100.50');
    expect(await ok('deposit:gift', '--member', 'DepCli', '--currency', 'AUD', '--amount', '20')).toContain(
      '+$20.00（系统赠送），余额 / balance $20.00',
    );

    const pending = await ok('recharge:list');
    expect(pending).toContain(setup.approved);
    expect(pending).toContain(setup.rejected);
    expect(pending).toContain('depcli');
    expect(pending).toContain('待确认');
    // Another amount than asked needs the note that tells the member why; refused, nothing changes.
    await fails(
      1,
      ['recharge:approve', '--no', setup.approved, '--credited', '199.50'],
      '实际到账金额与申请金额不同，请填写备注说明原因',
    );
    await fails(2, ['recharge:approve', '--no', setup.approved, '--credited', '0'], '--credited');
    await fails(2, ['recharge:approve', '--no', setup.approved, '--credited', '199.505'], '--credited');
    // Typed in 元 and credited as such: 200.00 is the amount asked, so no note is needed.
    expect(
      await ok('recharge:approve', '--no', setup.approved, '--credited', '200.00', '--by', '财务'),
    ).toContain(`已入账 / credited: ${setup.approved} ¥200.00，余额 / balance ¥300.50`);
    expect(await ok('recharge:approve', '--no', setup.approved)).toContain(
      'already credited, nothing changed',
    );
    expect(await ok('recharge:reject', '--no', setup.rejected, '--reason', '未收到款项')).toContain('已驳回');
    expect(await ok('recharge:reject', '--no', setup.rejected, '--reason', '未收到款项')).toContain(
      'already rejected, nothing changed',
    );
    await fails(1, ['recharge:approve', '--no', setup.rejected], '已驳回，不能入账');
    await fails(1, ['recharge:reject', '--no', setup.approved, '--reason', '搞错了'], '已入账，不能驳回');
    await fails(2, ['recharge:reject', '--no', setup.rejected], '--reason');
    await fails(1, ['recharge:approve', '--no', 'R404'], '充值单不存在：R404');
    expect(await ok('recharge:list')).toContain('暂无待确认充值单');
    expect(await ok('recharge:list', '--status', 'all')).toContain('已驳回');

    const stockBefore = await withApp(async (app) => {
      const token = await login(app);
      const res = await member(app, token, PaymentPaths.payByDeposit, {
        orderId: setup.paid.id,
        currency: 'CNY',
        deposit: 100,
      });
      expect(res.success, String(res.message)).toBe(true);
      return stockOf(app.database.db, setup.sku);
    });

    expect(
      await ok('order:refund', '--order', setup.paid.orderNo, '--amount', '30', '--reason', '破损'),
    ).toContain('已退回余额 / returned to the deposit: ¥30.00，余额 / balance ¥230.50');
    await fails(
      1,
      ['order:refund', '--order', setup.paid.orderNo, '--amount', '70.01'],
      '退款金额超过可退金额 ¥70.00',
    );
    await fails(2, ['order:refund', '--order', setup.paid.orderNo, '--amount', 'abc'], '--amount');

    const cancelled = await ok(
      'order:cancel-paid',
      '--order',
      setup.paid.orderNo,
      '--reason',
      '缺货',
      '--by',
      '客服',
    );
    expect(cancelled).toContain(`订单 ${setup.paid.orderNo} 已取消`);
    expect(cancelled).toContain('stock returned: 1');
    expect(cancelled).toContain('¥70.00，余额 / balance ¥300.50');
    await fails(1, ['order:cancel-paid', '--order', setup.paid.orderNo], '已取消，未重复退库存或退款');

    await ok('order:mark-paid', '--order', setup.offline.orderNo);
    await fails(1, ['order:cancel-paid', '--order', setup.offline.orderNo], '为线下付款，系统无法退回余额');
    await fails(
      1,
      ['order:refund', '--order', setup.offline.orderNo, '--amount', '1'],
      '为线下付款，请线下退款',
    );
    expect(await ok('order:cancel-paid', '--order', setup.offline.orderNo, '--no-refund')).toContain(
      '未退回余额 / nothing returned to the deposit',
    );

    const shown = await ok('deposit:show', '--member', 'depcli');
    expect(shown).toContain('人民币 / CNY ¥300.50，澳币 / AUD $20.00');
    expect(shown).toContain('明细 / log: 6 条');
    expect(shown).toContain('订单取消  +¥70.00  余额 ¥300.50');
    expect(shown).toContain('现金充值  +¥100.50  余额 ¥100.50  门店收现  by 小王');
    expect(shown).toContain(`订单支付  -¥100.00  余额 ¥200.50  ${setup.paid.orderNo}`);

    await withApp(async (app) => {
      const db = app.database.db;
      // Each cancel gave its order's unit back once: the deposit-paid one and the offline one.
      expect(await stockOf(db, setup.sku)).toBe(stockBefore + 2);
      const paid = await orderState(db, setup.paid.id);
      expect(paid.order).toMatchObject({
        status: OrderStatus.Cancelled,
        paidAmount: 10_000,
        refundedAmount: 10_000,
      });
      const offline = await orderState(db, setup.offline.id);
      expect(offline.order).toMatchObject({
        status: OrderStatus.Cancelled,
        payChannel: 'offline',
        paidCurrency: 'CNY',
        paidAmount: 10_000,
        refundedAmount: 0,
      });
      const logs = await logsOf(db, setup.memberId);
      expect(logs.map((l) => [l.type, l.currency, l.amount])).toEqual([
        [1, 'CNY', 10_050],
        [6, 'AUD', 2_000],
        [2, 'CNY', 20_000],
        [3, 'CNY', -10_000],
        [5, 'CNY', 3_000],
        [4, 'CNY', 7_000],
      ]);
      expect(logs[0]).toMatchObject({ note: '门店收现', operator: '小王' });
      expect(logs[2]).toMatchObject({ operator: '财务' });
      const ledger = await ledgerOf(db, setup.memberId);
      expect(ledger.CNY).toEqual({ balance: 30_050, sum: 30_050, last: 30_050 });
      expect(ledger.AUD).toEqual({ balance: 2_000, sum: 2_000, last: 2_000 });

      const list = await member(app, await login(app), DepositPaths.rechargeList, {});
      const items = (list.data as { items: Recharge[] }).items;
      expect(items.map((r) => [r.rechargeNo, r.statusLabel])).toEqual([
        [setup.rejected, '已驳回'],
        [setup.approved, '已到账'],
      ]);
      expect(items[0]?.note).toBe('驳回：未收到款项');
    });
  }, 360_000);
});
