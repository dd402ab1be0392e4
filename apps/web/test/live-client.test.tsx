import {
  CartPaths,
  LiveCloseCode,
  MemberPaths,
  MessagePaths,
  ResultCode,
  SupportTicketPaths,
} from '@shop/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  LIVE_POLL_MS,
  type LiveSocket,
  type LiveStatus,
  liveBackoffMs,
  liveFailureCode,
  liveUrl,
  startLiveClient,
  useLiveStatus,
} from '@/lib/live-client';
import { toastStore } from '@/lib/notify';
import { startSession } from '@/lib/session';
import { getToken } from '@/lib/storage';
import { cartList } from './cart-fixtures';
import { shellHandlers } from './catalogue-fixtures';
import { FakeSocket, stubWebSocket, ticketDetail, ticketReply, unread } from './service-fixtures';
import { demoMember, mockApi, ok, renderApp } from './utils';

const SLOW = { timeout: 45_000 };

describe('live client (spec §8 WebSocket codes 1030–1032)', () => {
  it('maps how a socket ended to the spec codes', () => {
    const cases: [number, boolean, number][] = [
      [LiveCloseCode.TokenExpired, false, ResultCode.WebSocketTokenExpire],
      [LiveCloseCode.TokenExpired, true, ResultCode.WebSocketTokenExpire],
      [1006, false, ResultCode.WebSocketError],
      [1000, true, ResultCode.WebSocketError],
      [1011, true, ResultCode.WebSocketError],
      [LiveCloseCode.GoingAway, false, ResultCode.WebSocketClose],
      [1000, false, ResultCode.WebSocketClose],
    ];
    for (const [code, failed, expected] of cases) {
      expect(liveFailureCode(code, failed), `${code} ${failed}`).toBe(expected);
    }
    expect(liveUrl({ protocol: 'https:', host: 'shop.example' })).toBe('wss://shop.example/api/live');
    expect(liveUrl({ protocol: 'http:', host: '127.0.0.1:3000' })).toBe('ws://127.0.0.1:3000/api/live');
    expect([1, 2, 3, 6, 10].map((n) => liveBackoffMs(n, () => 0.5))).toEqual([
      1000, 2000, 4000, 30000, 30000,
    ]);
  });

  it('sends the token, reports ready, hands events over and re-connects after a drop', () => {
    vi.useFakeTimers();
    const sockets: FakeSocket[] = [];
    const statuses: [LiveStatus, number | undefined][] = [];
    const events: unknown[] = [];
    const client = startLiveClient({
      token: () => 'tok-9',
      url: 'ws://shop/api/live',
      createSocket: (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket;
      },
      onEvent: (event) => events.push(event),
      onStatus: (status, failure) => statuses.push([status, failure]),
      onTokenExpired: () => {
        throw new Error('not expected');
      },
      backoffMs: (attempt) => attempt * 1000,
    });
    const first = sockets[0] as FakeSocket;
    first.serverOpen();
    expect(first.sent).toEqual([JSON.stringify({ token: 'tok-9' })]);
    first.push({ kind: 'ready' });
    first.push({ kind: 'unread', unread: unread(2) });
    first.push({ kind: 'ticket', ticketId: 4 });
    first.onmessage?.({ data: 'not json' });
    expect(events).toEqual([
      { kind: 'ready' },
      { kind: 'unread', unread: unread(2) },
      { kind: 'ticket', ticketId: 4 },
    ]);

    first.serverClose(LiveCloseCode.GoingAway);
    expect(statuses).toEqual([
      ['connecting', undefined],
      ['open', undefined],
      ['polling', ResultCode.WebSocketClose],
    ]);
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    (sockets[1] as FakeSocket).serverClose(1006, true);
    expect(statuses.at(-1)).toEqual(['polling', ResultCode.WebSocketError]);
    // The pause grows with each failed attempt.
    vi.advanceTimersByTime(1999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    client.stop();
    expect(statuses.at(-1)).toEqual(['idle', undefined]);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(3);
  });

  it('falls back to polling where no socket can open, and keeps trying', () => {
    vi.useFakeTimers();
    const statuses: [LiveStatus, number | undefined][] = [];
    let tries = 0;
    const client = startLiveClient({
      token: () => 'tok-9',
      createSocket: () => {
        tries += 1;
        if (tries === 1) throw new Error('blocked');
        return null;
      },
      onEvent: () => {},
      onStatus: (status, failure) => statuses.push([status, failure]),
      onTokenExpired: () => {},
      backoffMs: () => 5000,
    });
    expect(statuses.at(-1)).toEqual(['polling', ResultCode.WebSocketError]);
    vi.advanceTimersByTime(5000);
    expect(tries).toBe(2);
    expect(statuses.at(-1)).toEqual(['polling', ResultCode.WebSocketError]);
    client.stop();
  });

  it('stops on a refused token (1032) and lets the app end the session', () => {
    vi.useFakeTimers();
    const sockets: LiveSocket[] = [];
    const expired = vi.fn();
    const statuses: [LiveStatus, number | undefined][] = [];
    startLiveClient({
      token: () => 'old',
      createSocket: (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket;
      },
      onEvent: () => {},
      onStatus: (status, failure) => statuses.push([status, failure]),
      onTokenExpired: expired,
    });
    (sockets[0] as FakeSocket).serverOpen();
    (sockets[0] as FakeSocket).serverClose(LiveCloseCode.TokenExpired);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(statuses.at(-1)).toEqual(['expired', ResultCode.WebSocketTokenExpire]);
    vi.advanceTimersByTime(120_000);
    expect(sockets).toHaveLength(1);
  });
});

describe('live updates in the storefront', () => {
  const member = {
    ...shellHandlers,
    [MemberPaths.current]: ok(demoMember),
    [CartPaths.list]: ok(cartList([])),
  };

  it('the header badge and the open thread follow live events, without a reload', async () => {
    stubWebSocket();
    let replies = [ticketReply({ id: 1, content: '外箱压坏了' })];
    let unreadNow = unread(0, {});
    mockApi({
      ...member,
      [MessagePaths.unreadCount]: () => ok(unreadNow),
      [SupportTicketPaths.detail]: () => ok(ticketDetail({ id: 4, title: '包裹破损', replies })),
    });
    startSession('tok-1');
    renderApp('/member/supportticketreply/4');
    await screen.findByText('外箱压坏了', {}, SLOW);
    const socket = await waitFor(() => {
      const s = FakeSocket.all.at(-1);
      if (!s) throw new Error('no socket yet');
      return s;
    });
    expect(socket.url).toMatch(/^ws:\/\/.+\/api\/live$/);
    act(() => socket.serverOpen());
    expect(socket.sent).toEqual([JSON.stringify({ token: 'tok-1' })]);
    act(() => socket.push({ kind: 'ready' }));
    expect(useLiveStatus.getState().status).toBe('open');
    expect(screen.queryByTestId('unread-badge')).toBeNull();

    replies = [
      ...replies,
      ticketReply({ id: 2, author: 'staff', authorName: '客服小王', content: '已为您补发' }),
    ];
    unreadNow = unread(1);
    act(() => {
      socket.push({ kind: 'ticket', ticketId: 4 });
      socket.push({ kind: 'unread', unread: unread(1) });
    });
    expect(await screen.findByText('已为您补发')).toBeTruthy();
    const topbar = document.querySelector('.topbar') as HTMLElement;
    await waitFor(() => expect(within(topbar).getByTestId('unread-badge').textContent).toBe('1条未读消息'));
  });

  it('a refused token on the live channel ends the session as an expired login does', async () => {
    stubWebSocket();
    mockApi({ ...member, [MessagePaths.unreadCount]: ok(unread(0, {})) });
    startSession('tok-1');
    renderApp('/member/message');
    const socket = await waitFor(() => {
      const s = FakeSocket.all.at(-1);
      if (!s) throw new Error('no socket yet');
      return s;
    }, SLOW);
    act(() => socket.serverOpen());
    act(() => socket.serverClose(LiveCloseCode.TokenExpired));
    await waitFor(() => expect(getToken()).toBeNull());
    expect(toastStore.getState().toasts.map((t) => t.text)).toContain('未登录或登录已过期');
    expect(await screen.findByText('请先登录', {}, SLOW)).toBeTruthy();
  });

  it('polls the unread count every 30 s while the channel cannot open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let count = 0;
    const { calls } = mockApi({
      ...member,
      [MessagePaths.unreadCount]: () => ok(unread(count++, { '1': count - 1 })),
    });
    startSession('tok-1');
    renderApp('/cart');
    await waitFor(
      () => expect(calls.filter((c) => c.path === MessagePaths.unreadCount)).toHaveLength(1),
      SLOW,
    );
    expect(useLiveStatus.getState().status).toBe('polling');
    await act(() => vi.advanceTimersByTimeAsync(LIVE_POLL_MS));
    await waitFor(() => expect(calls.filter((c) => c.path === MessagePaths.unreadCount)).toHaveLength(2));
    const topbar = document.querySelector('.topbar') as HTMLElement;
    await waitFor(() => expect(within(topbar).getByTestId('unread-badge').textContent).toBe('1条未读消息'));
  });
});
