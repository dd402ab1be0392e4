import { AdminOrderPaths, AdminPaths, MemberPaths, ResultCode } from '@shop/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONSOLE_PAGES, pagesFor } from '@/app/pages';
import { STAFF_TOKEN_KEY } from '@/lib/token';
import { CAPTCHA, EMPTY_DASHBOARD, fail, mockApi, ok, renderConsole, signIn, staffSession } from './utils';

const SLOW = { timeout: 45_000 };
const menuLabels = () => screen.queryAllByRole('menuitem').map((item) => item.textContent);

describe('the console menu and its pages', () => {
  it('shows the owner every page and opens the first one at /admin, with name and role in the header', async () => {
    mockApi({
      [AdminPaths.current]: ok(staffSession('owner')),
      [AdminPaths.staffList]: ok({ items: [] }),
      [AdminOrderPaths.dashboard]: ok(EMPTY_DASHBOARD),
    });
    signIn();
    const { router } = renderConsole('/');
    await screen.findByRole('menuitem', { name: /员工管理/ }, SLOW);
    // The owner may open every registered page, in the registry's order; the index opens 工作台.
    expect(menuLabels()).toEqual(CONSOLE_PAGES.map((page) => page.label));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const account = screen.getByRole('button', { name: '账号菜单' });
    expect(account.textContent).toContain('王老板');
    expect(account.textContent).toContain('店主');
  });

  it('shows a warehouse account no 员工管理 and refuses the page by its address', async () => {
    mockApi({ [AdminPaths.current]: ok(staffSession('warehouse')) });
    signIn();
    const { router } = renderConsole('/staff');
    expect(await screen.findByText('无权限', {}, SLOW)).toBeTruthy();
    expect(menuLabels()).not.toContain('员工管理');
    expect(menuLabels()).not.toContain('操作日志');
    expect(router.state.location.pathname).toBe('/staff');
  });

  it('builds each role menu from the registry and the role permissions', () => {
    const labels = (role: Parameters<typeof staffSession>[0]) =>
      pagesFor(staffSession(role)).map((p) => p.label);
    expect(labels('owner')).toEqual(CONSOLE_PAGES.map((p) => p.label));
    for (const role of ['service', 'warehouse', 'finance', 'content'] as const) {
      expect(labels(role)).not.toContain('员工管理');
    }
  });

  it('says 无权限 when the server refuses a call', async () => {
    mockApi({
      [AdminPaths.current]: ok(staffSession('owner')),
      [AdminPaths.staffList]: fail(ResultCode.PermissionDenied, '无权限：需要员工管理权限', 403),
    });
    signIn();
    renderConsole('/staff');
    expect((await screen.findAllByText('无权限：需要员工管理权限', {}, SLOW)).length).toBeGreaterThan(0);
  });

  it('signs out from the account menu: the server is told, the token forgotten, the login page says so', async () => {
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('owner')),
      [AdminPaths.staffList]: ok({ items: [] }),
      [AdminPaths.logout]: ok(null),
      [MemberPaths.captcha]: CAPTCHA,
    });
    signIn();
    const { router } = renderConsole('/staff');
    fireEvent.click(await screen.findByRole('button', { name: '账号菜单' }, SLOW));
    fireEvent.click(await screen.findByText('退出登录'));
    expect(await screen.findByText('已退出登录', {}, SLOW)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(api.callsTo(AdminPaths.logout)).toHaveLength(1);
    expect(window.localStorage.getItem(STAFF_TOKEN_KEY)).toBeNull();
  });

  it('signs out everywhere only after a confirmation', async () => {
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('owner')),
      [AdminPaths.staffList]: ok({ items: [] }),
      [AdminPaths.logoutAll]: ok(null),
      [MemberPaths.captcha]: CAPTCHA,
    });
    signIn();
    renderConsole('/staff');
    fireEvent.click(await screen.findByRole('button', { name: '账号菜单' }, SLOW));
    fireEvent.click(await screen.findByText('退出所有设备'));
    expect((await screen.findAllByText('退出所有设备？')).length).toBeGreaterThan(0);
    expect(api.callsTo(AdminPaths.logoutAll)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '全部退出' }));
    expect(await screen.findByText('已在所有设备上退出登录', {}, SLOW)).toBeTruthy();
    expect(api.callsTo(AdminPaths.logoutAll)).toHaveLength(1);
  });
});
