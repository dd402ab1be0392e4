import { CartPaths, CreditMessages, MemberPaths, OrderPaths, PaymentPaths } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toastStore } from '@/lib/notify';
import { startSession } from '@/lib/session';
import { cartList } from './cart-fixtures';
import { shellHandlers } from './catalogue-fixtures';
import { orderDetail } from './checkout-fixtures';
import { onAccountMethod } from './credit-fixtures';
import { payStatus, ratePriceHandler, shopMethods } from './payment-fixtures';
import { demoMember, fail, mockApi, ok, renderApp } from './utils';

/**
 * 账期支付 on the payment page (issue #38 part 3): offered for the order's own currency when the company's credit
 * covers the order's total, disabled with the reason when it does not, hidden without credit in that currency; paying
 * asks first, sends the order, and shows the result as a deposit payment does.
 */

const SLOW = { timeout: 45_000 };
const toasts = () => toastStore.getState().toasts.map((t) => t.text);

type Handlers = Parameters<typeof mockApi>[0];
type Calls = ReturnType<typeof mockApi>['calls'];
const bodiesOf = (calls: Calls, path: string) => calls.filter((c) => c.path === path).map((c) => c.body);

/** Order 77: CNY 143.50, not paid yet; the shop's methods and 账期支付 with the credit given. */
function handlers(overrides: Handlers = {}, credit = onAccountMethod()): Handlers {
  return {
    ...shellHandlers,
    [MemberPaths.current]: ok(demoMember),
    [CartPaths.list]: ok(cartList([])),
    [OrderPaths.detail]: ok(orderDetail({ id: 77, orderNo: 'SO2026000077' })),
    [PaymentPaths.configList]: ok([...shopMethods, credit]),
    [PaymentPaths.ratePrice]: ratePriceHandler({
      orderId: 77,
      orderNo: 'SO2026000077',
      orderCurrency: 'CNY',
      orderPrice: 143.5,
    }),
    ...overrides,
  };
}

async function openPayment() {
  startSession('tok-1');
  const app = renderApp('/payment?orderId=77');
  await screen.findByRole('heading', { name: '选择支付方式' }, SLOW);
  await screen.findByRole('listitem', { name: '支付宝' });
  return app;
}

const accountRow = () => screen.getByRole('listitem', { name: '账期支付' });
const accountPay = () => within(accountRow()).getByRole('button', { name: '支付' });

describe('账期支付 on the payment page', () => {
  it("offers it with the credit in the order's own currency and its terms, whatever the method's currency says", async () => {
    mockApi(handlers());
    await openPayment();
    const row = accountRow();
    // The method says AUD; the order is in CNY, so the CNY credit counts and the CNY total is due.
    expect(within(row).getByText('可用额度 ¥5000.00 · 账期 30 天')).toBeTruthy();
    expect(within(row).getByText('¥143.50')).toBeTruthy();
    expect(accountPay().hasAttribute('disabled')).toBe(false);
    expect(within(row).queryByText('可用额度不足')).toBeNull();
  });

  it('disables it with the reason when the credit left is below the total, and hides it without credit in that currency', async () => {
    mockApi(
      handlers(
        {},
        onAccountMethod([
          { currency: 'CNY', available: 143.49, termsDays: 30 },
          { currency: 'AUD', available: 5000, termsDays: 14 },
        ]),
      ),
    );
    const first = await openPayment();
    expect(within(accountRow()).getByText('可用额度 ¥143.49 · 账期 30 天')).toBeTruthy();
    expect(accountPay().hasAttribute('disabled')).toBe(true);
    expect(within(accountRow()).getByText('可用额度不足，请选择其他支付方式')).toBeTruthy();
    first.unmount();

    // Credit in AUD only: a CNY order cannot be paid on account.
    mockApi(handlers({}, onAccountMethod([{ currency: 'AUD', available: 5000, termsDays: 14 }])));
    await openPayment();
    expect(screen.queryByRole('listitem', { name: '账期支付' })).toBeNull();
    expect(screen.getByRole('listitem', { name: '人民币余额支付' })).toBeTruthy();
  });

  it('is not offered when the server does not list it (a viewer, or an overdue invoice)', async () => {
    mockApi(handlers({ [PaymentPaths.configList]: ok(shopMethods) }));
    await openPayment();
    expect(screen.queryByRole('listitem', { name: '账期支付' })).toBeNull();
    expect(screen.queryByText(/可用额度/)).toBeNull();
  });

  it('pays on account after confirmation, sending the order, then shows the result', async () => {
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
                    paidAt: '2026-11-30T06:10:00.000Z',
                    payChannel: 'OnAccount',
                    payChannelName: '账期支付',
                    paidCurrency: 'CNY',
                    paidPrice: 143.5,
                  }
                : {}),
            }),
          ),
        [PaymentPaths.findPayStatus]: () => ok(payStatus({ tradeNo: null })),
        [PaymentPaths.payOnAccount]: () => {
          paid = true;
          return ok({
            orderId: 77,
            orderNo: 'SO2026000077',
            status: 60,
            currency: 'CNY',
            amount: 143.5,
            invoiceNo: 'AI2026000077',
            dueOn: '2026-12-30',
            available: 4856.5,
          });
        },
      }),
    );
    const { router } = await openPayment();
    fireEvent.click(accountPay());
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(within(dialog).getByText('确认使用公司账期支付 ¥143.50？账单将于 30 天后到期。')).toBeTruthy();
    expect(bodiesOf(calls, PaymentPaths.payOnAccount)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: '确认支付' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/result'));
    expect(router.state.location.search).toBe('?orderId=77&status=paid');
    expect(bodiesOf(calls, PaymentPaths.payOnAccount)).toEqual([{ orderId: 77 }]);
    expect(toasts()).toContain('已使用公司账期支付，账单 AI2026000077 将于 2026-12-30 到期');
    expect(await screen.findByRole('heading', { name: '支付成功' }, SLOW)).toBeTruthy();
    // Nothing else was charged.
    expect(bodiesOf(calls, PaymentPaths.payByDeposit)).toEqual([]);
  });

  it("shows the server's refusal as a toast and stays on the page", async () => {
    const { calls } = mockApi(handlers({ [PaymentPaths.payOnAccount]: fail(-1, CreditMessages.overdue) }));
    const { router } = await openPayment();
    fireEvent.click(accountPay());
    fireEvent.click(
      within(await screen.findByRole('dialog', {}, SLOW)).getByRole('button', { name: '确认支付' }),
    );
    await waitFor(() => expect(toasts()).toContain(CreditMessages.overdue));
    expect(bodiesOf(calls, PaymentPaths.payOnAccount)).toEqual([{ orderId: 77 }]);
    expect(router.state.location.pathname).toBe('/payment');
    await waitFor(() => expect(accountPay().hasAttribute('disabled')).toBe(false));
  });
});
