import {
  type AfterSaleCreateRequest,
  type AfterSaleDetail,
  AfterSaleMessages,
  AfterSalePaths,
  CartPaths,
  MemberPaths,
  MessagePaths,
  OrderPaths,
  SupportTicketPaths,
} from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toastStore } from '@/lib/notify';
import { startSession } from '@/lib/session';
import {
  afterSaleDetail,
  afterSaleLine,
  afterSaleSummary,
  approvedAfterSale,
  claimable,
} from './aftersale-fixtures';
import { cartList } from './cart-fixtures';
import { shellHandlers } from './catalogue-fixtures';
import { orderDetail } from './checkout-fixtures';
import { pngFile, stubUploads, ticketImage, unread } from './service-fixtures';
import { demoMember, fail, mockApi, ok, renderApp } from './utils';

/**
 * 售后 (issue #39, the storefront): 申请售后 and the 售后 block on an order's page, 我的售后 by state, the form that
 * claims lines and pieces with photos, and a request's page with 填写寄回单号 and 撤销申请.
 */

const SLOW = { timeout: 45_000 };
const toasts = () => toastStore.getState().toasts.map((t) => t.text);

type Handlers = Parameters<typeof mockApi>[0];
type Calls = ReturnType<typeof mockApi>['calls'];
const bodiesOf = (calls: Calls, path: string) => calls.filter((c) => c.path === path).map((c) => c.body);

function handlers(overrides: Handlers = {}): Handlers {
  return {
    ...shellHandlers,
    [MemberPaths.current]: ok(demoMember),
    [CartPaths.list]: ok(cartList([])),
    [MessagePaths.unreadCount]: ok(unread(0)),
    ...overrides,
  };
}

function open(path: string) {
  startSession('tok-1');
  return renderApp(path);
}

