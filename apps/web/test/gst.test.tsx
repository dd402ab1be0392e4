import {
  AddressPaths,
  CartPaths,
  CheckoutPaths,
  type CheckoutSummaryRequest,
  MemberPaths,
  OrderPaths,
} from '@shop/domain';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetCheckoutStore } from '@/features/checkout/checkout-store';
import { usePageCurrency } from '@/lib/page-currency';
import { startSession } from '@/lib/session';
import { cartList, serverLine } from './cart-fixtures';
import { shellHandlers } from './catalogue-fixtures';
import { address, orderDetail, summaryFor } from './checkout-fixtures';
import { demoMember, mockApi, ok, renderApp } from './utils';

const SLOW = { timeout: 45_000 };
const sydney = address({
  id: 3,
  name: '李四',
  country: 'AU',
  province: '新南威尔士州',
  postCode: '2000',
  defaultFlag: true,
});
const shanghai = address({ id: 4, postCode: '200040', defaultFlag: true });
const member = { ...shellHandlers, [MemberPaths.current]: ok(demoMember) };

beforeEach(() => {
  resetCheckoutStore();
  usePageCurrency.getState().setCurrency('AUD');
});

function checkoutHandlers(gst?: { price: number; included: boolean }) {
  return {
    ...member,
    [CartPaths.list]: ok(cartList([])),
    [AddressPaths.receiverList]: ok([sydney]),
    [AddressPaths.senderList]: ok([]),
    [CheckoutPaths.summary]: (body: unknown) =>
      ok(summaryFor(body as CheckoutSummaryRequest, gst ? { gst } : {})),
  };
}

async function openCheckout() {
  startSession('tok-1');
  renderApp('/checkout');
  await screen.findByRole('button', { name: '提交订单' }, SLOW);
}

describe('checkout: GST on its own line (ADR 038)', () => {
  it('prices including GST: 含GST with the amount, nothing added to the tax', async () => {
    mockApi(checkoutHandlers({ price: 13.05, included: true }));
    await openCheckout();
    await waitFor(() => expect(screen.getByTestId('checkout-gst').textContent).toBe('含GST $13.05'));
    expect(screen.getByTestId('checkout-tax').textContent).toBe('$3.50');
    expect(screen.getByTestId('checkout-other').textContent).toBe('$23.50');
  });

  it('prices excluding GST: GST added, the tax line keeps the rest', async () => {
    mockApi(checkoutHandlers({ price: 12, included: false }));
    await openCheckout();
    await waitFor(() => expect(screen.getByTestId('checkout-gst').textContent).toBe('GST $12.00'));
    expect(screen.getByTestId('checkout-tax').textContent).toBe('$3.50');
    // Other amount = otherPrice + taxPrice (spec §5), the GST added among it.
    expect(screen.getByTestId('checkout-other').textContent).toBe('$35.50');
  });

  it('no GST, no line', async () => {
    mockApi(checkoutHandlers());
    await openCheckout();
    expect(screen.queryByTestId('checkout-gst')).toBeNull();
  });
});

describe('order detail: GST on its own line', () => {
  it.each([
    [true, 0, '含GST $13.05', '$20.00'],
    [false, 13.05, 'GST $13.05', '$33.05'],
  ])('included %s', async (included, added, line, other) => {
    const order = orderDetail({
      id: 12,
      currency: 'AUD',
      gst: added,
      allOtherPrice: Number((20 + added).toFixed(2)),
      gstPrice: 13.05,
      gstIncluded: included,
    });
    mockApi({ ...member, [OrderPaths.detail]: ok(order), [OrderPaths.attachments]: ok([]) });
    startSession('tok-1');
    renderApp('/order/12');
    expect(await screen.findByTestId('order-gst', {}, SLOW)).toBeTruthy();
    expect(screen.getByTestId('order-gst').textContent).toBe(line);
    expect(screen.getByTestId('order-other').textContent).toBe(other);
  });

  it('a CNY order shows no GST line', async () => {
    mockApi({
      ...member,
      [OrderPaths.detail]: ok(orderDetail({ id: 12 })),
      [OrderPaths.attachments]: ok([]),
    });
    startSession('tok-1');
    renderApp('/order/12');
    await screen.findByTestId('order-total', {}, SLOW);
    expect(screen.queryByTestId('order-gst')).toBeNull();
  });
});

describe('cart: the GST the AUD total contains', () => {
  const cart = cartList([serverLine({ id: 1, skuId: 72, qty: 11, audPrice: 10 })], { audPrice: '110.00' });
  const cartHandlers = (receivers: unknown[], setting = { registered: true, pricesIncludeGst: true }) => ({
    ...member,
    [CartPaths.list]: ok(cart),
    [AddressPaths.receiverList]: ok(receivers),
    [CheckoutPaths.gstSetting]: ok(setting),
    [CheckoutPaths.runningPromotions]: ok({ list: [] }),
  });

  it('delivered to Sydney, prices including GST: 含GST $10.00 beside the total', async () => {
    const { calls } = mockApi(cartHandlers([sydney]));
    startSession('tok-1');
    renderApp('/cart');
    await waitFor(() => expect(screen.getByTestId('cart-gst').textContent).toBe('含GST $10.00'), SLOW);
    expect(screen.getByTestId('cart-total').textContent).toBe('$110.00');
    expect(calls.find((c) => c.path === CheckoutPaths.gstSetting)?.body).toEqual({});
  });

  it('prices excluding GST: the GST checkout adds', async () => {
    mockApi(cartHandlers([sydney], { registered: true, pricesIncludeGst: false }));
    startSession('tok-1');
    renderApp('/cart');
    await waitFor(
      () => expect(screen.getByTestId('cart-gst').textContent).toBe('GST $11.00（结算时另加）'),
      SLOW,
    );
  });

  it('delivered to China, or a shop not registered: no GST line', async () => {
    mockApi(cartHandlers([shanghai]));
    startSession('tok-1');
    renderApp('/cart');
    await screen.findByTestId('cart-total', {}, SLOW);
    expect(screen.queryByTestId('cart-gst')).toBeNull();
  });

  it('paying CNY: no GST line', async () => {
    usePageCurrency.getState().setCurrency('CNY');
    mockApi(cartHandlers([sydney]));
    startSession('tok-1');
    renderApp('/cart');
    await screen.findByTestId('cart-total', {}, SLOW);
    expect(screen.queryByTestId('cart-gst')).toBeNull();
  });
});
