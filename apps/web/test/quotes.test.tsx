import {
  AddressPaths,
  ApprovalPaths,
  CartPaths,
  type CreatedOrder,
  MemberPaths,
  OrderPaths,
  PaymentPaths,
  type QuoteAcceptRequest,
  type QuoteDetail,
  QuoteMessages,
  QuotePaths,
} from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { quoteValidityText } from '@/features/quote/quote-state';
import { toastStore } from '@/lib/notify';
import { startSession } from '@/lib/session';
import { approvalFixture } from './approval-fixtures';
import { cartList, guestLine, rateHandler, serverLine, storeGuestCart } from './cart-fixtures';
import { shellHandlers } from './catalogue-fixtures';
import { address, orderDetail } from './checkout-fixtures';
import { ratePriceHandler, shopMethods } from './payment-fixtures';
import { answeredQuote, QUOTE_TODAY, quoteSummary, requestedQuote } from './quote-fixtures';
import { demoMember, fail, mockApi, ok, renderApp } from './utils';

/**
 * 询价 (issue #38 part 4, the storefront): asking for a quote on the cart's selected lines, 我的询价 by state, and a
 * quote's page with its prices, messages, 撤回 and 按报价下单 (at the version shown, with one requestId per attempt).
 */

const SLOW = { timeout: 45_000 };
const toasts = () => toastStore.getState().toasts.map((t) => t.text);

type Handlers = Parameters<typeof mockApi>[0];
type Calls = ReturnType<typeof mockApi>['calls'];
const bodiesOf = (calls: Calls, path: string) => calls.filter((c) => c.path === path).map((c) => c.body);

const receivers = [
  address({ id: 4, name: '张三', defaultFlag: true }),
  address({ id: 6, name: '李四', city: '广州市', detail: '天河路 2 号' }),
];
const senders = [address({ id: 9, name: '王五' })];

function handlers(overrides: Handlers = {}): Handlers {
  return {
    ...shellHandlers,
    [MemberPaths.current]: ok(demoMember),
    [CartPaths.list]: ok(cartList([])),
    [AddressPaths.receiverList]: ok(receivers),
    [AddressPaths.senderList]: ok(senders),
    ...overrides,
  };
}

async function openQuote(quote: QuoteDetail) {
  startSession('tok-1');
  const app = renderApp(`/member/quotes/${quote.id}`);
  await screen.findByRole('heading', { name: `询价单 ${quote.quoteNo}` }, SLOW);
  return app;
}

const created = (fields: Partial<CreatedOrder> = {}): CreatedOrder => ({
  orderId: 77,
  orderNo: 'SO2026000077',
  status: 0,
  currency: 'CNY',
  totalPrice: 915.5,
  ...fields,
});

/** The payment page the accepted quote goes on to reads the order and what it costs. */
const paymentHandlers: Handlers = {
  [OrderPaths.detail]: ok(orderDetail({ id: 77, orderNo: 'SO2026000077' })),
  [PaymentPaths.configList]: ok(shopMethods),
  [PaymentPaths.ratePrice]: ratePriceHandler({
    orderId: 77,
    orderNo: 'SO2026000077',
    orderCurrency: 'CNY',
    orderPrice: 915.5,
  }),
};

