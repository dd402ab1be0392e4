import {
  type DepositLogItem,
  DepositPaths,
  MemberPaths,
  type OrderDetail,
  OrderPaths,
  OrderStatus,
  PaymentPaths,
  type Recharge,
  ResultCode,
} from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goods, skus } from '../src/db/schema';
import { cliActor } from '../src/lib/audit';
import { demoMemberSeed } from '../src/seed/demo-member';
import { runSeed } from '../src/seed/seed';
import type { CatalogueFixture } from './support/catalogue-fixtures';
import { createCatalogueTestApp } from './support/catalogue-helpers';
import { balancesOf, giveDeposit, ledgerOf, logsOf } from './support/deposit-helpers';
import { insertOrder, newMember, orderState, stockOf } from './support/order-fixtures';
import { envelope, post, type TestApp } from './support/test-app';

let t: TestApp;
let f: CatalogueFixture;
let rice = 0;

beforeAll(async () => {
  ({ t, fixture: f } = await createCatalogueTestApp());
  rice = f.goods.riceCereal.skuIds[0] ?? 0;
  await t.database.db.update(skus).set({ stock: 1000 }).where(eq(skus.id, rice));
  await t.app.services.rates.setAudCny('4.7');
});
afterAll(async () => {
  await t?.close();
});

async function call<T>(path: string, body: unknown, token?: string) {
  const res = await post(t.app, path, body, token);
  return { status: res.statusCode, ...envelope<T>(res) };
}

/** A ¥100.00 order (85.00 of goods + 15.00 shipping) of the member, unpaid unless said otherwise. */
function order100(memberId: number, extra: { status?: number; currency?: 'AUD' | 'CNY' } = {}) {
  return insertOrder(t.database.db, {
    memberId,
    items: [{ skuId: rice, qty: 1, unitPrice: 8500 }],
    ...extra,
  });
}

type PayResult = {
  orderId: number;
  orderNo: string;
  status: number;
  currency: string;
  paid: number;
  balance: number;
};

