import {
  AddressPaths,
  ApprovalPaths,
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
import { choosePickup, resetCheckoutStore } from '@/features/checkout/checkout-store';
import { notify, toastStore } from '@/lib/notify';
import { usePageCurrency } from '@/lib/page-currency';
import { startSession } from '@/lib/session';
import { approvalFixture } from './approval-fixtures';
import { cartList } from './cart-fixtures';
import { shellHandlers } from './catalogue-fixtures';
import {
  address,
  GIFT_GOODS_ID,
  GIFT_PROMOTION_ID,
  giftProduct,
  orderDetail,
  SHENZHEN_DESK,
  SYDNEY_DESK,
  summaryFor,
} from './checkout-fixtures';
import { ratePriceHandler, shopMethods } from './payment-fixtures';
import { demoMember, fail, mockApi, ok, renderApp } from './utils';

const SLOW = { timeout: 45_000 };
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

/** A shop where both warehouses of the order have a pickup desk. */
const bothDesks = {
  [CheckoutPaths.summary]: (body: unknown) =>
    ok(summaryFor(body as CheckoutSummaryRequest, { desks: [SYDNEY_DESK, SHENZHEN_DESK] })),
};

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
    const { calls } = mockApi(handlers({ [AddressPaths.receiverList]: ok([]), ...bothDesks }));
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
    mockApi(handlers(bothDesks));
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
    expect(screen.getByText(`到仓自提：${SYDNEY_DESK.address}，无需快递`)).toBeTruthy();
    expect(screen.getByText(`到仓自提：${SHENZHEN_DESK.address}，无需快递`)).toBeTruthy();
  });
});

