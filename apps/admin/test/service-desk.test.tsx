import {
  AdminPaths,
  AdminServicePaths,
  type AdminTicketDetailResponse,
  type AdminTicketRow,
  ResultCode,
  type SentMessage,
} from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, renderConsole, signIn, staffSession } from './utils';

const SLOW = { timeout: 45_000 };
const P = AdminServicePaths;

function row(id: number, overrides: Partial<AdminTicketRow> = {}): AdminTicketRow {
  return {
    id,
    type: 1,
    priority: 1,
    department: 'service',
    title: `工单${id}`,
    status: 'waiting_shop',
    orderId: null,
    orderNo: null,
    packIndex: null,
    replyCount: 2,
    createdAt: '2026-11-20T03:00:00.000Z',
    updatedAt: '2026-11-21T03:00:00.000Z',
    closedAt: null,
    memberId: 7,
    memberUsername: 'alice',
    ...overrides,
  };
}

const COUNTS = { waiting_shop: 2, open: 1, waiting_member: 3, closed: 4 };

const ORDER = {
  id: 9,
  orderNo: 'SO20261120001',
  status: 1,
  currency: 'CNY',
  totalAmount: 12_300,
  createTime: '2026-11-20T02:00:00.000Z',
};

function detail(status: AdminTicketRow['status'] = 'waiting_shop'): AdminTicketDetailResponse {
  const {
    memberId: _m,
    memberUsername: _u,
    ...summary
  } = row(5, { status, orderId: 9, orderNo: 'SO20261120001' });
  return {
    ticket: {
      ...summary,
      replies: [
        {
          id: 1,
          author: 'member',
          authorName: 'Alice',
          content: '奶粉罐子凹了',
          images: [{ id: 3, url: 'ticket/abc.jpg', width: 640, height: 480 }],
          createdAt: '2026-11-20T03:00:00.000Z',
        },
      ],
    },
    member: { id: 7, username: 'alice', name: 'Alice', level: 1 },
    recentOrders: [ORDER],
    order: ORDER,
  };
}

describe('客服工单', () => {
  it('reads the status from the address, shows counts per status, and filters by group', async () => {
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('service')),
      [P.ticketList]: ok({ items: [row(1), row(2, { title: '发票' })], totalCount: 2, statusCounts: COUNTS }),
    });
    signIn();
    const { router } = renderConsole('/tickets?status=waiting_shop');
    await screen.findByText('工单1', {}, SLOW);
    expect(api.callsTo(P.ticketList)[0]?.body).toEqual({ status: 'waiting_shop', pageNo: 1, pageSize: 20 });
    expect(screen.getByText('共 2 个工单')).toBeTruthy();
    expect(screen.getByRole('link', { name: '#1' }).getAttribute('href')).toBe('/tickets/1');

    const select = screen.getByLabelText('负责组').closest('.ant-select') as HTMLElement;
    fireEvent.mouseDown(select.querySelector('.ant-select-selector, .ant-select-content, input') ?? select);
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
        (o) => o.textContent === '财务',
      );
      if (!found) throw new Error('no option 财务');
      return found;
    });
    fireEvent.click(option);
    await waitFor(() => expect(router.state.location.search).toBe('?status=waiting_shop&group=accounting'));
    await waitFor(() =>
      expect(api.callsTo(P.ticketList).at(-1)?.body).toEqual({
        status: 'waiting_shop',
        ownerGroup: 'accounting',
        pageNo: 1,
        pageSize: 20,
      }),
    );
  });

  it('says so when the queue is empty', async () => {
    mockApi({
      [AdminPaths.current]: ok(staffSession('service')),
      [P.ticketList]: ok({ items: [], totalCount: 0, statusCounts: {} }),
    });
    signIn();
    renderConsole('/tickets');
    expect(await screen.findByText('暂无工单', {}, SLOW)).toBeTruthy();
  });

  it('shows the thread beside the member and orders, and replies once per press with a request id', async () => {
    let replies = 0;
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('service')),
      [P.ticketDetail]: ok(detail()),
      [P.ticketReply]: () => {
        replies += 1;
        return ok({ ticketId: 5, replyId: 10 + replies, status: 'waiting_member' });
      },
    });
    signIn();
    renderConsole('/tickets/5');
    await screen.findByText('奶粉罐子凹了', {}, SLOW);
    expect(screen.getAllByRole('link', { name: 'SO20261120001' })[0]?.getAttribute('href')).toBe('/orders/9');
    expect(screen.getByText('alice')).toBeTruthy();
    expect(screen.getByAltText('图片 3').getAttribute('src')).toContain('ticket/abc.jpg');

    fireEvent.click(screen.getByRole('button', { name: '发送回复' }));
    expect(await screen.findByText('请填写回复内容')).toBeTruthy();
    expect(api.callsTo(P.ticketReply)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('回复内容'), { target: { value: '已为您补发' } });
    fireEvent.click(screen.getByRole('button', { name: '发送回复' }));
    await waitFor(() => expect(api.callsTo(P.ticketReply)).toHaveLength(1));
    const body = api.callsTo(P.ticketReply)[0]?.body;
    expect(body).toMatchObject({ ticketId: 5, content: '已为您补发', imageIds: [] });
    expect(String(body?.requestId)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(await screen.findByText('回复已发送')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('回复内容'), { target: { value: '第二条' } });
    fireEvent.click(screen.getByRole('button', { name: '发送回复' }));
    await waitFor(() => expect(api.callsTo(P.ticketReply)).toHaveLength(2));
    expect(api.callsTo(P.ticketReply)[1]?.body.requestId).not.toBe(body?.requestId);
  });

  it('closes only after a confirmation, and shows a refusal in Chinese', async () => {
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('service')),
      [P.ticketDetail]: ok(detail()),
      [P.ticketClose]: fail(ResultCode.ParamsError, '工单不存在', 404),
    });
    signIn();
    renderConsole('/tickets/5');
    fireEvent.click(await screen.findByRole('button', { name: '关闭工单' }, SLOW));
    expect(api.callsTo(P.ticketClose)).toHaveLength(0);
    const confirm = await screen.findByRole('tooltip');
    fireEvent.click(within(confirm).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(api.callsTo(P.ticketClose)[0]?.body).toEqual({ id: 5 }));
    expect(await screen.findByText('工单不存在')).toBeTruthy();
  });

  it('offers reopening a closed ticket instead of a reply', async () => {
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('service')),
      [P.ticketDetail]: ok(detail('closed')),
      [P.ticketReopen]: ok(row(5, { status: 'waiting_shop' })),
    });
    signIn();
    renderConsole('/tickets/5');
    expect(await screen.findByText('工单已关闭，重新打开后才能回复', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重新打开' }));
    await waitFor(() => expect(api.callsTo(P.ticketReopen)[0]?.body).toEqual({ id: 5 }));
  });
});

