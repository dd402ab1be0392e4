import { CartPaths, MemberPaths, OrderPaths, PaymentPaths, ResultCode } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { orderKeys } from '@/features/order/api/keys';
import { PAY_FORM_ID } from '@/features/payment/pay-redirect';
import { toastStore } from '@/lib/notify';
import { page } from '@/lib/page';
import { startSession } from '@/lib/session';
import { cartList } from './cart-fixtures';
import { shellHandlers } from './catalogue-fixtures';
import { orderDetail } from './checkout-fixtures';
import { payStart, payStatus, ratePriceHandler, shopMethods } from './payment-fixtures';
import { demoMember, fail, mockApi, ok, renderApp } from './utils';

const SLOW = { timeout: 45_000 };
const toasts = () => toastStore.getState().toasts.map((t) => t.text);

type Handlers = Parameters<typeof mockApi>[0];
type Calls = ReturnType<typeof mockApi>['calls'];
const bodiesOf = (calls: Calls, path: string) => calls.filter((c) => c.path === path).map((c) => c.body);

/** Order 77: CNY 143.50, not paid yet; the member holds ¥1234.50 and no AUD unless told. */
function handlers(
  overrides: Handlers = {},
  balances: { cnyDeposit?: number; audDeposit?: number } = {},
): Handlers {
  return {
    ...shellHandlers,
    [MemberPaths.current]: ok({ ...demoMember, ...balances }),
    [CartPaths.list]: ok(cartList([])),
    [OrderPaths.detail]: ok(orderDetail({ id: 77, orderNo: 'SO2026000077' })),
    [PaymentPaths.configList]: ok(shopMethods),
    [PaymentPaths.ratePrice]: ratePriceHandler({
      orderId: 77,
      orderNo: 'SO2026000077',
      orderCurrency: 'CNY',
      orderPrice: 143.5,
    }),
    ...overrides,
  };
}

/** Order 77 in AUD instead: A$28.70, ¥143.50 at the fixtures' rate; it can be paid in either currency. */
const audOrder: Handlers = {
  [OrderPaths.detail]: ok(
    orderDetail({ id: 77, orderNo: 'SO2026000077', currency: 'AUD', totalPrice: 28.7 }),
  ),
  [PaymentPaths.ratePrice]: ratePriceHandler({
    orderId: 77,
    orderNo: 'SO2026000077',
    orderCurrency: 'AUD',
    orderPrice: 28.7,
  }),
};

async function openPayment(path = '/payment?orderId=77') {
  startSession('tok-1');
  const app = renderApp(path);
  await screen.findByRole('heading', { name: '选择支付方式' }, SLOW);
  await screen.findByRole('listitem', { name: '支付宝' });
  return app;
}

const methodRow = (name: string) => screen.getByRole('listitem', { name });
const payButton = (name: string) => within(methodRow(name)).getByRole('button', { name: '支付' });

