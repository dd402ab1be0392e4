import { PaymentPaths } from '@shop/domain';
import { asc, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentNotifies } from '../src/db/schema';
import { cliActor } from '../src/lib/audit';
import { PaymentAdminMessages } from '../src/modules/payment/payment.admin';
import { PayByDepositMessages } from '../src/workflows/pay-by-deposit';
import { useOperatorCli } from './support/cli';
import { giveDeposit } from './support/deposit-helpers';
import { newMember, orderState } from './support/order-fixtures';
import { call, createPaymentTestApp, unpaidOrder } from './support/payment-fixtures';
import { envelope, type TestApp } from './support/test-app';

let t: TestApp;
const cli = cliActor();
let skuId = 0;
beforeAll(async () => {
  ({ t, skuId } = await createPaymentTestApp());
});
afterAll(async () => {
  await t?.close();
});

const codes = async () =>
  (
    envelope(await t.app.inject({ method: 'POST', url: PaymentPaths.configList, payload: {} })).data as {
      code: string;
    }[]
  ).map((c) => c.code);

describe('payment methods by the operator', () => {
  it('stops and starts offering a method on the payment page', async () => {
    const admin = t.app.services.paymentAdmin;
    expect(await codes()).toContain('SupayWechat');
    expect((await admin.setEnabled(cli, 'SupayWechat', false)).enabled).toBe(false);
    expect(await codes()).not.toContain('SupayWechat');
    const live = await t.app.services.payments.liveMethods();
    expect(live.filter((m) => m.provider === 'sandbox').map((m) => m.code)).toEqual([
      'A01',
      'W01',
      'SupayAlipay',
    ]);
    await admin.setEnabled(cli, 'SupayWechat', true);
    expect(await codes()).toContain('SupayWechat');
  });

  it('refuses a deposit payment while the operator has switched that deposit method off', async () => {
    const member = await newMember(t.app, 'payadmin');
    await giveDeposit(t.app, member.id, 'CNY', 50_000);
    const order = await unpaidOrder(t.database.db, { memberId: member.id, skuId, total: 10_000 });
    const admin = t.app.services.paymentAdmin;
    await admin.setEnabled(cli, 'DepositPay', false);
    const body = { orderId: order.id, currency: 'CNY', deposit: 100 };
    const refused = await call(t.app, PaymentPaths.payByDeposit, body, member.token);
    expect(refused).toMatchObject({ status: 400, success: false, message: PayByDepositMessages.methodOff });
    expect((await orderState(t.database.db, order.id)).order?.status).toBe(0);
    await admin.setEnabled(cli, 'DepositPay', true);
    const paid = await call(t.app, PaymentPaths.payByDeposit, body, member.token);
    expect(paid.success, paid.message).toBe(true);
  });

  it('refuses an unknown code, a deposit method, an unknown provider and an unconfigured gateway', async () => {
    const admin = t.app.services.paymentAdmin;
    await expect(admin.setEnabled(cli, 'NOPE', true)).rejects.toThrow(
      PaymentAdminMessages.unknownCode('NOPE'),
    );
    await expect(admin.setProvider(cli, 'DepositPay', 'sandbox')).rejects.toThrow(
      PaymentAdminMessages.depositProvider,
    );
    await expect(admin.setProvider(cli, 'W01', 'paypal')).rejects.toThrow(
      PaymentAdminMessages.unknownProvider('paypal'),
    );
    await expect(admin.setProvider(cli, 'W01', 'gateway')).rejects.toThrow(
      PaymentAdminMessages.gatewayNotConfigured,
    );
    expect((await admin.setProvider(cli, 'W01', 'sandbox')).provider).toBe('sandbox');
  });

  it('prunes rejected notifies older than the days given, keeping the ones that moved money', async () => {
    const db = t.database.db;
    const day = 24 * 3600 * 1000;
    const row = (tradeNo: string, outcome: string, ageDays: number) => ({
      provider: 'sandbox',
      tradeNo,
      outcome,
      body: '{}',
      receivedAt: new Date(Date.now() - ageDays * day),
    });
    await db
      .insert(paymentNotifies)
      .values([
        row('PRUNE-OLD', 'rejected', 100),
        row('PRUNE-OLD', 'paid', 100),
        row('PRUNE-OLD', 'duplicate', 100),
        row('PRUNE-NEW', 'rejected', 10),
      ]);
    const admin = t.app.services.paymentAdmin;
    expect(await admin.pruneRejectedNotifies(90)).toBe(1);
    const left = await db
      .select({ tradeNo: paymentNotifies.tradeNo, outcome: paymentNotifies.outcome })
      .from(paymentNotifies)
      .where(inArray(paymentNotifies.tradeNo, ['PRUNE-OLD', 'PRUNE-NEW']))
      .orderBy(asc(paymentNotifies.id));
    expect(left).toEqual([
      { tradeNo: 'PRUNE-OLD', outcome: 'paid' },
      { tradeNo: 'PRUNE-OLD', outcome: 'duplicate' },
      { tradeNo: 'PRUNE-NEW', outcome: 'rejected' },
    ]);
    expect(await admin.pruneRejectedNotifies(90)).toBe(0);
    expect(await admin.pruneRejectedNotifies(5)).toBe(1);
    for (const days of [0, -1, 1.5, 4000])
      await expect(admin.pruneRejectedNotifies(days)).rejects.toThrow(PaymentAdminMessages.badDays);
  });
});

describe('payment commands', () => {
  const { shop } = useOperatorCli('shop-payment-cli-');

  it('lists, disables and enables methods, and names a bad code', async () => {
    const list = await shop('payment:list');
    expect(list.status, list.stderr).toBe(0);
    expect(list.stdout).toContain('W01\t微信支付\tsyb\tCNY\tsandbox\t启用');
    const off = await shop('payment:disable', '--code', 'A01');
    expect(off.status, off.stderr).toBe(0);
    expect(off.stdout).toContain('A01\t支付宝\tsyb\tCNY\tsandbox\t停用');
    const bad = await shop('payment:enable', '--code', 'X9');
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toContain('未知的支付方式编码：X9');
    const prune = await shop('payment:prune-notifies', '--days', '30');
    expect(prune.status, prune.stderr).toBe(0);
    expect(prune.stdout).toContain('已删除 0 条 30 天前被拒的支付通知');
    const badDays = await shop('payment:prune-notifies', '--days', 'ten');
    expect(badDays.status).toBe(2);
    expect(badDays.stderr).toContain(PaymentAdminMessages.badDays);
  }, 180_000);
});
