import {
  type AdminDepositLogResponse,
  type AdminMemberDetailResponse,
  type AdminMemberListResponse,
  AdminMemberPaths,
  AdminPaths,
  type AuditListResponse,
  CartPaths,
  type DepositAdjustResponse,
  type Member,
  type MemberLevelResponse,
  MemberPaths,
  type MemberResetPasswordResponse,
  MessagePaths,
  OrderStatus,
  ResultCode,
  SupportTicketPaths,
} from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, orders } from '../src/db/schema';
import { expectConsoleGuard } from './support/admin-access';
import { balancesOf, logsOf } from './support/deposit-helpers';
import { newMember } from './support/order-fixtures';
import { type StaffLogin, staffToken } from './support/staff';
import { createTestApp, envelope, post, type TestApp } from './support/test-app';

let t: TestApp;
let owner: StaffLogin;
let finance: StaffLogin;
let service: StaffLogin;

beforeAll(async () => {
  t = await createTestApp({ env: { SEED_DEMO: 'false' } });
  owner = await staffToken(t, 'owner');
  finance = await staffToken(t, 'finance');
  service = await staffToken(t, 'service');
});
afterAll(async () => {
  await t?.close();
});

const call = async <T>(path: string, body: unknown, token = finance.token) =>
  envelope<T>(await post(t.app, path, body, token));

/** The audit rows of a member's changes (the owner reads the log), newest first. */
const auditRows = async (action: string, memberId: number) =>
  (await call<AuditListResponse>(AdminPaths.auditList, { action, objectId: String(memberId) }, owner.token))
    .data.items;

let requestSeq = 0;
const requestId = () => {
  requestSeq += 1;
  return `req-${Date.now()}-${requestSeq}`;
};

