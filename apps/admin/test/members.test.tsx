import { type AdminMember, type AdminMemberDetailResponse, AdminMemberPaths, AdminPaths } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderConsole, signIn, staffSession } from './utils';

const SLOW = { timeout: 45_000 };

function member(overrides: Partial<AdminMember> = {}): AdminMember {
  return {
    id: 7,
    username: 'alice',
    name: '王小明',
    mobile: '0412345678',
    email: 'alice@example.com',
    company: '悉尼贸易',
    wechat: '',
    level: 37,
    cnyDeposit: 100.5,
    audDeposit: 0,
    createTime: '2026-10-01T02:00:00.000Z',
    lastLoginTime: '2026-11-23T02:00:00.000Z',
    ...overrides,
  };
}

const DETAIL: AdminMemberDetailResponse = {
  member: member(),
  mustChangePassword: false,
  orders: [
    {
      id: 31,
      orderNo: 'SO202611230001',
      status: 2,
      statusLabel: '已付款',
      currency: 'CNY',
      totalAmount: 88,
      createTime: '2026-11-23T03:00:00.000Z',
    },
  ],
  orderCount: 1,
  tickets: [],
  ticketCount: 0,
};

describe('会员', () => {
  it('searches members by keyword and level, and links each to their page', async () => {
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('service')),
      [AdminMemberPaths.memberList]: ok({ items: [member()], totalCount: 1 }),
    });
    signIn();
    const { router } = renderConsole('/members');
    await screen.findByText('共 1 条', {}, SLOW);
    expect(api.callsTo(AdminMemberPaths.memberList)[0]?.body).toEqual({ pageNo: 1, pageSize: 20 });
    expect(screen.getByRole('link', { name: 'alice' }).getAttribute('href')).toBe('/members/7');

    fireEvent.change(screen.getByLabelText('关键词'), { target: { value: ' 0412 ' } });
    fireEvent.change(screen.getByLabelText('等级'), { target: { value: '38' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s?询/ }));
    await waitFor(() =>
      expect(api.callsTo(AdminMemberPaths.memberList).at(-1)?.body).toEqual({
        keyword: '0412',
        level: 38,
        pageNo: 1,
        pageSize: 20,
      }),
    );
    expect(router.state.location.search).toBe('?keyword=0412&level=38');
  });

  it("shows a member's page; service reads it without the money and level buttons", async () => {
    mockApi({
      [AdminPaths.current]: ok(staffSession('service')),
      [AdminMemberPaths.memberDetail]: ok(DETAIL),
      [AdminMemberPaths.memberDepositLog]: ok({ items: [], totalCount: 0 }),
    });
    signIn();
    renderConsole('/members/7');
    expect(await screen.findByText('王小明', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'SO202611230001' }).getAttribute('href')).toBe('/orders/31');
    expect(screen.getByText('暂无工单')).toBeTruthy();
    expect(await screen.findByText('暂无余额明细')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '余额入账' })).toBeNull();
    expect(screen.queryByRole('button', { name: '调整等级' })).toBeNull();
  });

  it('credits cash with one request id however often the dialog is submitted, and changes the level', async () => {
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('finance')),
      [AdminMemberPaths.memberDetail]: ok(DETAIL),
      [AdminMemberPaths.memberDepositLog]: ok({ items: [], totalCount: 0 }),
      [AdminMemberPaths.depositAdjust]: (body) =>
        ok({ changed: true, currency: body.currency, amount: body.amount, balanceAfter: 200.5 }),
      [AdminMemberPaths.memberLevel]: ok({ before: 37, after: 40, changed: true }),
    });
    signIn();
    renderConsole('/members/7');
    fireEvent.click(await screen.findByRole('button', { name: '余额入账' }, SLOW));
    // finance has no member.password.
    expect(screen.queryByRole('button', { name: '重置密码' })).toBeNull();
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认入账' }));
    expect(await within(dialog).findByText('请填写金额')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('金额（元）'), { target: { value: '100' } });
    fireEvent.change(within(dialog).getByLabelText('备注（会员可见，可不填）'), {
      target: { value: '门店收现' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认入账' }));
    await waitFor(() => expect(api.callsTo(AdminMemberPaths.depositAdjust)).toHaveLength(1));
    const sent = api.callsTo(AdminMemberPaths.depositAdjust)[0]?.body;
    expect(sent).toMatchObject({ memberId: 7, kind: 'cash', currency: 'CNY', amount: 100, note: '门店收现' });
    expect(String(sent?.requestId)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(await screen.findByText('已入账 ¥100.00，余额 ¥200.50')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '调整等级' }));
    fireEvent.change(await screen.findByLabelText('新等级'), { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s?存/ }));
    await waitFor(() =>
      expect(api.callsTo(AdminMemberPaths.memberLevel)[0]?.body).toEqual({ id: 7, level: 40 }),
    );
    expect(await screen.findByText('等级已由 37 调整为 40')).toBeTruthy();
  });

  it('resets the password after a confirm by a code to the member: says what was sent where, shows no password', async () => {
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('service')),
      [AdminMemberPaths.memberDetail]: ok(DETAIL),
      [AdminMemberPaths.memberDepositLog]: ok({ items: [], totalCount: 0 }),
      [AdminMemberPaths.memberResetPassword]: ok({
        channel: 'sms',
        sentTo: '+86 138****0000',
        expiresIn: 300,
      }),
    });
    signIn();
    renderConsole('/members/7');
    expect(await screen.findByText('王小明', {}, SLOW)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '重置密码' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(/员工不会看到密码/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: '取消' }));
    expect(api.callsTo(AdminMemberPaths.memberResetPassword)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: '重置密码' }));
    fireEvent.click(await screen.findByRole('button', { name: '确认重置' }));
    expect(await screen.findByText('重置验证码已通过短信发送至 +86 138****0000', {}, SLOW)).toBeTruthy();
    expect(screen.getByText(/5 分钟内有效。请会员在商城登录框点「忘记密码」/)).toBeTruthy();
    expect(api.callsTo(AdminMemberPaths.memberResetPassword)[0]?.body).toEqual({ id: 7 });
    expect(screen.queryByText(/一次性密码/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '知道了' }));
    await waitFor(() => expect(screen.queryByText(/重置验证码已通过/)).toBeNull());
  });

  it('shows the one-time link of a member without a proved contact once, to copy or scan and hand over', async () => {
    const link = 'https://shop.example/password-reset#Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7dEf0hIj3';
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('service')),
      [AdminMemberPaths.memberDetail]: ok(DETAIL),
      [AdminMemberPaths.memberDepositLog]: ok({ items: [], totalCount: 0 }),
      [AdminMemberPaths.memberResetPassword]: ok({ channel: 'link', link, expiresIn: 1800 }),
    });
    signIn();
    renderConsole('/members/7');
    expect(await screen.findByText('王小明', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重置密码' }));
    fireEvent.click(await screen.findByRole('button', { name: '确认重置' }));
    const shown = await screen.findByTestId('reset-link', {}, SLOW);
    expect(shown.textContent).toContain(link);
    const dialog = shown.closest<HTMLElement>('[role="dialog"]');
    if (!dialog) throw new Error('the link is not in a dialog');
    expect(within(dialog).getByText(/只显示这一次，30 分钟内有效，只能使用一次/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /复制|copy/i })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '已转交' }));
    await waitFor(() => expect(screen.queryByText(link)).toBeNull());
    expect(api.callsTo(AdminMemberPaths.memberResetPassword)).toHaveLength(1);
  });
});
