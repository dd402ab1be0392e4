import {
  AdminMemberPaths,
  AdminPaths,
  type AdminRechargeListResponse,
  type AuditListResponse,
  DepositPaths,
  MessagePaths,
  type Recharge,
  type RechargeReviewResponse,
  ResultCode,
} from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectConsoleGuard } from './support/admin-access';
import { balancesOf, logsOf } from './support/deposit-helpers';
import { newMember } from './support/order-fixtures';
import { type StaffLogin, staffToken } from './support/staff';
import { createTestApp, envelope, post, type TestApp } from './support/test-app';

let t: TestApp;
let finance: StaffLogin;
let owner: StaffLogin;

beforeAll(async () => {
  t = await createTestApp({ env: { SEED_DEMO: 'false' } });
  finance = await staffToken(t, 'finance');
  owner = await staffToken(t, 'owner');
});
afterAll(async () => {
  await t?.close();
});

const call = async <T>(path: string, body: unknown, token = finance.token) =>
  envelope<T>(await post(t.app, path, body, token));

/** A member and one bank transfer of theirs waiting for review. */
async function pendingTransfer(money = 100.5, reference = '张三 工行 8899') {
  const m = await newMember(t.app, 'rc');
  const made = await call<Recharge>(
    DepositPaths.bankTransfer,
    { currency: 'CNY', money, reference },
    m.token,
  );
  expect(made.success, made.message).toBe(true);
  return { m, rechargeNo: made.data.rechargeNo };
}

