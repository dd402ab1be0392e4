import { randomUUID } from 'node:crypto';
import { CartPaths, OrderPaths, OrderStatus, PaymentPaths } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeStripe } from '../apps/api/test/support/fake-stripe';
import { callApi } from './support/api';
import { type BrowserSession, openBrowser, signInEveryPage } from './support/browser';
import { auSkuInStock, buyerWithReceiver } from './support/member-order';
import { type RunningShop, startShop } from './support/server';

const PUBLIC_URL = 'https://shop.example';

/**
 * Paying AUD orders through Stripe (docs/decisions/034) in Chromium, against the fake Stripe on 127.0.0.1:
 * SupayAlipay sends the shopper to Stripe's redirect page, which authorizes the payment, posts the signed webhook
 * to the shop and sends the browser back to the shop's return_url, where the page shows 支付成功; SupayWechat
 * shows the QR code Stripe returned, and turns to 支付成功 once the fake is paid and sends its webhook.
 */
describe('Stripe journey', () => {
  const fake = new FakeStripe();
  let shop: RunningShop;
  let s: BrowserSession;
  let token = '';
  let skuId = 0;

  beforeAll(async () => {
    await fake.start();
    shop = await startShop(fake.env(PUBLIC_URL));
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
  });

  async function audOrder() {
    await callApi(shop.baseURL, CartPaths.addItem, { skuId, qty: 1 }, token);
    return callApi<{ orderId: number; orderNo: string }>(
      shop.baseURL,
      OrderPaths.create,
      { currency: 'AUD', isPickup: true, requestId: randomUUID() },
      token,
    );
  }

  async function orderStatus(orderId: number): Promise<number> {
    const detail = await callApi<{ status: number }>(shop.baseURL, OrderPaths.detail, { id: orderId }, token);
    return detail.status;
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
});
