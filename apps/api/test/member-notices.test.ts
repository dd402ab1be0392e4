import {
  DepositLogType,
  DepositPaths,
  type MessageListResponse,
  MessagePaths,
  OrderStatus,
  PaymentPaths,
} from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliActor } from '../src/lib/audit';
import { settleTrade } from '../src/modules/payment/sandbox.repository';
import { giveDeposit } from './support/deposit-helpers';
import { insertCouriers, insertOrder, newMember } from './support/order-fixtures';
import {
  createPaymentTestApp,
  pendingSuccessNotify,
  sendNotify,
  unpaidOrder,
} from './support/payment-fixtures';
import { envelope, post, type TestApp } from './support/test-app';

let t: TestApp;
let skuId: number;
beforeAll(async () => {
  ({ t, skuId } = await createPaymentTestApp());
  await insertCouriers(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

const titles = async (token: string) =>
  envelope<MessageListResponse>(await post(t.app, MessagePaths.list, { pageSize: 50 }, token)).data.items.map(
    (m) => `${m.type}|${m.title}|${m.link}`,
  );

describe('the shop writes the member a message when something happens to them', () => {
  it('an order marked paid, shipped (with courier and tracking number), finished', async () => {
    const m = await newMember(t.app, 'note');
    const order = await insertOrder(t.database.db, {
      memberId: m.id,
      orderNo: 'SONOTE001',
      items: [{ skuId, qty: 1, unitPrice: 5000 }],
    });
    const admin = t.app.services.orderAdmin;
    await admin.transition(cliActor(), 'SONOTE001', OrderStatus.Paid);
    for (const to of [
      OrderStatus.PushedToWarehouse,
      OrderStatus.WarehouseProcessing,
      OrderStatus.AwaitingDispatch,
    ])
      await admin.transition(cliActor(), 'SONOTE001', to);
    await admin.transition(cliActor(), 'SONOTE001', OrderStatus.Shipped, {
      courierCode: 'SF',
      logisticCode: 'SF1234567890',
    });
    await admin.transition(cliActor(), 'SONOTE001', OrderStatus.Finished);
    const list = await titles(m.token);
    expect(list).toEqual([
      `2|订单 SONOTE001 已完成|/order/${order.id}`,
      `2|订单 SONOTE001 已发货|/order/${order.id}`,
      `2|订单 SONOTE001 已确认收款|/order/${order.id}`,
    ]);
    const shipped = envelope<MessageListResponse>(await post(t.app, MessagePaths.list, { type: 2 }, m.token))
      .data.items[1];
    expect(shipped?.content).toContain('顺丰速运');
    expect(shipped?.content).toContain('SF1234567890');
    // Repeating a transition changes nothing and writes nothing.
    await admin.transition(cliActor(), 'SONOTE001', OrderStatus.Finished);
    expect(await titles(m.token)).toHaveLength(3);
  });

  it('paid from the deposit, paid online through the channel, cancelled and refunded by the shop', async () => {
    const m = await newMember(t.app, 'note');
    await giveDeposit(t.app, m.id, 'CNY', 100_000);
    const first = await unpaidOrder(t.database.db, { memberId: m.id, skuId, total: 9400 });
    const paid = await post(
      t.app,
      PaymentPaths.payByDeposit,
      { orderId: first.id, currency: 'CNY', deposit: 94 },
      m.token,
    );
    expect(envelope(paid).success).toBe(true);

    const {
      order: second,
      start,
      success: body,
    } = await pendingSuccessNotify(t, {
      memberId: m.id,
      token: m.token,
      skuId,
    });
    // The sandbox books the payment it notifies, so it can refund it (docs/decisions/035).
    await settleTrade(t.database.db, { merchantTradeNo: start.tradeNo }, 'paid');
    expect((await sendNotify(t.app, body)).statusCode).toBe(200);

    // A refund of a channel-paid order goes back through the channel; the member is told once it confirms.
    await t.app.services.refundOrder.refund(cliActor(), second.orderNo, { amount: 1000, reason: '破损补偿' });
    await t.app.services.payments.idle();
    await t.app.services.refundOrder.cancelPaid(cliActor(), first.orderNo, { reason: '缺货' });

    const list = await titles(m.token);
    expect(list).toEqual([
      `2|订单 ${first.orderNo} 已取消|/order/${first.id}`,
      `2|订单 ${second.orderNo} 退款 ¥10.00 已到账|/order/${second.id}`,
      `2|订单 ${second.orderNo} 已付款|/order/${second.id}`,
      `2|订单 ${first.orderNo} 已付款|/order/${first.id}`,
      '1|账户余额增加 ¥1000.00|/member/deposit',
    ]);
  });

  it('a bank transfer approved or rejected, cash added by the shop, a new member level', async () => {
    const m = await newMember(t.app, 'note');
    const transfer = async (money: number) =>
      envelope<{ rechargeNo: string }>(
        await post(
          t.app,
          DepositPaths.bankTransfer,
          { currency: 'AUD', money, reference: '张三 CBA' },
          m.token,
        ),
      ).data.rechargeNo;
    const approved = await transfer(200);
    const rejected = await transfer(30);
    await t.app.services.depositAdmin.approve(cliActor('财务'), { rechargeNo: approved });
    await t.app.services.depositAdmin.reject(cliActor('财务'), {
      rechargeNo: rejected,
      reason: '未收到款项',
    });
    await t.app.services.depositAdmin.credit(cliActor('店员'), {
      memberId: m.id,
      type: DepositLogType.CashRecharge,
      currency: 'CNY',
      amount: 5_000,
      note: '门店现金',
    });
    const level = await t.app.services.memberLevel.setLevel(cliActor(), { username: m.username, level: 38 });
    expect(level).toMatchObject({ before: 37, after: 38, changed: true });
    expect(
      (await t.app.services.memberLevel.setLevel(cliActor(), { username: m.username, level: 38 })).changed,
    ).toBe(false);
    expect(await titles(m.token)).toEqual([
      '3|会员等级已调整为 38 级|/products',
      '1|账户余额增加 ¥50.00|/member/deposit',
      '1|银行转账充值未通过审核|/member/recharge',
      '1|银行转账充值已到账 $200.00|/member/recharge',
    ]);
  });
});