describe('pickup is a property of the warehouse (spec §4 Setting pickup stores isPickup)', () => {
  it('offers no pickup when a pack comes from a warehouse without a desk, and says which one', async () => {
    // The shop's one desk is in Sydney; the order has a CN pack.
    const { calls } = mockApi(handlers());
    await openCheckout();
    const delivery = screen.getByRole('region', { name: '配送方式' });
    expect(within(delivery).queryByRole('radio', { name: '到仓自提' })).toBeNull();
    expect(within(delivery).queryByText('到仓自提')).toBeNull();
    expect(within(delivery).getByText('快递配送')).toBeTruthy();
    expect(within(delivery).getByText('中国仓的商品只能快递发货，本单不能到仓自提。')).toBeTruthy();
    expect(summaryCalls(calls).map((b) => b.locationCode)).toEqual(['518000']);
  });

  it('shows where and when to collect once pickup is chosen for AU goods', async () => {
    const { calls } = mockApi(
      handlers({
        [CheckoutPaths.summary]: (body: unknown) =>
          ok(summaryFor(body as CheckoutSummaryRequest, { auOnly: true })),
      }),
    );
    await openCheckout();
    expect(screen.queryByRole('group', { name: '自提地点' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: '到仓自提' }));
    await waitFor(() => expect(lastSummary(calls)?.locationCode).toBe('Pickup'));
    const desk = await screen.findByRole('group', { name: '自提地点' });
    expect(within(desk).getByText('澳大利亚仓自提点')).toBeTruthy();
    expect(within(desk).getByText(SYDNEY_DESK.address)).toBeTruthy();
    expect(within(desk).getByText(`营业时间：${SYDNEY_DESK.hours}`)).toBeTruthy();
    expect(within(desk).getByText(`电话：${SYDNEY_DESK.phone}`)).toBeTruthy();
    // No receiver is asked for: the goods are collected.
    expect(screen.queryByRole('region', { name: '收货人' })).toBeNull();
    expect(screen.getByTestId('checkout-total').textContent).toBe('¥90.00');
  });

  it('a pickup choice left from before stays visible but disabled, and the shopper switches back', async () => {
    choosePickup(true);
    const { calls } = mockApi(handlers());
    await openCheckout();
    // The server refuses pickup for the CN pack and says so, once, beside the totals (ADR 013).
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: '订单金额' })).getByRole('alert').textContent).toBe(
        '中国仓不提供到仓自提，请选择快递配送',
      ),
    );
    const pickup = screen.getByRole('radio', { name: '到仓自提' }) as HTMLInputElement;
    expect(pickup.checked).toBe(true);
    expect(pickup.disabled).toBe(true);
    expect(screen.getByRole('button', { name: '提交订单' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: '快递配送' }));
    await waitFor(() => expect(lastSummary(calls)?.locationCode).toBe('518000'));
    await waitFor(() => expect(screen.queryByRole('radio', { name: '到仓自提' })).toBeNull());
    expect(screen.getByRole('button', { name: '提交订单' }).hasAttribute('disabled')).toBe(false);
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

  it('a not-valid summary is shown with notForSaleMsg said once, beside the totals, and cannot be submitted', async () => {
    mockApi(
      handlers({
        [CheckoutPaths.summary]: (body) =>
          ok(summaryFor(body as CheckoutSummaryRequest, { valid: false, notForSaleMsg: '有机绿茶库存不足' })),
      }),
    );
    const notice = vi.spyOn(notify, 'error');
    await openCheckout();
    expect(screen.getByText('绿茶 100g')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: '订单金额' })).getByRole('alert').textContent).toBe(
      '有机绿茶库存不足',
    );
    // Once: not also as a toast (ADR 013).
    expect(screen.getAllByText('有机绿茶库存不足')).toHaveLength(1);
    expect(notice).not.toHaveBeenCalled();
    expect(toasts()).not.toContain('有机绿茶库存不足');
    expect(screen.queryByRole('button', { name: '改用人民币结算' })).toBeNull();
    expect((screen.getByRole('button', { name: '提交订单' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('paying AUD with a line without an AUD price: no $0.00 line, no freight for it, said once; 改用人民币结算 re-quotes in CNY', async () => {
    usePageCurrency.getState().setCurrency('AUD');
    const message = '以下商品不支持澳币支付，请重新选择：绿茶 100g';
    // The server leaves the tea out of an AUD quote (its pack, goods and freight) and names it.
    const summary = (body: CheckoutSummaryRequest) => {
      const s = summaryFor(body);
      if (body.currency !== 'AUD') return s;
      const packs = s.packs.filter((p) => p.location !== 2);
      const otherPrice = packs.reduce((sum, p) => sum + p.shippingFee, 0);
      return {
        ...s,
        packs,
        items: s.items.filter((i) => i.skuId !== 301),
        goodsPrice: 100,
        otherPrice,
        allOtherPrice: otherPrice + s.taxPrice,
        totalPrice: 100 - s.promotionsSum + otherPrice + s.taxPrice,
        valid: false,
        notForSaleMsg: message,
        notPayableInAud: ['绿茶 100g'],
      };
    };
    const { calls } = mockApi(
      handlers({ [CheckoutPaths.summary]: (body) => ok(summary(body as CheckoutSummaryRequest)) }),
    );
    await openCheckout();
    expect(lastSummary(calls)?.currency).toBe('AUD');
    expect(screen.getAllByText(/不支持澳币支付/)).toHaveLength(1);
    expect(toasts()).toEqual([]);
    expect(screen.queryByText('绿茶 100g')).toBeNull();
    expect(screen.queryByText('$0.00')).toBeNull();
    expect(screen.queryByRole('heading', { name: /中国仓/ })).toBeNull();
    expect(screen.getByTestId('checkout-shipping').textContent).toBe('$12.00');
    expect((screen.getByRole('button', { name: '提交订单' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: '改用人民币结算' }));
    await waitFor(() => expect(lastSummary(calls)?.currency).toBe('CNY'));
    expect(await screen.findByText('绿茶 100g')).toBeTruthy();
    expect(screen.queryByText(/不支持澳币支付/)).toBeNull();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: '提交订单' }) as HTMLButtonElement).disabled).toBe(false),
    );
  });

  it('paying AUD when no selected line has an AUD price: says why once and offers to pay in CNY', async () => {
    usePageCurrency.getState().setCurrency('AUD');
    const message = '以下商品不支持澳币支付，请重新选择：绿茶 100g';
    mockApi(
      handlers({
        [CheckoutPaths.summary]: (body) => {
          const s = summaryFor(body as CheckoutSummaryRequest, { empty: true });
          return ok({ ...s, valid: false, notForSaleMsg: message, notPayableInAud: ['绿茶 100g'] });
        },
      }),
    );
    startSession('tok-1');
    renderApp('/checkout');
    expect(await screen.findByText(message, {}, SLOW)).toBeTruthy();
    expect(screen.getAllByText(/不支持澳币支付/)).toHaveLength(1);
    expect(screen.getByRole('button', { name: '改用人民币结算' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回购物车' })).toBeTruthy();
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
    // Said once, beside the totals of the info kept on screen, which cannot be submitted now.
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: '订单金额' })).getByRole('alert').textContent).toBe(
        '没有可结算的商品',
      ),
    );
    expect((screen.getByRole('button', { name: '提交订单' }) as HTMLButtonElement).disabled).toBe(true);
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
  it('says which promotion applies and why another 满减 does not (ADR 031)', async () => {
    mockApi(handlers());
    await openCheckout();
    const section = screen.getByRole('region', { name: '优惠活动' });
    expect(within(section).getByTestId('promotion-hints').textContent).toBe(
      '已享 满100减10（-¥10.00）；满50减5 不与其同享已享 满100送小样',
    );
    const outdone = within(section).getByText('满50减5').closest('li');
    expect(outdone?.textContent).toContain('不与 满100减10 同享');
    const applied = within(section).getByText('满100减10').closest('li');
    expect(applied?.textContent).toContain('-¥10.00');
  });

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
  it('takes a buyer’s order that waits for their company’s approval to the order, which says so', async () => {
    mockApi(
      handlers({
        [OrderPaths.create]: ok({
          orderId: 78,
          orderNo: 'SO2026000078',
          status: -1,
          currency: 'CNY',
          totalPrice: 143.5,
        }),
        [OrderPaths.detail]: ok(
          orderDetail({ id: 78, orderNo: 'SO2026000078', status: -1, mine: true, placedBy: '演示会员' }),
        ),
        [OrderPaths.attachments]: ok([]),
        [ApprovalPaths.list]: ok({
          items: [
            approvalFixture({
              orderId: 78,
              orderNo: 'SO2026000078',
              buyer: '演示会员',
              currency: 'CNY',
              amount: 143.5,
              limit: 100,
            }),
          ],
          totalCount: 1,
        }),
      }),
    );
    const { router } = await openCheckout();
    fireEvent.click(screen.getByRole('button', { name: '提交订单' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/78'));
    expect(toasts()).toContain('订单已提交，等待公司管理员审批');
    const notice = await screen.findByTestId('approval-notice', {}, SLOW);
    expect(notice.textContent).toContain('等待公司管理员审批（超出单笔额度 ¥100.00）');
    expect(screen.getByTestId('order-status').textContent).toBe('待审批');
    // It is not paid until approved: no 去支付, but it may still be cancelled.
    expect(screen.queryByRole('link', { name: '去支付' })).toBeNull();
    expect(screen.getByRole('button', { name: '取消订单' })).toBeTruthy();
  });

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
