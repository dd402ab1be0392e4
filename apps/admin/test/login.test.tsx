import { AdminOrderPaths, AdminPaths, MemberPaths, ResultCode } from '@shop/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STAFF_TOKEN_KEY } from '@/lib/token';
import { CAPTCHA, EMPTY_DASHBOARD, fail, mockApi, ok, renderConsole, staffSession } from './utils';

const SLOW = { timeout: 45_000 };

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

let captchaCount = 0;
const captcha = () => {
  captchaCount += 1;
  return ok({
    captchaId: `cap-${captchaCount}`,
    image: 'data:image/svg+xml;base64,PHN2Zy8+',
    expiresIn: 300,
  });
};

const staffList = ok({ items: [] });

async function fillPasswordStep() {
  await screen.findByAltText('验证码图片', {}, SLOW);
  type('用户名', 'boss');
  type('密码', 'secret-pass-1');
  type('验证码', 'ab12');
}

describe('console login', () => {
  it('sends an unsigned visitor to the login page with the captcha picture, which a click replaces', async () => {
    const api = mockApi({ [MemberPaths.captcha]: captcha });
    const { router } = renderConsole('/staff');
    await screen.findByAltText('验证码图片', {}, SLOW);
    expect(router.state.location.pathname).toBe('/login');
    const before = api.callsTo(MemberPaths.captcha).length;
    fireEvent.click(screen.getByRole('button', { name: '看不清？换一张验证码' }));
    await waitFor(() => expect(api.callsTo(MemberPaths.captcha).length).toBe(before + 1));
  });

  it('says what is missing before sending anything', async () => {
    const api = mockApi({ [MemberPaths.captcha]: CAPTCHA });
    renderConsole('/login');
    await screen.findByAltText('验证码图片', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    // The form checks its fields one by one, each message appearing as its check ends.
    expect(await screen.findByText('请输入用户名', {}, SLOW)).toBeTruthy();
    expect(await screen.findByText('请输入密码', {}, SLOW)).toBeTruthy();
    expect(await screen.findByText('请输入验证码', {}, SLOW)).toBeTruthy();
    expect(api.callsTo(AdminPaths.login)).toHaveLength(0);
  });

  it('shows a refused password in Chinese and gives a fresh captcha for the next try', async () => {
    const api = mockApi({
      [MemberPaths.captcha]: captcha,
      [AdminPaths.login]: fail(ResultCode.BadRequest, '用户名或密码错误'),
    });
    renderConsole('/login');
    await fillPasswordStep();
    const captchasBefore = api.callsTo(MemberPaths.captcha).length;
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toContain('用户名或密码错误');
    await waitFor(() => expect(api.callsTo(MemberPaths.captcha).length).toBe(captchasBefore + 1));
    expect((screen.getByLabelText('验证码') as HTMLInputElement).value).toBe('');
    expect(window.localStorage.getItem(STAFF_TOKEN_KEY)).toBeNull();
  });

  it('asks for the authenticator code when the server says TwoFactorRequired, then signs in with it', async () => {
    const owner = staffSession('owner');
    const api = mockApi({
      [MemberPaths.captcha]: captcha,
      [AdminPaths.login]: (body) => {
        if (!body.totpCode) return fail(ResultCode.TwoFactorRequired, '请输入两步验证码');
        if (body.totpCode !== '123456') return fail(ResultCode.TwoFactorRequired, '两步验证码错误');
        return ok({ token: 'owner-token', staff: owner });
      },
      [AdminPaths.current]: ok(owner),
      [AdminPaths.staffList]: staffList,
      [AdminOrderPaths.dashboard]: ok(EMPTY_DASHBOARD),
    });
    const { router } = renderConsole('/login');
    await fillPasswordStep();
    fireEvent.click(screen.getByRole('button', { name: '登录' }));

    // The code step: the password is kept, the used captcha is replaced.
    await screen.findByLabelText('身份验证器验证码', {}, SLOW);
    type('身份验证器验证码', '12345');
    type('验证码', 'cd34');
    fireEvent.click(screen.getByRole('button', { name: '验证并登录' }));
    expect(await screen.findByText('请输入6位数字验证码')).toBeTruthy();

    type('身份验证器验证码', '654321');
    fireEvent.click(screen.getByRole('button', { name: '验证并登录' }));
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toContain('两步验证码错误');

    type('身份验证器验证码', '123456');
    type('验证码', 'ef56');
    fireEvent.click(screen.getByRole('button', { name: '验证并登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), SLOW);
    expect(window.localStorage.getItem(STAFF_TOKEN_KEY)).toBe('owner-token');
    // The storefront's member token is never written.
    expect(window.localStorage.getItem('token')).toBeNull();

    const logins = api.callsTo(AdminPaths.login);
    expect(logins).toHaveLength(3);
    const first = logins[0]?.body ?? {};
    expect(first).toMatchObject({ username: 'boss', password: 'secret-pass-1', captchaCode: 'ab12' });
    expect(first).not.toHaveProperty('totpCode');
    const last = logins[2]?.body ?? {};
    expect(last).toMatchObject({
      username: 'boss',
      password: 'secret-pass-1',
      totpCode: '123456',
      captchaCode: 'ef56',
    });
    // Each attempt uses up its captcha: the code step sends a fresh one.
    expect(last.captchaId).not.toBe(first.captchaId);
  });

  it('asks for the code mailed to the work address when the server says so, then signs in with it', async () => {
    const service = staffSession('service');
    const asked = { factor: 'email', sentTo: 'd***@example.test' };
    const api = mockApi({
      [MemberPaths.captcha]: captcha,
      [AdminPaths.login]: (body) => {
        if (!body.emailCode)
          return {
            status: 400,
            body: {
              success: false,
              resultCode: ResultCode.TwoFactorRequired,
              message: '验证码已发送',
              data: asked,
            },
          };
        return ok({ token: 'service-token', staff: service });
      },
      [AdminPaths.current]: ok(service),
      [AdminOrderPaths.dashboard]: ok(EMPTY_DASHBOARD),
    });
    const { router } = renderConsole('/login');
    await fillPasswordStep();
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await screen.findByLabelText('邮件验证码', {}, SLOW);
    expect(screen.getByText(/验证码已发送到工作邮箱 d\*\*\*@example\.test/)).toBeTruthy();
    expect(screen.queryByLabelText('身份验证器验证码')).toBeNull();
    type('邮件验证码', '246810');
    type('验证码', 'cd34');
    fireEvent.click(screen.getByRole('button', { name: '验证并登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), SLOW);
    const last = api.callsTo(AdminPaths.login).at(-1)?.body ?? {};
    expect(last).toMatchObject({ emailCode: '246810', captchaCode: 'cd34' });
    expect(last).not.toHaveProperty('totpCode');
  });

  it('shows a wrong captcha as such', async () => {
    mockApi({
      [MemberPaths.captcha]: captcha,
      [AdminPaths.login]: fail(ResultCode.ImageVerifyFailed, '验证码错误'),
    });
    renderConsole('/login');
    await fillPasswordStep();
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toContain('验证码错误');
  });
});
