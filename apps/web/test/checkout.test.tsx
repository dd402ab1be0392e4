import {
  AddressPaths,
  CartPaths,
  CheckoutPaths,
  type CheckoutSummaryRequest,
  type CreateOrderRequest,
  MemberPaths,
  OrderPaths,
  PaymentPaths,
} from '@shop/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCheckoutStore } from '@/features/checkout/checkout-store';
import { notify, toastStore } from '@/lib/notify';
import { startSession } from '@/lib/session';
import { cartList } from './cart-fixtures';
import { shellHandlers } from './catalogue-fixtures';
import {
  address,
  GIFT_GOODS_ID,
  GIFT_PROMOTION_ID,
  giftProduct,
  orderDetail,
  summaryFor,
} from './checkout-fixtures';
import { ratePriceHandler, shopMethods } from './payment-fixtures';
import { demoMember, fail, mockApi, ok, renderApp } from './utils';

const SLOW = { timeout: 15_000 };
const toasts = () => toastStore.getState().toasts.map((t) => t.text);

const sydney = address({ id: 3, name: '李四', country: 'AU', province: '新南威尔士州', postCode: '2000' });
const shenzhen = address({ id: 4, defaultFlag: true });

function handlers(overrides: Record<string, Parameters<typeof mockApi>[0][string]> = {}) {
  return {
    ...shellHandlers,
    [MemberPaths.current]: ok(demoMember),
    [CartPaths.list]: ok(cartList([])),
    [AddressPaths.receiverList]: ok([sydney, shenzhen]),
    [AddressPaths.senderList]: ok([]),
    [CheckoutPaths.summary]: (body: unknown) => ok(summaryFor(body as CheckoutSummaryRequest)),
    ...overrides,
  };
}

type Calls = ReturnType<typeof mockApi>['calls'];
const summaryCalls = (calls: Calls) =>
  calls.filter((c) => c.path === CheckoutPaths.summary).map((c) => c.body as CheckoutSummaryRequest);
const lastSummary = (calls: Calls) => summaryCalls(calls).at(-1);

async function openCheckout() {
  startSession('tok-1');
  const app = renderApp('/checkout');
  await screen.findByRole('button', { name: '提交订单' }, SLOW);
  return app;
}

beforeEach(() => {
  resetCheckoutStore();
});

