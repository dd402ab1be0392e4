import { DEFAULT_NOTICE_PREFS, MemberPaths, MessagePaths, ResultCode, StorageKey } from '@shop/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AuthTabs } from '@/features/member/components/auth-tabs';
import { toastStore } from '@/lib/notify';
import { page } from '@/lib/page';
import { startSession } from '@/lib/session';
import { demoMember, fail, mockApi, ok, renderApp, renderWithClient } from './utils';

const SLOW = { timeout: 45_000 };

const texts = () => toastStore.getState().toasts.map((t) => t.text);

function type(label: string, value: string, scope: Pick<typeof screen, 'getByLabelText'> = screen) {
  fireEvent.change(scope.getByLabelText(label), { target: { value } });
}

/** captcha/ serving c1, c2, … one after another. */
function captchas() {
  let served = 0;
  return () => {
    served += 1;
    return ok({ captchaId: `c${served}`, image: `data:image/svg+xml;base64,${served}`, expiresIn: 120 });
  };
}

const codeSent = ok({ resendAfter: 60, expiresIn: 300 }, '验证码已发送，请查收');

/** Waits for the captcha picture `n` (a new one follows every sendCode/). */
async function captchaShown(n: number) {
  await waitFor(
    () => expect(screen.getByAltText('验证码').getAttribute('src')).toBe(`data:image/svg+xml;base64,${n}`),
    SLOW,
  );
}

/** Types the contact and the captcha, asks for the code, and waits for the countdown that follows. */
async function askForCode(
  label: string,
  contact: string,
  scope: Pick<typeof screen, 'getByLabelText'> = screen,
) {
  type(label, contact, scope);
  type('图片验证码', 'abcd', scope);
  fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
  await screen.findByRole('button', { name: '60 秒后重发' }, SLOW);
}

describe('短信登录 tab (#31)', () => {
  it('sends the code after the captcha, counts down resendAfter, then signs in as the password login does', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    const { calls } = mockApi({
      [MemberPaths.captcha]: captchas(),
      [MemberPaths.sendCode]: codeSent,
      [MemberPaths.smsLogin]: ok({ token: 'tok-sms' }),
      [MemberPaths.current]: ok({ ...demoMember, phone: '+86 138*****000', phoneVerified: true }),
    });
    renderWithClient(<AuthTabs />);
    fireEvent.click(await screen.findByRole('tab', { name: '短信登录' }, SLOW));
    await captchaShown(1);

    // Nothing is sent before the number and the captcha are there.
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('请输入手机号')).toBeTruthy();
    type('手机号', '138 0013 8000');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('请输入图片验证码')).toBeTruthy();
    type('图片验证码', 'wxyz');
    await waitFor(() => expect(screen.queryByText('请输入图片验证码')).toBeNull());
    expect(calls.some((c) => c.path === MemberPaths.sendCode)).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));

    const waiting = await screen.findByRole('button', { name: '60 秒后重发' }, SLOW);
    expect(waiting.hasAttribute('disabled')).toBe(true);
    expect(calls.find((c) => c.path === MemberPaths.sendCode)?.body).toEqual({
      scene: 'login',
      phone: '+8613800138000',
      captchaId: 'c1',
      captchaCode: 'wxyz',
    });
    expect(texts()).toContain('验证码已发送，请查收');
    // The captcha was used up: a new one, and its field is empty again.
    await captchaShown(2);
    expect((screen.getByLabelText('图片验证码') as HTMLInputElement).value).toBe('');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('button', { name: '59 秒后重发' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(screen.getByRole('button', { name: '获取验证码' }).hasAttribute('disabled')).toBe(false);

    type('短信验证码', '123456');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(window.localStorage.getItem(StorageKey.token)).toBe('tok-sms'));
    expect(calls.find((c) => c.path === MemberPaths.smsLogin)?.body).toEqual({
      phone: '+8613800138000',
      code: '123456',
    });
    await waitFor(() =>
      expect(calls.find((c) => c.path === MemberPaths.current)?.headers.Authorization).toBe('Bearer tok-sms'),
    );
    expect(texts()).toContain('登录成功');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('says the server’s message when codes are asked too often (429), and offers the button again', async () => {
    mockApi({
      [MemberPaths.captcha]: captchas(),
      [MemberPaths.sendCode]: {
        status: 429,
        body: fail(ResultCode.TooManyRequests, '获取验证码过于频繁，请稍后再试'),
      },
    });
    renderWithClient(<AuthTabs tab="sms" />);
    await captchaShown(1);
    type('手机号', '0412 345 678');
    type('图片验证码', 'abcd');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(texts()).toEqual(['获取验证码过于频繁，请稍后再试']));
    await captchaShown(2);
    expect(screen.getByRole('button', { name: '获取验证码' }).hasAttribute('disabled')).toBe(false);
  });

  it('refuses a number that is neither +86 nor +61, and a code that is not 6 digits, without a call', async () => {
    const { calls } = mockApi({ [MemberPaths.captcha]: captchas() });
    renderWithClient(<AuthTabs tab="sms" />);
    await captchaShown(1);
    type('手机号', '020 1234 5678');
    type('短信验证码', '12a');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('手机号须为中国大陆（+86）或澳大利亚（+61）手机号')).toBeTruthy();
    expect(screen.getByText('验证码为6位数字')).toBeTruthy();
    expect(calls.filter((c) => c.path !== MemberPaths.captcha)).toHaveLength(0);
  });
});

