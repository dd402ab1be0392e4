import { AdminOrderPaths, AdminPaths, MemberPaths, ResultCode } from '@shop/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STAFF_TOKEN_KEY } from '@/lib/token';
import { CAPTCHA, EMPTY_DASHBOARD, fail, mockApi, ok, renderConsole, signIn, staffSession } from './utils';

const SLOW = { timeout: 45_000 };
const SETUP = ok({
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/shop:fin1?secret=JBSWY3DPEHPK3PXP&issuer=shop',
  qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
});

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('the gates before the console', () => {
  it('makes a money role without a second factor set it up first: QR code, the secret by hand, a code', async () => {
    let enabled = false;
    const api = mockApi({
      [AdminPaths.current]: () =>
        ok(staffSession('finance', { totpEnabled: enabled, totpSetupRequired: !enabled })),
      [AdminPaths.totpSetup]: SETUP,
      [AdminPaths.totpEnable]: (body) => {
        if (body.code !== '246810') return fail(ResultCode.TwoFactorRequired, '验证码错误，请重新输入');
        enabled = true;
        return ok(null);
      },
      [AdminOrderPaths.dashboard]: ok(EMPTY_DASHBOARD),
    });
    signIn();
    renderConsole('/');
    expect(await screen.findByText('设置两步验证', {}, SLOW)).toBeTruthy();
    expect((await screen.findByAltText('两步验证二维码', {}, SLOW)).getAttribute('src')).toBe(
      SETUP.data.qrCode,
    );
    expect(screen.getByTestId('totp-secret').textContent).toContain('JBSWY3DPEHPK3PXP');
    // No menu until it is done.
    expect(screen.queryByRole('menu')).toBeNull();

    type('验证码', '12');
    fireEvent.click(screen.getByRole('button', { name: '确认开启' }));
    expect(await screen.findByText('请输入6位数字验证码')).toBeTruthy();
    type('验证码', '135790');
    fireEvent.click(screen.getByRole('button', { name: '确认开启' }));
    expect(await screen.findByText('验证码错误，请重新输入', {}, SLOW)).toBeTruthy();

    type('验证码', '246810');
    fireEvent.click(screen.getByRole('button', { name: '确认开启' }));
    // Past the gate finance lands on the 工作台, the first page of every role.
    expect(await screen.findByText('今日（北京时间）', {}, SLOW)).toBeTruthy();
    expect(api.callsTo(AdminPaths.totpEnable).map((c) => c.body)).toEqual([
      { code: '135790' },
      { code: '246810' },
    ]);
    expect(api.callsTo(AdminPaths.totpEnable)[0]?.headers.Authorization).toBe('Bearer staff-token-1');
  });

  it('makes a reset password be changed first, checking the new one before sending it', async () => {
    let mustChange = true;
    const api = mockApi({
      [AdminPaths.current]: () => ok(staffSession('owner', { mustChangePassword: mustChange })),
      [AdminPaths.changePassword]: () => {
        mustChange = false;
        return ok(null);
      },
      [AdminPaths.staffList]: ok({ items: [] }),
    });
    signIn();
    renderConsole('/');
    expect(await screen.findByText('请修改密码', {}, SLOW)).toBeTruthy();
    type('原密码', 'first-pass-1');
    type('新密码', 'shortpw12');
    type('确认新密码', 'other');
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    expect(await screen.findByText('员工密码至少10位')).toBeTruthy();
    expect(await screen.findByText('两次输入的新密码不一致')).toBeTruthy();
    expect(api.callsTo(AdminPaths.changePassword)).toHaveLength(0);

    type('新密码', 'my-own-pass-2');
    type('确认新密码', 'my-own-pass-2');
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    expect(await screen.findByRole('menuitem', { name: /员工管理/ }, SLOW)).toBeTruthy();
    expect(api.callsTo(AdminPaths.changePassword).map((c) => c.body)).toEqual([
      { oldPassword: 'first-pass-1', newPassword: 'my-own-pass-2' },
    ]);
  });

  it('asks for the new password before the second factor, as the server lets them through (ADR 019)', async () => {
    let mustChange = true;
    mockApi({
      [AdminPaths.current]: () =>
        ok(
          staffSession('owner', {
            totpEnabled: false,
            totpSetupRequired: true,
            mustChangePassword: mustChange,
          }),
        ),
      [AdminPaths.changePassword]: () => {
        mustChange = false;
        return ok(null);
      },
      [AdminPaths.totpSetup]: SETUP,
    });
    signIn();
    renderConsole('/');
    expect(await screen.findByText('请修改密码', {}, SLOW)).toBeTruthy();
    expect(screen.queryByText('设置两步验证')).toBeNull();
    type('原密码', 'generated-1x');
    type('新密码', 'my-own-pass-2');
    type('确认新密码', 'my-own-pass-2');
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    expect(await screen.findByText('设置两步验证', {}, SLOW)).toBeTruthy();
  });

  it('sends an expired session back to the login page with a message, forgetting the token', async () => {
    mockApi({
      [AdminPaths.current]: fail(ResultCode.InvalidToken, '登录已过期，请重新登录', 401),
      [MemberPaths.captcha]: CAPTCHA,
    });
    signIn();
    const { router } = renderConsole('/audit');
    expect(await screen.findByText('登录已过期，请重新登录', {}, SLOW)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem(STAFF_TOKEN_KEY)).toBeNull();
  });

  it('brings up the gate when any call answers that the second factor must be set up first', async () => {
    let gated = false;
    mockApi({
      [AdminPaths.current]: () =>
        ok(staffSession('owner', { totpEnabled: !gated, totpSetupRequired: gated })),
      [AdminPaths.staffList]: () => {
        gated = true;
        return fail(ResultCode.TwoFactorSetupRequired, '请先设置两步验证', 403);
      },
      [AdminPaths.totpSetup]: SETUP,
    });
    signIn();
    renderConsole('/staff');
    expect(await screen.findByText('设置两步验证', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });
});