describe('memberdeposit/payByDeposit/', () => {
  it('pays a CNY order from the CNY deposit: order paid, one log row, the new balance everywhere', async () => {
    const m = await newMember(t.app);
    await giveDeposit(t.app, m.id, 'CNY', 50_000);
    const o = await order100(m.id);

    const res = await call<PayResult>(
      PaymentPaths.payByDeposit,
      { orderId: o.id, currency: 'CNY', deposit: 100 },
      m.token,
    );
    expect(res.status).toBe(200);
    expect(res.message).toBe('支付成功');
    expect(res.data).toEqual({
      orderId: o.id,
      orderNo: o.orderNo,
      status: OrderStatus.Paid,
      currency: 'CNY',
      paid: 100,
      balance: 400,
    });

    const state = await orderState(t.database.db, o.id);
    expect(state.order?.status).toBe(OrderStatus.Paid);
    expect(state.packStatuses).toEqual([OrderStatus.Paid]);
    expect(state.order?.paidAt).toBeInstanceOf(Date);
    expect(state.order).toMatchObject({ payChannel: 'DepositPay', paidCurrency: 'CNY', paidAmount: 10_000 });

    const logs = await logsOf(t.database.db, m.id, 'CNY');
    expect(logs.at(-1)).toMatchObject({ type: 3, amount: -10_000, balanceAfter: 40_000, orderId: o.id });
    expect(logs.at(-1)?.note).toContain(o.orderNo);

    const me = await call<{ cnyDeposit: number; audDeposit: number }>(MemberPaths.current, {}, m.token);
    expect(me.data).toMatchObject({ cnyDeposit: 400, audDeposit: 0 });
    const detail = await call<OrderDetail>(OrderPaths.detail, { id: o.id }, m.token);
    expect(detail.data).toMatchObject({
      status: OrderStatus.Paid,
      payChannel: 'DepositPay',
      payChannelName: '人民币余额支付',
      paidCurrency: 'CNY',
      paidPrice: 100,
    });
  });

  it('refuses to pay a CNY order from the AUD deposit (ADR 013), charging nothing', async () => {
    const m = await newMember(t.app);
    await giveDeposit(t.app, m.id, 'AUD', 3_000);
    const o = await order100(m.id);

    const res = await call(
      PaymentPaths.payByDeposit,
      { orderId: o.id, currency: 'AUD', deposit: 21.28 },
      m.token,
    );
    expect(res.status).toBe(400);
    expect(res).toMatchObject({
      success: false,
      resultCode: ResultCode.ParamsError,
      message: '该订单以人民币结算，不能使用澳币支付，请选择人民币支付方式',
      data: { currency: 'CNY' },
    });
    expect((await orderState(t.database.db, o.id)).order).toMatchObject({
      status: OrderStatus.NotPaid,
      payChannel: null,
    });
    expect(await balancesOf(t.database.db, m.id)).toEqual({ CNY: 0, AUD: 3_000 });
    expect(await logsOf(t.database.db, m.id)).toHaveLength(1);
  });

  it('pays an AUD order from the CNY deposit, converting with the rate', async () => {
    const m = await newMember(t.app);
    await giveDeposit(t.app, m.id, 'CNY', 10_000);
    // A$20.00 + A$15.00 shipping = A$35.00 → ¥164.50 at 4.7.
    const o = await insertOrder(t.database.db, {
      memberId: m.id,
      currency: 'AUD',
      items: [{ skuId: rice, qty: 1, unitPrice: 2000 }],
    });
    const short = await call(
      PaymentPaths.payByDeposit,
      { orderId: o.id, currency: 'CNY', deposit: 164.5 },
      m.token,
    );
    expect(short.message).toBe('人民币余额不足，当前余额 ¥100.00');
    await giveDeposit(t.app, m.id, 'CNY', 10_000);
    const paid = await call<PayResult>(
      PaymentPaths.payByDeposit,
      { orderId: o.id, currency: 'CNY', deposit: 164.5 },
      m.token,
    );
    expect(paid.data).toMatchObject({ paid: 164.5, balance: 35.5 });
  });

  it('refuses an amount that is no longer the amount due, with the price to show, charging nothing', async () => {
    const m = await newMember(t.app);
    await giveDeposit(t.app, m.id, 'CNY', 50_000);
    // A$100.00 → ¥470.00 at 4.7.
    const o = await order100(m.id, { currency: 'AUD' });
    const res = await call(
      PaymentPaths.payByDeposit,
      { orderId: o.id, currency: 'CNY', deposit: 469.99 },
      m.token,
    );
    expect(res.status).toBe(400);
    expect(res).toMatchObject({
      success: false,
      resultCode: ResultCode.ParamsError,
      message: '应付金额已变化，请刷新后重试',
      data: { price: 470, currency: 'CNY' },
    });
    // The shopper agreed to the AUD total but pays from CNY: refused too.
    const audAmount = await call(
      PaymentPaths.payByDeposit,
      { orderId: o.id, currency: 'CNY', deposit: 100 },
      m.token,
    );
    expect(audAmount.message).toBe('应付金额已变化，请刷新后重试');
    expect((await orderState(t.database.db, o.id)).order?.status).toBe(OrderStatus.NotPaid);
    expect(await balancesOf(t.database.db, m.id)).toEqual({ CNY: 50_000, AUD: 0 });
    expect(await logsOf(t.database.db, m.id)).toHaveLength(1);
  });

  it('refuses when the deposit does not cover the order, and nothing changes', async () => {
    const m = await newMember(t.app);
    await giveDeposit(t.app, m.id, 'CNY', 5_000);
    const o = await order100(m.id);
    const res = await call(
      PaymentPaths.payByDeposit,
      { orderId: o.id, currency: 'CNY', deposit: 100 },
      m.token,
    );
    expect(res.status).toBe(400);
    expect(res).toMatchObject({
      success: false,
      resultCode: ResultCode.ParamsError,
      message: '人民币余额不足，当前余额 ¥50.00',
      data: { balance: 50 },
    });
    const aud = await order100(m.id, { currency: 'AUD' });
    const empty = await call(
      PaymentPaths.payByDeposit,
      { orderId: aud.id, currency: 'AUD', deposit: 100 },
      m.token,
    );
    expect(empty.message).toBe('澳币余额不足，当前余额 $0.00');
    const state = await orderState(t.database.db, o.id);
    expect(state.order).toMatchObject({ status: OrderStatus.NotPaid, paidAt: null, payChannel: null });
    expect(await balancesOf(t.database.db, m.id)).toEqual({ CNY: 5_000, AUD: 0 });
    expect(await logsOf(t.database.db, m.id)).toHaveLength(1);
  });

  it('refuses to pay an order twice, and a cancelled or unconfirmed one', async () => {
    const m = await newMember(t.app);
    await giveDeposit(t.app, m.id, 'CNY', 50_000);
    const o = await order100(m.id);
    const body = { orderId: o.id, currency: 'CNY', deposit: 100 };
    expect((await call(PaymentPaths.payByDeposit, body, m.token)).success).toBe(true);
    const again = await call(PaymentPaths.payByDeposit, body, m.token);
    expect(again.status).toBe(400);
    expect(again.message).toBe('订单已支付，请勿重复付款');
    expect(await balancesOf(t.database.db, m.id)).toEqual({ CNY: 40_000, AUD: 0 });
    expect((await logsOf(t.database.db, m.id)).filter((l) => l.type === 3)).toHaveLength(1);

    const cancelled = await order100(m.id);
    expect((await call(OrderPaths.cancel, { id: cancelled.id }, m.token)).success).toBe(true);
    const refused = await call(
      PaymentPaths.payByDeposit,
      { orderId: cancelled.id, currency: 'CNY', deposit: 100 },
      m.token,
    );
    expect(refused.message).toBe('订单已取消，不能付款');

    const unconfirmed = await order100(m.id, { status: OrderStatus.NotConfirmed });
    const notYet = await call(
      PaymentPaths.payByDeposit,
      { orderId: unconfirmed.id, currency: 'CNY', deposit: 100 },
      m.token,
    );
    expect(notYet.message).toBe('当前订单状态不能付款');
    expect(await balancesOf(t.database.db, m.id)).toEqual({ CNY: 40_000, AUD: 0 });
  });

  it("answers 404 for another member's order and leaves both deposits alone", async () => {
    const owner = await newMember(t.app);
    const other = await newMember(t.app);
    await giveDeposit(t.app, owner.id, 'CNY', 50_000);
    await giveDeposit(t.app, other.id, 'CNY', 50_000);
    const o = await order100(owner.id);
    const res = await call(
      PaymentPaths.payByDeposit,
      { orderId: o.id, currency: 'CNY', deposit: 100 },
      other.token,
    );
    expect(res.status).toBe(404);
    expect(res).toMatchObject({ success: false, resultCode: ResultCode.BadRequest, message: '订单不存在' });
    const missing = await call(
      PaymentPaths.payByDeposit,
      { orderId: 99_999_999, currency: 'CNY', deposit: 100 },
      other.token,
    );
    expect(missing.message).toBe('订单不存在');
    expect(await balancesOf(t.database.db, owner.id)).toEqual({ CNY: 50_000, AUD: 0 });
    expect(await balancesOf(t.database.db, other.id)).toEqual({ CNY: 50_000, AUD: 0 });
    expect((await orderState(t.database.db, o.id)).order?.status).toBe(OrderStatus.NotPaid);
  });

  it('asks a visitor to log in, and names each bad field in Chinese', async () => {
    const m = await newMember(t.app);
    const o = await order100(m.id);
    const visitor = await call(PaymentPaths.payByDeposit, { orderId: o.id, currency: 'CNY', deposit: 100 });
    expect(visitor.status).toBe(401);
    expect(visitor.resultCode).toBe(ResultCode.InvalidToken);

    const cases: [Record<string, unknown>, string][] = [
      [{ orderId: -1, currency: 'CNY', deposit: 100 }, '订单编号：编号须为正整数'],
      [{ orderId: 'abc', currency: 'CNY', deposit: 100 }, '订单编号：编号须为数字'],
      [{ orderId: 1.5, currency: 'CNY', deposit: 100 }, '订单编号：编号须为整数'],
      [{ orderId: o.id, currency: 'USD', deposit: 100 }, '币种：币种须为 AUD 或 CNY'],
      [{ orderId: o.id, deposit: 100 }, '币种：币种须为 AUD 或 CNY'],
      [{ orderId: o.id, currency: 'CNY', deposit: 0 }, '支付金额：金额须大于0'],
      [{ orderId: o.id, currency: 'CNY', deposit: -5 }, '支付金额：金额须大于0'],
      [{ orderId: o.id, currency: 'CNY', deposit: 99.999 }, '支付金额：金额最多两位小数'],
      [{ orderId: o.id, currency: 'CNY', deposit: '100' }, '支付金额：金额须为数字'],
      [{ orderId: o.id, currency: 'CNY', deposit: 100, memberId: 1 }, '不支持的字段：memberId'],
    ];
    for (const [body, message] of cases) {
      const res = await call(PaymentPaths.payByDeposit, body, m.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.resultCode).toBe(ResultCode.ParamsError);
      expect(res.message, JSON.stringify(body)).toBe(message);
    }
    expect((await orderState(t.database.db, o.id)).order?.status).toBe(OrderStatus.NotPaid);
  });
});

