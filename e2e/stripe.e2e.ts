import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { CartPaths, ORDER_STATUS_LABELS, OrderPaths, OrderStatus, PaymentPaths } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_STRIPE_KEY, FakeStripe } from '../apps/api/test/support/fake-stripe';
import { callApi } from './support/api';
import { type BrowserSession, openBrowser, signInEveryPage } from './support/browser';
import {
  channelYesterday,
  consoleShowsDifference,
  depositRowsOf,
  memberCancels,
  memberSeesFullRefund,
  memberSeesStatus,
  orderDetail,
  ownerToken,
  payShot,
  reconcile,
  staffRefund,
} from './support/channel-cases';
import { ownerCommand } from './support/console';
import { auSkuInStock, buyerWithReceiver } from './support/member-order';
import { newShopDataDir, type RunningShop, runShopCommand, startShop } from './support/server';

const PUBLIC_URL = 'https://shop.example';
const OWNER_PASSWORD = 'boss-pass-2026';

/**
 * Paying AUD orders through Stripe (docs/decisions/034) in Chromium, against the fake Stripe on 127.0.0.1:
 * SupayAlipay sends the shopper to Stripe's redirect page, which authorizes the payment, posts the signed webhook
 * to the shop and sends the browser back to the shop's return_url, where the page shows 支付成功; SupayWechat
 * shows the QR code Stripe returned, and turns to 支付成功 once the fake is paid and sends its webhook. A repeated
 * webhook pays nothing twice; a forged one and one of another amount are refused; a withheld webhook is replaced by
 * the page's query; the member's cancel cancels the PaymentIntent; the owner's refunds go through Stripe (a staff
 * call) and its refund.updated webhooks; a reconciliation lists a charge planted in Stripe's balance. One shop and
 * one browser for all of it.
 */