describe('console: members', () => {
  it('guards each call by its permission (warehouse cannot read members, service cannot move deposits)', async () => {
    await expectConsoleGuard(t, AdminMemberPaths.memberList, {
      body: {},
      denied: 'warehouse',
      allowed: 'service',
      badBody: { level: -1 },
      badMessage: /会员等级须为 0-999 的整数/,
    });
    await expectConsoleGuard(t, AdminMemberPaths.memberDetail, {
      body: { id: 1 },
      denied: 'content',
      allowed: 'service',
      badBody: { id: 'x' },
      badMessage: /会员编号须为整数|请指定会员/,
    });
    await expectConsoleGuard(t, AdminMemberPaths.memberDepositLog, {
      body: { memberId: 1 },
      denied: 'warehouse',
      allowed: 'finance',
      badBody: { memberId: 1, pageSize: 1000 },
      badMessage: /每页最多100条/,
    });
    await expectConsoleGuard(t, AdminMemberPaths.memberLevel, {
      body: { id: 1, level: 38 },
      denied: 'service',
      allowed: 'finance',
      badBody: { id: 1, level: 1.5 },
      badMessage: /会员等级须为 0-999 的整数/,
    });
    await expectConsoleGuard(t, AdminMemberPaths.depositAdjust, {
      body: { memberId: 1, kind: 'cash', currency: 'CNY', amount: 1, requestId: requestId() },
      denied: 'service',
      allowed: 'finance',
      badBody: { memberId: 1, kind: 'cash', currency: 'CNY', amount: 1.005, requestId: requestId() },
      badMessage: /金额最多两位小数/,
    });
    await expectConsoleGuard(t, AdminMemberPaths.memberResetPassword, {
      body: { id: 1 },
      denied: 'warehouse',
      allowed: 'service',
      badBody: { id: 'x' },
      badMessage: /会员编号须为整数|请指定会员/,
    });
  });

  it('finds members by part of username, name, phone, e-mail or company and by level, paged', async () => {
    const a = await newMember(t.app, 'findme');
    const b = await newMember(t.app, 'other');
    await t.database.db
      .update(members)
      .set({
        name: '王小明',
        mobile: '0412345678',
        email: 'Wang@Example.com',
        company: '悉尼贸易',
        level: 40,
      })
      .where(eq(members.id, b.id));
    const search = async (body: Record<string, unknown>) => {
      const res = await call<AdminMemberListResponse>(AdminMemberPaths.memberList, body, service.token);
      expect(res.success, res.message).toBe(true);
      return res.data;
    };
    expect((await search({ keyword: 'FINDME' })).items.map((m) => m.id)).toEqual([a.id]);
    for (const keyword of ['小明', '12345', 'wang@example', '悉尼'])
      expect(
        (await search({ keyword })).items.map((m) => m.id),
        keyword,
      ).toEqual([b.id]);
    expect((await search({ level: 40 })).items.map((m) => m.id)).toEqual([b.id]);
    expect((await search({ keyword: '%' })).items).toEqual([]);
    const found = (await search({ keyword: a.username })).items[0];
    expect(found).toMatchObject({ username: a.username, level: 37, cnyDeposit: 0, audDeposit: 0 });
    // Signed in once by newMember: the last sign-in is known.
    expect(found?.lastLoginTime).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const page = await search({ pageSize: 1, pageNo: 2 });
    expect(page.items).toHaveLength(1);
    expect(page.totalCount).toBeGreaterThanOrEqual(2);
  });

  it('shows each member’s own last sign-in, and none for a member who never signed in', async () => {
    const login = async (username: string) => {
      const res = envelope<{ token: string }>(
        await post(t.app, MemberPaths.login, { username, password: 'secret123' }),
      );
      expect(res.success, res.message).toBe(true);
    };
    const make = (username: string) =>
      t.app.services.member.createMember({ username, password: 'secret123' });
    const early = await make('lastlogin_early');
    const late = await make('lastlogin_late');
    const never = await make('lastlogin_never');
    const firstAt = Date.now();
    await login(early.username);
    t.clock.advance(3 * 60 * 60 * 1000);
    await login(late.username);
    const list = await call<AdminMemberListResponse>(
      AdminMemberPaths.memberList,
      { keyword: 'lastlogin_' },
      service.token,
    );
    expect(list.success, list.message).toBe(true);
    const at = new Map(list.data.items.map((m) => [m.username, m.lastLoginTime]));
    const earlyAt = Date.parse(at.get(early.username) ?? '');
    const lateAt = Date.parse(at.get(late.username) ?? '');
    expect(earlyAt).toBeGreaterThanOrEqual(firstAt - 1000);
    expect(earlyAt).toBeLessThan(firstAt + 60 * 60 * 1000);
    expect(lateAt - earlyAt).toBeGreaterThanOrEqual(3 * 60 * 60 * 1000 - 1000);
    expect(at.get(never.username)).toBeNull();
    // The member's page says the same.
    const page = await call<AdminMemberDetailResponse>(
      AdminMemberPaths.memberDetail,
      { id: late.id },
      service.token,
    );
    expect(page.data.member.lastLoginTime).toBe(at.get(late.username));
  });

  it("shows a member's page: profile, balances, latest orders and tickets; NotFound for an unknown id", async () => {
    const m = await newMember(t.app, 'page');
    // An order row of the member (its items do not matter to this page).
    const [order] = await t.database.db
      .insert(orders)
      .values({
        orderNo: `SO${Date.now()}`,
        memberId: m.id,
        requestId: `r-${m.id}`,
        status: OrderStatus.Paid,
        currency: 'CNY',
        locationCode: 'SYD',
        goodsAmount: 10_000,
        shippingAmount: 0,
        taxAmount: 0,
        promotionsAmount: 0,
        totalAmount: 10_000,
      })
      .returning();
    const ticket = await post(
      t.app,
      SupportTicketPaths.create,
      { type: 1, title: '发票问题', content: '请开发票' },
      m.token,
    );
    expect(envelope(ticket).success, envelope(ticket).message).toBe(true);
    const res = await call<AdminMemberDetailResponse>(
      AdminMemberPaths.memberDetail,
      { id: m.id },
      service.token,
    );
    expect(res.success, res.message).toBe(true);
    expect(res.data.member).toMatchObject({ id: m.id, username: m.username });
    expect(res.data.mustChangePassword).toBe(false);
    expect(res.data.orders).toEqual([
      expect.objectContaining({
        id: order?.id,
        status: OrderStatus.Paid,
        totalAmount: 100,
        statusLabel: expect.any(String),
      }),
    ]);
    expect(res.data.orderCount).toBe(1);
    expect(res.data.tickets).toEqual([expect.objectContaining({ title: '发票问题', statusLabel: '待处理' })]);
    expect(res.data.ticketCount).toBe(1);

    const missing = await post(t.app, AdminMemberPaths.memberDetail, { id: 999_999 }, service.token);
    expect(missing.statusCode).toBe(404);
    expect(envelope(missing).message).toBe('会员不存在');
  });

  it('changes the level through the member:level workflow: the member is told, the change audited', async () => {
    const m = await newMember(t.app, 'lvl');
    const res = await call<MemberLevelResponse>(AdminMemberPaths.memberLevel, {
      id: m.id,
      level: 40,
      note: '批发',
    });
    expect(res.data).toEqual({ before: 37, after: 40, changed: true });
    const again = await call<MemberLevelResponse>(AdminMemberPaths.memberLevel, { id: m.id, level: 40 });
    expect(again.data.changed).toBe(false);
    const messages = await call(MessagePaths.list, {}, m.token);
    expect(JSON.stringify(messages.data)).toContain('会员等级已调整为 40 级');
    const audit = await auditRows('member.level', m.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor: finance.username,
      before: { level: 37 },
      after: { level: 40, note: '批发' },
    });
    const unknown = await call(AdminMemberPaths.memberLevel, { id: 999_999, level: 40 });
    expect(unknown).toMatchObject({ success: false, message: '会员不存在：#999999' });
  });

  it('credits cash or a gift once per requestId, with the note, the operator, a message and an audit row', async () => {
    const m = await newMember(t.app, 'cash');
    const id = requestId();
    const body = {
      memberId: m.id,
      kind: 'cash',
      currency: 'AUD',
      amount: 100.5,
      note: '门店收现',
      requestId: id,
    };
    const first = await call<DepositAdjustResponse>(AdminMemberPaths.depositAdjust, body);
    expect(first.data).toEqual({ changed: true, currency: 'AUD', amount: 100.5, balanceAfter: 100.5 });
    const repeat = await call<DepositAdjustResponse>(AdminMemberPaths.depositAdjust, body);
    expect(repeat.data).toEqual({ changed: false, currency: 'AUD', amount: 100.5, balanceAfter: 100.5 });
    const reused = await call(AdminMemberPaths.depositAdjust, { ...body, amount: 5 });
    expect(reused).toMatchObject({ success: false, resultCode: ResultCode.ParamsError });
    expect(reused.message).toBe('该请求编号已用于另一笔入账，请刷新页面后重试');

    const gift = await call<DepositAdjustResponse>(AdminMemberPaths.depositAdjust, {
      memberId: m.id,
      kind: 'gift',
      currency: 'CNY',
      amount: 8,
      requestId: requestId(),
    });
    expect(gift.data.changed).toBe(true);
    expect(await balancesOf(t.database.db, m.id)).toEqual({ CNY: 800, AUD: 10_050 });

    const log = await call<AdminDepositLogResponse>(AdminMemberPaths.memberDepositLog, { memberId: m.id });
    expect(log.data.totalCount).toBe(2);
    expect(log.data.items.map((l) => [l.typeLabel, l.amount, l.operator])).toEqual([
      [expect.any(String), 8, finance.username],
      [expect.any(String), 100.5, finance.username],
    ]);
    expect(log.data.items[1]?.note).toBe('门店收现');
    expect((await logsOf(t.database.db, m.id)).map((l) => l.type).sort()).toEqual([1, 6]);

    const audit = await auditRows('deposit', m.id);
    expect(audit.map((a) => a.action)).toEqual(['deposit.gift', 'deposit.cash']);
    expect(audit[1]).toMatchObject({
      before: { currency: 'AUD', balance: 0 },
      after: { currency: 'AUD', balance: 10_050, amount: 10_050, note: '门店收现' },
    });
    const unknown = await call(AdminMemberPaths.depositAdjust, {
      ...body,
      memberId: 999_999,
      requestId: requestId(),
    });
    expect(unknown).toMatchObject({ success: false });
  });
});

