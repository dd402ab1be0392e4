import { PaymentPaths } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DepositMessages } from '../src/modules/member/deposit.service';
import { PaymentAdminMessages } from '../src/modules/payment/payment.admin';
import { useOperatorCli } from './support/cli';
import { giveDeposit } from './support/deposit-helpers';
import { newMember, orderState } from './support/order-fixtures';
import { call, createPaymentTestApp, unpaidOrder } from './support/payment-fixtures';
import { envelope, type TestApp } from './support/test-app';

let t: TestApp;
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
    expect((await admin.setEnabled('SupayWechat', false)).enabled).toBe(false);
    expect(await codes()).not.toContain('SupayWechat');
    expect(await admin.enabledSandboxCodes()).toEqual(['A01', 'W01', 'SupayAlipay']);
    await admin.setEnabled('SupayWechat', true);
    expect(await codes()).toContain('SupayWechat');
  });

  it('refuses a deposit payment while the operator has switched that deposit method off', async () => {
    const member = await newMember(t.app, 'payadmin');
    await giveDeposit(t.app, member.id, 'CNY', 50_000);
    const order = await unpaidOrder(t.database.db, { memberId: member.id, skuId, total: 10_000 });
    const admin = t.app.services.paymentAdmin;
    await admin.setEnabled('DepositPay', false);
    const body = { orderId: order.id, currency: 'CNY', deposit: 100 };
    const refused = await call(t.app, PaymentPaths.payByDeposit, body, member.token);
    expect(refused).toMatchObject({ status: 400, success: false, message: DepositMessages.methodOff });
    expect((await orderState(t.database.db, order.id)).order?.status).toBe(0);
    await admin.setEnabled('DepositPay', true);
    const paid = await call(t.app, PaymentPaths.payByDeposit, body, member.token);
    expect(paid.success, paid.message).toBe(true);
  });

  it('refuses an unknown code, a deposit method, an unknown provider and an unconfigured gateway', async () => {
    const admin = t.app.services.paymentAdmin;
    await expect(admin.setEnabled('NOPE', true)).rejects.toThrow(PaymentAdminMessages.unknownCode('NOPE'));
    await expect(admin.setProvider('DepositPay', 'sandbox')).rejects.toThrow(
      PaymentAdminMessages.depositProvider,
    );
    await expect(admin.setProvider('W01', 'paypal')).rejects.toThrow(
      PaymentAdminMessages.unknownProvider('paypal'),
    );
    await expect(admin.setProvider('W01', 'gateway')).rejects.toThrow(
      PaymentAdminMessages.gatewayNotConfigured,
    );
    expect((await admin.setProvider('W01', 'sandbox')).provider).toBe('sandbox');
  });
});

describe('payment commands', () => {
  const { shop } = useOperatorCli('shop-payment-cli-');

  it('lists, disables and enables methods, and names a bad code', () => {
    const list = shop('payment:list');
    expect(list.status, list.stderr).toBe(0);
    expect(list.stdout).toContain('W01\t微信支付\tsyb\tCNY\tsandbox\t启用');
    const off = shop('payment:disable', '--code', 'A01');
    expect(off.status, off.stderr).toBe(0);
    expect(off.stdout).toContain('A01\t支付宝\tsyb\tCNY\tsandbox\t停用');
    const bad = shop('payment:enable', '--code', 'X9');
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toContain('未知的支付方式编码：X9');
  }, 180_000);
});
