import { MemberPaths, StorageKey, WechatPaths } from '@shop/domain';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { QrLoginTab } from '@/features/member/components/qr-login-tab';
import { formatCountdown } from '@/features/member/components/qr-scan-panel';
import { WechatBindingCard } from '@/features/member/components/wechat-binding-card';
import { toastStore } from '@/lib/notify';
import { page } from '@/lib/page';
import { startSession } from '@/lib/session';
import { demoMember, fail, mockApi, ok, renderWithClient } from './utils';

const SLOW = { timeout: 45_000 };
const TICKET = 'T'.repeat(43);

const qrCode = (ticket = TICKET) =>
  ok({
    ticket,
    provider: 'sandbox' as const,
    qrImage: 'data:image/svg+xml;base64,PHN2Zy8+',
    scanUrl: 'http://localhost/sandbox-wechat/scan/abcdefghijklmnopqrstuvwx',
    expiresIn: 300,
  });

/** checkQrScan/ answering the given states one after another (the last one repeats). */
function scanStates(...states: Record<string, unknown>[]) {
  let i = 0;
  return () => {
    const state = states[Math.min(i, states.length - 1)] ?? { status: 'waiting' };
    i += 1;
    return ok(state);
  };
}

const texts = () => toastStore.getState().toasts.map((t) => t.text);

describe('扫码登录 tab (spec §4 QR scan check)', () => {
  it('shows the QR code with a countdown and the sandbox mark, then “scanned, confirm on your phone”', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({
      [WechatPaths.getQrCode]: qrCode(),
      [WechatPaths.checkQrScan]: scanStates({ status: 'waiting' }, { status: 'scanned' }),
    });
    renderWithClient(<QrLoginTab />);
    const image = await screen.findByAltText('微信扫码登录二维码', {}, SLOW);
    expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByText(/二维码 0[45]:\d\d 后失效/)).toBeTruthy();
    expect(screen.getByText('打开模拟扫码页').getAttribute('href')).toContain('/sandbox-wechat/scan/');
    await act(() => vi.advanceTimersByTimeAsync(2100));
    expect(await screen.findByText('扫码成功，请在手机上确认', {}, SLOW)).toBeTruthy();
  });

  it('offers a fresh code once the code expired, and asks for a new one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = mockApi({
      [WechatPaths.getQrCode]: qrCode(),
      [WechatPaths.checkQrScan]: ok({ status: 'waiting' }),
    });
    renderWithClient(<QrLoginTab />);
    await screen.findByAltText('微信扫码登录二维码', {}, SLOW);
    await act(() => vi.advanceTimersByTimeAsync(301_000));
    expect(await screen.findByText('二维码已失效', {}, SLOW)).toBeTruthy();
    const polls = calls.filter((c) => c.path === WechatPaths.checkQrScan).length;
    await act(() => vi.advanceTimersByTimeAsync(6000));
    // No polling of an expired code.
    expect(calls.filter((c) => c.path === WechatPaths.checkQrScan).length).toBe(polls);
    fireEvent.click(screen.getByRole('button', { name: /刷新二维码/ }));
    await waitFor(() => expect(calls.filter((c) => c.path === WechatPaths.getQrCode)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByText('二维码已失效')).toBeNull());
  });

  it('signs a bound chat-app user in as a password login does: token stored, member fetched, reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    const { calls } = mockApi({
      [WechatPaths.getQrCode]: qrCode(),
      [WechatPaths.checkQrScan]: ok({ status: 'success', token: 'qr-token' }),
      [MemberPaths.current]: ok(demoMember),
    });
    renderWithClient(<QrLoginTab />);
    await waitFor(() => expect(window.localStorage.getItem(StorageKey.token)).toBe('qr-token'), SLOW);
    await waitFor(() =>
      expect(calls.find((c) => c.path === MemberPaths.current)?.headers.Authorization).toBe(
        'Bearer qr-token',
      ),
    );
    expect(texts()).toContain('登录成功');
    await act(() => vi.advanceTimersByTimeAsync(2100));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('says 该微信尚未绑定账号 and binds after 登录并绑定', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(page, 'reload').mockImplementation(() => {});
    const { calls } = mockApi({
      [WechatPaths.getQrCode]: qrCode(),
      [WechatPaths.checkQrScan]: ok({ status: 'needBind', nickname: '小明', avatar: '' }),
      [MemberPaths.login]: ok({ token: 'pw-token' }),
      [MemberPaths.current]: ok(demoMember),
      [WechatPaths.wechatBind]: ok(
        { nickname: '小明', avatar: '', boundAt: '2026-11-24T06:00:00.000Z' },
        '微信绑定成功',
      ),
    });
    renderWithClient(<QrLoginTab />);
    expect(await screen.findByText('该微信尚未绑定账号', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('小明')).toBeTruthy();
    expect(screen.getByRole('button', { name: '注册并绑定' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '登录并绑定' }));
    fireEvent.change(await screen.findByPlaceholderText('用户名'), { target: { value: 'demo' } });
    fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: 'demo1234' } });
    fireEvent.click(screen.getByRole('button', { name: '登录并绑定' }));
    await waitFor(() => expect(calls.some((c) => c.path === WechatPaths.wechatBind)).toBe(true), SLOW);
    expect(calls.find((c) => c.path === WechatPaths.wechatBind)).toMatchObject({
      body: { ticket: TICKET, memberId: demoMember.id },
      headers: { Authorization: 'Bearer pw-token' },
    });
    await waitFor(() => expect(texts()).toContain('微信绑定成功'));
  });

  it('shows a provider failure in the code’s place with a refresh', async () => {
    mockApi({
      [WechatPaths.getQrCode]: qrCode(),
      [WechatPaths.checkQrScan]: fail(1010, '微信授权失败，请刷新二维码后重试'),
    });
    renderWithClient(<QrLoginTab />);
    expect(await screen.findByText('微信授权失败，请刷新二维码后重试', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: /刷新二维码/ })).toBeTruthy();
  });

  it('writes the countdown as mm:ss', () => {
    expect(formatCountdown(300)).toBe('05:00');
    expect(formatCountdown(61.2)).toBe('01:02');
    expect(formatCountdown(-3)).toBe('00:00');
  });
});