describe('申请报价 from the cart', () => {
  const lines = [
    serverLine({ id: 1, skuId: 71, qty: 10 }),
    serverLine({ id: 2, skuId: 72, selected: false }),
    serverLine({ id: 3, skuId: 301, goodsId: 30, qty: 4 }),
  ];

  it('asks for a quote on the selected lines (no lines sent) in the cart currency, then opens the quote', async () => {
    const asked = requestedQuote();
    const { calls } = mockApi(
      handlers({
        [CartPaths.list]: ok(cartList(lines)),
        [QuotePaths.request]: ok(asked, QuoteMessages.requested),
        [QuotePaths.detail]: ok(asked),
      }),
    );
    startSession('tok-1');
    const { router } = renderApp('/cart');
    fireEvent.click(await screen.findByRole('button', { name: '申请报价' }, SLOW));

    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(within(dialog).getByText(/为购物车中选中的/).textContent).toContain('2 种商品询价');
    expect((within(dialog).getByRole('radio', { name: '人民币' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('备注'), { target: { value: ' 请报 10 箱的价格 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交询价' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/member/quotes/5'));
    expect(bodiesOf(calls, QuotePaths.request)).toEqual([{ currency: 'CNY', note: '请报 10 箱的价格' }]);
    expect(toasts()).toContain(QuoteMessages.requested);
    // The quote's page shows what was asked, from the answer request/ gave.
    expect(await screen.findByRole('heading', { name: '询价单 QT2026000005' }, SLOW)).toBeTruthy();
    expect(screen.getAllByTestId('quote-line')).toHaveLength(2);
    // The cart was left as it was: nothing removed.
    expect(bodiesOf(calls, CartPaths.batchRemoveItems)).toEqual([]);
    expect(bodiesOf(calls, CartPaths.removeItem)).toEqual([]);
  });

  it('asks in the currency the member picks, and keeps the dialog open on a refusal', async () => {
    const { calls } = mockApi(
      handlers({
        [CartPaths.list]: ok(cartList(lines)),
        [QuotePaths.request]: fail(-1, QuoteMessages.noLines),
      }),
    );
    startSession('tok-1');
    const { router } = renderApp('/cart');
    fireEvent.click(await screen.findByRole('button', { name: '申请报价' }, SLOW));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    fireEvent.click(within(dialog).getByRole('radio', { name: '澳币' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '提交询价' }));
    await waitFor(() => expect(toasts()).toContain(QuoteMessages.noLines));
    expect(bodiesOf(calls, QuotePaths.request)).toEqual([{ currency: 'AUD', note: '' }]);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/cart');
  });

  it('is offered only with lines selected', async () => {
    mockApi(
      handlers({ [CartPaths.list]: ok(cartList(lines.map((line) => ({ ...line, selected: false })))) }),
    );
    startSession('tok-1');
    renderApp('/cart');
    const ask = await screen.findByRole('button', { name: '申请报价' }, SLOW);
    expect(ask.hasAttribute('disabled')).toBe(true);
  });

  it('is not offered to a visitor, whose cart is only on this device', async () => {
    mockApi({ ...shellHandlers, ...rateHandler });
    storeGuestCart({ data: [guestLine({ skuId: 81, qty: 2 })], deleteList: [] });
    renderApp('/cart');
    expect(await screen.findByRole('button', { name: '去结算' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '申请报价' })).toBeNull();
  });
});

describe('我的询价', () => {
  const items = [
    quoteSummary({ id: 7, state: 'answered', total: 915.5, validUntil: '2026-12-08', lineCount: 3 }),
    quoteSummary({ id: 6, state: 'requested' }),
    quoteSummary({
      id: 5,
      state: 'accepted',
      total: 80,
      currency: 'AUD',
      orderId: 77,
      orderNo: 'SO2026000077',
    }),
  ];

  it('lists the quotes with their number, lines, total or 待报价, last day and state, linked to each', async () => {
    const { calls } = mockApi(handlers({ [QuotePaths.list]: ok({ items, totalCount: 3 }) }));
    startSession('tok-1');
    const { router } = renderApp('/member/quotes');
    const rows = await screen.findAllByTestId('quote-row', {}, SLOW);
    expect(rows).toHaveLength(3);
    const [answered, requested, accepted] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(answered.textContent).toContain('3 种');
    expect(answered.textContent).toContain('¥915.50');
    expect(answered.textContent).toContain('2026-12-08');
    expect(within(answered).getByTestId('quote-state').textContent).toBe('已报价');
    expect(requested.textContent).toContain('待报价');
    expect(accepted.textContent).toContain('$80.00');
    expect(within(accepted).getByTestId('quote-state').textContent).toBe('已下单');
    // Only the member's own quotes: no 询价人 column.
    expect(screen.queryByRole('columnheader', { name: '询价人' })).toBeNull();
    expect(bodiesOf(calls, QuotePaths.list)).toEqual([{ pageNo: 1, pageSize: 20, state: 'all' }]);

    fireEvent.click(within(answered).getByRole('link', { name: 'QT2026000007' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/member/quotes/7'));
  });

  it('sends the state tab and page chosen, and keeps them in the address', async () => {
    const { calls } = mockApi(
      handlers({
        [QuotePaths.list]: (body) => {
          const { state, pageNo } = body as { state: string; pageNo: number };
          const shown = items.filter((q) => state === 'all' || q.state === state || state === 'open');
          return ok({ items: pageNo > 1 ? [quoteSummary({ id: 1 })] : shown, totalCount: 41 });
        },
      }),
    );
    startSession('tok-1');
    const { router } = renderApp('/member/quotes');
    await screen.findAllByTestId('quote-row', {}, SLOW);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      '全部',
      '进行中',
      '待报价',
      '已报价',
      '已过期',
      '已下单',
      '已撤回',
      '已关闭',
    ]);
    fireEvent.click(screen.getByRole('tab', { name: '已报价' }));
    await waitFor(() => expect(screen.getAllByTestId('quote-row')).toHaveLength(1));
    expect(router.state.location.search).toBe('?state=answered');
    fireEvent.click(screen.getByRole('tab', { name: '进行中' }));
    await waitFor(() => expect(router.state.location.search).toBe('?state=open'));
    fireEvent.click(await screen.findByRole('button', { name: '第 2 页' }));
    await waitFor(() => expect(screen.getByText('QT2026000001')).toBeTruthy());
    expect(router.state.location.search).toBe('?state=open&pageNo=2');

    expect(bodiesOf(calls, QuotePaths.list)).toEqual([
      { pageNo: 1, pageSize: 20, state: 'all' },
      { pageNo: 1, pageSize: 20, state: 'answered' },
      { pageNo: 1, pageSize: 20, state: 'open' },
      { pageNo: 2, pageSize: 20, state: 'open' },
    ]);
  });

  it('opens on the tab of the address', async () => {
    const { calls } = mockApi(handlers({ [QuotePaths.list]: ok({ items: [], totalCount: 0 }) }));
    startSession('tok-1');
    renderApp('/member/quotes?state=expired');
    expect(await screen.findByRole('heading', { name: '暂无询价' }, SLOW)).toBeTruthy();
    expect(screen.getByText('没有符合筛选条件的询价。')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '已过期' }).getAttribute('aria-selected')).toBe('true');
    expect(bodiesOf(calls, QuotePaths.list)).toEqual([{ pageNo: 1, pageSize: 20, state: 'expired' }]);
  });

  it('shows a company admin who asked each quote', async () => {
    mockApi(
      handlers({
        [QuotePaths.list]: ok({
          items: [quoteSummary({ id: 8, requester: '王采购', mine: false }), quoteSummary({ id: 6 })],
          totalCount: 2,
        }),
      }),
    );
    startSession('tok-1');
    renderApp('/member/quotes');
    const rows = await screen.findAllByTestId('quote-row', {}, SLOW);
    expect(screen.getByRole('columnheader', { name: '询价人' })).toBeTruthy();
    expect(rows[0]?.textContent).toContain('王采购');
    expect(rows[1]?.textContent).toContain('演示会员（我）');
  });

  it('says how to ask when there is none, and is in the member menu', async () => {
    mockApi(handlers({ [QuotePaths.list]: ok({ items: [], totalCount: 0 }) }));
    startSession('tok-1');
    const { router } = renderApp('/member');
    fireEvent.click(await screen.findByRole('link', { name: '我的询价' }, SLOW));
    await waitFor(() => expect(router.state.location.pathname).toBe('/member/quotes'));
    expect(await screen.findByRole('heading', { name: '暂无询价' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: '去购物车' }).getAttribute('href')).toBe('/cart');
  });

  it('shows a failed load with 重新加载, which asks again', async () => {
    let failOnce = true;
    mockApi(
      handlers({
        [QuotePaths.list]: () => {
          if (!failOnce) return ok({ items, totalCount: 3 });
          failOnce = false;
          return fail(-1, '服务繁忙，请稍后重试');
        },
      }),
    );
    startSession('tok-1');
    renderApp('/member/quotes');
    expect(await screen.findByRole('heading', { name: '加载失败' }, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findAllByTestId('quote-row', {}, SLOW)).toHaveLength(3);
  });
});

describe('询价详情', () => {
  it('shows a waiting quote: list prices, 待报价, the note and the thread, and takes a message', async () => {
    const asked = requestedQuote();
    const { calls } = mockApi(
      handlers({
        [QuotePaths.detail]: ok(asked),
        [QuotePaths.message]: (body) =>
          ok(
            requestedQuote({
              messages: [
                ...asked.messages,
                {
                  from: 'member',
                  author: '演示会员',
                  text: (body as { text: string }).text,
                  createdAt: '2026-11-30T02:00:00.000Z',
                },
              ],
            }),
          ),
      }),
    );
    await openQuote(asked);
    expect(bodiesOf(calls, QuotePaths.detail)).toEqual([{ id: 5 }]);
    const [scarf, tea] = screen.getAllByTestId('quote-line') as [HTMLElement, HTMLElement];
    expect(scarf.textContent).toContain('¥50.00');
    expect(within(scarf).getByText('待报价')).toBeTruthy();
    expect(tea.textContent).toContain('有机绿茶');
    expect(tea.textContent).toContain('¥120.00');
    expect(screen.getByText(/待报价：客服报价后/)).toBeTruthy();
    expect(screen.getByTestId('quote-valid-until').textContent).toBe('待报价');
    expect(screen.getByRole('heading', { name: '询价备注' })).toBeTruthy();
    expect(screen.getByTestId('quote-state').textContent).toBe('待报价');
    // Not answered: nothing to accept yet, but it may be withdrawn.
    expect(screen.queryByRole('button', { name: '按报价下单' })).toBeNull();
    expect(screen.getByRole('button', { name: '撤回询价' })).toBeTruthy();
    // No address book is asked for a quote that cannot be accepted.
    expect(bodiesOf(calls, AddressPaths.receiverList)).toEqual([]);

    const reply = screen.getByRole('textbox', { name: '留言' });
    fireEvent.click(screen.getByRole('button', { name: '发送留言' }));
    expect(await screen.findByText('请填写内容')).toBeTruthy();
    fireEvent.change(reply, { target: { value: ' 能否再便宜一点？ ' } });
    fireEvent.click(screen.getByRole('button', { name: '发送留言' }));
    const thread = screen.getByRole('list', { name: '询价留言' });
    await waitFor(() => expect(within(thread).getByText('能否再便宜一点？')).toBeTruthy());
    expect(bodiesOf(calls, QuotePaths.message)).toEqual([{ id: 5, text: '能否再便宜一点？' }]);
    expect((reply as HTMLTextAreaElement).value).toBe('');
    expect(toasts()).toContain('留言已发送');
  });

  it('shows an answered quote: quoted prices, line amounts, goods, freight, total, days left and both sides', async () => {
    mockApi(handlers({ [QuotePaths.detail]: ok(answeredQuote()) }));
    await openQuote(answeredQuote());
    const [scarf, tea] = screen.getAllByTestId('quote-line') as [HTMLElement, HTMLElement];
    // 10 × ¥45 and 4 × ¥110, beside the list prices.
    expect(within(scarf).getByText('¥50.00')).toBeTruthy();
    expect(within(scarf).getByText('¥45.00')).toBeTruthy();
    expect(within(scarf).getByText('¥450.00')).toBeTruthy();
    expect(within(tea).getByText('¥110.00')).toBeTruthy();
    expect(within(tea).getByText('¥440.00')).toBeTruthy();
    const totals = screen.getByTestId('quote-totals');
    expect(totals.textContent).toBe('商品金额¥890.00运费¥25.50报价合计¥915.50');
    expect(screen.getByTestId('quote-valid-until').textContent).toBe('2026-12-08还剩 7 天');
    const thread = screen.getByRole('list', { name: '询价留言' });
    const posts = within(thread).getAllByRole('listitem');
    expect(posts.map((post) => post.className)).toEqual(['quote-post is-member', 'quote-post is-staff']);
    expect(posts[1]?.textContent).toContain('客服小李');
    expect(posts[1]?.textContent).toContain('已按 10 箱报价，含运费');
    expect(screen.getByRole('button', { name: '按报价下单' })).toBeTruthy();
  });

  it('withdraws after asking, and then offers neither 撤回 nor 按报价下单', async () => {
    const { calls } = mockApi(
      handlers({
        [QuotePaths.detail]: ok(answeredQuote()),
        [QuotePaths.withdraw]: ok(answeredQuote({ state: 'withdrawn' })),
      }),
    );
    await openQuote(answeredQuote());
    fireEvent.click(screen.getByRole('button', { name: '撤回询价' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(within(dialog).getByText(/撤回后客服不再报价/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '确定撤回' }));
    await waitFor(() => expect(toasts()).toContain('询价已撤回'));
    expect(bodiesOf(calls, QuotePaths.withdraw)).toEqual([{ id: 5 }]);
    await waitFor(() => expect(screen.getByTestId('quote-state').textContent).toBe('已撤回'));
    expect(screen.queryByRole('button', { name: '撤回询价' })).toBeNull();
    expect(screen.queryByRole('button', { name: '按报价下单' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: '留言' })).toBeNull();
  });

  it('shows a company member’s quote to the admin read-only: who asked, no accept, withdraw or reply', async () => {
    const theirs = answeredQuote({ mine: false, requester: '王采购' });
    const { calls } = mockApi(handlers({ [QuotePaths.detail]: ok(theirs) }));
    await openQuote(theirs);
    expect(screen.getByText('王采购')).toBeTruthy();
    expect(screen.getByTestId('quote-totals').textContent).toContain('¥915.50');
    expect(screen.queryByRole('button', { name: '按报价下单' })).toBeNull();
    expect(screen.queryByRole('button', { name: '撤回询价' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: '留言' })).toBeNull();
    expect(bodiesOf(calls, AddressPaths.receiverList)).toEqual([]);
  });

  it('shows an expired quote as 已过期 with no accept, and still takes a message', async () => {
    const lapsed = answeredQuote({ state: 'expired', validUntil: '2026-11-30' });
    mockApi(handlers({ [QuotePaths.detail]: ok(lapsed) }));
    await openQuote(lapsed);
    expect(screen.getByTestId('quote-state').textContent).toBe('已过期');
    expect(screen.getByTestId('quote-valid-until').textContent).toBe('2026-11-30已过期');
    expect(screen.getByRole('note').textContent).toContain(QuoteMessages.expired);
    expect(screen.queryByRole('button', { name: '按报价下单' })).toBeNull();
    expect(screen.queryByRole('button', { name: '撤回询价' })).toBeNull();
    expect(screen.getByRole('textbox', { name: '留言' })).toBeTruthy();
  });

  it('links an accepted quote to its order', async () => {
    const taken = answeredQuote({ state: 'accepted', orderId: 77, orderNo: 'SO2026000077' });
    mockApi(handlers({ [QuotePaths.detail]: ok(taken) }));
    await openQuote(taken);
    expect(screen.getByRole('link', { name: 'SO2026000077' }).getAttribute('href')).toBe('/order/77');
    expect(screen.queryByRole('button', { name: '按报价下单' })).toBeNull();
  });

  it('says a quote that is not the member’s (404) does not exist', async () => {
    mockApi(handlers({ [QuotePaths.detail]: { status: 404, body: fail(400, QuoteMessages.notFound) } }));
    startSession('tok-1');
    renderApp('/member/quotes/99');
    expect(await screen.findByRole('heading', { name: QuoteMessages.notFound }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回我的询价' }).getAttribute('href')).toBe('/member/quotes');
    expect(toasts()).toEqual([]);
  });
});

describe('按报价下单', () => {
  const accepts = (calls: Calls) => bodiesOf(calls, QuotePaths.accept) as QuoteAcceptRequest[];

  it('orders at the version shown to the default receiver, the same requestId on a retry, then goes to payment', async () => {
    let attempts = 0;
    const { calls } = mockApi(
      handlers({
        [QuotePaths.detail]: ok(answeredQuote()),
        [QuotePaths.accept]: () => {
          attempts += 1;
          // The first attempt is lost on the way (no envelope): the action's own message, and a retry.
          if (attempts === 1) return { status: 502, body: null };
          return ok(created());
        },
        ...paymentHandlers,
      }),
    );
    const { router } = await openQuote(answeredQuote());
    const form = screen.getByRole('form', { name: '按报价下单' });
    const receiver = (await within(form).findByRole('combobox', { name: '收货人' })) as HTMLSelectElement;
    expect(receiver.value).toBe('4');
    expect(within(form).getByText(/报价合计/).textContent).toBe('报价合计：¥915.50');
    fireEvent.change(within(form).getByRole('textbox', { name: '订单备注' }), {
      target: { value: ' 请用纸箱 ' },
    });
    const submit = within(form).getByRole('button', { name: '按报价下单' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(toasts()).toContain('下单失败，请检查网络后重试'));
    expect(accepts(calls)).toEqual([
      {
        id: 5,
        version: 2,
        requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        isPickup: false,
        receiverId: 4,
        senderId: 9,
        memberRemark: '请用纸箱',
      },
    ]);

    fireEvent.click(await within(form).findByRole('button', { name: '按报价下单' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    expect(router.state.location.search).toBe('?orderId=77');
    expect(accepts(calls)).toHaveLength(2);
    expect(accepts(calls)[1]?.requestId).toBe(accepts(calls)[0]?.requestId);
    expect(toasts()).toContain(QuoteMessages.placed);
    await waitFor(() => expect(screen.getByTestId('pay-due').textContent).toBe('¥915.50'), SLOW);
  });

  it('sends another receiver, no sender, or pickup without a receiver, as chosen', async () => {
    const { calls } = mockApi(
      handlers({
        [QuotePaths.detail]: ok(answeredQuote()),
        [QuotePaths.accept]: fail(-1, '商品 绿茶 100g 库存不足'),
      }),
    );
    await openQuote(answeredQuote());
    const form = screen.getByRole('form', { name: '按报价下单' });
    fireEvent.change(await within(form).findByRole('combobox', { name: '收货人' }), {
      target: { value: '6' },
    });
    fireEvent.change(within(form).getByRole('combobox', { name: '发件人（选填）' }), {
      target: { value: 'none' },
    });
    fireEvent.click(within(form).getByRole('button', { name: '按报价下单' }));
    await waitFor(() => expect(toasts()).toContain('商品 绿茶 100g 库存不足'));

    fireEvent.click(within(form).getByRole('radio', { name: '到仓自提' }));
    expect(within(form).queryByRole('combobox', { name: '收货人' })).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: '按报价下单' }));
    await waitFor(() => expect(accepts(calls)).toHaveLength(2));
    const [first, second] = accepts(calls);
    expect(first).toMatchObject({ isPickup: false, receiverId: 6, senderId: null, memberRemark: '' });
    expect(second).toMatchObject({ isPickup: true, receiverId: null, senderId: null });
    // The same attempt at the same version: the stock refusal made no order, so the id may be used again.
    expect(second?.requestId).toBe(first?.requestId);
    // The refusal leaves the member on the quote.
    expect(screen.getByRole('heading', { name: '询价单 QT2026000005' })).toBeTruthy();
  });

  it('asks for a receiver before sending a delivery order when the book is empty', async () => {
    const { calls } = mockApi(
      handlers({ [QuotePaths.detail]: ok(answeredQuote()), [AddressPaths.receiverList]: ok([]) }),
    );
    await openQuote(answeredQuote());
    const form = screen.getByRole('form', { name: '按报价下单' });
    expect(await within(form).findByText('还没有收货地址，请先添加')).toBeTruthy();
    expect(within(form).getByRole('link', { name: '新增收货地址' }).getAttribute('href')).toBe(
      '/member/receiver?from=%2Fmember%2Fquotes%2F5',
    );
    fireEvent.click(within(form).getByRole('button', { name: '按报价下单' }));
    await waitFor(() => expect(toasts()).toContain('请先添加收货地址'));
    expect(accepts(calls)).toEqual([]);
  });

  it('takes a buyer’s order over their limit to the order, which waits for approval', async () => {
    mockApi(
      handlers({
        [QuotePaths.detail]: ok(answeredQuote()),
        [QuotePaths.accept]: ok(created({ orderId: 78, orderNo: 'SO2026000078', status: -1 })),
        [OrderPaths.detail]: ok(
          orderDetail({ id: 78, orderNo: 'SO2026000078', status: -1, mine: true, placedBy: '演示会员' }),
        ),
        [OrderPaths.attachments]: ok([]),
        [ApprovalPaths.list]: ok({
          items: [
            approvalFixture({ orderId: 78, orderNo: 'SO2026000078', buyer: '演示会员', amount: 915.5 }),
          ],
          totalCount: 1,
        }),
      }),
    );
    const { router } = await openQuote(answeredQuote());
    const form = screen.getByRole('form', { name: '按报价下单' });
    await within(form).findByRole('combobox', { name: '收货人' });
    fireEvent.click(within(form).getByRole('button', { name: '按报价下单' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/78'));
    expect(toasts()).toContain('订单已提交，等待公司管理员审批');
    expect(await screen.findByTestId('approval-notice', {}, SLOW)).toBeTruthy();
  });

  it('asks for the quote again when staff answered anew, and orders the new version with a new requestId', async () => {
    let version = 2;
    const { calls } = mockApi(
      handlers({
        [QuotePaths.detail]: () =>
          ok(
            version === 2
              ? answeredQuote()
              : answeredQuote({
                  version: 3,
                  freight: 0,
                  total: 890,
                  messages: [
                    ...answeredQuote().messages,
                    {
                      from: 'staff',
                      author: '客服小李',
                      text: '运费已免',
                      createdAt: '2026-11-30T03:00:00.000Z',
                    },
                  ],
                }),
          ),
        [QuotePaths.accept]: (body) => {
          if ((body as QuoteAcceptRequest).version === 3) return ok(created({ totalPrice: 890 }));
          // Staff answered again while the member looked at version 2.
          version = 3;
          return fail(-1, QuoteMessages.changed);
        },
        ...paymentHandlers,
      }),
    );
    const { router } = await openQuote(answeredQuote());
    const form = screen.getByRole('form', { name: '按报价下单' });
    await within(form).findByRole('combobox', { name: '收货人' });
    fireEvent.click(within(form).getByRole('button', { name: '按报价下单' }));
    await waitFor(() => expect(toasts()).toContain(QuoteMessages.changed));
    // The quote is asked again and shows the new answer; nothing is ordered behind the member's back.
    await waitFor(() => expect(screen.getByTestId('quote-totals').textContent).toContain('报价合计¥890.00'));
    expect(bodiesOf(calls, QuotePaths.detail)).toHaveLength(2);
    expect(screen.getByText('运费已免')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/member/quotes/5');

    fireEvent.click(screen.getByRole('button', { name: '按报价下单' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    const [first, second] = accepts(calls);
    expect(first?.version).toBe(2);
    expect(second?.version).toBe(3);
    expect(second?.requestId).not.toBe(first?.requestId);
  });
});

describe('how long an answer holds', () => {
  it.each([
    [{ state: 'answered', validUntil: '2026-12-08' }, '还剩 7 天'],
    [{ state: 'answered', validUntil: '2026-12-02' }, '还剩 1 天'],
    [{ state: 'answered', validUntil: QUOTE_TODAY }, '今日到期'],
    [{ state: 'answered', validUntil: '2026-11-30' }, '已过期'],
    [{ state: 'expired', validUntil: '2026-11-30' }, '已过期'],
    [{ state: 'requested', validUntil: null }, null],
    [{ state: 'accepted', validUntil: '2026-12-08' }, null],
    [{ state: 'answered', validUntil: '2027-01-01' }, '还剩 31 天'],
  ] as const)('%o on 2026-12-01: %s', (quote, text) => {
    expect(quoteValidityText(quote, QUOTE_TODAY)).toBe(text);
  });
});
