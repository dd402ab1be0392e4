import { MemberPaths, MessagePaths, OrderPaths, ResultCode } from '@shop/domain';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toastStore } from '@/lib/notify';
import { startSession } from '@/lib/session';
import { demoMember, fail, mockApi, ok, renderApp } from './utils';

const SLOW = { timeout: 45_000 };
const NOTICE = '管理员已重置您的密码，请先设置新密码';
const refused = {
  status: 403,
  body: fail(ResultCode.PasswordChangeRequired, '管理员已重置您的密码，请先修改密码'),
};
const texts = () => toastStore.getState().toasts.map((t) => t.text);

describe('a member whose password staff reset', () => {
  it('is held on /member/security with the notice, and goes on normally after the new password', async () => {
    let mustChangePassword = true;
    const { calls } = mockApi({
      [MemberPaths.current]: () => ok({ ...demoMember, mustChangePassword }),
      [MemberPaths.updatePwd]: () => {
        mustChangePassword = false;
        return ok(null, '密码已修改');
      },
      [OrderPaths.list]: () =>
        mustChangePassword ? refused : ok({ items: [], pageNo: 1, pageSize: 10, totalCount: 0 }),
      [MessagePaths.unreadCount]: () => (mustChangePassword ? refused : ok({ total: 0, byType: {} })),
    });
    startSession('tok');
    const { router } = renderApp('/member/order');

    expect(await screen.findByText(NOTICE, {}, SLOW)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/member/security');
    // The binding waits for the new password too.
    expect(screen.queryByText('微信扫码登录')).toBeNull();
    await act(() => router.navigate('/member/deposit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/member/security'));

    fireEvent.change(screen.getByPlaceholderText('原密码'), { target: { value: 'Temp2345abcdEFGH' } });
    fireEvent.change(screen.getByPlaceholderText('新密码'), { target: { value: 'fresh2026' } });
    fireEvent.change(screen.getByPlaceholderText('确认新密码'), { target: { value: 'fresh2026' } });
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    await waitFor(() => expect(screen.queryByText(NOTICE)).toBeNull(), SLOW);
    expect(texts()).toContain('密码已修改');
    expect(calls.find((c) => c.path === MemberPaths.updatePwd)?.body).toEqual({
      oldPassword: 'Temp2345abcdEFGH',
      newPassword: 'fresh2026',
    });
    expect(screen.getByText('微信扫码登录')).toBeTruthy();

    const orderCalls = () => calls.filter((c) => c.path === OrderPaths.list).length;
    const before = orderCalls();
    await act(() => router.navigate('/member/order'));
    expect(router.state.location.pathname).toBe('/member/order');
    await waitFor(() => expect(orderCalls()).toBeGreaterThan(before), SLOW);
    expect(router.state.location.pathname).toBe('/member/order');
    // The refusals said nothing of their own: the page's notice did.
    expect(texts()).not.toContain('管理员已重置您的密码，请先修改密码');
  });

  it('is sent to /member/security by a PasswordChangeRequired answer of any call', async () => {
    let mustChangePassword = false;
    mockApi({
      [MemberPaths.current]: () => ok({ ...demoMember, mustChangePassword }),
      [OrderPaths.list]: () => {
        // Staff reset the password while the member was looking at an older page.
        mustChangePassword = true;
        return refused;
      },
      [MessagePaths.unreadCount]: () => (mustChangePassword ? refused : ok({ total: 0, byType: {} })),
    });
    startSession('tok');
    const { router } = renderApp('/member/order');

    expect(await screen.findByText(NOTICE, {}, SLOW)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/member/security');
  });
});