describe('console: reset a member password', () => {
  const login = async (username: string, password: string) =>
    envelope<{ token: string }>(await post(t.app, MemberPaths.login, { username, password }));
  const flagged = async (memberId: number) =>
    (await call<AdminMemberDetailResponse>(AdminMemberPaths.memberDetail, { id: memberId }, service.token))
      .data.mustChangePassword;
  /**
   * A member whose password staff reset before ADR 045 (the console then answered a one-time password): still
   * held to choosing a new one. The console no longer sets the flag; members flagged then keep it until they do.
   */
  const heldMember = async (prefix: string) => {
    const m = await newMember(t.app, prefix);
    await t.database.db.update(members).set({ mustChangePassword: true }).where(eq(members.id, m.id));
    return m;
  };

  it('is refused to finance (no member.password), with unknown fields, and for a member that does not exist', async () => {
    const refused = await post(t.app, AdminMemberPaths.memberResetPassword, { id: 1 }, finance.token);
    expect(refused.statusCode).toBe(403);
    expect(envelope(refused).resultCode).toBe(ResultCode.PermissionDenied);
    const extra = await call(AdminMemberPaths.memberResetPassword, { id: 1, password: 'x' }, service.token);
    expect(extra).toMatchObject({ success: false, resultCode: ResultCode.ParamsError });
    expect(extra.message).toContain('password');
    const missing = await post(t.app, AdminMemberPaths.memberResetPassword, { id: 999_999 }, service.token);
    expect(missing.statusCode).toBe(404);
    expect(envelope(missing).message).toBe('会员不存在');
  });

  it('answers no password and neither ends the sessions nor flags the member', async () => {
    const m = await newMember(t.app, 'reset');
    const res = await call<MemberResetPasswordResponse>(
      AdminMemberPaths.memberResetPassword,
      { id: m.id },
      service.token,
    );
    expect(res.success, res.message).toBe(true);
    expect(res.data.channel).toBe('link');
    expect(Object.keys(res.data)).not.toContain('password');
    expect((await post(t.app, MemberPaths.current, {}, m.token)).statusCode).toBe(200);
    expect((await login(m.username, 'secret123')).success).toBe(true);
    expect(await flagged(m.id)).toBe(false);
  });

  it('holds a member flagged by an earlier reset to changing the password, then everything works again', async () => {
    const m = await heldMember('hold');
    const signedIn = await login(m.username, 'secret123');
    expect(signedIn.success, signedIn.message).toBe(true);
    const token = signedIn.data.token;

    const me = await call<Member>(MemberPaths.current, {}, token);
    expect(me.data).toMatchObject({ id: m.id, mustChangePassword: true });
    for (const [path, body] of [
      [MemberPaths.update, { name: '新名字' }],
      [CartPaths.list, {}],
      [MessagePaths.list, {}],
    ] as const) {
      const res = await post(t.app, path, body, token);
      expect(res.statusCode, path).toBe(403);
      expect(envelope(res), path).toMatchObject({
        success: false,
        resultCode: ResultCode.PasswordChangeRequired,
        message: '管理员已重置您的密码，请先修改密码',
      });
    }

    const changed = await call(
      MemberPaths.updatePwd,
      { oldPassword: 'secret123', newPassword: 'fresh2026' },
      token,
    );
    expect(changed).toMatchObject({ success: true, message: '密码已修改' });
    expect((await call<Member>(MemberPaths.current, {}, token)).data.mustChangePassword).toBe(false);
    expect((await post(t.app, CartPaths.list, {}, token)).statusCode).toBe(200);
    expect((await call(MemberPaths.update, { name: '新名字' }, token)).success).toBe(true);
    expect((await login(m.username, 'fresh2026')).success).toBe(true);
    expect(await flagged(m.id)).toBe(false);
  });

  it('lets a member held to the change log out', async () => {
    const m = await heldMember('leave');
    const token = (await login(m.username, 'secret123')).data.token;
    expect(await call(MemberPaths.logout, {}, token)).toMatchObject({ success: true, message: '已退出登录' });
    expect((await post(t.app, MemberPaths.current, {}, token)).statusCode).toBe(401);
  });
});