describe('Stripe journey', () => {
  const fake = new FakeStripe();
  let shop: RunningShop;
  let dataDir = '';
  let s: BrowserSession;
  let token = '';
  let staff = '';
  let skuId = 0;

  beforeAll(async () => {
    await fake.start();
    dataDir = await newShopDataDir();
    runShopCommand(dataDir, ownerCommand(OWNER_PASSWORD));
    shop = await startShop(fake.env(PUBLIC_URL), { dataDir });
    fake.webhookUrl = new URL(`${PaymentPaths.notify}stripe/`, shop.baseURL).toString();
    fake.publicToLocal = { publicUrl: PUBLIC_URL, localUrl: shop.baseURL };
    skuId = await auSkuInStock(
      shop.baseURL,
      (k) => k.audPrice !== null && k.audPrice < 200,
      'with an AUD price under 200',
    );
    token = await buyerWithReceiver(shop.baseURL, `stp_${Date.now().toString(36)}`);
    s = await openBrowser(shop.baseURL, { width: 1366, height: 900 });
    await signInEveryPage(s, token);
  }, 180_000);
  afterAll(async () => {
    await s?.close();
    await shop?.stop();
    await fake.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function audOrder() {
    await callApi(shop.baseURL, CartPaths.addItem, { skuId, qty: 1 }, token);
    return callApi(
      shop.baseURL,
      OrderPaths.create,
      { currency: 'AUD', isPickup: true, requestId: randomUUID() },
      token,
    );
  }

  async function orderStatus(orderId: number): Promise<number> {
    const detail = await callApi(shop.baseURL, OrderPaths.detail, { id: orderId }, token);
    return detail.status;
  }

  /** The payment page's Supay 微信 支付: the QR code, waiting; the PaymentIntent the shop confirmed. */
  async function toQr(orderId: number) {
    await s.page.goto(`/payment?orderId=${orderId}`);
    await s.page
      .getByRole('listitem', { name: 'Supay 微信（澳币）', exact: true })
      .getByRole('button', { name: '支付' })
      .click();
    await s.page.getByRole('img', { name: /二维码/ }).waitFor();
    await s.page.getByText('等待支付结果…').waitFor();
    const intent = [...fake.intents.values()].at(-1);
    if (!intent) throw new Error('the shop opened no PaymentIntent at the fake Stripe');
    expect(intent).toMatchObject({ currency: 'aud', status: 'requires_action' });
    return intent;
  }

  async function postWebhook(body: string, headers: Record<string, string>) {
    const res = await fetch(fake.webhookUrl ?? '', { method: 'POST', headers, body });
    return res.status;
  }

  it('pays SupayAlipay on Stripe’s redirect page and comes back to 支付成功', async () => {
    const order = await audOrder();
    await s.page.goto(`/payment?orderId=${order.orderId}`);
    await s.page
      .getByRole('listitem', { name: 'Supay 支付宝（澳币）', exact: true })
      .getByRole('button', { name: '支付' })
      .click();
    await s.page.waitForURL(/\/redirect\/alipay\/pi_/);
    await s.screenshot('70-stripe-alipay-redirect');
    const intent = [...fake.intents.values()].at(-1);
    expect(intent).toMatchObject({
      currency: 'aud',
      payment_method_types: ['alipay'],
      status: 'requires_action',
    });
    await s.page.getByRole('button', { name: 'Authorize test payment' }).click();

    await s.page.waitForURL(/\/payment\?orderId=\d+&tradeNo=P\d+/);
    await s.page.getByText('支付成功').first().waitFor({ timeout: 30_000 });
    await s.screenshot('71-stripe-alipay-paid');
    expect(fake.deliveries.at(-1)).toMatchObject({ type: 'payment_intent.succeeded', status: 200 });
    expect(await orderStatus(order.orderId)).toBe(OrderStatus.Paid);
    await payShot(s, 'stripe-01-alipay-paid');
    const paid = await orderDetail(shop.baseURL, token, order.orderId);
    expect(paid).toMatchObject({ paidCurrency: 'AUD', payChannel: 'SupayAlipay' });
    const rows = await depositRowsOf(shop.baseURL, token, order.orderNo);

    // Stripe retries a webhook it thinks failed: each repeat is answered 200 and pays nothing.
    if (!intent) throw new Error('no PaymentIntent');
    for (let i = 0; i < 2; i += 1)
      expect((await fake.sendWebhook('payment_intent.succeeded', intent)).status).toBe(200);
    expect(await orderDetail(shop.baseURL, token, order.orderId)).toMatchObject({
      status: OrderStatus.Paid,
      paidPrice: paid.paidPrice,
      paidAt: paid.paidAt,
    });
    expect(await depositRowsOf(shop.baseURL, token, order.orderNo)).toEqual(rows);
    await memberSeesStatus(s, order.orderId, ORDER_STATUS_LABELS[OrderStatus.Paid]);
    expect(s.errors).toEqual([]);
  });

  it('shows the QR code of SupayWechat, and turns to 支付成功 once Stripe’s webhook comes', async () => {
    const order = await audOrder();
    await s.page.goto(`/payment?orderId=${order.orderId}`);
    await s.page
      .getByRole('listitem', { name: 'Supay 微信（澳币）', exact: true })
      .getByRole('button', { name: '支付' })
      .click();
    await s.page.getByRole('img', { name: /二维码/ }).waitFor();
    await s.page.getByText('等待支付结果…').waitFor();
    await s.screenshot('72-stripe-wechat-qr');
    await s.page.setViewportSize({ width: 390, height: 844 });
    await s.page.getByRole('img', { name: /二维码/ }).scrollIntoViewIfNeeded();
    await s.screenshot('74-stripe-wechat-qr-phone');
    await s.page.setViewportSize({ width: 1366, height: 900 });

    const intent = [...fake.intents.values()].at(-1);
    if (!intent) throw new Error('the shop opened no PaymentIntent at the fake Stripe');
    expect(intent).toMatchObject({ currency: 'aud', payment_method_types: ['wechat_pay'] });
    fake.pay(intent.id);
    const answer = await fake.sendWebhook('payment_intent.succeeded', intent);
    expect(answer.status).toBe(200);

    await s.page.getByText('支付成功').first().waitFor({ timeout: 30_000 });
    await s.screenshot('73-stripe-wechat-paid');
    expect(await orderStatus(order.orderId)).toBe(OrderStatus.Paid);
    expect(s.errors).toEqual([]);
  });

  it('refuses a forged webhook and one of another amount or currency: the page stays waiting, the order 待付款', async () => {
    const order = await audOrder();
    const intent = await toQr(order.orderId);
    // Webhooks that say succeeded while nobody paid: the fake's intent still requires action.
    const claimsPaid = (wrong: Record<string, unknown> = {}) => ({
      ...intent,
      status: 'succeeded',
      amount_received: intent.amount,
      ...wrong,
    });
    const forged = fake.signedEvent('payment_intent.succeeded', claimsPaid(), {
      secret: 'whsec_NotTheShopsSecret0000000000000000',
    });
    expect(await postWebhook(forged.body, forged.headers)).toBe(400);
    for (const wrong of [{ amount_received: intent.amount - 1 }, { currency: 'usd' }]) {
      const event = fake.signedEvent('payment_intent.succeeded', claimsPaid(wrong));
      expect(await postWebhook(event.body, event.headers), JSON.stringify(wrong)).toBe(400);
    }
    await s.page.getByText('等待支付结果…').waitFor();
    await payShot(s, 'stripe-03-forged-still-waiting');
    expect(await orderStatus(order.orderId)).toBe(OrderStatus.NotPaid);
    await memberSeesStatus(s, order.orderId, '待付款');
    expect(fake.intents.get(intent.id)?.status).toBe('requires_action');
  });

  it('a withheld webhook: the page’s poll asks Stripe and turns to 支付成功', async () => {
    const order = await audOrder();
    const intent = await toQr(order.orderId);
    const asked = () =>
      fake.received.filter((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${intent.id}`);
    const before = asked().length;
    fake.pay(intent.id);
    await s.page.getByText('支付成功').first().waitFor({ timeout: 60_000 });
    await payShot(s, 'stripe-04-paid-by-query');
    expect(asked().length).toBeGreaterThan(before);
    expect(asked().at(-1)?.authorized).toBe(true);
    expect(await orderStatus(order.orderId)).toBe(OrderStatus.Paid);
  });

  it('the member cancels the unpaid order: the shop cancels its PaymentIntent at Stripe', async () => {
    const order = await audOrder();
    const intent = await toQr(order.orderId);
    await memberCancels(s, order.orderId);
    await payShot(s, 'stripe-05-cancelled');
    expect(fake.intents.get(intent.id)?.status).toBe('canceled');
    expect(
      fake.received.find((r) => r.method === 'POST' && r.path === `/v1/payment_intents/${intent.id}/cancel`),
    ).toMatchObject({ authorized: true });
    expect(await orderStatus(order.orderId)).toBe(OrderStatus.Cancelled);
  });

  it('the owner refunds part, then the rest, through Stripe: 退款中, 部分退款, 已退款 on the member’s page', async () => {
    const order = await audOrder();
    const intent = await toQr(order.orderId);
    fake.pay(intent.id);
    expect((await fake.sendWebhook('payment_intent.succeeded', intent)).status).toBe(200);
    await s.page.getByText('支付成功').first().waitFor({ timeout: 30_000 });
    expect(await orderStatus(order.orderId)).toBe(OrderStatus.Paid);
    staff = await ownerToken(s, OWNER_PASSWORD);
    const total = intent.amount;

    const part = await staffRefund(shop.baseURL, staff, order.orderNo, 10, 0);
    expect(part).toMatchObject({ refundTo: 'channel', refundState: 'processing', refunded: 1000 });
    const first = [...fake.refunds.values()].find((r) => r.metadata.refundNo === part.refundNo);
    expect(first).toMatchObject({ amount: 1000, currency: 'aud', status: 'pending' });
    await s.page.goto(`/order/${order.orderId}`);
    await s.page.getByTestId('order-refund-state').getByText('退款中').waitFor({ timeout: 30_000 });
    await payShot(s, 'stripe-06-refund-processing');
    expect((await fake.sendWebhook('refund.updated', fake.settleRefund(first?.id ?? ''))).status).toBe(200);
    await s.page.reload();
    await s.page.getByTestId('order-refund-state').getByText('部分退款').waitFor({ timeout: 30_000 });
    await s.page
      .getByTestId('order-refunded')
      .getByText(/10\.00/)
      .waitFor();
    await payShot(s, 'stripe-07-refund-partial');

    const rest = await staffRefund(shop.baseURL, staff, order.orderNo, (total - 1000) / 100, 10);
    expect(rest).toMatchObject({ refundTo: 'channel', refunded: total - 1000 });
    const second = [...fake.refunds.values()].find((r) => r.metadata.refundNo === rest.refundNo);
    expect(second).toMatchObject({ amount: total - 1000 });
    expect((await fake.sendWebhook('refund.updated', fake.settleRefund(second?.id ?? ''))).status).toBe(200);
    await memberSeesFullRefund(s, shop.baseURL, token, order.orderId, total, 'stripe-08-refunded');
  });

  it('reconciles yesterday: a charge in Stripe’s balance for a trade the shop never opened is listed', async () => {
    if (!staff) staff = await ownerToken(s, OWNER_PASSWORD);
    const day = await channelYesterday(shop.baseURL, staff, 'stripe');
    const stranger = `P${Date.now()}77`;
    // Someone else's integration on the same account confirms a PaymentIntent, paid at noon of yesterday (UTC).
    const created = await fetch(`${fake.url}/v1/payment_intents`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${FAKE_STRIPE_KEY}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        amount: '4200',
        currency: 'aud',
        'payment_method_types[0]': 'wechat_pay',
        'payment_method_data[type]': 'wechat_pay',
        'payment_method_options[wechat_pay][client]': 'web',
        confirm: 'true',
        'metadata[tradeNo]': stranger,
      }).toString(),
    });
    expect(created.status).toBe(200);
    const { id } = (await created.json()) as { id: string };
    const paid = fake.pay(id);
    fake.backdate(paid.latest_charge ?? '', Date.parse(`${day}T12:00:00Z`) / 1000);
    const { run, differences } = await reconcile(shop.baseURL, staff, 'stripe', day);
    expect(run.status).toBe('done');
    expect(fake.received.some((r) => r.path === '/v1/balance_transactions' && r.authorized)).toBe(true);
    expect(differences).toEqual([
      expect.objectContaining({ tradeNo: stranger, channelAmount: '42.00', channelCurrency: 'AUD' }),
    ]);
    await consoleShowsDifference(s, run.id, stranger, 'AUD 42.00');
    await payShot(s, 'stripe-09-reconciliation');
    expect(s.errors).toEqual([]);
  });
});
