import { CartPaths, MemberPaths, MessagePaths, ResultCode, SupportTicketPaths } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toastStore } from '@/lib/notify';
import { startSession } from '@/lib/session';
import { cartList } from './cart-fixtures';
import { shellHandlers } from './catalogue-fixtures';
import { ticketDetail, ticketImage, ticketReply, unread } from './service-fixtures';
import { demoMember, fail, mockApi, ok, renderApp } from './utils';

const SLOW = { timeout: 45_000 };
const toasts = () => toastStore.getState().toasts.map((t) => t.text);

const member = {
  ...shellHandlers,
  [MemberPaths.current]: ok(demoMember),
  [CartPaths.list]: ok(cartList([])),
  [MessagePaths.unreadCount]: ok(unread(0)),
};

type Calls = ReturnType<typeof mockApi>['calls'];
const bodiesOf = (calls: Calls, path: string) => calls.filter((c) => c.path === path).map((c) => c.body);

const thread = ticketDetail({
  id: 4,
  title: '包裹破损',
  status: 'waiting_member',
  type: 2,
  orderId: 5,
  orderNo: 'SO2026000005',
  replies: [
    ticketReply({ id: 1, content: '外箱压坏了', images: [ticketImage(7), ticketImage(8)] }),
    ticketReply({
      id: 2,
      author: 'staff',
      authorName: '客服小王',
      content: '请问里面的商品有损坏吗？',
      createdAt: '2026-03-01T07:00:00.000Z',
    }),
  ],
});

describe('ticket conversation (spec §2 /member/supportticketreply/{id})', () => {
  it('shows the member’s posts and the shop’s replies, and a picture larger on demand', async () => {
    mockApi({ ...member, [SupportTicketPaths.detail]: ok(thread) });
    startSession('tok-1');
    renderApp('/member/supportticketreply/4');
    const posts = await screen.findByRole('list', { name: '工单对话' }, SLOW);
    const [mine, staff] = within(posts)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === posts);
    expect(mine?.className).toContain('is-member');
    expect(within(mine as HTMLElement).getByText('演示会员')).toBeTruthy();
    expect(within(mine as HTMLElement).getByText('外箱压坏了')).toBeTruthy();
    expect(staff?.className).toContain('is-staff');
    expect(within(staff as HTMLElement).getByText('客服小王')).toBeTruthy();
    expect(within(staff as HTMLElement).getByText('客服')).toBeTruthy();
    expect(screen.getByText('待您回复')).toBeTruthy();
    expect(screen.getByRole('link', { name: '订单 SO2026000005' }).getAttribute('href')).toBe('/order/5');

    const thumb = within(mine as HTMLElement).getByRole('img', { name: '图片 1' });
    expect(thumb.getAttribute('src')).toBe('/res/img/tickets/7.webp?w=160');
    fireEvent.click(within(mine as HTMLElement).getByRole('button', { name: '查看大图 2' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img', { name: '大图' }).getAttribute('src')).toBe(
      '/res/img/tickets/8.webp?w=1200',
    );
  });

  it('replies with text, then closes the ticket after asking, and the reply box goes away', async () => {
    const replied = ticketDetail({
      ...thread,
      status: 'waiting_shop',
      replies: [...thread.replies, ticketReply({ id: 3, content: '有一件碎了' })],
    });
    const closed = { ...replied, status: 'closed' as const, closedAt: '2026-03-01T08:00:00.000Z' };
    const { calls } = mockApi({
      ...member,
      [SupportTicketPaths.detail]: ok(thread),
      [SupportTicketPaths.addReply]: ok(replied, '回复已发送'),
      [SupportTicketPaths.close]: ok(closed, '工单已关闭'),
    });
    startSession('tok-1');
    renderApp('/member/supportticketreply/4');
    const box = await screen.findByRole('form', { name: '回复工单' }, SLOW);
    fireEvent.click(within(box).getByRole('button', { name: '发送回复' }));
    expect(await within(box).findByText('请填写回复内容')).toBeTruthy();
    fireEvent.change(within(box).getByLabelText('回复'), { target: { value: '有一件碎了' } });
    fireEvent.click(within(box).getByRole('button', { name: '发送回复' }));
    await screen.findByText('待客服回复');
    expect(within(screen.getByRole('list', { name: '工单对话' })).getByText('有一件碎了')).toBeTruthy();
    expect(bodiesOf(calls, SupportTicketPaths.addReply)).toEqual([
      { ticketId: 4, content: '有一件碎了', imageIds: [] },
    ]);
    expect(toasts()).toContain('回复已发送');

    fireEvent.click(screen.getByRole('button', { name: '关闭工单' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/关闭后不能再回复/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '确定关闭' }));
    await screen.findByText(/工单已关闭（.*），不能再回复/);
    expect(bodiesOf(calls, SupportTicketPaths.close)).toEqual([{ id: 4 }]);
    expect(screen.queryByRole('form', { name: '回复工单' })).toBeNull();
    expect(screen.queryByRole('button', { name: '关闭工单' })).toBeNull();
  });

  it('a closed ticket has no reply box', async () => {
    mockApi({
      ...member,
      [SupportTicketPaths.detail]: ok({ ...thread, status: 'closed', closedAt: '2026-03-02T08:00:00.000Z' }),
    });
    startSession('tok-1');
    renderApp('/member/supportticketreply/4');
    await screen.findByText('已关闭', {}, SLOW);
    expect(screen.queryByRole('form', { name: '回复工单' })).toBeNull();
    expect(screen.getByRole('link', { name: '新建工单' }).getAttribute('href')).toBe(
      '/member/supportticket?new=1',
    );
  });

  it('another member’s ticket (404) is 工单不存在, with the way back and no toast', async () => {
    mockApi({
      ...member,
      [SupportTicketPaths.detail]: { status: 404, body: fail(ResultCode.BadRequest, '工单不存在') },
    });
    startSession('tok-1');
    renderApp('/member/supportticketreply/77');
    await screen.findByRole('heading', { name: '工单不存在' }, SLOW);
    expect(screen.getByRole('link', { name: '返回工单列表' }).getAttribute('href')).toBe(
      '/member/supportticket',
    );
    await waitFor(() => expect(toasts()).toEqual([]));
  });
});