describe('an order’s page', () => {
  it('offers 申请售后 on a finished order and lists its after-sales, each opening its page', async () => {
    const { calls } = mockApi(
      handlers({
        [OrderPaths.detail]: ok(orderDetail({ id: 5, status: 100 })),
        [OrderPaths.attachments]: ok([]),
        [AfterSalePaths.list]: ok({
          items: [
            afterSaleSummary({ id: 9, type: 'exchange', state: 'approved' }),
            afterSaleSummary({
              id: 8,
              type: 'refund',
              state: 'refunded',
              refundAmount: 50,
              refundCurrency: 'CNY',
            }),
          ],
          totalCount: 2,
        }),
      }),
    );
    const { router } = open('/order/5');
    const apply = await screen.findByRole('link', { name: '申请售后' }, SLOW);
    expect(apply.getAttribute('href')).toBe('/member/aftersales/new?orderId=5');
    const block = await screen.findByRole('region', { name: '售后' }, SLOW);
    const rows = within(block).getAllByTestId('order-aftersale');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('AS2026000009换货已同意'),
      expect.stringContaining('AS2026000008仅退款已退款'),
    ]);
    expect(bodiesOf(calls, AfterSalePaths.list)).toEqual([
      { pageNo: 1, pageSize: 50, state: 'all', orderId: 5 },
    ]);
    fireEvent.click(within(block).getByRole('link', { name: 'AS2026000009' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/member/aftersales/9'));
  });

  it.each([
    ['shipped', 80],
    ['in transit', 90],
  ])('offers 申请售后 on a %s order, with no 售后 block while it has none', async (_, status) => {
    mockApi(
      handlers({
        [OrderPaths.detail]: ok(orderDetail({ id: 5, status })),
        [OrderPaths.attachments]: ok([]),
        [AfterSalePaths.list]: ok({ items: [], totalCount: 0 }),
      }),
    );
    open('/order/5');
    expect(await screen.findByRole('link', { name: '申请售后' }, SLOW)).toBeTruthy();
    expect(await screen.findByText('暂无包裹照片', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('region', { name: '售后' })).toBeNull();
  });

  it('offers nothing before the goods leave, nor on a colleague’s order, and asks for no after-sales', async () => {
    const { calls } = mockApi(
      handlers({
        [OrderPaths.detail]: (body) =>
          ok(
            (body as { id: number }).id === 5
              ? orderDetail({ id: 5, status: 60 })
              : orderDetail({ id: 6, status: 100, mine: false, placedBy: '王采购' }),
          ),
        [OrderPaths.attachments]: ok([]),
      }),
    );
    const { router } = open('/order/5');
    expect(await screen.findByRole('heading', { name: '订单号 SO2026000005' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('link', { name: '申请售后' })).toBeNull();
    await router.navigate('/order/6');
    expect(await screen.findByRole('heading', { name: '订单号 SO2026000006' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('link', { name: '申请售后' })).toBeNull();
    expect(bodiesOf(calls, AfterSalePaths.list)).toEqual([]);
  });
});

describe('我的售后', () => {
  const items = [
    afterSaleSummary({ id: 9, type: 'exchange', state: 'approved', lineCount: 2, pieces: 3 }),
    afterSaleSummary({
      id: 8,
      type: 'refund',
      state: 'refunded',
      refundAmount: 100,
      refundCurrency: 'CNY',
      orderId: 4,
      orderNo: 'SO2026000004',
    }),
  ];

  it('lists each with its number, goods, order, type, state, refund and date, newest first as answered', async () => {
    const { calls } = mockApi(handlers({ [AfterSalePaths.list]: ok({ items, totalCount: 2 }) }));
    const { router } = open('/member/aftersales');
    const rows = await screen.findAllByTestId('aftersale-row', {}, SLOW);
    expect(rows).toHaveLength(2);
    const [exchange, refund] = rows as [HTMLElement, HTMLElement];
    expect(exchange.textContent).toContain('AS2026000009');
    expect(exchange.textContent).toContain('羊毛围巾 红色围巾');
    expect(exchange.textContent).toContain('等 2 种，共 3 件');
    expect(exchange.textContent).toContain('换货');
    expect(within(exchange).getByTestId('aftersale-state').textContent).toBe('已同意');
    expect(within(exchange).getByRole('img').getAttribute('alt')).toBe('羊毛围巾 红色围巾');
    expect(within(refund).getByTestId('aftersale-state').textContent).toBe('已退款');
    expect(refund.textContent).toContain('仅退款');
    expect(refund.textContent).toContain('¥100.00');
    expect(within(refund).getByRole('link', { name: 'SO2026000004' }).getAttribute('href')).toBe('/order/4');
    expect(bodiesOf(calls, AfterSalePaths.list)).toEqual([{ pageNo: 1, pageSize: 20, state: 'all' }]);

    fireEvent.click(within(exchange).getByRole('link', { name: 'AS2026000009' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/member/aftersales/9'));
  });

  it('sends the state tab and page chosen, and keeps them in the address', async () => {
    const { calls } = mockApi(
      handlers({
        [AfterSalePaths.list]: (body) => {
          const { pageNo } = body as { pageNo: number };
          return ok({ items: pageNo > 1 ? [afterSaleSummary({ id: 1 })] : items, totalCount: 41 });
        },
      }),
    );
    const { router } = open('/member/aftersales');
    await screen.findAllByTestId('aftersale-row', {}, SLOW);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      '全部',
      '处理中',
      '已退款',
      '已换货发出',
      '已拒绝',
      '已撤销',
    ]);
    fireEvent.click(screen.getByRole('tab', { name: '处理中' }));
    await waitFor(() => expect(router.state.location.search).toBe('?state=open'));
    fireEvent.click(await screen.findByRole('button', { name: '第 2 页' }));
    await waitFor(() => expect(screen.getByText('AS2026000001')).toBeTruthy());
    expect(router.state.location.search).toBe('?state=open&pageNo=2');
    expect(bodiesOf(calls, AfterSalePaths.list)).toEqual([
      { pageNo: 1, pageSize: 20, state: 'all' },
      { pageNo: 1, pageSize: 20, state: 'open' },
      { pageNo: 2, pageSize: 20, state: 'open' },
    ]);
  });

  it('is in the member menu, and says where to ask when there is none', async () => {
    mockApi(handlers({ [AfterSalePaths.list]: ok({ items: [], totalCount: 0 }) }));
    const { router } = open('/member');
    const nav = await screen.findByRole('navigation', { name: '会员中心菜单' }, SLOW);
    fireEvent.click(within(nav).getByRole('link', { name: '售后' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/member/aftersales'));
    expect(await screen.findByRole('heading', { name: '暂无售后' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看我的订单' }).getAttribute('href')).toBe('/member/order');
  });

  it('shows a failed load with the server’s message and 重新加载, which asks again', async () => {
    let failOnce = true;
    mockApi(
      handlers({
        [AfterSalePaths.list]: () => {
          if (!failOnce) return ok({ items, totalCount: 2 });
          failOnce = false;
          return fail(-1, '服务繁忙，请稍后重试');
        },
      }),
    );
    open('/member/aftersales');
    const failed = await screen.findByRole('heading', { name: '加载失败' }, SLOW);
    expect(failed.parentElement?.textContent).toContain('服务繁忙，请稍后重试');
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findAllByTestId('aftersale-row', {}, SLOW)).toHaveLength(2);
  });

  it('asks a visitor to log in first', async () => {
    mockApi({ ...shellHandlers });
    renderApp('/member/aftersales/new?orderId=5');
    expect(await screen.findByRole('heading', { name: '请先登录' }, SLOW)).toBeTruthy();
  });
});

describe('申请售后', () => {
  const created = afterSaleDetail({ id: 8 });

  async function openForm() {
    const app = open('/member/aftersales/new?orderId=5');
    const form = await screen.findByRole('form', { name: '申请售后' }, SLOW);
    return { ...app, form };
  }

  it('offers the lines with pieces left, and checks type, reason and lines before anything is sent', async () => {
    const { calls } = mockApi(handlers({ [AfterSalePaths.claimable]: ok(claimable()) }));
    const { form } = await openForm();
    expect(bodiesOf(calls, AfterSalePaths.claimable)).toEqual([{ orderId: 5 }]);
    expect(within(form).getByRole('link', { name: 'SO2026000005' }).getAttribute('href')).toBe('/order/5');
    expect(within(form).getByTestId('aftersale-window').textContent).toMatch(
      /^请在 2026-12-0\d \d\d:59 前提交售后申请$/,
    );
    expect(
      within(form)
        .getAllByRole('radio')
        .map((r) => r.parentElement?.textContent),
    ).toEqual(['仅退款', '退货退款', '换货']);

    const [scarf, tea, gift, gloves] = within(form).getAllByTestId('claim-line') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(scarf.textContent).toContain('已申请 1 件');
    expect(scarf.textContent).toContain('可申请 3 件');
    expect((within(tea).getByRole('checkbox') as HTMLInputElement).disabled).toBe(false);
    expect((within(gift).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
    expect(gift.textContent).toContain(AfterSaleMessages.gift);
    expect((within(gloves).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
    expect(gloves.textContent).toContain('已全部申请过售后');

    fireEvent.click(within(form).getByRole('button', { name: '提交申请' }));
    expect(await within(form).findByText('请选择售后类型')).toBeTruthy();
    expect(within(form).getByText('请选择售后原因')).toBeTruthy();
    expect(within(form).getByText('请选择要售后的商品')).toBeTruthy();
    expect(bodiesOf(calls, AfterSalePaths.create)).toEqual([]);
  });

  it('sends the type, reason, lines with their pieces, text and the uploaded photos’ ids, then opens the request', async () => {
    const { calls } = mockApi(
      handlers({
        [AfterSalePaths.claimable]: ok(claimable()),
        [AfterSalePaths.create]: ok(created, AfterSaleMessages.created),
        [AfterSalePaths.detail]: ok(created),
      }),
    );
    const uploads = stubUploads((_file, n) => ({ status: 200, body: ok(ticketImage(40 + n)) }));
    const { form, router } = await openForm();

    fireEvent.click(within(form).getByRole('radio', { name: '退货退款' }));
    fireEvent.change(within(form).getByLabelText('售后原因'), { target: { value: 'damaged' } });
    const [scarf, tea] = within(form).getAllByTestId('claim-line') as [HTMLElement, HTMLElement];
    fireEvent.click(within(scarf).getByRole('checkbox', { name: /红色围巾/ }));
    // The pieces start at 1 and stop at the 3 left.
    const more = within(scarf).getByRole('button', { name: '增加数量' });
    fireEvent.click(more);
    fireEvent.click(more);
    expect(
      (within(scarf).getByLabelText('红色围巾 申请数量', { selector: 'input' }) as HTMLInputElement).value,
    ).toBe('3');
    expect((more as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(tea).getByRole('checkbox', { name: /有机绿茶/ }));
    // 3 × ¥50 + 1 × ¥120.
    expect(within(form).getByTestId('aftersale-estimate').textContent).toContain('¥270.00');
    fireEvent.change(within(form).getByLabelText('问题描述（选填）'), {
      target: { value: ' 两条围巾外包装破损 ' },
    });
    expect(within(form).getByText('11 / 500')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('选择照片'), {
      target: { files: [pngFile('a.png'), pngFile('b.png'), pngFile('c.png')] },
    });
    expect(await within(form).findByRole('button', { name: '图片上传中…' })).toBeTruthy();
    await waitFor(() => expect(within(form).getByRole('button', { name: '提交申请' })).toBeTruthy(), SLOW);
    expect(uploads.map((u) => [u.url, u.headers.Authorization, u.file.name])).toEqual([
      [SupportTicketPaths.uploadImage, 'Bearer tok-1', 'a.png'],
      [SupportTicketPaths.uploadImage, 'Bearer tok-1', 'b.png'],
      [SupportTicketPaths.uploadImage, 'Bearer tok-1', 'c.png'],
    ]);
    fireEvent.click(within(form).getByRole('button', { name: '删除图片 b.png' }));
    fireEvent.click(within(form).getByRole('button', { name: '提交申请' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/member/aftersales/8'));
    expect(bodiesOf(calls, AfterSalePaths.create)).toEqual([
      {
        orderId: 5,
        type: 'return',
        reason: 'damaged',
        text: '两条围巾外包装破损',
        images: [41, 43],
        lines: [
          { itemId: 51, qty: 3 },
          { itemId: 52, qty: 1 },
        ],
      } satisfies AfterSaleCreateRequest,
    ]);
    expect(toasts()).toContain(AfterSaleMessages.created);
    expect(await screen.findByRole('heading', { name: '售后单 AS2026000008' }, SLOW)).toBeTruthy();
  });

  it('keeps the form with the server’s message when the request is refused', async () => {
    const refusal = AfterSaleMessages.nothingLeft('红色围巾', 2);
    const { calls } = mockApi(
      handlers({
        [AfterSalePaths.claimable]: ok(claimable()),
        [AfterSalePaths.create]: fail(-1, refusal),
      }),
    );
    const { form, router } = await openForm();
    fireEvent.click(within(form).getByRole('radio', { name: '仅退款' }));
    fireEvent.change(within(form).getByLabelText('售后原因'), { target: { value: 'short' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: /红色围巾/ }));
    // Unticked and ticked again: the line goes once, at 1.
    fireEvent.click(within(form).getByRole('checkbox', { name: /有机绿茶/ }));
    fireEvent.click(within(form).getByRole('checkbox', { name: /有机绿茶/ }));
    fireEvent.click(within(form).getByRole('button', { name: '提交申请' }));
    await waitFor(() => expect(toasts()).toContain(refusal));
    expect(bodiesOf(calls, AfterSalePaths.create)).toEqual([
      { orderId: 5, type: 'refund', reason: 'short', text: '', images: [], lines: [{ itemId: 51, qty: 1 }] },
    ]);
    expect(router.state.location.pathname).toBe('/member/aftersales/new');
    expect(screen.getByRole('form', { name: '申请售后' })).toBeTruthy();
  });

  it('says why no request may be made when the window is closed', async () => {
    const closed = claimable({ open: false, reason: AfterSaleMessages.windowClosed(7) });
    mockApi(handlers({ [AfterSalePaths.claimable]: ok(closed) }));
    open('/member/aftersales/new?orderId=5');
    expect(await screen.findByRole('heading', { name: '暂不能申请售后' }, SLOW)).toBeTruthy();
    expect(screen.getByText(AfterSaleMessages.windowClosed(7))).toBeTruthy();
    expect(screen.queryByRole('form', { name: '申请售后' })).toBeNull();
    expect(screen.getByRole('link', { name: '返回订单' }).getAttribute('href')).toBe('/order/5');
  });

  it('says an order that is not the member’s does not exist, and asks for an order when none is named', async () => {
    mockApi(
      handlers({
        [AfterSalePaths.claimable]: { status: 404, body: fail(400, AfterSaleMessages.orderNotFound) },
      }),
    );
    const { router } = open('/member/aftersales/new?orderId=99');
    expect(await screen.findByRole('heading', { name: AfterSaleMessages.orderNotFound }, SLOW)).toBeTruthy();
    expect(toasts()).toEqual([]);
    await router.navigate('/member/aftersales/new');
    expect(await screen.findByRole('heading', { name: '请从订单详情申请售后' }, SLOW)).toBeTruthy();
  });
});

describe('售后详情', () => {
  async function openDetail(afterSale: AfterSaleDetail) {
    const app = open(`/member/aftersales/${afterSale.id}`);
    await screen.findByRole('heading', { name: `售后单 ${afterSale.afterSaleNo}` }, SLOW);
    return app;
  }

  it('shows a pending request: state, lines, text, photos and steps, with 撤销申请 and no 寄回 form', async () => {
    const { calls } = mockApi(handlers({ [AfterSalePaths.detail]: ok(afterSaleDetail()) }));
    await openDetail(afterSaleDetail());
    expect(bodiesOf(calls, AfterSalePaths.detail)).toEqual([{ id: 8 }]);
    expect(screen.getByTestId('aftersale-state').textContent).toBe('待审核');
    expect(screen.getByTestId('aftersale-hint').textContent).toContain('客服会尽快审核');
    const [line] = screen.getAllByTestId('aftersale-line') as [HTMLElement];
    expect(line.textContent).toContain('羊毛围巾');
    expect(line.textContent).toContain('¥50.00');
    expect(screen.queryByRole('columnheader', { name: '入库' })).toBeNull();
    expect(screen.getByText('两条围巾外包装破损')).toBeTruthy();
    const photos = within(screen.getByRole('list', { name: '售后照片' })).getAllByRole('link');
    expect(photos).toHaveLength(2);
    const steps = within(screen.getByRole('list', { name: '处理进度' })).getAllByRole('listitem');
    expect(steps[0]?.textContent).toContain('待审核');
    expect(screen.getByRole('button', { name: '撤销申请' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: '填写寄回单号' })).toBeNull();
    expect(screen.getByRole('link', { name: 'SO2026000005' }).getAttribute('href')).toBe('/order/5');
  });

  it.each([
    ['return', true],
    ['exchange', true],
    ['refund', false],
  ] as const)('offers 填写寄回单号 on an approved %s: %s', async (type, offered) => {
    const approved = approvedAfterSale({ type });
    mockApi(handlers({ [AfterSalePaths.detail]: ok(approved) }));
    await openDetail(approved);
    expect(screen.getByTestId('aftersale-state').textContent).toBe('已同意');
    expect(screen.queryByRole('form', { name: '填写寄回单号' }) !== null).toBe(offered);
    expect(screen.queryByTestId('aftersale-return-address') !== null).toBe(offered);
    expect(screen.getByRole('button', { name: '撤销申请' })).toBeTruthy();
  });

  it.each(['pending', 'shippedBack', 'received', 'refunded', 'rejected', 'cancelled'] as const)(
    'offers no 填写寄回单号 on a return %s',
    async (state) => {
      const shown = approvedAfterSale({ state });
      mockApi(handlers({ [AfterSalePaths.detail]: ok(shown) }));
      await openDetail(shown);
      expect(screen.queryByRole('form', { name: '填写寄回单号' })).toBeNull();
      expect(screen.queryByRole('button', { name: '撤销申请' }) !== null).toBe(state === 'pending');
    },
  );

  it('checks and sends the return parcel, then shows it as sent', async () => {
    let sent = false;
    const { calls } = mockApi(
      handlers({
        [AfterSalePaths.detail]: () =>
          ok(
            sent
              ? approvedAfterSale({
                  state: 'shippedBack',
                  returnCourier: 'SF',
                  returnLogisticCode: 'SF1234567890',
                  couriers: [],
                })
              : approvedAfterSale(),
          ),
        [AfterSalePaths.shipBack]: () => {
          sent = true;
          return ok(approvedAfterSale({ state: 'shippedBack' }), AfterSaleMessages.shippedBack);
        },
      }),
    );
    await openDetail(approvedAfterSale());
    expect(screen.getByTestId('aftersale-return-address').textContent).toContain('张江路 1 号');
    expect(screen.getByTestId('aftersale-ship-back-by').textContent).toMatch(
      /^请在 2026-12-09 \d\d:00 前寄出$/,
    );
    const form = screen.getByRole('form', { name: '填写寄回单号' });
    fireEvent.click(within(form).getByRole('button', { name: '提交寄回单号' }));
    expect(await within(form).findByText('请选择快递公司')).toBeTruthy();
    expect(within(form).getByText('请填写物流单号')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('快递公司'), { target: { value: 'SF' } });
    fireEvent.change(within(form).getByLabelText('物流单号'), { target: { value: 'SF 123' } });
    fireEvent.click(within(form).getByRole('button', { name: '提交寄回单号' }));
    expect(await within(form).findByText('物流单号只能包含字母、数字和 -，4-60 个字符')).toBeTruthy();
    expect(bodiesOf(calls, AfterSalePaths.shipBack)).toEqual([]);

    fireEvent.change(within(form).getByLabelText('物流单号'), { target: { value: ' SF1234567890 ' } });
    fireEvent.click(within(form).getByRole('button', { name: '提交寄回单号' }));
    await waitFor(() => expect(toasts()).toContain(AfterSaleMessages.shippedBack));
    expect(bodiesOf(calls, AfterSalePaths.shipBack)).toEqual([
      { id: 8, courierCode: 'SF', logisticCode: 'SF1234567890' },
    ]);
    await waitFor(() => expect(screen.getByTestId('aftersale-state').textContent).toBe('买家已寄回'));
    expect(screen.getByTestId('aftersale-return-parcel').textContent).toBe('SF SF1234567890');
    expect(screen.queryByRole('form', { name: '填写寄回单号' })).toBeNull();
    expect(screen.queryByRole('button', { name: '撤销申请' })).toBeNull();
  });

  it('shows a refused parcel’s message and the request as it now is', async () => {
    mockApi(
      handlers({
        [AfterSalePaths.detail]: ok(approvedAfterSale()),
        [AfterSalePaths.shipBack]: fail(-1, AfterSaleMessages.shipBackLate),
      }),
    );
    await openDetail(approvedAfterSale());
    const form = screen.getByRole('form', { name: '填写寄回单号' });
    fireEvent.change(within(form).getByLabelText('快递公司'), { target: { value: 'YTO' } });
    fireEvent.change(within(form).getByLabelText('物流单号'), { target: { value: 'YT-0001' } });
    fireEvent.click(within(form).getByRole('button', { name: '提交寄回单号' }));
    await waitFor(() => expect(toasts()).toContain(AfterSaleMessages.shipBackLate));
  });

  it('cancels after asking, and then offers neither 撤销 nor the form', async () => {
    let cancelled = false;
    const { calls } = mockApi(
      handlers({
        [AfterSalePaths.detail]: () =>
          ok(
            cancelled
              ? approvedAfterSale({
                  state: 'cancelled',
                  events: [
                    ...approvedAfterSale().events,
                    { state: 'cancelled', by: 'member', note: '', at: '2026-12-03T02:00:00.000Z' },
                  ],
                })
              : approvedAfterSale(),
          ),
        [AfterSalePaths.cancel]: () => {
          cancelled = true;
          return ok(approvedAfterSale({ state: 'cancelled' }), AfterSaleMessages.cancelled);
        },
      }),
    );
    await openDetail(approvedAfterSale());
    fireEvent.click(screen.getByRole('button', { name: '撤销申请' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(within(dialog).getByText(/撤销后本次售后申请关闭/)).toBeTruthy();
    expect(bodiesOf(calls, AfterSalePaths.cancel)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: '确定撤销' }));
    await waitFor(() => expect(toasts()).toContain(AfterSaleMessages.cancelled));
    expect(bodiesOf(calls, AfterSalePaths.cancel)).toEqual([{ id: 8 }]);
    await waitFor(() => expect(screen.getByTestId('aftersale-state').textContent).toBe('已撤销'));
    expect(screen.queryByRole('button', { name: '撤销申请' })).toBeNull();
    expect(screen.queryByRole('form', { name: '填写寄回单号' })).toBeNull();
    const steps = within(screen.getByRole('list', { name: '处理进度' })).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('strong')?.textContent)).toEqual([
      '已撤销',
      '已同意',
      '待审核',
    ]);
  });

  it('keeps the request when staff moved it on meanwhile, showing the message and where it now is', async () => {
    let moved = false;
    mockApi(
      handlers({
        [AfterSalePaths.detail]: () =>
          ok(moved ? approvedAfterSale({ state: 'shippedBack' }) : afterSaleDetail()),
        [AfterSalePaths.cancel]: () => {
          moved = true;
          return fail(-1, AfterSaleMessages.cannotCancel);
        },
      }),
    );
    await openDetail(afterSaleDetail());
    fireEvent.click(screen.getByRole('button', { name: '撤销申请' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', {}, SLOW)).getByRole('button', { name: '确定撤销' }),
    );
    await waitFor(() => expect(toasts()).toContain(AfterSaleMessages.cannotCancel));
    await waitFor(() => expect(screen.getByTestId('aftersale-state').textContent).toBe('买家已寄回'));
    expect(screen.queryByRole('button', { name: '撤销申请' })).toBeNull();
  });

  it('shows a refunded return: what went back to stock, the amount, where it went, and both parcels', async () => {
    const refunded = approvedAfterSale({
      state: 'refunded',
      lines: [afterSaleLine({ itemId: 51, restocked: 1, writtenOff: 1 })],
      returnCourier: 'SF',
      returnLogisticCode: 'SF1234567890',
      refundAmount: 100,
      refundCurrency: 'CNY',
      refundTo: 'deposit',
    });
    mockApi(handlers({ [AfterSalePaths.detail]: ok(refunded) }));
    await openDetail(refunded);
    expect(screen.getByTestId('aftersale-refund').textContent).toBe('¥100.00已退回账户余额');
    expect(screen.getByTestId('aftersale-return-parcel').textContent).toBe('顺丰速运 SF1234567890');
    const [line] = screen.getAllByTestId('aftersale-line') as [HTMLElement];
    expect(
      within(line)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(1),
    ).toEqual(['¥50.00', '2', '1', '1']);
    expect(screen.getByRole('columnheader', { name: '报损' })).toBeTruthy();
  });

  it.each([
    ['channel', '原路退回'],
    ['account', '冲减公司账单'],
  ] as const)('says a refund went %s', async (refundTo, words) => {
    const refunded = afterSaleDetail({
      type: 'refund',
      state: 'refunded',
      refundAmount: 12.5,
      refundCurrency: 'AUD',
      refundTo,
    });
    mockApi(handlers({ [AfterSalePaths.detail]: ok(refunded) }));
    await openDetail(refunded);
    expect(screen.getByTestId('aftersale-refund').textContent).toBe(`$12.50${words}`);
  });

  it('shows an exchange’s parcel, and a rejection’s reason', async () => {
    const exchanged = approvedAfterSale({
      type: 'exchange',
      state: 'exchanged',
      exchangeCourier: '顺丰速运',
      exchangeLogisticCode: 'SF9999',
      couriers: [],
    });
    mockApi(
      handlers({
        [AfterSalePaths.detail]: (body) =>
          ok(
            (body as { id: number }).id === 8
              ? exchanged
              : afterSaleDetail({
                  id: 7,
                  afterSaleNo: 'AS2026000007',
                  state: 'rejected',
                  rejectReason: '照片看不出破损',
                }),
          ),
      }),
    );
    const { router } = await openDetail(exchanged);
    expect(screen.getByTestId('aftersale-exchange-parcel').textContent).toBe('顺丰速运 SF9999');
    await router.navigate('/member/aftersales/7');
    expect(await screen.findByTestId('aftersale-reject', {}, SLOW)).toBeTruthy();
    expect(screen.getByTestId('aftersale-reject').textContent).toBe('拒绝原因：照片看不出破损');
    expect(screen.queryByRole('button', { name: '撤销申请' })).toBeNull();
  });

  it('says a request that is not the member’s (404) does not exist', async () => {
    mockApi(
      handlers({ [AfterSalePaths.detail]: { status: 404, body: fail(400, AfterSaleMessages.notFound) } }),
    );
    open('/member/aftersales/99');
    expect(await screen.findByRole('heading', { name: AfterSaleMessages.notFound }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回我的售后' }).getAttribute('href')).toBe(
      '/member/aftersales',
    );
    expect(toasts()).toEqual([]);
  });
});
