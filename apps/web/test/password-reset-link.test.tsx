import { MemberPaths } from '@shop/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, renderApp } from './utils';

// The page's code loads on demand: on a busy machine the first screen may take a while.
const SLOW = { timeout: 45_000 };
const TOKEN = 'Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7dEf0hIj3';
const DEAD = '该链接已使用或已过期，请联系客服重新获取';
const live = ok({ username: 'wangxm', expiresAt: '2026-11-29T13:00:00.000Z' });

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('/password-reset: the one-time link staff hand over (ADR 045)', () => {
  it('lets the member choose a password by the shop rules, sends it with the link once, then offers sign-in', async () => {
    const { calls } = mockApi({
      [MemberPaths.resetLinkStatus]: live,
      [MemberPaths.resetPwdByLink]: ok(null, '新密码已设置，请使用新密码登录'),
    });
    renderApp(`/password-reset#${TOKEN}`);
    expect(await screen.findByText('为账号 wangxm 设置新密码', {}, SLOW)).toBeTruthy();
    expect(calls.find((c) => c.path === MemberPaths.resetLinkStatus)?.body).toEqual({ token: TOKEN });

    type('新密码', 'onlyletters');
    type('确认新密码', 'onlyletters');
    fireEvent.click(screen.getByRole('button', { name: '设置新密码' }));
    expect(await screen.findByText('密码须包含数字', {}, SLOW)).toBeTruthy();
    type('新密码', 'mine2026x');
    type('确认新密码', 'mine2026y');
    expect(await screen.findByText('两次输入的密码不一致', {}, SLOW)).toBeTruthy();
    expect(calls.some((c) => c.path === MemberPaths.resetPwdByLink)).toBe(false);

    type('确认新密码', 'mine2026x');
    fireEvent.click(screen.getByRole('button', { name: '设置新密码' }));
    expect(await screen.findByRole('heading', { name: '密码已设置' }, SLOW)).toBeTruthy();
    expect(calls.filter((c) => c.path === MemberPaths.resetPwdByLink).map((c) => c.body)).toEqual([
      { token: TOKEN, password: 'mine2026x' },
    ]);
    expect(screen.getByRole('button', { name: '去登录' })).toBeTruthy();
  });

  it('says in Chinese that a used or expired link no longer works, with no form', async () => {
    mockApi({ [MemberPaths.resetLinkStatus]: fail(-1, DEAD) });
    renderApp(`/password-reset#${TOKEN}`);
    expect(await screen.findByRole('heading', { name: '链接已失效' }, SLOW)).toBeTruthy();
    expect(screen.getByText(new RegExp(DEAD))).toBeTruthy();
    expect(screen.queryByLabelText('新密码')).toBeNull();
  });

  it('says so when the link was used meanwhile, once the password is sent', async () => {
    let used = false;
    mockApi({
      [MemberPaths.resetLinkStatus]: () => (used ? fail(-1, DEAD) : live),
      [MemberPaths.resetPwdByLink]: () => {
        used = true;
        return fail(-1, DEAD);
      },
    });
    renderApp(`/password-reset#${TOKEN}`);
    await screen.findByText('为账号 wangxm 设置新密码', {}, SLOW);
    type('新密码', 'mine2026x');
    type('确认新密码', 'mine2026x');
    fireEvent.click(screen.getByRole('button', { name: '设置新密码' }));
    expect(await screen.findByRole('heading', { name: '链接已失效' }, SLOW)).toBeTruthy();
  });

  it('asks nothing of the server for a link cut short', async () => {
    const { calls } = mockApi({});
    renderApp('/password-reset#Ab3dEf');
    expect(await screen.findByRole('heading', { name: '链接不完整' }, SLOW)).toBeTruthy();
    await waitFor(() =>
      expect(calls.some((c) => c.path.startsWith('/api/memberService/member/reset'))).toBe(false),
    );
  });
});
