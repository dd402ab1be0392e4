import { MemberPaths, ResultCode, StorageKey } from '@shop/domain';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { memberKeys } from '@/features/member/api/keys';
import { LoginForm } from '@/features/member/components/login-form';
import { RegisterForm } from '@/features/member/components/register-form';
import { toastStore } from '@/lib/notify';
import { page } from '@/lib/page';
import { registerAfterLoginTask, useSession } from '@/lib/session';
import { getCookie } from '@/lib/storage';
import { demoMember, fail, mockApi, ok, renderWithClient } from './utils';

const SLOW = { timeout: 45_000 };

const texts = () => toastStore.getState().toasts.map((t) => t.text);

function type(placeholder: string, value: string) {
  fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });
}

describe('LoginForm (spec §4 Login)', () => {
  it('stores the token, loads the member, runs after-login tasks and reloads after 2000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    const assign = vi.spyOn(page, 'assign').mockImplementation(() => {});
    const { calls } = mockApi({
      [MemberPaths.login]: ok({ token: 'tok-1' }),
      [MemberPaths.current]: ok(demoMember),
    });
    const cartSync = vi.fn();
    const unregister = registerAfterLoginTask(cartSync);
    const queryClient = renderWithClient(<LoginForm />);

    await screen.findByPlaceholderText('用户名', {}, SLOW);
    type('用户名', 'demo');
    type('密码', 'demo1234');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));

    await waitFor(() => expect(cartSync).toHaveBeenCalledOnce());
    unregister();
    expect(calls.find((c) => c.path === MemberPaths.login)?.body).toEqual({
      username: 'demo',
      password: 'demo1234',
    });
    expect(window.localStorage.getItem(StorageKey.token)).toBe('tok-1');
    expect(getCookie('user-token')).toBe('tok-1');
    expect(useSession.getState().token).toBe('tok-1');
    // The member was fetched with the new token.
    expect(calls.find((c) => c.path === MemberPaths.current)?.headers.Authorization).toBe('Bearer tok-1');
    expect(queryClient.getQueryData(memberKeys.current())).toEqual(demoMember);
    expect(texts()).toContain('登录成功');

    expect(reload).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(reload).toHaveBeenCalledOnce();
    expect(assign).not.toHaveBeenCalled();
  });

  it('goes to / instead of reloading when the address has loginAlert=true', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    window.history.replaceState(null, '', '/cart?loginAlert=true');
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    const assign = vi.spyOn(page, 'assign').mockImplementation(() => {});
    mockApi({ [MemberPaths.login]: ok({ token: 'tok-2' }), [MemberPaths.current]: ok(demoMember) });
    renderWithClient(<LoginForm />);

    await screen.findByPlaceholderText('用户名', {}, SLOW);
    type('用户名', 'demo');
    type('密码', 'demo1234');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(texts()).toContain('登录成功'));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(assign).toHaveBeenCalledWith('/');
    expect(reload).not.toHaveBeenCalled();
  });

  it('a refused login shows the server message, keeps the visitor out and runs the failure callback', async () => {
    mockApi({ [MemberPaths.login]: { status: 400, body: fail(ResultCode.ParamsError, '用户名或密码错误') } });
    const onFailure = vi.fn();
    renderWithClient(<LoginForm onFailure={onFailure} />);

    await screen.findByPlaceholderText('用户名', {}, SLOW);
    type('用户名', 'demo');
    type('密码', 'wrong-pass1');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(onFailure).toHaveBeenCalledOnce());
    expect(texts()).toEqual(['用户名或密码错误']);
    expect(window.localStorage.getItem(StorageKey.token)).toBeNull();
  });

  it('after a refusal that asks for the captcha, shows it and sends it with the next attempt', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    let attempts = 0;
    let served = 0;
    const { calls } = mockApi({
      [MemberPaths.captcha]: () =>
        ok({ captchaId: `c${++served}`, image: `data:image/svg+xml;base64,${served}`, expiresIn: 120 }),
      [MemberPaths.login]: () => {
        attempts += 1;
        if (attempts === 1)
          return {
            status: 400,
            body: fail(ResultCode.ParamsError, '用户名或密码错误', { needCaptcha: true }),
          };
        if (attempts === 2)
          return {
            status: 400,
            body: fail(ResultCode.ImageVerifyFailed, '验证码错误或已过期', { needCaptcha: true }),
          };
        return ok({ token: 'tok-3' });
      },
      [MemberPaths.current]: ok(demoMember),
    });
    renderWithClient(<LoginForm />);
    await screen.findByPlaceholderText('用户名', {}, SLOW);
    expect(screen.queryByPlaceholderText('验证码')).toBeNull();
    type('用户名', 'demo');
    type('密码', 'wrong-pass1');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));

    // The captcha appears (fetched only now) and the password is cleared.
    const image = await screen.findByAltText('验证码', {}, SLOW);
    expect(image.getAttribute('src')).toBe('data:image/svg+xml;base64,1');
    expect(calls.filter((c) => c.path === MemberPaths.captcha)).toHaveLength(1);
    type('密码', 'demo1234');
    type('验证码', 'wxyz');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(attempts).toBe(2));
    expect(calls.filter((c) => c.path === MemberPaths.login)[1]?.body).toEqual({
      username: 'demo',
      password: 'demo1234',
      captchaId: 'c1',
      captchaCode: 'wxyz',
    });
    // A refused captcha is replaced by a new one for the next attempt.
    await waitFor(() =>
      expect(screen.getByAltText('验证码').getAttribute('src')).toBe('data:image/svg+xml;base64,2'),
    );
    type('密码', 'demo1234');
    type('验证码', 'abcd');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(attempts).toBe(3));
    expect(calls.filter((c) => c.path === MemberPaths.login)[2]?.body).toMatchObject({ captchaId: 'c2' });
    await waitFor(() => expect(window.localStorage.getItem(StorageKey.token)).toBe('tok-3'));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('shows the captcha when the server says one is needed (SmsNeedImageVerify 403), the refusal said once', async () => {
    mockApi({
      [MemberPaths.captcha]: () =>
        ok({ captchaId: 'c1', image: 'data:image/svg+xml;base64,1', expiresIn: 120 }),
      // Another tab used up the account's attempts: this dialog has not shown the captcha yet. The code alone
      // says so (the server adds needCaptcha too).
      [MemberPaths.login]: { status: 400, body: fail(ResultCode.SmsNeedImageVerify, '请输入图片验证码') },
    });
    renderWithClient(<LoginForm />);
    await screen.findByPlaceholderText('用户名', {}, SLOW);
    type('用户名', 'demo');
    type('密码', 'demo1234');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByAltText('验证码', {}, SLOW)).toBeTruthy();
    expect(screen.getByPlaceholderText('验证码')).toBeTruthy();
    await waitFor(() =>
      expect(toastStore.getState().toasts.map((t) => t.text)).toEqual(['请输入图片验证码']),
    );
  });

  it('does not call the server when a field is empty', async () => {
    const { calls } = mockApi({});
    renderWithClient(<LoginForm />);
    await screen.findByPlaceholderText('用户名', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入用户名')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});

describe('RegisterForm', () => {
  const captcha = (n: number) =>
    ok({ captchaId: `c${n}`, image: `data:image/svg+xml;base64,${n}`, expiresIn: 300 });

  function fillRegistration() {
    type('用户名', 'newbuyer');
    type('密码', 'secret123');
    type('确认密码', 'secret123');
    type('验证码', 'abcd');
    type('姓名', '张三');
    fireEvent.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
  }

  it('asks for agreement to the 用户协议 and 隐私政策 (linked to their articles) before it registers', async () => {
    const { calls } = mockApi({ [MemberPaths.captcha]: captcha(1) });
    renderWithClient(<RegisterForm agreements={{ terms: '/article/7', privacy: '/article/8' }} />);
    await screen.findByAltText('验证码', {}, SLOW);
    expect(screen.getByRole('link', { name: '《用户协议》' }).getAttribute('href')).toBe('/article/7');
    expect(screen.getByRole('link', { name: '《隐私政策》' }).getAttribute('href')).toBe('/article/8');
    expect(screen.getByRole('link', { name: '《隐私政策》' }).getAttribute('target')).toBe('_blank');
    fillRegistration();
    // Ticked by fillRegistration; untick it: 注册 is refused with the reason, and nothing is sent.
    const agree = screen.getByRole('checkbox', { name: /我已阅读并同意/ }) as HTMLInputElement;
    fireEvent.click(agree);
    expect(agree.checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByText('请先阅读并勾选同意《用户协议》和《隐私政策》')).toBeTruthy();
    expect(calls.some((c) => c.path === MemberPaths.register)).toBe(false);
  });

  it('shows the captcha, refreshes it after a refusal and shows the server message', async () => {
    let served = 0;
    const { calls } = mockApi({
      [MemberPaths.captcha]: () => captcha(++served),
      [MemberPaths.register]: { status: 400, body: fail(ResultCode.ImageVerifyFailed, '验证码错误') },
    });
    const onFailure = vi.fn();
    renderWithClient(<RegisterForm onFailure={onFailure} />);

    const image = await screen.findByAltText('验证码', {}, SLOW);
    expect(image.getAttribute('src')).toBe('data:image/svg+xml;base64,1');
    fillRegistration();
    fireEvent.click(screen.getByRole('button', { name: '注册' }));

    await waitFor(() => expect(onFailure).toHaveBeenCalledOnce());
    expect(calls.find((c) => c.path === MemberPaths.register)?.body).toEqual({
      username: 'newbuyer',
      password: 'secret123',
      captchaId: 'c1',
      captchaCode: 'abcd',
      name: '张三',
    });
    expect(texts()).toContain('验证码错误');
    await waitFor(() =>
      expect(screen.getByAltText('验证码').getAttribute('src')).toBe('data:image/svg+xml;base64,2'),
    );

    // A click on the image asks for another one.
    fireEvent.click(screen.getByRole('button', { name: '看不清？点击换一张验证码' }));
    await waitFor(() =>
      expect(screen.getByAltText('验证码').getAttribute('src')).toBe('data:image/svg+xml;base64,3'),
    );
  });

  it('on success toasts the server message and logs in with the returned token', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    mockApi({
      [MemberPaths.captcha]: captcha(1),
      [MemberPaths.register]: ok({ token: 'tok-new' }, '注册成功'),
      [MemberPaths.current]: ok({ ...demoMember, username: 'newbuyer' }),
    });
    renderWithClient(<RegisterForm />);
    await screen.findByAltText('验证码', {}, SLOW);
    fillRegistration();
    fireEvent.click(screen.getByRole('button', { name: '注册' }));

    await waitFor(() => expect(texts()).toContain('注册成功'));
    expect(window.localStorage.getItem(StorageKey.token)).toBe('tok-new');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(reload).toHaveBeenCalledOnce();
  });
});