type LogPage = { items: DepositLogItem[]; pageNo: number; pageSize: number; totalCount: number };

function postForm(path: string, form: string, token?: string) {
  return t.app.inject({
    method: 'POST',
    url: path,
    payload: form,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
}

describe('memberDepositLog/list/', () => {
  it('pages the member’s log newest first, form-encoded or JSON, with signed amounts and order numbers', async () => {
    const m = await newMember(t.app);
    const other = await newMember(t.app);
    await giveDeposit(t.app, other.id, 'CNY', 777);
    for (let n = 1; n <= 18; n += 1) await giveDeposit(t.app, m.id, 'CNY', n * 100);
    await giveDeposit(t.app, m.id, 'AUD', 5_000);
    const o = await order100(m.id);
    // 18 gifts of ¥1..¥18 = ¥171.00; the payment of ¥100.00 is the 20th row.
    expect(
      (await call(PaymentPaths.payByDeposit, { orderId: o.id, currency: 'CNY', deposit: 100 }, m.token))
        .success,
    ).toBe(true);

    const first = envelope<LogPage>(await postForm(DepositPaths.logList, 'pageNo=1&pageSize=15', m.token));
    expect(first.success, first.message).toBe(true);
    expect(first.data).toMatchObject({ pageNo: 1, pageSize: 15, totalCount: 20 });
    expect(first.data.items).toHaveLength(15);
    expect(first.data.items[0]).toMatchObject({
      type: 3,
      typeLabel: '订单支付',
      currency: 'CNY',
      amount: -100,
      balanceAfter: 71,
      orderId: o.id,
      orderNo: o.orderNo,
    });
    expect(first.data.items[0]?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    expect(first.data.items[1]).toMatchObject({
      type: 6,
      typeLabel: '系统赠送',
      currency: 'AUD',
      amount: 50,
      balanceAfter: 50,
      orderId: null,
      orderNo: null,
      note: '测试赠送',
    });
    expect(first.data.items[2]).toMatchObject({ amount: 18, balanceAfter: 171 });

    const second = envelope<LogPage>(await postForm(DepositPaths.logList, 'pageNo=2&pageSize=15', m.token));
    expect(second.data.items.map((i) => i.amount)).toEqual([5, 4, 3, 2, 1]);
    expect(second.data.items.at(-1)?.balanceAfter).toBe(1);

    const defaults = envelope<LogPage>(await postForm(DepositPaths.logList, '', m.token));
    expect(defaults.data).toMatchObject({ pageNo: 1, pageSize: 15, totalCount: 20 });
    expect(defaults.data.items).toHaveLength(15);
    const json = await call<LogPage>(DepositPaths.logList, { pageNo: 2, pageSize: 10 }, m.token);
    expect(json.data.items.map((i) => i.amount)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    const emptyJson = await call<LogPage>(DepositPaths.logList, undefined, m.token);
    expect(emptyJson.data.pageSize).toBe(15);

    const all = [...first.data.items, ...second.data.items];
    expect(new Set(all.map((i) => i.id)).size).toBe(20);
    const theirs = envelope<LogPage>(await postForm(DepositPaths.logList, 'pageSize=50', other.token));
    expect(theirs.data.totalCount).toBe(1);
    expect(theirs.data.items.map((i) => i.amount)).toEqual([7.77]);
    expect(all.some((i) => theirs.data.items.some((x) => x.id === i.id))).toBe(false);
  });

  it('refuses bad paging in Chinese and asks a visitor to log in', async () => {
    const m = await newMember(t.app);
    const cases: [string, string][] = [
      ['pageSize=100', '每页条数：每页最多50条'],
      ['pageSize=0', '每页条数：每页至少1条'],
      ['pageSize=abc', '每页条数：每页条数须为数字'],
      ['pageNo=0', '页码：页码须大于0'],
      ['pageNo=1.5', '页码：页码须为整数'],
      ['pageNo=1&memberId=2', '不支持的字段：memberId'],
    ];
    for (const [form, message] of cases) {
      const res = await postForm(DepositPaths.logList, form, m.token);
      expect(res.statusCode, form).toBe(400);
      expect(envelope(res).message, form).toBe(message);
    }
    const visitor = await postForm(DepositPaths.logList, 'pageNo=1');
    expect(visitor.statusCode).toBe(401);
  });
});

type RechargePage = { items: Recharge[]; pageNo: number; pageSize: number; totalCount: number };

describe('memberdeposit/bankTransfer/ and rechargeList/', () => {
  it('records pending transfers (at most 5 waiting), lists them with labels, and credits one on approval', async () => {
    const m = await newMember(t.app);
    const res = await call<Recharge>(
      DepositPaths.bankTransfer,
      { currency: 'CNY', money: 1000.5, reference: '张三 工行 6222', note: '6月货款' },
      m.token,
    );
    expect(res.status).toBe(200);
    expect(res.message).toBe('转账充值已提交，请等待审核');
    expect(res.data).toMatchObject({
      type: 2,
      typeLabel: '银行转账充值',
      currency: 'CNY',
      amount: 1000.5,
      status: 'pending',
      statusLabel: '待确认',
      reference: '张三 工行 6222',
      note: '6月货款',
      reviewedAt: null,
    });
    expect(res.data.rechargeNo).toMatch(/^R\d{20}$/);
    for (let n = 2; n <= 5; n += 1)
      expect(
        (await call(DepositPaths.bankTransfer, { currency: 'AUD', money: n, reference: `ref-${n}` }, m.token))
          .success,
      ).toBe(true);
    const sixth = await call(
      DepositPaths.bankTransfer,
      { currency: 'AUD', money: 6, reference: 'ref-6' },
      m.token,
    );
    expect(sixth.status).toBe(400);
    expect(sixth.message).toBe('待确认的转账充值过多，请等待审核');

    const list = await call<RechargePage>(DepositPaths.rechargeList, {}, m.token);
    expect(list.data).toMatchObject({ pageNo: 1, pageSize: 10, totalCount: 5 });
    expect(list.data.items.map((r) => r.reference)).toEqual([
      'ref-5',
      'ref-4',
      'ref-3',
      'ref-2',
      '张三 工行 6222',
    ]);
    const other = await newMember(t.app);
    expect((await call<RechargePage>(DepositPaths.rechargeList, {}, other.token)).data.totalCount).toBe(0);

    const approved = await t.app.services.depositAdmin.approve(cliActor('财务'), {
      rechargeNo: res.data.rechargeNo,
    });
    expect(approved).toMatchObject({ changed: true, balanceAfter: 100_050 });
    const after = await call<RechargePage>(DepositPaths.rechargeList, { pageSize: 50 }, m.token);
    const credited = after.data.items.find((r) => r.rechargeNo === res.data.rechargeNo);
    expect(credited).toMatchObject({ status: 'credited', statusLabel: '已到账' });
    expect(credited?.reviewedAt).not.toBeNull();
    const log = await logsOf(t.database.db, m.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ type: 2, amount: 100_050, balanceAfter: 100_050, operator: '财务' });
    // One waiting transfer fewer: a new one is accepted again.
    expect(
      (await call(DepositPaths.bankTransfer, { currency: 'AUD', money: 6, reference: 'ref-6' }, m.token))
        .success,
    ).toBe(true);
  });

  it('refuses bad transfers in Chinese and asks a visitor to log in', async () => {
    const m = await newMember(t.app);
    const cases: [Record<string, unknown>, string][] = [
      [{ currency: 'CNY', money: 0, reference: '张三' }, '充值金额：金额须大于0'],
      [{ currency: 'CNY', money: 10.005, reference: '张三' }, '充值金额：金额最多两位小数'],
      [{ currency: 'CNY', money: 500_001, reference: '张三' }, '充值金额：单笔充值最多500000'],
      [{ currency: 'JPY', money: 10, reference: '张三' }, '币种：币种须为 AUD 或 CNY'],
      [
        { currency: 'CNY', money: 10, reference: ' 张 ' },
        '付款人或流水号：请填写付款人或转账流水号（至少2个字符）',
      ],
      [{ currency: 'CNY', money: 10, reference: '张三', note: 'x'.repeat(201) }, '备注：备注最多200个字符'],
    ];
    for (const [body, message] of cases) {
      const res = await call(DepositPaths.bankTransfer, body, m.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.message, JSON.stringify(body)).toBe(message);
    }
    const badPage = await call(DepositPaths.rechargeList, { pageSize: 51 }, m.token);
    expect(badPage.message).toBe('每页条数：每页最多50条');
    expect((await call<RechargePage>(DepositPaths.rechargeList, {}, m.token)).data.totalCount).toBe(0);
    expect(
      (await call(DepositPaths.bankTransfer, { currency: 'CNY', money: 1, reference: '张三' })).status,
    ).toBe(401);
    expect((await call(DepositPaths.rechargeList, {})).status).toBe(401);
  });
});

describe('memberdeposit/cancelBankTransfer/: a member withdraws a pending transfer', () => {
  it('cancels the member’s own pending transfer once; the operator can then neither approve nor reject it', async () => {
    const m = await newMember(t.app);
    const made = await call<Recharge>(
      DepositPaths.bankTransfer,
      { currency: 'CNY', money: 200, reference: '张三 工行' },
      m.token,
    );
    const { rechargeNo } = made.data;
    // Another member's, or a visitor: not found / not logged in, and nothing changes.
    const other = await newMember(t.app);
    const foreign = await call(DepositPaths.cancelBankTransfer, { rechargeNo }, other.token);
    expect(foreign.status).toBe(404);
    expect(foreign.message).toBe('充值记录不存在');
    expect((await call(DepositPaths.cancelBankTransfer, { rechargeNo })).status).toBe(401);

    const res = await call<Recharge>(DepositPaths.cancelBankTransfer, { rechargeNo }, m.token);
    expect(res.status).toBe(200);
    expect(res.message).toBe('转账充值已撤销');
    expect(res.data).toMatchObject({ rechargeNo, status: 'cancelled', statusLabel: '已取消' });
    // Again: answered unchanged.
    const again = await call<Recharge>(DepositPaths.cancelBankTransfer, { rechargeNo }, m.token);
    expect(again.data.status).toBe('cancelled');
    await expect(t.app.services.depositAdmin.approve(cliActor(), { rechargeNo })).rejects.toThrow('不能审核');
    expect(await balancesOf(t.database.db, m.id)).toEqual({ CNY: 0, AUD: 0 });
    expect(await logsOf(t.database.db, m.id)).toHaveLength(0);
    // It no longer counts among the waiting ones.
    const list = await call<RechargePage>(DepositPaths.rechargeList, {}, m.token);
    expect(list.data.items[0]).toMatchObject({ rechargeNo, status: 'cancelled' });
  });

  it('refuses an approved or rejected transfer, an online recharge and a malformed number', async () => {
    const m = await newMember(t.app);
    const transfer = async (reference: string) =>
      (await call<Recharge>(DepositPaths.bankTransfer, { currency: 'AUD', money: 10, reference }, m.token))
        .data.rechargeNo;
    const approved = await transfer('approved');
    await t.app.services.depositAdmin.approve(cliActor(), { rechargeNo: approved });
    const credited = await call(DepositPaths.cancelBankTransfer, { rechargeNo: approved }, m.token);
    expect(credited.status).toBe(400);
    expect(credited.message).toBe('该笔转账已确认到账，不能撤销');
    expect(await balancesOf(t.database.db, m.id)).toEqual({ CNY: 0, AUD: 1000 });

    const rejected = await transfer('rejected');
    await t.app.services.depositAdmin.reject(cliActor(), { rechargeNo: rejected, reason: '未收到款项' });
    expect((await call(DepositPaths.cancelBankTransfer, { rechargeNo: rejected }, m.token)).message).toBe(
      '该笔转账已被驳回，无需撤销',
    );

    const online = await t.app.services.deposits.openOnlineRecharge(t.database.db, {
      memberId: m.id,
      currency: 'CNY',
      amount: 500,
    });
    expect(
      (await call(DepositPaths.cancelBankTransfer, { rechargeNo: online.rechargeNo }, m.token)).message,
    ).toBe('在线充值由支付渠道确认，不能撤销');

    const bad = await call(DepositPaths.cancelBankTransfer, { rechargeNo: 'R1' }, m.token);
    expect(bad.status).toBe(400);
    expect(bad.message).toBe('充值单号：充值单号格式不正确');
    const unknown = await call(
      DepositPaths.cancelBankTransfer,
      { rechargeNo: `R${'0'.repeat(20)}` },
      m.token,
    );
    expect(unknown.status).toBe(404);
  });
});

describe('the operator gives a paid order’s money back', () => {
  it('refunds part, refuses more than is left, then cancels: stock and the rest back once', async () => {
    const m = await newMember(t.app);
    await giveDeposit(t.app, m.id, 'CNY', 20_000);
    const o = await insertOrder(t.database.db, {
      memberId: m.id,
      items: [{ skuId: rice, qty: 2, unitPrice: 4250 }],
    });
    const stockBefore = await stockOf(t.database.db, rice);
    expect(
      (await call(PaymentPaths.payByDeposit, { orderId: o.id, currency: 'CNY', deposit: 100 }, m.token))
        .success,
    ).toBe(true);
    const refunds = t.app.services.refundOrder;
    // The fixture writes the order directly; a real order would have counted its 2 units as sales.
    await t.database.db.update(goods).set({ sales: 12 }).where(eq(goods.id, f.goods.riceCereal.id));

    const part = await refunds.refund(cliActor(), o.orderNo, {
      amount: 3_000,
      reason: '破损补偿',
      by: '客服',
    });
    expect(part).toMatchObject({
      refunded: 3_000,
      refundedTotal: 3_000,
      balanceAfter: 13_000,
      currency: 'CNY',
    });
    await expect(refunds.refund(cliActor(), o.orderNo, { amount: 7_001 })).rejects.toThrow(
      '退款金额超过可退金额 ¥70.00',
    );

    const cancelled = await refunds.cancelPaid(cliActor(), o.orderNo, { reason: '缺货', by: '客服' });
    expect(cancelled).toMatchObject({
      status: -100,
      refunded: 7_000,
      refundedTotal: 10_000,
      balanceAfter: 20_000,
    });
    expect(await stockOf(t.database.db, rice)).toBe(stockBefore + 2);
    const [sales] = await t.database.db
      .select({ sales: goods.sales })
      .from(goods)
      .where(eq(goods.id, f.goods.riceCereal.id));
    expect(sales?.sales).toBe(10);
    const state = await orderState(t.database.db, o.id);
    expect(state.order).toMatchObject({ status: OrderStatus.Cancelled, refundedAmount: 10_000 });
    expect(state.order?.cancelledAt).toBeInstanceOf(Date);
    expect(state.packStatuses).toEqual([OrderStatus.Cancelled]);

    await expect(refunds.cancelPaid(cliActor(), o.orderNo)).rejects.toThrow(
      `订单 ${o.orderNo} 已取消，未重复退库存或退款`,
    );
    await expect(refunds.refund(cliActor(), o.orderNo, { amount: 1 })).rejects.toThrow(
      `订单 ${o.orderNo} 已取消，不能退款`,
    );
    expect(await stockOf(t.database.db, rice)).toBe(stockBefore + 2);

    const logs = await logsOf(t.database.db, m.id);
    expect(logs.map((l) => [l.type, l.amount])).toEqual([
      [6, 20_000],
      [3, -10_000],
      [5, 3_000],
      [4, 7_000],
    ]);
    expect(logs[2]).toMatchObject({ operator: '客服', note: `订单 ${o.orderNo} 退款：破损补偿` });
    const ledger = await ledgerOf(t.database.db, m.id);
    expect(ledger.CNY).toEqual({ balance: 20_000, sum: 20_000, last: 20_000 });

    const page = await call<LogPage>(DepositPaths.logList, {}, m.token);
    expect(page.data.items.slice(0, 2).map((i) => [i.typeLabel, i.amount, i.orderNo])).toEqual([
      ['订单取消', 70, o.orderNo],
      ['订单退款', 30, o.orderNo],
    ]);
    const detail = await call<OrderDetail>(OrderPaths.detail, { id: o.id }, m.token);
    expect(detail.data).toMatchObject({ status: OrderStatus.Cancelled, paidPrice: 100, refundedPrice: 100 });
  });

  it('returns money in the currency it was paid in, refunds shipped orders but cancels only unshipped ones', async () => {
    const m = await newMember(t.app);
    await giveDeposit(t.app, m.id, 'CNY', 50_000);
    // An AUD order paid from the CNY deposit (A$100.00 → ¥470.00): its money goes back in CNY.
    const o = await order100(m.id, { currency: 'AUD' });
    expect(
      (await call(PaymentPaths.payByDeposit, { orderId: o.id, currency: 'CNY', deposit: 470 }, m.token))
        .success,
    ).toBe(true);
    const admin = t.app.services.orderAdmin;
    const refunds = t.app.services.refundOrder;
    await admin.transition(cliActor(), o.orderNo, OrderStatus.PushedToWarehouse);
    await admin.transition(cliActor(), o.orderNo, OrderStatus.WarehouseProcessing);
    await admin.transition(cliActor(), o.orderNo, OrderStatus.AwaitingDispatch);
    await t.app.services.checkoutAdmin.addCourier({
      code: 'DEPSF',
      name: '顺丰',
      isPublic: true,
      estimatedDays: '',
      sort: 0,
    });
    await admin.transition(cliActor(), o.orderNo, OrderStatus.Shipped, {
      courierCode: 'DEPSF',
      logisticCode: 'SF20250001',
    });

    await expect(refunds.cancelPaid(cliActor(), o.orderNo)).rejects.toThrow('只能取消已付款且未发货的订单');
    const refund = await refunds.refund(cliActor(), o.orderNo, { amount: 47_000 });
    expect(refund).toMatchObject({ currency: 'CNY', refunded: 47_000, balanceAfter: 50_000 });
    await expect(refunds.refund(cliActor(), o.orderNo, { amount: 1 })).rejects.toThrow(
      '退款金额超过可退金额 ¥0.00',
    );
    expect(await balancesOf(t.database.db, m.id)).toEqual({ CNY: 50_000, AUD: 0 });

    const unpaid = await order100(m.id);
    await expect(refunds.refund(cliActor(), unpaid.orderNo, { amount: 1 })).rejects.toThrow(
      '尚未付款，不能退款',
    );
    await expect(refunds.cancelPaid(cliActor(), unpaid.orderNo)).rejects.toThrow('当前状态为「待付款」');
    await expect(refunds.refund(cliActor(), 'SO-NOPE', { amount: 1 })).rejects.toThrow('订单不存在：SO-NOPE');
    await expect(refunds.refund(cliActor(), unpaid.orderNo, { amount: 0 })).rejects.toThrow(
      '退款金额须为大于0、最多两位小数的数字',
    );
  });

  it('refuses to put an offline payment into the deposit; --no-refund cancels and returns the stock only', async () => {
    const m = await newMember(t.app);
    const o = await order100(m.id);
    const before = await stockOf(t.database.db, rice);
    const admin = t.app.services.orderAdmin;
    const refunds = t.app.services.refundOrder;
    await admin.transition(cliActor(), o.orderNo, OrderStatus.Paid);
    expect((await orderState(t.database.db, o.id)).order).toMatchObject({
      payChannel: 'offline',
      paidCurrency: 'CNY',
      paidAmount: 10_000,
    });
    await expect(refunds.cancelPaid(cliActor(), o.orderNo)).rejects.toThrow('为线下付款，系统无法退回余额');
    await expect(refunds.refund(cliActor(), o.orderNo, { amount: 100 })).rejects.toThrow(
      '为线下付款，请线下退款',
    );
    const done = await refunds.cancelPaid(cliActor(), o.orderNo, { noRefund: true });
    expect(done).toMatchObject({ refunded: 0, balanceAfter: null, stockLines: 1 });
    expect(await stockOf(t.database.db, rice)).toBe(before + 1);
    expect(await logsOf(t.database.db, m.id)).toHaveLength(0);
    expect((await orderState(t.database.db, o.id)).order).toMatchObject({
      status: OrderStatus.Cancelled,
      refundedAmount: 0,
    });
  });
});

describe('demo seed', () => {
  it('gives the demo member ¥5,000.00 and A$1,000.00 as system gifts, once', async () => {
    const silent = { info: () => {} };
    await runSeed(t.deps, silent, [demoMemberSeed]);
    await runSeed(t.deps, silent, [demoMemberSeed]);
    const id = (await t.app.services.member.idsByUsernames(['demo'])).get('demo') ?? 0;
    expect(await balancesOf(t.database.db, id)).toEqual({ CNY: 500_000, AUD: 100_000 });
    const logs = await logsOf(t.database.db, id);
    expect(logs.map((l) => [l.type, l.currency, l.amount, l.balanceAfter])).toEqual([
      [6, 'CNY', 500_000, 500_000],
      [6, 'AUD', 100_000, 100_000],
    ]);
    const login = envelope<{ token: string }>(
      await post(t.app, MemberPaths.login, { username: 'demo', password: 'demo1234' }),
    );
    const me = await call<{ cnyDeposit: number; audDeposit: number }>(
      MemberPaths.current,
      {},
      login.data.token,
    );
    expect(me.data).toMatchObject({ cnyDeposit: 5000, audDeposit: 1000 });
    const page = await call<LogPage>(DepositPaths.logList, {}, login.data.token);
    expect(page.data.items.map((i) => [i.typeLabel, i.currency, i.amount])).toEqual([
      ['系统赠送', 'AUD', 1000],
      ['系统赠送', 'CNY', 5000],
    ]);
  });
});
