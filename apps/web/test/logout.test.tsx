import { MemberPaths } from '@shop/domain';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { memberKeys } from '@/features/member/api/keys';
import { page } from '@/lib/page';
import { startSession } from '@/lib/session';
import { getCookie, getToken } from '@/lib/storage';
import { demoMember, mockApi, ok, renderApp } from './utils';

async function logOutFromHeader() {
  fireEvent.click(await screen.findByRole('button', { name: /演示会员/ }));
  fireEvent.click(screen.getByRole('menuitem', { name: '退出登录' }));
}

describe('logout (spec §4 Logout)', () => {
  it('on a page open to visitors: revokes the token, clears it and reloads after 500 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    window.history.replaceState(null, '', '/products');
    const { calls } = mockApi({
      [MemberPaths.current]: ok(demoMember),
      [MemberPaths.logout]: ok(null),
    });
    startSession('tok-1');
    const { queryClient } = renderApp('/products');

    await logOutFromHeader();
    await waitFor(() => expect(getToken()).toBeNull());
    expect(calls.find((c) => c.path === MemberPaths.logout)?.headers.Authorization).toBe('Bearer tok-1');
    expect(getCookie('user-token')).toBeNull();
    expect(queryClient.getQueryData(memberKeys.current())).toBeUndefined();
    expect(await screen.findByRole('button', { name: '登录' })).toBeTruthy();

    expect(reload).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('on a members-only page: no reload, the login panel takes the page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    window.history.replaceState(null, '', '/member');
    mockApi({ [MemberPaths.current]: ok(demoMember), [MemberPaths.logout]: ok(null) });
    startSession('tok-1');
    renderApp('/member');

    expect(await screen.findByText('人民币余额')).toBeTruthy();
    await logOutFromHeader();
    expect(await screen.findByRole('heading', { name: '请先登录' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(reload).not.toHaveBeenCalled();
  });

  it('logs out locally even when the server cannot be reached', async () => {
    vi.spyOn(page, 'reload').mockImplementation(() => {});
    window.history.replaceState(null, '', '/');
    mockApi({ [MemberPaths.current]: ok(demoMember) });
    startSession('tok-1');
    renderApp('/');
    await logOutFromHeader();
    await waitFor(() => expect(getToken()).toBeNull());
  });
});