describe('payment page (spec §2 /payment, §4 Payment by channel)', () => {
  it('an AUD order: the amount due in either currency, each method charging in its own', async () => {
    const { calls } = mockApi(handlers(audOrder));
    await openPayment();
    expect(screen.getByText('SO2026000077')).toBeTruthy();
    // Pieces, with the kinds they are of (3 lines, 7 pieces): never the lines alone.
    expect(screen.getByText('共 3 种 7 件')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('pay-due').textContent).toBe('$28.70'));
    expect(within(methodRow('支付宝')).getByText('¥143.50')).toBeTruthy();
    await waitFor(() => expect(within(methodRow('Supay 支付宝（澳币）')).getByText('$28.70')).toBeTruthy());
    expect(bodiesOf(calls, PaymentPaths.configList)).toEqual([{ supportWebsite: true }]);

    fireEvent.click(screen.getByRole('radio', { name: '人民币 CNY' }));
    await waitFor(() => expect(screen.getByTestId('pay-due').textContent).toBe('¥143.50'));
    expect(bodiesOf(calls, PaymentPaths.ratePrice)).toEqual(
      expect.arrayContaining([
        { orderId: 77, currency: 'CNY' },
        { orderId: 77, currency: 'AUD' },
      ]),
    );
  });

  it('a CNY order (its lines cannot be paid in AUD) offers no AUD method and no AUD amount (ADR 013)', async () => {
    const { calls } = mockApi(handlers({}, { cnyDeposit: 1234.5, audDeposit: 50 }));
    await openPayment();
    await waitFor(() => expect(screen.getByTestId('pay-due').textContent).toBe('¥143.50'));
    expect(methodRow('人民币余额支付')).toBeTruthy();
    expect(methodRow('微信支付')).toBeTruthy();
    // Not the AUD deposit, even with a balance, nor either Supay AUD method.
    expect(screen.queryByRole('listitem', { name: '澳币余额支付' })).toBeNull();
    expect(screen.queryByRole('listitem', { name: 'Supay 支付宝（澳币）' })).toBeNull();
    expect(screen.queryByRole('listitem', { name: 'Supay 微信（澳币）' })).toBeNull();
    expect(screen.queryByRole('radio', { name: '澳币 AUD' })).toBeNull();
    expect(screen.getByText('该订单以人民币结算，请使用人民币支付方式。')).toBeTruthy();
    expect(screen.queryByText(/\$/)).toBeNull();
    expect(bodiesOf(calls, PaymentPaths.ratePrice)).toEqual([{ orderId: 77, currency: 'CNY' }]);
  });

  it('offers DepositPay only with a CNY balance and DepositPayAUD only with an AUD balance', async () => {
    mockApi(handlers({}, { cnyDeposit: 1234.5, audDeposit: 0 }));
    const first = await openPayment();
    expect(methodRow('人民币余额支付')).toBeTruthy();
    expect(within(methodRow('人民币余额支付')).getByText('可用余额 ¥1234.50')).toBeTruthy();
    expect(screen.queryByRole('listitem', { name: '澳币余额支付' })).toBeNull();
    first.unmount();

    mockApi(handlers(audOrder, { cnyDeposit: 0, audDeposit: 50 }));
    await openPayment();
    expect(screen.queryByRole('listitem', { name: '人民币余额支付' })).toBeNull();
    expect(within(methodRow('澳币余额支付')).getByText('可用余额 $50.00')).toBeTruthy();
    await waitFor(() => expect(payButton('澳币余额支付').hasAttribute('disabled')).toBe(false));
  });

  it('disables a deposit method whose balance is below the amount due, with a hint', async () => {
    mockApi(handlers({}, { cnyDeposit: 100 }));
    await openPayment();
    await waitFor(() => expect(within(methodRow('人民币余额支付')).getByText('¥143.50')).toBeTruthy());
    expect(payButton('人民币余额支付').hasAttribute('disabled')).toBe(true);
    expect(within(methodRow('人民币余额支付')).getByText(/余额不足/)).toBeTruthy();
    expect(
      within(methodRow('人民币余额支付')).getByRole('link', { name: '先充值' }).getAttribute('href'),
    ).toBe('/member/recharge');
  });

  it('pays from the deposit after confirmation, sending the amount shown, then shows the result', async () => {
    let paid = false;
    const { calls } = mockApi(
      handlers({
        [OrderPaths.detail]: () =>
          ok(
            orderDetail({
              id: 77,
              orderNo: 'SO2026000077',
              ...(paid
                ? {
                    status: 60,
                    paidAt: '2026-03-01T06:10:00.000Z',
                    payChannel: 'DepositPay',
                    payChannelName: '人民币余额支付',
                    paidCurrency: 'CNY',
                    paidPrice: 143.5,
                  }
                : {}),
            }),
          ),
        // A paid order answers paid by its id, whatever paid it.
        [PaymentPaths.findPayStatus]: () => ok(payStatus({ tradeNo: null })),
        [PaymentPaths.payByDeposit]: () => {
          paid = true;
          return ok({
            orderId: 77,
            orderNo: 'SO2026000077',
            status: 60,
            currency: 'CNY',
            paid: 143.5,
            balance: 1091,
          });
        },
      }),
    );
    const { router, queryClient } = await openPayment();
    queryClient.setQueryData(orderKeys.list({ pageNo: 1, pageSize: 10 }), { items: [] });
    await waitFor(() => expect(payButton('人民币余额支付').hasAttribute('disabled')).toBe(false));
    fireEvent.click(payButton('人民币余额支付'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确认使用人民币余额支付 ¥143.50？')).toBeTruthy();
    expect(bodiesOf(calls, PaymentPaths.payByDeposit)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: '确认支付' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/result'));
    expect(router.state.location.search).toBe('?orderId=77&status=paid');
    expect(bodiesOf(calls, PaymentPaths.payByDeposit)).toEqual([
      { orderId: 77, currency: 'CNY', deposit: 143.5 },
    ]);
    expect(await screen.findByRole('heading', { name: '支付成功' }, SLOW)).toBeTruthy();
    expect(screen.getByText('SO2026000077')).toBeTruthy();
    expect(screen.getByText('¥143.50')).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看订单' }).getAttribute('href')).toBe('/member/order');
    expect(screen.getByRole('link', { name: '订单详情' }).getAttribute('href')).toBe('/order/77');
    expect(bodiesOf(calls, PaymentPaths.findPayStatus)).toEqual([{ orderId: 77 }]);
    // The order lists are marked for refresh (spec §4 'Order actions').
    expect(queryClient.getQueryState(orderKeys.list({ pageNo: 1, pageSize: 10 }))?.isInvalidated).toBe(true);
  });

  it("shows the server's refusal of a deposit payment as a toast and stays", async () => {
    const { router } = await (async () => {
      mockApi(handlers({ [PaymentPaths.payByDeposit]: fail(-1, '应付金额已变化，请刷新后重试') }));
      return openPayment();
    })();
    await waitFor(() => expect(payButton('人民币余额支付').hasAttribute('disabled')).toBe(false));
    fireEvent.click(payButton('人民币余额支付'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确认支付' }));
    await waitFor(() => expect(toasts()).toContain('应付金额已变化，请刷新后重试'));
    expect(router.state.location.pathname).toBe('/payment');
  });

  it('A01 asks payBySyb/ for the PC cashier and opens it (GET)', async () => {
    const assign = vi.spyOn(page, 'assign').mockImplementation(() => undefined);
    const { calls } = mockApi(
      handlers({
        [PaymentPaths.payBySyb]: ok(
          payStart({
            kind: 'syb',
            method: 'GET',
            action: '/sandbox-pay/cashier/T2026000001',
            currency: 'CNY',
          }),
        ),
      }),
    );
    await openPayment();
    await waitFor(() => expect(payButton('支付宝').hasAttribute('disabled')).toBe(false));
    fireEvent.click(payButton('支付宝'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox-pay/cashier/T2026000001'));
    expect(bodiesOf(calls, PaymentPaths.payBySyb)).toEqual([{ orderId: 77, type: 'A01', paymentType: 'PC' }]);
  });

  it('W01 on a phone asks for the H5 cashier', async () => {
    vi.spyOn(page, 'assign').mockImplementation(() => undefined);
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({ matches: query.includes('max-width'), media: query })),
    );
    const { calls } = mockApi(
      handlers({
        [PaymentPaths.payBySyb]: ok(
          payStart({ kind: 'syb', method: 'GET', action: '/sandbox-pay/cashier/T1' }),
        ),
      }),
    );
    await openPayment();
    await waitFor(() => expect(payButton('微信支付').hasAttribute('disabled')).toBe(false));
    fireEvent.click(payButton('微信支付'));
    await waitFor(() =>
      expect(bodiesOf(calls, PaymentPaths.payBySyb)).toEqual([
        { orderId: 77, type: 'W01', paymentType: 'H5' },
      ]),
    );
  });

  it("shows payBySyb/'s refusal as a toast", async () => {
    const assign = vi.spyOn(page, 'assign').mockImplementation(() => undefined);
    mockApi(handlers({ [PaymentPaths.payBySyb]: fail(-1, '支付渠道维护中') }));
    await openPayment();
    await waitFor(() => expect(payButton('支付宝').hasAttribute('disabled')).toBe(false));
    fireEvent.click(payButton('支付宝'));
    await waitFor(() => expect(toasts()).toContain('支付渠道维护中'));
    expect(assign).not.toHaveBeenCalled();
    expect(payButton('支付宝').hasAttribute('disabled')).toBe(false);
  });

  it('a supay channel posts the hidden form with the fields of supayParam/ to the bridge (POST)', async () => {
    const submitted: HTMLFormElement[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted.push(this);
    });
    const fields = {
      tradeNo: 'T2026000002',
      amount: '28.70',
      return_url: 'http://shop.test/payment',
      sign: 'abc',
    };
    const { calls } = mockApi(
      handlers({
        ...audOrder,
        [PaymentPaths.supayParam]: ok(payStart({ method: 'POST', action: '/sandbox-pay/bridge', fields })),
      }),
    );
    await openPayment();
    await waitFor(() => expect(payButton('Supay 支付宝（澳币）').hasAttribute('disabled')).toBe(false));
    fireEvent.click(payButton('Supay 支付宝（澳币）'));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(bodiesOf(calls, PaymentPaths.supayParam)).toEqual([{ methodId: 5, orderId: 77 }]);
    const form = submitted[0] as HTMLFormElement;
    expect(form.id).toBe(PAY_FORM_ID);
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/sandbox-pay/bridge');
    expect(document.body.contains(form)).toBe(true);
    const inputs = Array.from(form.querySelectorAll('input'));
    expect(inputs.every((i) => i.type === 'hidden')).toBe(true);
    expect(Object.fromEntries(inputs.map((i) => [i.name, i.value]))).toEqual(fields);
  });

  it('the chat-app variant asks the proxy and opens the cashier url on SUCCESS (PROXY)', async () => {
    const assign = vi.spyOn(page, 'assign').mockImplementation(() => undefined);
    const proxy = '/sandbox-pay/proxy?tradeNo=T2026000003';
    const { calls } = mockApi(
      handlers({
        ...audOrder,
        [PaymentPaths.supayParam]: ok(payStart({ kind: 'supay_proxy', method: 'PROXY', action: proxy })),
        [proxy]: { status: 200, body: { result: 'SUCCESS', url: 'https://cashier.test/pay/T2026000003' } },
      }),
    );
    await openPayment();
    await waitFor(() => expect(payButton('Supay 微信（澳币）').hasAttribute('disabled')).toBe(false));
    fireEvent.click(payButton('Supay 微信（澳币）'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://cashier.test/pay/T2026000003'));
    expect(bodiesOf(calls, PaymentPaths.supayParam)).toEqual([{ methodId: 6, orderId: 77 }]);
    const proxyCall = calls.find((c) => c.path === proxy);
    expect(proxyCall?.headers.Authorization).toBeUndefined();
  });

  it("shows the proxy's message when it does not answer SUCCESS", async () => {
    const assign = vi.spyOn(page, 'assign').mockImplementation(() => undefined);
    const proxy = '/sandbox-pay/proxy?tradeNo=T2026000004';
    mockApi(
      handlers({
        ...audOrder,
        [PaymentPaths.supayParam]: ok(payStart({ kind: 'supay_proxy', method: 'PROXY', action: proxy })),
        [proxy]: { status: 200, body: { result: 'FAIL', message: '收银台暂不可用' } },
      }),
    );
    await openPayment();
    await waitFor(() => expect(payButton('Supay 微信（澳币）').hasAttribute('disabled')).toBe(false));
    fireEvent.click(payButton('Supay 微信（澳币）'));
    await waitFor(() => expect(toasts()).toContain('收银台暂不可用'));
    expect(assign).not.toHaveBeenCalled();
  });

  it("another member's order (HTTP 404) says 订单不存在 with a way back, not 重新加载", async () => {
    mockApi(
      handlers({ [OrderPaths.detail]: { status: 404, body: fail(ResultCode.BadRequest, '订单不存在') } }),
    );
    startSession('tok-1');
    renderApp('/payment?orderId=78');
    expect(await screen.findByRole('heading', { name: '订单不存在' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看我的订单' }).getAttribute('href')).toBe('/member/order');
    expect(screen.queryByRole('button', { name: '重新加载' })).toBeNull();
  });

  it('an order already paid says so and links to it instead of offering methods', async () => {
    const { calls } = mockApi(
      handlers({ [OrderPaths.detail]: ok(orderDetail({ id: 77, orderNo: 'SO2026000077', status: 60 })) }),
    );
    startSession('tok-1');
    renderApp('/payment?orderId=77');
    expect(await screen.findByRole('heading', { name: '该订单已支付' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看订单' }).getAttribute('href')).toBe('/order/77');
    expect(screen.queryByRole('heading', { name: '选择支付方式' })).toBeNull();
    expect(bodiesOf(calls, PaymentPaths.configList)).toEqual([]);
  });

  it('a cancelled order says so', async () => {
    mockApi(handlers({ [OrderPaths.detail]: ok(orderDetail({ id: 77, status: -100 })) }));
    startSession('tok-1');
    renderApp('/payment?orderId=77');
    expect(await screen.findByRole('heading', { name: '该订单已取消，无法支付' }, SLOW)).toBeTruthy();
  });

  it('an order waiting for its company’s approval says it is paid once approved', async () => {
    mockApi(handlers({ [OrderPaths.detail]: ok(orderDetail({ id: 77, status: -1 })) }));
    startSession('tok-1');
    renderApp('/payment?orderId=77');
    expect(
      await screen.findByRole('heading', { name: '该订单正等待公司管理员审批，批准后才能支付' }, SLOW),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '选择支付方式' })).toBeNull();
  });

  it('back from a channel with its tradeNo, waits for the result and goes on to /payment/result', async () => {
    let asked = 0;
    const { calls } = mockApi(
      handlers({
        [PaymentPaths.findPayStatus]: () => {
          asked += 1;
          return ok(
            payStatus({
              status: asked === 1 ? 'pending' : 'paid',
              paidAt: asked === 1 ? null : '2026-03-01T06:10:00.000Z',
            }),
          );
        },
      }),
    );
    startSession('tok-1');
    const { router } = renderApp('/payment?orderId=77&tradeNo=T2026000001');
    expect(await screen.findByText('正在确认支付结果…', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/result'), { timeout: 5000 });
    expect(router.state.location.search).toBe('?orderId=77&tradeNo=T2026000001');
    expect(await screen.findByRole('heading', { name: '支付成功' }, SLOW)).toBeTruthy();
    expect(bodiesOf(calls, PaymentPaths.findPayStatus)[0]).toEqual({ tradeNo: 'T2026000001' });
    // The methods were never offered while the payment was being confirmed.
    expect(bodiesOf(calls, PaymentPaths.configList)).toEqual([]);
  });
});

describe('payment result (spec §2 /payment/result, §8 PayCancel / PayFailed)', () => {
  const resultHandlers = (status: Handlers[string]) => handlers({ [PaymentPaths.findPayStatus]: status });

  it('asks again while the payment is pending, then shows 支付成功 and refreshes the orders', async () => {
    let asked = 0;
    const { calls } = mockApi(
      resultHandlers(() => {
        asked += 1;
        return ok(payStatus(asked < 3 ? { status: 'pending', paidAt: null } : {}));
      }),
    );
    startSession('tok-1');
    const { queryClient } = renderApp('/payment/result?orderId=77&tradeNo=T2026000001');
    queryClient.setQueryData(orderKeys.list({ pageNo: 1, pageSize: 10 }), { items: [] });
    expect(await screen.findByText('正在确认支付结果…', {}, SLOW)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: '支付成功' }, { timeout: 8000 })).toBeTruthy();
    expect(bodiesOf(calls, PaymentPaths.findPayStatus)).toHaveLength(3);
    expect(bodiesOf(calls, PaymentPaths.findPayStatus)[0]).toEqual({ tradeNo: 'T2026000001' });
    expect(screen.getByText('SO2026000077')).toBeTruthy();
    expect(screen.getByText('¥143.50')).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看订单' }).getAttribute('href')).toBe('/member/order');
    expect(screen.getByRole('link', { name: '订单详情' }).getAttribute('href')).toBe('/order/77');
    await waitFor(() =>
      expect(queryClient.getQueryState(orderKeys.list({ pageNo: 1, pageSize: 10 }))?.isInvalidated).toBe(
        true,
      ),
    );
    // Settled: no more asking.
    await new Promise((resolve) => setTimeout(resolve, 1800));
    expect(bodiesOf(calls, PaymentPaths.findPayStatus)).toHaveLength(3);
  }, 20_000);

  it('a cancelled trade, answered as data with PayCancel (1021), shows 支付失败 with 支付已取消 and the ways on', async () => {
    mockApi(
      resultHandlers(
        ok(
          payStatus({
            status: 'cancelled',
            paidAt: null,
            failure: { resultCode: ResultCode.PayCancel, message: '支付已取消' },
          }),
        ),
      ),
    );
    startSession('tok-1');
    renderApp('/payment/result?orderId=77&tradeNo=T2026000001');
    expect(await screen.findByRole('heading', { name: '支付失败' }, SLOW)).toBeTruthy();
    expect(screen.getByText('支付已取消')).toBeTruthy();
    expect(screen.getByRole('link', { name: '重新支付' }).getAttribute('href')).toBe('/payment?orderId=77');
    expect(screen.getByRole('link', { name: '查看订单' }).getAttribute('href')).toBe('/member/order');
    expect(toasts()).toEqual([]);
  });

  it('a failed payment, answered as data with PayFailed (1022), shows 支付失败 with the reason', async () => {
    mockApi(
      resultHandlers(
        ok(
          payStatus({
            status: 'failed',
            paidAt: null,
            failure: { resultCode: ResultCode.PayFailed, message: '银行卡余额不足' },
          }),
        ),
      ),
    );
    startSession('tok-1');
    renderApp('/payment/result?orderId=77&tradeNo=T2026000001');
    expect(await screen.findByRole('heading', { name: '支付失败' }, SLOW)).toBeTruthy();
    expect(screen.getByText('银行卡余额不足')).toBeTruthy();
    expect(screen.getByRole('link', { name: '重新支付' }).getAttribute('href')).toBe('/payment?orderId=77');
  });

  it('an older server answering PayCancel as an error still shows 支付失败 quietly', async () => {
    mockApi(resultHandlers(fail(ResultCode.PayCancel, '用户取消支付')));
    startSession('tok-1');
    renderApp('/payment/result?orderId=77&tradeNo=T2026000001');
    expect(await screen.findByRole('heading', { name: '支付失败' }, SLOW)).toBeTruthy();
    expect(toasts()).toEqual([]);
  });

  it('after 支付成功 goes on to the order list after a short countdown (spec §2)', async () => {
    mockApi(resultHandlers(ok(payStatus({}))));
    startSession('tok-1');
    const { router } = renderApp('/payment/result?orderId=77&tradeNo=T2026000001');
    expect(await screen.findByRole('heading', { name: '支付成功' }, SLOW)).toBeTruthy();
    expect(screen.getByText(/秒后前往我的订单/)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/member/order'), { timeout: 8000 });
  }, 20_000);

  it('留在此页 stops the countdown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi(resultHandlers(ok(payStatus({}))));
    startSession('tok-1');
    const { router } = renderApp('/payment/result?orderId=77&tradeNo=T2026000001');
    expect(await screen.findByRole('heading', { name: '支付成功' }, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '留在此页' }));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(router.state.location.pathname).toBe('/payment/result');
    expect(screen.queryByText(/秒后前往我的订单/)).toBeNull();
  }, 20_000);

  it('says 支付结果确认中 after a minute of pending, and asks again on 重新查询', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let asked = 0;
    mockApi(
      resultHandlers(() => {
        asked += 1;
        return ok(payStatus({ status: 'pending', paidAt: null }));
      }),
    );
    startSession('tok-1');
    renderApp('/payment/result?orderId=77&tradeNo=T2026000001');
    expect(await screen.findByText('正在确认支付结果…', {}, SLOW)).toBeTruthy();
    await vi.advanceTimersByTimeAsync(61_000);
    expect(await screen.findByRole('heading', { name: '支付结果确认中' })).toBeTruthy();
    const before = asked;
    expect(before).toBeGreaterThan(5);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(asked).toBe(before);
    fireEvent.click(screen.getByRole('button', { name: '重新查询' }));
    await waitFor(() => expect(asked).toBeGreaterThan(before));
    expect(await screen.findByText('正在确认支付结果…')).toBeTruthy();
  }, 20_000);
});
