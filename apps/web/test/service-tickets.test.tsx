import {
  CartPaths,
  MemberPaths,
  MessagePaths,
  OrderPaths,
  ResultCode,
  SupportTicketPaths,
} from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toastStore } from '@/lib/notify';
import { startSession } from '@/lib/session';
import { cartList } from './cart-fixtures';
import { shellHandlers } from './catalogue-fixtures';
import { orderDetail, orderSummary } from './checkout-fixtures';
import {
  pngFile,
  stubUploads,
  ticketDetail,
  ticketImage,
  ticketPage,
  ticketReply,
  ticketSummary,
  unread,
} from './service-fixtures';
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

const orders = ok({
  items: [orderSummary({ id: 5, orderNo: 'SO2026000005' }), orderSummary({ id: 6, orderNo: 'SO2026000006' })],
  pageNo: 1,
  pageSize: 50,
  totalCount: 2,
});

describe('support tickets (spec §2 /member/supportticket)', () => {
  it('lists the tickets of the chosen status tab, a page at a time, and says when there are none', async () => {
    const { calls } = mockApi({
      ...member,
      [SupportTicketPaths.list]: (body) =>
        (body as { status?: string }).status === 'closed'
          ? ticketPage([])
          : ticketPage(
              [
                ticketSummary({
                  id: 3,
                  title: '包裹破损',
                  status: 'waiting_member',
                  orderNo: 'SO2026000005',
                }),
                ticketSummary({ id: 2, title: '发票问题' }),
              ],
              12,
            ),
    });
    startSession('tok-1');
    renderApp('/member/supportticket');
    const card = (await screen.findByRole('link', { name: '包裹破损' }, SLOW)).closest('li') as HTMLElement;
    expect(within(card).getByText('待您回复')).toBeTruthy();
    expect(within(card).getByText('订单 SO2026000005')).toBeTruthy();
    expect(card.querySelector('a')?.getAttribute('href')).toBe('/member/supportticketreply/3');
    expect(bodiesOf(calls, SupportTicketPaths.list)).toEqual([{ pageNo: 1, pageSize: 10 }]);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      '全部',
      '待您回复',
      '待处理',
      '待客服回复',
      '已关闭',
    ]);

    fireEvent.click(screen.getByRole('button', { name: '第 2 页' }));
    await waitFor(() =>
      expect(bodiesOf(calls, SupportTicketPaths.list).at(-1)).toEqual({ pageNo: 2, pageSize: 10 }),
    );
    fireEvent.click(screen.getByRole('tab', { name: '已关闭' }));
    await screen.findByText('没有已关闭的工单');
    expect(bodiesOf(calls, SupportTicketPaths.list).at(-1)).toEqual({
      pageNo: 1,
      pageSize: 10,
      status: 'closed',
    });
  });

  it('checks the form and the pictures before anything is sent, in Chinese', async () => {
    const { calls } = mockApi({
      ...member,
      [SupportTicketPaths.list]: ticketPage([]),
      [OrderPaths.list]: orders,
    });
    const uploads = stubUploads((_file, n) => ({ status: 200, body: ok(ticketImage(n)) }));
    startSession('tok-1');
    renderApp('/member/supportticket');
    fireEvent.click(await screen.findByRole('button', { name: '新建工单' }, SLOW));
    const form = await screen.findByRole('form', { name: '新建工单' });

    fireEvent.click(within(form).getByRole('button', { name: '提交工单' }));
    expect(await within(form).findByText('请填写标题')).toBeTruthy();
    expect(within(form).getByText('请填写内容')).toBeTruthy();

    const input = within(form).getByLabelText('选择图片');
    fireEvent.change(input, {
      target: {
        files: [
          new File(['%PDF'], '发票.pdf', { type: 'application/pdf' }),
          pngFile('太大.png', 6 * 1024 * 1024),
        ],
      },
    });
    const problems = await within(form).findByRole('alert');
    expect(problems.textContent).toContain('“发票.pdf”不是图片：仅支持 JPG、PNG、WebP 或 GIF');
    expect(problems.textContent).toContain('“太大.png”超过 5 MB，请压缩后再上传');
    // Ten good ones: nine are taken, the tenth is refused with the limit.
    fireEvent.change(input, {
      target: { files: Array.from({ length: 10 }, (_, i) => pngFile(`图${i + 1}.png`)) },
    });
    expect((await within(form).findByRole('alert')).textContent).toContain(
      '最多上传9张图片，“图10.png”未添加',
    );
    await waitFor(() => expect(uploads).toHaveLength(9), SLOW);
    expect(within(form).queryByRole('button', { name: /添加图片/ })).toBeNull();
    expect(bodiesOf(calls, SupportTicketPaths.create)).toEqual([]);
  });

  it('opens a ticket with two pictures, showing their progress, and goes to its conversation', async () => {
    const created = ticketDetail({
      id: 9,
      title: '少发一件',
      type: 1,
      orderId: 6,
      orderNo: 'SO2026000006',
      replies: [ticketReply({ id: 1, images: [ticketImage(1), ticketImage(2)] })],
    });
    const { calls } = mockApi({
      ...member,
      [SupportTicketPaths.list]: ticketPage([]),
      [OrderPaths.list]: orders,
      [SupportTicketPaths.create]: ok(created, '工单已提交'),
      [SupportTicketPaths.detail]: ok(created),
    });
    const uploads = stubUploads((_file, n) => ({ status: 200, body: ok(ticketImage(n)) }));
    startSession('tok-1');
    const { router } = renderApp('/member/supportticket?new=1');
    const form = await screen.findByRole('form', { name: '新建工单' }, SLOW);
    await within(form).findByRole('option', { name: /SO2026000006/ });
    fireEvent.change(within(form).getByLabelText('工单类型'), { target: { value: '1' } });
    fireEvent.change(within(form).getByLabelText('优先级'), { target: { value: '2' } });
    fireEvent.change(within(form).getByLabelText('关联订单（可选）'), { target: { value: '6' } });
    fireEvent.change(within(form).getByLabelText('标题'), { target: { value: ' 少发一件 ' } });
    fireEvent.change(within(form).getByLabelText('内容'), { target: { value: '少了一条围巾' } });
    fireEvent.change(within(form).getByLabelText('选择图片'), {
      target: { files: [pngFile('a.png'), pngFile('b.png')] },
    });
    expect(await within(form).findByRole('button', { name: '图片上传中…' })).toBeTruthy();
    expect(within(form).getAllByRole('progressbar').length).toBeGreaterThan(0);
    await waitFor(() => expect(within(form).getByRole('button', { name: '提交工单' })).toBeTruthy(), SLOW);
    // Two pictures, one at a time, with the member's token; the first is removed again.
    expect(uploads.map((u) => [u.url, u.headers.Authorization, u.file.name])).toEqual([
      [SupportTicketPaths.uploadImage, 'Bearer tok-1', 'a.png'],
      [SupportTicketPaths.uploadImage, 'Bearer tok-1', 'b.png'],
    ]);
    fireEvent.click(within(form).getByRole('button', { name: '删除图片 a.png' }));
    fireEvent.click(within(form).getByRole('button', { name: '提交工单' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/member/supportticketreply/9'));
    expect(bodiesOf(calls, SupportTicketPaths.create)).toEqual([
      { type: 1, priority: 2, title: '少发一件', content: '少了一条围巾', orderId: 6, imageIds: [2] },
    ]);
    expect(toasts()).toContain('工单已提交');
  });

  it('an order’s page offers 联系客服, which opens the form about that order', async () => {
    mockApi({
      ...member,
      [OrderPaths.detail]: ok(orderDetail({ id: 5, orderNo: 'SO2026000005' })),
      [OrderPaths.attachments]: ok([]),
    });
    startSession('tok-1');
    renderApp('/order/5');
    const link = await screen.findByRole('link', { name: '联系客服' }, SLOW);
    expect(link.getAttribute('href')).toBe('/member/supportticket?new=1&orderId=5');
  });

  it('opens the form about an order when coming from its page (联系客服)', async () => {
    mockApi({ ...member, [SupportTicketPaths.list]: ticketPage([]), [OrderPaths.list]: orders });
    startSession('tok-1');
    renderApp('/member/supportticket?new=1&orderId=5');
    const form = await screen.findByRole('form', { name: '新建工单' }, SLOW);
    await within(form).findByRole('option', { name: /SO2026000005/ });
    expect((within(form).getByLabelText('关联订单（可选）') as HTMLSelectElement).value).toBe('5');
    expect((within(form).getByLabelText('工单类型') as HTMLSelectElement).value).toBe('1');
  });

  it('shows the server’s refusal of a picture on that picture', async () => {
    mockApi({ ...member, [SupportTicketPaths.list]: ticketPage([]), [OrderPaths.list]: orders });
    stubUploads(() => ({ status: 415, body: fail(ResultCode.UnsupportedMediaType, '图片格式不支持') }));
    startSession('tok-1');
    renderApp('/member/supportticket?new=1');
    const form = await screen.findByRole('form', { name: '新建工单' }, SLOW);
    fireEvent.change(within(form).getByLabelText('选择图片'), { target: { files: [pngFile('假图.png')] } });
    expect(await within(form).findByText('图片格式不支持', {}, SLOW)).toBeTruthy();
  });
});