describe('checkout summary request (spec §7 cart/summary/)', () => {
  it("asks with the default receiver's postCode, the page currency, the website id and no choices yet", async () => {
    const { calls } = mockApi(handlers());
    await openCheckout();
    expect(summaryCalls(calls)).toEqual([
      { websiteId: 1, locationCode: '518000', currency: 'CNY', packs: [], gifts: [] },
    ]);
    // Receiver shown is the default entry (spec §3), with the warehouses' packs and their goods.
    expect(screen.getByText('张三')).toBeTruthy();
    expect(screen.getByRole('heading', { name: /澳大利亚仓/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: /中国仓/ })).toBeTruthy();
    // Item display name: skuName, else name plus the property values (spec §3 'Item').
    expect(screen.getByText('羊毛围巾 红')).toBeTruthy();
    expect(screen.getByText('绿茶 100g')).toBeTruthy();
  });

  it('uses the default location code without a receiver, and Pickup when picking up', async () => {
    const { calls } = mockApi(handlers({ [AddressPaths.receiverList]: ok([]) }));
    await openCheckout();
    expect(lastSummary(calls)?.locationCode).toBe('CN11010200');
    expect(screen.getByText('还没有收货地址，请先添加')).toBeTruthy();
    // The address book is told to come back here (?from=/checkout).
    expect(screen.getByRole('link', { name: '新增收货地址' }).getAttribute('href')).toBe(
      '/member/receiver?from=%2Fcheckout',
    );
    expect(screen.getByRole('link', { name: '管理发件地址' }).getAttribute('href')).toBe(
      '/member/sender?from=%2Fcheckout',
    );

    fireEvent.click(screen.getByRole('radio', { name: '到仓自提' }));
    await waitFor(() => expect(lastSummary(calls)?.locationCode).toBe('Pickup'));
  });

  it('asks again with the receiver chosen in the dialog', async () => {
    const { calls } = mockApi(handlers());
    await openCheckout();
    const receiverSection = screen.getByRole('region', { name: '收货人' });
    fireEvent.click(within(receiverSection).getByRole('button', { name: '更换' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: /李四/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(lastSummary(calls)?.locationCode).toBe('2000'));
  });

  it('asks for a new summary in the currency chosen in the header', async () => {
    const { calls } = mockApi(handlers());
    await openCheckout();
    expect(screen.getByTestId('checkout-total').textContent).toBe('¥143.50');
    fireEvent.click(screen.getByRole('button', { name: 'AUD' }));
    await waitFor(() => expect(lastSummary(calls)?.currency).toBe('AUD'));
    await waitFor(() => expect(screen.getByTestId('checkout-total').textContent).toBe('$143.50'));
  });
});

describe('packs and couriers (spec §3 Pack, §4 choosing a courier)', () => {
  it('offers only public couriers, disables the unavailable one with its reason, and reloads with the choice', async () => {
    const { calls } = mockApi(handlers());
    await openCheckout();
    const au = screen.getByRole('group', { name: '澳大利亚仓快递' });
    expect(within(au).queryByText('内部专线')).toBeNull();
    const ems = within(au).getByRole('radio', { name: /EMS/ }) as HTMLInputElement;
    expect(ems.disabled).toBe(true);
    expect(within(au).getByText('超过最大重量')).toBeTruthy();
    expect((within(au).getByRole('radio', { name: /澳邮经济/ }) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(within(au).getByRole('radio', { name: /DHL 快递/ }));
    await waitFor(() => expect(summaryCalls(calls)).toHaveLength(2));
    const packs = lastSummary(calls)?.packs ?? [];
    expect(packs.map((p) => [p.index, p.courierId])).toEqual([
      [0, 14],
      [1, 21],
    ]);
    // Each pack carries its client packId (spec §3: a random number made on the client).
    for (const pack of packs) expect(pack.packId).toEqual(expect.any(Number));
    await waitFor(() => expect(screen.getByTestId('checkout-shipping').textContent).toBe('¥28.00'));
  });

  it('pickup drops shipping and tax from the totals', async () => {
    mockApi(handlers());
    await openCheckout();
    expect(screen.getByTestId('checkout-shipping').textContent).toBe('¥20.00');
    expect(screen.getByTestId('checkout-tax').textContent).toBe('¥3.50');
    // Other amount = otherPrice + tax (spec §5).
    expect(screen.getByTestId('checkout-other').textContent).toBe('¥23.50');
    expect(screen.getByTestId('checkout-promotions').textContent).toBe('-¥10.00');
    expect(screen.getByTestId('checkout-total').textContent).toBe('¥143.50');

    fireEvent.click(screen.getByRole('radio', { name: '到仓自提' }));
    await waitFor(() => expect(screen.getByTestId('checkout-other').textContent).toBe('¥0.00'));
    expect(screen.getByTestId('checkout-shipping').textContent).toBe('¥0.00');
    expect(screen.getByTestId('checkout-total').textContent).toBe('¥120.00');
    expect(screen.getAllByText('到仓自提，无需快递')).toHaveLength(2);
  });
});

describe('summary loading (spec §4 Checkout summary loading)', () => {
  it('does not ask again when coming back with the browser back button (POP)', async () => {
    const { calls } = mockApi(handlers());
    const { router } = await openCheckout();
    expect(summaryCalls(calls)).toHaveLength(1);
    await act(() => router.navigate('/404'));
    await screen.findByRole('heading', { name: '页面不存在' }, SLOW);
    await act(() => router.navigate(-1));
    await screen.findByRole('button', { name: '提交订单' }, SLOW);
    expect(screen.getByText('绿茶 100g')).toBeTruthy();
    expect(summaryCalls(calls)).toHaveLength(1);

    // Arriving anew (PUSH) asks again.
    await act(() => router.navigate('/404'));
    await act(() => router.navigate('/checkout'));
    await waitFor(() => expect(summaryCalls(calls)).toHaveLength(2));
  });

  it('a not-valid summary shows notForSaleMsg for 4 s but is shown, and cannot be submitted', async () => {
    mockApi(
      handlers({
        [CheckoutPaths.summary]: (body) =>
          ok(summaryFor(body as CheckoutSummaryRequest, { valid: false, notForSaleMsg: '有机绿茶库存不足' })),
      }),
    );
    const notice = vi.spyOn(notify, 'error');
    await openCheckout();
    await waitFor(() => expect(toasts()).toContain('有机绿茶库存不足'));
    expect(notice).toHaveBeenCalledWith('有机绿茶库存不足', 4000);
    expect(screen.getByText('绿茶 100g')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: '订单金额' })).getByRole('alert').textContent).toBe(
      '有机绿茶库存不足',
    );
    expect((screen.getByRole('button', { name: '提交订单' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a failed load resets the info and offers to try again', async () => {
    let failing = false;
    const { calls } = mockApi(
      handlers({
        [CheckoutPaths.summary]: (body) =>
          failing ? fail(500, '服务繁忙') : ok(summaryFor(body as CheckoutSummaryRequest)),
      }),
    );
    await openCheckout();
    failing = true;
    fireEvent.click(screen.getByRole('radio', { name: /DHL 快递/ }));
    await waitFor(() => expect(toasts()).toContain('服务繁忙'));
    expect(await screen.findByText('订单信息加载失败，请稍后重试')).toBeTruthy();
    expect(screen.queryByText('绿茶 100g')).toBeNull();

    failing = false;
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('绿茶 100g', {}, SLOW)).toBeTruthy();
    expect(lastSummary(calls)?.packs).toEqual([]);
  });

  it('keeps the info after an empty not-valid answer, even when a later load fails (isUnResetInfo)', async () => {
    let reply: 'ok' | 'empty' | 'fail' = 'ok';
    mockApi(
      handlers({
        [CheckoutPaths.summary]: (body) => {
          if (reply === 'fail') return fail(500, '服务繁忙');
          const empty = reply === 'empty';
          return ok(
            summaryFor(body as CheckoutSummaryRequest, {
              empty,
              valid: !empty,
              notForSaleMsg: empty ? '没有可结算的商品' : '',
            }),
          );
        },
      }),
    );
    await openCheckout();
    reply = 'empty';
    fireEvent.click(screen.getByRole('radio', { name: /DHL 快递/ }));
    await waitFor(() => expect(toasts()).toContain('没有可结算的商品'));
    reply = 'fail';
    fireEvent.click(screen.getByRole('button', { name: 'AUD' }));
    await waitFor(() => expect(toasts()).toContain('服务繁忙'));
    expect(screen.getByText('绿茶 100g')).toBeTruthy();
  });

  it('an empty cart shows a way back to the cart', async () => {
    mockApi(
      handlers({
        [CheckoutPaths.summary]: (body) =>
          ok(
            summaryFor(body as CheckoutSummaryRequest, {
              empty: true,
              valid: false,
              notForSaleMsg: '请选择商品',
            }),
          ),
      }),
    );
    startSession('tok-1');
    renderApp('/checkout');
    expect(await screen.findByRole('heading', { name: '没有可结算的商品' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回购物车' }).getAttribute('href')).toBe('/cart');
  });
});

describe('free gifts (spec §4 Promotion methods, OnTheHouse)', () => {
  it('loads the gift product, checks the chosen SKU and reloads the summary with the gift', async () => {
    const { calls } = mockApi(
      handlers({
        [CheckoutPaths.giftDetail]: ok(giftProduct),
        [CheckoutPaths.giftCheck]: ok({ success: true, message: '' }),
      }),
    );
    await openCheckout();
    expect(screen.getByText('满100减10')).toBeTruthy();
    expect(screen.getByText('您有 1 件赠品待选择')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '选择赠品' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('radio', { name: '红' });
    expect(calls.find((c) => c.path === CheckoutPaths.giftDetail)?.body).toEqual({ goodsId: GIFT_GOODS_ID });
    expect((within(dialog).getByRole('radio', { name: /蓝/ }) as HTMLInputElement).disabled).toBe(true);

    fireEvent.click(within(dialog).getByRole('radio', { name: '红' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(lastSummary(calls)?.gifts).toEqual([{ promotionId: GIFT_PROMOTION_ID, skuId: 501 }]),
    );
    expect(calls.find((c) => c.path === CheckoutPaths.giftCheck)?.body).toEqual({
      promotionId: GIFT_PROMOTION_ID,
      skuId: 501,
    });
    expect(await screen.findByRole('button', { name: '更换赠品' })).toBeTruthy();
    expect(screen.getAllByText('赠品').length).toBeGreaterThan(0);
  });

  it('a refused gift SKU is not added', async () => {
    const { calls } = mockApi(
      handlers({
        [CheckoutPaths.giftDetail]: ok(giftProduct),
        [CheckoutPaths.giftCheck]: ok({ success: false, message: '该赠品已送完' }),
      }),
    );
    await openCheckout();
    fireEvent.click(screen.getByRole('button', { name: '选择赠品' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('radio', { name: '红' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(toasts()).toContain('该赠品已送完'));
    expect(summaryCalls(calls)).toHaveLength(1);
  });
});

describe('提交订单 (spec §7 createdOrder/)', () => {
  it('sends one order per click burst, the same requestId on retry, then goes to /payment?orderId=', async () => {
    let attempts = 0;
    const { calls } = mockApi(
      handlers({
        [OrderPaths.create]: () => {
          attempts += 1;
          // The first attempt is lost on the way (no envelope): the shop's own message, and a retry.
          if (attempts === 1) return { status: 502, body: null };
          return ok({ orderId: 77, orderNo: 'SO2026000077', status: 0, currency: 'CNY', totalPrice: 143.5 });
        },
        [OrderPaths.detail]: ok(orderDetail({ id: 77, orderNo: 'SO2026000077' })),
        [PaymentPaths.configList]: ok(shopMethods),
        [PaymentPaths.ratePrice]: ratePriceHandler({
          orderId: 77,
          orderNo: 'SO2026000077',
          orderCurrency: 'CNY',
          orderPrice: 143.5,
        }),
      }),
    );
    const { router } = await openCheckout();
    fireEvent.change(screen.getByRole('textbox', { name: '订单备注' }), { target: { value: ' 请用纸箱 ' } });
    const submit = screen.getByRole('button', { name: '提交订单' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(toasts()).toContain('创建订单失败，请检查网络后重试'));
    const creates = () =>
      calls.filter((c) => c.path === OrderPaths.create).map((c) => c.body as CreateOrderRequest);
    expect(creates()).toHaveLength(1);
    const first = creates()[0];
    expect(first).toEqual({
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      currency: 'CNY',
      isPickup: false,
      receiverId: 4,
      senderId: null,
      packs: [
        { index: 0, courierId: 11 },
        { index: 1, courierId: 21 },
      ],
      gifts: [],
      memberRemark: '请用纸箱',
      websiteId: 1,
    });

    const cartCallsBefore = calls.filter((c) => c.path === CartPaths.list).length;
    fireEvent.click(await screen.findByRole('button', { name: '提交订单' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    expect(router.state.location.search).toBe('?orderId=77');
    expect(creates()).toHaveLength(2);
    expect(creates()[1]?.requestId).toBe(first?.requestId);
    // The ordered lines left the cart: it is asked again.
    await waitFor(() =>
      expect(calls.filter((c) => c.path === CartPaths.list).length).toBeGreaterThan(cartCallsBefore),
    );

    // The payment page reads the order from the server and asks what it costs in its currency.
    expect(await screen.findByText('SO2026000077', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('pay-due').textContent).toBe('¥143.50'));
    expect(calls.find((c) => c.path === OrderPaths.detail)?.body).toEqual({ id: 77 });
    expect(calls.find((c) => c.path === PaymentPaths.ratePrice)?.body).toEqual({
      orderId: 77,
      currency: 'CNY',
    });
  });

  it("shows the server's refusal as it is", async () => {
    mockApi(handlers({ [OrderPaths.create]: fail(-1, '购物车已变化，请刷新结算页后重试') }));
    await openCheckout();
    fireEvent.click(screen.getByRole('button', { name: '提交订单' }));
    await waitFor(() => expect(toasts()).toContain('购物车已变化，请刷新结算页后重试'));
  });

  it('asks for a receiver before sending a delivery order', async () => {
    const { calls } = mockApi(handlers({ [AddressPaths.receiverList]: ok([]) }));
    await openCheckout();
    fireEvent.click(screen.getByRole('button', { name: '提交订单' }));
    await waitFor(() => expect(toasts()).toContain('请先添加收货地址'));
    expect(calls.some((c) => c.path === OrderPaths.create)).toBe(false);
  });
});