describe('console: recharges', () => {
  it('guards each call: no token, a member, a role without recharge.review, bad input', async () => {
    await expectConsoleGuard(t, AdminMemberPaths.rechargeList, {
      body: {},
      denied: 'service',
      allowed: 'finance',
      badBody: { status: 'paid' },
      badMessage: /.+/,
    });
    await expectConsoleGuard(t, AdminMemberPaths.rechargeApprove, {
      body: { rechargeNo: 'R1' },
      denied: 'warehouse',
      allowed: 'finance',
      badBody: { rechargeNo: 'R1', extra: 1 },
      badMessage: /.+/,
    });
    await expectConsoleGuard(t, AdminMemberPaths.rechargeReject, {
      body: { rechargeNo: 'R1', reason: 'x' },
      denied: 'content',
      allowed: 'owner',
      badBody: { rechargeNo: 'R1', reason: '  ' },
      badMessage: /请填写驳回原因$/,
    });
  });

  it('lists recharges newest first with the member and the transfer reference, filtered and paged in SQL', async () => {
    const a = await pendingTransfer(10, '付款人 李四');
    const b = await pendingTransfer(20, '流水号 A77');
    const page = await call<AdminRechargeListResponse>(AdminMemberPaths.rechargeList, {
      status: 'pending',
      pageSize: 1,
    });
    expect(page.success, page.message).toBe(true);
    expect(page.data.totalCount).toBeGreaterThanOrEqual(2);
    expect(page.data.items).toHaveLength(1);
    expect(page.data.items[0]).toMatchObject({
      rechargeNo: b.rechargeNo,
      memberId: b.m.id,
      username: b.m.username,
      currency: 'CNY',
      amount: 20,
      status: 'pending',
      statusLabel: '待确认',
      reference: '流水号 A77',
      typeLabel: expect.any(String),
      reviewedBy: '',
    });
    const byMember = await call<AdminRechargeListResponse>(AdminMemberPaths.rechargeList, {
      keyword: a.m.username.toUpperCase(),
    });
    expect(byMember.data.items.map((r) => r.rechargeNo)).toEqual([a.rechargeNo]);
    expect(byMember.data.totalCount).toBe(1);
    const byNo = await call<AdminRechargeListResponse>(AdminMemberPaths.rechargeList, {
      keyword: a.rechargeNo,
    });
    expect(byNo.data.items.map((r) => r.username)).toEqual([a.m.username]);
    const credited = await call<AdminRechargeListResponse>(AdminMemberPaths.rechargeList, {
      status: 'credited',
      keyword: a.rechargeNo,
    });
    expect(credited.data).toEqual({ items: [], totalCount: 0 });
    const past = await call<AdminRechargeListResponse>(AdminMemberPaths.rechargeList, {
      keyword: a.rechargeNo,
      pageNo: 5,
    });
    expect(past.data).toEqual({ items: [], totalCount: 1 });
  });

  it('approves a transfer once: the deposit, the member’s message, the audit row; a repeat changes nothing', async () => {
    const { m, rechargeNo } = await pendingTransfer(100.5);
    const first = await call<RechargeReviewResponse>(AdminMemberPaths.rechargeApprove, { rechargeNo });
    expect(first.success, first.message).toBe(true);
    expect(first.data).toMatchObject({ changed: true, recharge: { rechargeNo, status: 'credited' } });
    const again = await call<RechargeReviewResponse>(AdminMemberPaths.rechargeApprove, { rechargeNo });
    expect(again.data.changed).toBe(false);
    expect(await balancesOf(t.database.db, m.id)).toEqual({ CNY: 10_050, AUD: 0 });
    const logs = await logsOf(t.database.db, m.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ type: 2, amount: 10_050, operator: finance.username });

    const listed = await call<AdminRechargeListResponse>(AdminMemberPaths.rechargeList, {
      keyword: rechargeNo,
    });
    expect(listed.data.items[0]).toMatchObject({ status: 'credited', reviewedBy: finance.username });
    const messages = await call<{ list: { title: string }[] }>(MessagePaths.list, {}, m.token);
    expect(JSON.stringify(messages.data)).toContain('银行转账充值已到账');

    const audit = await call<AuditListResponse>(
      AdminPaths.auditList,
      { action: 'recharge', objectId: rechargeNo },
      owner.token,
    );
    expect(audit.data.items).toHaveLength(1);
    expect(audit.data.items[0]).toMatchObject({
      staffId: finance.staffId,
      action: 'recharge.approve',
      objectType: 'recharge',
      before: { status: 'pending' },
      after: {
        status: 'credited',
        memberId: m.id,
        currency: 'CNY',
        askedAmount: 10_050,
        creditedAmount: 10_050,
        balanceAfter: 10_050,
      },
    });
  });

  it('credits the amount that reached the account, with a note: deposit, log, message, history and audit', async () => {
    const { m, rechargeNo } = await pendingTransfer(1000);
    // The member already has money, so the balance after is counted from it.
    const other = await call<Recharge>(
      DepositPaths.bankTransfer,
      { currency: 'CNY', money: 50, reference: '先到的一笔' },
      m.token,
    );
    await call(AdminMemberPaths.rechargeApprove, { rechargeNo: other.data.rechargeNo });
    const approved = await call<RechargeReviewResponse>(AdminMemberPaths.rechargeApprove, {
      rechargeNo,
      creditedAmount: 990,
      note: '银行扣手续费 ¥10',
    });
    expect(approved.success, approved.message).toBe(true);
    expect(approved.data).toMatchObject({
      changed: true,
      recharge: { rechargeNo, status: 'credited', amount: 1000, creditedAmount: 990 },
    });
    expect(await balancesOf(t.database.db, m.id)).toEqual({ CNY: 5000 + 99_000, AUD: 0 });
    const logs = await logsOf(t.database.db, m.id);
    expect(logs.map((l) => [l.amount, l.balanceAfter])).toEqual([
      [5000, 5000],
      [99_000, 104_000],
    ]);
    expect(logs[1]?.note).toBe(
      `银行转账 ${rechargeNo}（张三 工行 8899）；申请 ¥1000.00，实际到账 ¥990.00；备注：银行扣手续费 ¥10`,
    );

    // The member's recharge history and deposit log show what was credited.
    const mine = await call<{ items: Recharge[] }>(DepositPaths.rechargeList, {}, m.token);
    expect(mine.data.items.find((r) => r.rechargeNo === rechargeNo)).toMatchObject({
      amount: 1000,
      creditedAmount: 990,
      status: 'credited',
    });
    const log = await call<{ items: { amount: number; balanceAfter: number; note: string }[] }>(
      DepositPaths.logList,
      {},
      m.token,
    );
    expect(log.data.items[0]).toMatchObject({ amount: 990, balanceAfter: 1040 });

    const messages = await call<{ list: { title: string; content: string }[] }>(
      MessagePaths.list,
      {},
      m.token,
    );
    const told = JSON.stringify(messages.data);
    expect(told).toContain('银行转账充值已到账 ¥990.00');
    expect(told).toContain('您申请充值 ¥1000.00，实际到账 ¥990.00，已入账 ¥990.00。备注：银行扣手续费 ¥10');

    const audit = await call<AuditListResponse>(
      AdminPaths.auditList,
      { action: 'recharge.approve', objectId: rechargeNo },
      owner.token,
    );
    expect(audit.data.items).toHaveLength(1);
    expect(audit.data.items[0]?.after).toMatchObject({
      askedAmount: 100_000,
      creditedAmount: 99_000,
      note: '银行扣手续费 ¥10',
      balanceAfter: 104_000,
    });

    // Approved again (another reviewer's late click), nothing moves.
    const again = await call<RechargeReviewResponse>(AdminMemberPaths.rechargeApprove, {
      rechargeNo,
      creditedAmount: 1000,
    });
    expect(again.data).toMatchObject({ changed: false, recharge: { creditedAmount: 990 } });
    expect(await logsOf(t.database.db, m.id)).toHaveLength(2);
  });

  it('refuses a different amount without a note, and an amount of 0, below 0 or with 3 decimals: nothing credited', async () => {
    const { m, rechargeNo } = await pendingTransfer(200);
    // creditedAmount is major units (元) like every other amount: 190.5 is ¥190.50, 190.505 is refused.
    const cases: [Record<string, unknown>, string][] = [
      [{ creditedAmount: 190 }, '实际到账金额与申请金额不同，请填写备注说明原因'],
      [{ creditedAmount: 190.5, note: '   ' }, '实际到账金额与申请金额不同，请填写备注说明原因'],
      [{ creditedAmount: 0, note: '没收到' }, '实际到账金额：金额须大于0'],
      [{ creditedAmount: -1, note: '退回' }, '实际到账金额：金额须大于0'],
      [{ creditedAmount: 190.505, note: '零头' }, '实际到账金额：金额最多两位小数'],
      [{ creditedAmount: 0.001, note: '零头' }, '实际到账金额：金额最多两位小数'],
      [{ creditedAmount: '190', note: '字符串' }, '实际到账金额：请填写金额'],
      [{ creditedAmount: 500_000.01, note: '太多' }, '实际到账金额最多500000'],
      [{ creditedAmount: 190, note: '长'.repeat(101) }, '备注最多100个字符'],
    ];
    for (const [extra, message] of cases) {
      const res = await post(
        t.app,
        AdminMemberPaths.rechargeApprove,
        { rechargeNo, ...extra },
        finance.token,
      );
      expect(res.statusCode, message).toBe(400);
      expect(envelope(res), JSON.stringify(extra)).toMatchObject({
        success: false,
        resultCode: ResultCode.ParamsError,
      });
      expect(envelope(res).message).toContain(message);
    }
    expect(await balancesOf(t.database.db, m.id)).toEqual({ CNY: 0, AUD: 0 });
    const listed = await call<AdminRechargeListResponse>(AdminMemberPaths.rechargeList, {
      keyword: rechargeNo,
    });
    expect(listed.data.items[0]).toMatchObject({ status: 'pending', creditedAmount: null });

    // The same amount needs no note; the note, when given, reaches the member.
    const same = await call<RechargeReviewResponse>(AdminMemberPaths.rechargeApprove, {
      rechargeNo,
      creditedAmount: 200,
    });
    expect(same.data).toMatchObject({ changed: true, recharge: { creditedAmount: 200 } });
    expect(await balancesOf(t.database.db, m.id)).toEqual({ CNY: 20_000, AUD: 0 });
  });

  it('rejects with a reason the member reads; refuses to reject a credited one or approve a rejected one', async () => {
    const { m, rechargeNo } = await pendingTransfer(30);
    const rejected = await call<RechargeReviewResponse>(AdminMemberPaths.rechargeReject, {
      rechargeNo,
      reason: '未收到款项',
    });
    expect(rejected.success, rejected.message).toBe(true);
    expect(rejected.data.recharge).toMatchObject({ status: 'rejected', statusLabel: '已驳回' });
    expect(rejected.data.recharge.note).toContain('未收到款项');
    const mine = await call<{ items: Recharge[] }>(DepositPaths.rechargeList, {}, m.token);
    expect(mine.data.items[0]).toMatchObject({ rechargeNo, status: 'rejected' });

    const approve = await call(AdminMemberPaths.rechargeApprove, { rechargeNo });
    expect(approve).toMatchObject({ success: false, resultCode: ResultCode.ParamsError });
    expect(approve.message).toBe(`充值单 ${rechargeNo} 已驳回，不能入账`);
    expect(await balancesOf(t.database.db, m.id)).toEqual({ CNY: 0, AUD: 0 });

    const other = await pendingTransfer(40);
    await call(AdminMemberPaths.rechargeApprove, { rechargeNo: other.rechargeNo });
    const late = await call(AdminMemberPaths.rechargeReject, {
      rechargeNo: other.rechargeNo,
      reason: '重复',
    });
    expect(late.message).toBe(`充值单 ${other.rechargeNo} 已入账，不能驳回`);

    const audit = await call<AuditListResponse>(
      AdminPaths.auditList,
      { action: 'recharge.reject', objectId: rechargeNo },
      owner.token,
    );
    expect(audit.data.items[0]).toMatchObject({
      before: { status: 'pending' },
      after: { status: 'rejected', reason: '未收到款项' },
    });
  });

  it('answers an unknown recharge number with NotFound', async () => {
    const res = await post(t.app, AdminMemberPaths.rechargeApprove, { rechargeNo: 'R0000' }, finance.token);
    expect(envelope(res).message).toBe('充值单不存在：R0000');
  });
});