function sent(id: number, overrides: Partial<SentMessage> = {}): SentMessage {
  return {
    id,
    type: 5,
    title: `公告${id}`,
    content: '国庆放假',
    link: '',
    memberId: null,
    memberUsername: null,
    sentBy: 'service1',
    createTime: '2026-11-24T03:00:00.000Z',
    ...overrides,
  };
}

describe('站内消息', () => {
  it('lists what was sent and sends to one member, checked before sending', async () => {
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('service')),
      [P.messageList]: ok({
        items: [sent(2), sent(1, { memberId: 7, memberUsername: 'alice', type: 1 })],
        totalCount: 2,
      }),
      [P.messageSend]: (body) => ok(sent(3, { memberId: 7, memberUsername: String(body.username), type: 1 })),
    });
    signIn();
    renderConsole('/messages');
    expect(await screen.findByText('公告2', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('所有会员')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '发送消息' }));
    expect(await screen.findByText('请输入会员用户名')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('会员用户名'), { target: { value: 'alice' } });
    fireEvent.change(screen.getByLabelText('标题'), { target: { value: '发货通知' } });
    fireEvent.change(screen.getByLabelText('内容'), { target: { value: '您的包裹已发出' } });
    fireEvent.change(screen.getByLabelText('链接（可选）'), { target: { value: 'https://evil.example' } });
    fireEvent.click(screen.getByRole('button', { name: '发送消息' }));
    expect(await screen.findByText('链接须为本站路径，如 /article/3')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('链接（可选）'), { target: { value: '/member/order' } });
    fireEvent.click(screen.getByRole('button', { name: '发送消息' }));
    await waitFor(() => expect(api.callsTo(P.messageSend)).toHaveLength(1));
    expect(api.callsTo(P.messageSend)[0]?.body).toMatchObject({
      to: 'member',
      username: 'alice',
      type: 1,
      title: '发货通知',
      content: '您的包裹已发出',
      link: '/member/order',
    });
    expect(await screen.findByText('已发送给 alice')).toBeTruthy();
  });

  it('announces to everyone only after a confirmation', async () => {
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('service')),
      [P.messageList]: ok({ items: [], totalCount: 0 }),
      [P.messageSend]: ok(sent(4)),
    });
    signIn();
    renderConsole('/messages');
    expect(await screen.findByText('还没有发送过消息', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '所有会员（公告）' }));
    fireEvent.change(screen.getByLabelText('标题'), { target: { value: '放假通知' } });
    fireEvent.change(screen.getByLabelText('内容'), { target: { value: '国庆放假' } });
    fireEvent.click(await screen.findByRole('button', { name: '发布公告' }));
    const dialog = await screen.findByRole('dialog');
    expect(api.callsTo(P.messageSend)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: '发布' }));
    await waitFor(() => expect(api.callsTo(P.messageSend)[0]?.body).toMatchObject({ to: 'all', type: 5 }));
    expect(api.callsTo(P.messageSend)[0]?.body.username).toBeUndefined();
    expect(await screen.findByText('公告已发布')).toBeTruthy();
  });

  it('is not in a warehouse account menu', async () => {
    mockApi({ [AdminPaths.current]: ok(staffSession('warehouse')) });
    signIn();
    renderConsole('/messages');
    expect(await screen.findByText('无权限', {}, SLOW)).toBeTruthy();
  });
});