describe('/member/security binding', () => {
  it('shows the bound chat-app user and unbinds after the password', async () => {
    startSession('tok');
    const { calls } = mockApi({
      [MemberPaths.current]: ok(demoMember),
      [WechatPaths.binding]: ok({ nickname: '小明', avatar: '', boundAt: '2026-11-24T06:00:00.000Z' }),
      [WechatPaths.unbind]: ok(null, '已解除微信绑定'),
    });
    renderWithClient(<WechatBindingCard />);
    expect(await screen.findByText('已绑定微信：小明', {}, SLOW)).toBeTruthy();
    expect(screen.getByText(/绑定时间：2026/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '解除绑定' }));
    fireEvent.change(screen.getByPlaceholderText('登录密码'), { target: { value: 'secret123' } });
    fireEvent.click(screen.getByRole('button', { name: '确认解除' }));
    expect(await screen.findByText('未绑定微信', {}, SLOW)).toBeTruthy();
    expect(calls.find((c) => c.path === WechatPaths.unbind)?.body).toEqual({ password: 'secret123' });
    expect(texts()).toContain('已解除微信绑定');
  });

  it('binds the chat-app user who scans the binding code', async () => {
    startSession('tok');
    const { calls } = mockApi({
      [MemberPaths.current]: ok(demoMember),
      [WechatPaths.binding]: ok(null),
      [WechatPaths.getQrCode]: qrCode(),
      [WechatPaths.checkQrScan]: ok({ status: 'needBind', nickname: '小红', avatar: '' }),
      [WechatPaths.wechatBind]: ok(
        { nickname: '小红', avatar: '', boundAt: '2026-11-24T06:00:00.000Z' },
        '微信绑定成功',
      ),
    });
    renderWithClient(<WechatBindingCard />);
    fireEvent.click(await screen.findByRole('button', { name: '绑定微信' }, SLOW));
    expect(await screen.findByText('已绑定微信：小红', {}, SLOW)).toBeTruthy();
    expect(calls.find((c) => c.path === WechatPaths.getQrCode)?.body).toEqual({ purpose: 'bind' });
    expect(calls.find((c) => c.path === WechatPaths.wechatBind)?.body).toEqual({
      ticket: TICKET,
      memberId: demoMember.id,
    });
    expect(texts()).toContain('微信绑定成功');
  });
});
