import { randomUUID } from 'node:crypto';
import { CartPaths, OrderPaths, OrderStatus } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeWechatPay } from '../apps/api/test/support/fake-wechatpay';
import { callApi } from './support/api';
import { type BrowserSession, openBrowser, signInEveryPage } from './support/browser';
import { auSkuInStock, buyerWithReceiver } from './support/member-order';
import { type RunningShop, startShop } from './support/server';

const PUBLIC_URL = 'https://shop.example';

/**
 * Paying W01 through WeChat Pay API v3 (docs/decisions/032) in Chromium, against the fake WeChat Pay on
 * 127.0.0.1: the payment page draws the Native QR code, the fake pays the trade and posts its signed, encrypted
 * notify to the shop, and the page, polling findPayStatus/, turns to 支付成功.
 */
describe('WeChat Pay journey', () => {
  const fake = new FakeWechatPay();
  let shop: RunningShop;
  let s: BrowserSession;
  let token = '';
  let skuId = 0;

  beforeAll(async () => {
    await fake.start();
    shop = await startShop(fake.env(PUBLIC_URL));
    fake.deliverTo = { publicUrl: PUBLIC_URL, localUrl: shop.baseURL };
    skuId = await auSkuInStock(shop.baseURL, (k) => k.cnyPrice !== null && k.cnyPrice < 400, 'under ¥400');
    token = await buyerWithReceiver(shop.baseURL, `wxp_${Date.now().toString(36)}`);
    s = await openBrowser(shop.baseURL, { width: 1366, height: 900 });
    await signInEveryPage(s, token);
  }, 180_000);
  afterAll(async () => {
    await s?.close();
    await shop?.stop();
    await fake.stop();
  });

  it('shows the W01 QR code, and turns to 支付成功 once WeChat Pay notifies', async () => {
    await callApi(shop.baseURL, CartPaths.addItem, { skuId, qty: 1 }, token);
    const order = await callApi<{ orderId: number; orderNo: string }>(
      shop.baseURL,
      OrderPaths.create,
      { currency: 'CNY', isPickup: true, requestId: randomUUID() },
      token,
    );
    await s.page.goto(`/payment?orderId=${order.orderId}`);
    await s.page
      .getByRole('listitem', { name: '微信支付', exact: true })
      .getByRole('button', { name: '支付' })
      .click();
    const qr = s.page.getByRole('img', { name: '微信支付二维码' });
    await qr.waitFor();
    await s.page.getByText('等待支付结果…').waitFor();
    await s.screenshot('60-wechatpay-qr');

    const trade = [...fake.trades.values()].at(-1);
    if (!trade) throw new Error('the shop opened no trade at the fake WeChat Pay');
    expect(trade).toMatchObject({ currency: 'CNY', global: false, state: 'NOTPAY' });
    fake.pay(trade.outTradeNo);
    const answer = await fake.deliver(fake.paidNotify(trade.outTradeNo), trade.notifyUrl);
    expect(answer.status).toBe(204);

    await s.page.getByText('支付成功').first().waitFor({ timeout: 30_000 });
    await s.screenshot('61-wechatpay-paid');
    const detail = await callApi<{ status: number }>(
      shop.baseURL,
      OrderPaths.detail,
      { id: order.orderId },
      token,
    );
    expect(detail.status).toBe(OrderStatus.Paid);
  });
});
