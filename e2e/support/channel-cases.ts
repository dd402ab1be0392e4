import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type AdminMoneyBackResponse,
  AdminOrderPaths,
  AdminReconciliationPaths,
  CartPaths,
  DepositPaths,
  OrderPaths,
  type ReconciliationRunResponse,
} from '@shop/domain';
import { expect } from 'vitest';
import { callApi } from './api';
import { type BrowserSession, photo, screenshotDir } from './browser';
import { setUpAuthenticator, signIn } from './console';

/** Where the payment journeys' pictures go (PAY_SHOTS_DIR, else the run's screenshot folder). */
export const PAY_SHOTS = process.env.PAY_SHOTS_DIR ?? join(screenshotDir, 'payment-channels');

/** A whole-page picture of the session's page into PAY_SHOTS. */
export async function payShot(s: BrowserSession, name: string): Promise<void> {
  await mkdir(PAY_SHOTS, { recursive: true });
  await photo(s.page, { path: join(PAY_SHOTS, `${name}.png`), fullPage: true });
}

/** A pickup order of one `skuId` in `currency`, created by the member. */
export async function newOrder(
  baseURL: string,
  token: string,
  skuId: number,
  currency: 'CNY' | 'AUD',
): Promise<{ orderId: number; orderNo: string }> {
  await callApi(baseURL, CartPaths.addItem, { skuId, qty: 1 }, token);
  return callApi(baseURL, OrderPaths.create, { currency, isPickup: true, requestId: randomUUID() }, token);
}

export const orderDetail = (baseURL: string, token: string, orderId: number) =>
  callApi(baseURL, OrderPaths.detail, { id: orderId }, token);

/**
 * Signs the owner `boss` (made by ownerCommand before the shop started) into the console in this session's
 * browser, sets up the authenticator, and answers the staff token the console keeps: the journey's staff calls.
 */
export async function ownerToken(s: BrowserSession, password: string): Promise<string> {
  await signIn(s.page, 'boss', password);
  await setUpAuthenticator(s.page);
  await s.page.waitForURL('**/admin/dashboard');
  const token = await s.page.evaluate(() => window.localStorage.getItem('shop-admin-token'));
  if (!token) throw new Error('the console kept no staff token');
  return token;
}

/** A staff refund of `amount` 元 through the order's channel (the console's call); what the shop answered. */
export function staffRefund(
  baseURL: string,
  staffToken: string,
  orderNo: string,
  amount: number,
  refundedBefore: number,
): Promise<AdminMoneyBackResponse> {
  return callApi(
    baseURL,
    AdminOrderPaths.refund,
    { orderNo, amount, refundedBefore, reason: '渠道退款核对' },
    staffToken,
  );
}

/** The member's order page shows `refundState`'s label and the amount refunded so far. */
export async function memberSeesRefund(
  s: BrowserSession,
  orderId: number,
  label: '退款中' | '部分退款' | '已退款',
  refunded: string,
): Promise<void> {
  await s.page.goto(`/order/${orderId}`);
  await s.page.getByTestId('order-refund-state').getByText(label).waitFor({ timeout: 30_000 });
  if (label !== '退款中') await s.page.getByTestId('order-refunded').getByText(refunded).waitFor();
}

/**
 * After the last refund: the member's page (reloaded) shows 已退款, and the order says the whole `total` (分) is
 * refunded with nothing still under way.
 */
export async function memberSeesFullRefund(
  s: BrowserSession,
  baseURL: string,
  token: string,
  orderId: number,
  total: number,
  shot: string,
): Promise<void> {
  await s.page.reload();
  await s.page.getByTestId('order-refund-state').getByText('已退款').waitFor({ timeout: 30_000 });
  await payShot(s, shot);
  expect(await orderDetail(baseURL, token, orderId)).toMatchObject({
    refundState: 'refunded',
    refundedPrice: total / 100,
    refundingPrice: 0,
  });
}

/** The member's order page shows the status label (待付款, 已取消 …). */
export async function memberSeesStatus(s: BrowserSession, orderId: number, label: string): Promise<void> {
  await s.page.goto(`/order/${orderId}`);
  await s.page.getByTestId('order-status').getByText(label, { exact: true }).waitFor({ timeout: 30_000 });
}

/**
 * The member cancels the unpaid order on its page (取消订单, 确定取消) and it shows 已取消. On a busy machine a click
 * landing while the dialog opens can be lost: while the dialog still asks, 确定取消 is clicked again (the dialog
 * ignores a second OK while the first runs, so the order is never cancelled twice).
 */
export async function memberCancels(s: BrowserSession, orderId: number): Promise<void> {
  await s.page.goto(`/order/${orderId}`);
  await s.page.getByRole('button', { name: '取消订单' }).click();
  const ok = s.page.getByRole('dialog').getByRole('button', { name: '确定取消' });
  const cancelled = s.page.getByTestId('order-status').getByText('已取消', { exact: true });
  await ok.click();
  for (let tries = 0; tries < 3; tries += 1) {
    if (
      await cancelled.waitFor({ timeout: 10_000 }).then(
        () => true,
        () => false,
      )
    )
      return;
    if (await ok.isVisible()) await ok.click();
  }
  await cancelled.waitFor({ timeout: 10_000 });
}

/** The channel's yesterday in its own calendar, as the console offers it. */
export async function channelYesterday(
  baseURL: string,
  staffToken: string,
  provider: string,
): Promise<string> {
  const { items } = await callApi(baseURL, AdminReconciliationPaths.providers, {}, staffToken);
  const item = items.find((i) => i.provider === provider);
  if (!item) throw new Error(`${provider} is not a channel the console can reconcile`);
  return item.yesterday;
}

/** Runs a reconciliation of the channel's `day` as the console does and waits for it to finish. */
export async function reconcile(
  baseURL: string,
  staffToken: string,
  provider: string,
  day: string,
): Promise<ReconciliationRunResponse> {
  const {
    run: { id },
  } = await callApi(baseURL, AdminReconciliationPaths.start, { provider, day }, staffToken);
  let answer: ReconciliationRunResponse | undefined;
  await expect
    .poll(
      async () => {
        answer = await callApi(baseURL, AdminReconciliationPaths.run, { id }, staffToken);
        return answer.run.status;
      },
      { timeout: 60_000, interval: 500 },
    )
    .not.toBe('running');
  if (!answer) throw new Error('no reconciliation run');
  expect(answer.run.error).toBe('');
  return answer;
}

/** The console's page of a run shows the difference of `tradeNo` with the channel's amount. */
export async function consoleShowsDifference(
  s: BrowserSession,
  runId: number,
  tradeNo: string,
  channelAmount: string,
): Promise<void> {
  await s.page.goto(`/admin/reconciliation?run=${runId}`);
  const row = s.page.locator('tr', { hasText: tradeNo });
  await row.getByText('渠道已收款，本店无此交易').waitFor({ timeout: 30_000 });
  await row.getByText(channelAmount).waitFor();
}

/** The member's deposit log rows that name `orderNo` (a payment settled twice would show a second one). */
export async function depositRowsOf(baseURL: string, token: string, orderNo: string) {
  const { items } = await callApi(baseURL, DepositPaths.logList, { pageNo: 1, pageSize: 50 }, token);
  return items.filter((row) => row.orderNo === orderNo);
}
