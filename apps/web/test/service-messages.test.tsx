import { CartPaths, MemberPaths, MessagePaths } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '@/lib/session';
import { cartList } from './cart-fixtures';
import { shellHandlers } from './catalogue-fixtures';
import { memberMessage, messagePage, unread } from './service-fixtures';
import { demoMember, mockApi, ok, renderApp } from './utils';

const SLOW = { timeout: 45_000 };

type Calls = ReturnType<typeof mockApi>['calls'];
const bodiesOf = (calls: Calls, path: string) => calls.filter((c) => c.path === path).map((c) => c.body);

describe('messages (spec §2 /member/message, §3 message types)', () => {
  it('has a tab per message type with its unread count, and asks for the chosen type', async () => {
    const { calls } = mockApi({
      ...shellHandlers,
      [MemberPaths.current]: ok(demoMember),
      [CartPaths.list]: ok(cartList([])),
      [MessagePaths.unreadCount]: ok(unread(3, { '1': 1, '2': 2 })),
      [MessagePaths.list]: (body) =>
        (body as { type?: number }).type === 5
          ? messagePage([], unread(3, { '1': 1, '2': 2 }))
          : messagePage([memberMessage({ id: 1 })], unread(3, { '1': 1, '2': 2 })),
    });
    startSession('tok-1');
    renderApp('/member/message');
    await screen.findByText('消息 1', {}, SLOW);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      '全部3条未读',
      '系统消息1条未读',
      '交易物流2条未读',
      '会员等级消息',
      '精选活动',
      '通知公告',
    ]);
    expect(bodiesOf(calls, MessagePaths.list)).toEqual([{ pageNo: 1, pageSize: 10 }]);
    fireEvent.click(screen.getByRole('tab', { name: '通知公告' }));
    await screen.findByText('暂无消息');
    expect(bodiesOf(calls, MessagePaths.list).at(-1)).toEqual({ pageNo: 1, pageSize: 10, type: 5 });
    expect((screen.getByRole('button', { name: '全部已读' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('marks unread ones; opening one reads it and offers its link; 全部已读 reads the tab', async () => {
    let read = false;
    const { calls } = mockApi({
      ...shellHandlers,
      [MemberPaths.current]: ok(demoMember),
      [CartPaths.list]: ok(cartList([])),
      [MessagePaths.unreadCount]: () => ok(read ? unread(1, { '2': 1 }) : unread(2, { '1': 1, '2': 1 })),
      [MessagePaths.list]: () =>
        messagePage([
          memberMessage({
            id: 1,
            title: '客服回复了您的工单：包裹破损',
            content: '客服小王：请问商品有损坏吗？',
            link: '/member/supportticketreply/4',
            read,
          }),
          memberMessage({ id: 2, type: 2, title: '订单已发货', read: false }),
          memberMessage({ id: 3, type: 5, title: '春节放假通知', read: true }),
        ]),
      [MessagePaths.read]: () => {
        read = true;
        return ok(unread(1, { '2': 1 }));
      },
      [MessagePaths.readAll]: ok(unread(0, {})),
    });
    startSession('tok-1');
    const { router } = renderApp('/member/message');
    const first = await screen.findByRole('button', { name: /客服回复了您的工单/ }, SLOW);
    const items = screen.getAllByRole('listitem').filter((li) => li.className.includes('message-item'));
    expect(items.map((li) => li.className.includes('is-unread'))).toEqual([true, true, false]);
    expect(within(first).getByText('未读')).toBeTruthy();
    // The menu's 站内消息 carries the unread count.
    const nav = screen.getByRole('navigation', { name: '会员中心菜单' });
    expect(within(nav).getByTestId('unread-badge').textContent).toBe('2条未读消息');

    fireEvent.click(first);
    expect(await screen.findByText('客服小王：请问商品有损坏吗？')).toBeTruthy();
    await waitFor(() => expect(bodiesOf(calls, MessagePaths.read)).toEqual([{ ids: [1] }]));
    await waitFor(() => expect(within(nav).getByTestId('unread-badge').textContent).toBe('1条未读消息'));
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('listitem')
          .filter((li) => li.className.includes('message-item'))
          .map((li) => li.className.includes('is-unread')),
      ).toEqual([false, true, false]),
    );
    // A read message is not marked again.
    fireEvent.click(first);
    fireEvent.click(first);
    expect(bodiesOf(calls, MessagePaths.read)).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: '全部已读' }));
    await waitFor(() => expect(bodiesOf(calls, MessagePaths.readAll)).toEqual([{}]));
    await waitFor(() => expect(within(nav).queryByTestId('unread-badge')).toBeNull());

    fireEvent.click(screen.getByRole('link', { name: '查看详情' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/member/supportticketreply/4'), SLOW);
  });
});