describe('忘记密码 (#31)', () => {
  /** The dialog's tabs with the reset form open, on a network that sends codes and resets. */
  async function openReset() {
    const api = mockApi({
      [MemberPaths.captcha]: captchas(),
      [MemberPaths.sendCode]: codeSent,
      [MemberPaths.resetPwd]: ok(null, '密码已重置，请使用新密码登录'),
    });
    renderWithClient(<AuthTabs />);
    fireEvent.click(await screen.findByRole('button', { name: '忘记密码？' }, SLOW));
    await captchaShown(1);
    return api;
  }

  it('resets by SMS code with the right bodies, then says so on the password tab', async () => {
    const { calls } = await openReset();
    await askForCode('手机号', '+61 412 345 678');
    expect(calls.find((c) => c.path === MemberPaths.sendCode)?.body).toEqual({
      scene: 'reset',
      phone: '+61412345678',
      captchaId: 'c1',
      captchaCode: 'abcd',
    });

    type('短信验证码', '654321');
    type('新密码', 'fresh2026');
    type('确认新密码', 'fresh2027');
    fireEvent.click(screen.getByRole('button', { name: '重置密码' }));
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    expect(calls.some((c) => c.path === MemberPaths.resetPwd)).toBe(false);

    type('确认新密码', 'fresh2026');
    fireEvent.click(screen.getByRole('button', { name: '重置密码' }));
    expect(await screen.findByText('密码已重置，请使用新密码登录', {}, SLOW)).toBeTruthy();
    expect(calls.find((c) => c.path === MemberPaths.resetPwd)?.body).toEqual({
      phone: '+61412345678',
      code: '654321',
      password: 'fresh2026',
    });
    expect(screen.getByRole('tab', { name: '账号登录' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByLabelText('用户名')).toBeTruthy();
  });

  it('resets by e-mail: the address goes lower-case, and a weak password is refused before any call', async () => {
    const { calls } = await openReset();
    // The other channel starts over with its own captcha.
    fireEvent.click(screen.getByText('邮箱找回'));
    await captchaShown(2);
    await askForCode('邮箱', 'Buyer@Example.com');
    expect(calls.find((c) => c.path === MemberPaths.sendCode)?.body).toEqual({
      scene: 'reset',
      email: 'buyer@example.com',
      captchaId: 'c2',
      captchaCode: 'abcd',
    });
    type('邮件验证码', '111222');
    type('新密码', 'onlyletters');
    type('确认新密码', 'onlyletters');
    fireEvent.click(screen.getByRole('button', { name: '重置密码' }));
    expect(await screen.findByText('密码须包含数字')).toBeTruthy();
    expect(calls.some((c) => c.path === MemberPaths.resetPwd)).toBe(false);

    type('新密码', 'letters2026');
    type('确认新密码', 'letters2026');
    fireEvent.click(screen.getByRole('button', { name: '重置密码' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === MemberPaths.resetPwd)?.body).toEqual({
        email: 'buyer@example.com',
        code: '111222',
        password: 'letters2026',
      }),
    );
  });

  it('a refused code says the server’s message and stays on the reset form', async () => {
    mockApi({
      [MemberPaths.captcha]: captchas(),
      [MemberPaths.resetPwd]: { status: 400, body: fail(ResultCode.ParamsError, '验证码错误或已过期') },
    });
    renderWithClient(<AuthTabs />);
    fireEvent.click(await screen.findByRole('button', { name: '忘记密码？' }, SLOW));
    type('手机号', '13800138000');
    type('短信验证码', '000000');
    type('新密码', 'fresh2026');
    type('确认新密码', 'fresh2026');
    fireEvent.click(screen.getByRole('button', { name: '重置密码' }));
    await waitFor(() => expect(texts()).toEqual(['验证码错误或已过期']));
    expect(screen.getByRole('button', { name: '重置密码' })).toBeTruthy();
    expect(screen.queryByText('密码已重置，请使用新密码登录')).toBeNull();
  });
});

describe('/member/settings 联系方式与验证 and 通知设置 (#31)', () => {
  const unbound = {
    ...demoMember,
    email: 'd***@example.com',
    phone: '',
    phoneVerified: false,
    emailVerified: false,
  };
  const shell = { [MessagePaths.unreadCount]: ok({ total: 0, byType: {} }) };

  it('binds a phone: captcha, code (scene bind), bindContact/, then current/ read again shows it verified', async () => {
    let member = unbound;
    const { calls } = mockApi({
      ...shell,
      [MemberPaths.current]: () => ok(member),
      [MemberPaths.noticePrefs]: ok(DEFAULT_NOTICE_PREFS),
      [MemberPaths.captcha]: captchas(),
      [MemberPaths.sendCode]: codeSent,
      [MemberPaths.bindContact]: () => {
        member = { ...unbound, phone: '+86 138*****000', phoneVerified: true };
        return ok(member, '验证成功，已绑定');
      },
    });
    startSession('tok');
    renderApp('/member/settings');
    const card = within(
      (await screen.findByText('联系方式与验证', {}, SLOW)).closest('section') as HTMLElement,
    );
    expect(await card.findByText('d***@example.com', {}, SLOW)).toBeTruthy();
    expect(card.getByText('未绑定')).toBeTruthy();
    expect(card.getAllByText('未验证')).toHaveLength(2);

    fireEvent.click(card.getAllByRole('button', { name: '绑定' })[0] as HTMLElement);
    await captchaShown(1);
    await askForCode('手机号', '13800138000', card);
    expect(calls.find((c) => c.path === MemberPaths.sendCode)).toMatchObject({
      body: { scene: 'bind', phone: '+8613800138000', captchaId: 'c1', captchaCode: 'abcd' },
      headers: { Authorization: 'Bearer tok' },
    });
    const currentReads = calls.filter((c) => c.path === MemberPaths.current).length;
    type('短信验证码', '246810', card);
    fireEvent.click(screen.getByRole('button', { name: '确认绑定' }));

    expect(await card.findByText('+86 138*****000', {}, SLOW)).toBeTruthy();
    expect(calls.find((c) => c.path === MemberPaths.bindContact)?.body).toEqual({
      phone: '+8613800138000',
      code: '246810',
    });
    expect(calls.filter((c) => c.path === MemberPaths.current).length).toBeGreaterThan(currentReads);
    expect(card.getByText('已验证')).toBeTruthy();
    expect(card.getByRole('button', { name: '更换' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '确认绑定' })).toBeNull();
    expect(texts()).toContain('验证成功，已绑定');
  });

  it('the profile form no longer posts the masked e-mail back', async () => {
    const { calls } = mockApi({
      ...shell,
      [MemberPaths.current]: ok(unbound),
      [MemberPaths.noticePrefs]: ok(DEFAULT_NOTICE_PREFS),
      [MemberPaths.update]: (body) => ok({ ...unbound, ...(body as object) }, '资料已更新'),
    });
    startSession('tok');
    renderApp('/member/settings');
    fireEvent.click(await screen.findByRole('button', { name: '保存资料' }, SLOW));
    await waitFor(() => expect(calls.some((c) => c.path === MemberPaths.update)).toBe(true));
    const body = calls.find((c) => c.path === MemberPaths.update)?.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('email');
    expect(body.mobile).toBe(demoMember.mobile);
  });

  it('saves the notice choices and language with updateNoticePrefs/, and links to binding when unverified', async () => {
    const { calls } = mockApi({
      ...shell,
      [MemberPaths.current]: ok({ ...unbound, emailVerified: true, email: 'd***@example.com' }),
      [MemberPaths.noticePrefs]: ok(DEFAULT_NOTICE_PREFS),
      [MemberPaths.updateNoticePrefs]: (body) => ok(body, '通知设置已保存'),
      [MemberPaths.captcha]: captchas(),
    });
    startSession('tok');
    renderApp('/member/settings');
    const shipped = await screen.findByRole('switch', { name: '订单发货（含快递单号）：短信' }, SLOW);
    expect(shipped.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('站内消息始终发送，不受以上设置影响。')).toBeTruthy();
    // The e-mail is verified, the phone is not: only SMS is said to go nowhere yet.
    expect(screen.getByText(/您还没有已验证的手机号，短信通知暂不会发送/)).toBeTruthy();
    expect(screen.queryByText(/您还没有已验证的邮箱/)).toBeNull();

    fireEvent.click(shipped);
    fireEvent.click(screen.getByRole('switch', { name: '订单付款成功：邮件' }));
    fireEvent.click(screen.getByRole('switch', { name: '客服回复工单：短信' }));
    fireEvent.click(screen.getByText('English'));
    fireEvent.click(screen.getByRole('button', { name: '保存设置' }));
    await waitFor(() => expect(texts()).toContain('通知设置已保存'));
    expect(calls.find((c) => c.path === MemberPaths.updateNoticePrefs)?.body).toEqual({
      locale: 'en',
      email: { ...DEFAULT_NOTICE_PREFS.email, paid: false },
      sms: { ...DEFAULT_NOTICE_PREFS.sms, shipped: false, ticketAnswered: true },
    });

    // 去绑定 opens the phone's binding form in the card above.
    fireEvent.click(screen.getByRole('button', { name: '去绑定' }));
    const card = within(screen.getByText('联系方式与验证').closest('section') as HTMLElement);
    expect(await card.findByRole('button', { name: '确认绑定' })).toBeTruthy();
    expect(card.getByLabelText('手机号')).toBeTruthy();
  });

  it('says a failed load of the choices with 重新加载', async () => {
    mockApi({
      ...shell,
      [MemberPaths.current]: ok(unbound),
      [MemberPaths.noticePrefs]: {
        status: 500,
        body: fail(ResultCode.InternalServiceError, '服务器开小差了'),
      },
    });
    startSession('tok');
    renderApp('/member/settings');
    expect(await screen.findByRole('button', { name: '重新加载' }, SLOW)).toBeTruthy();
  });
});
