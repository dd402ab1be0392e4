import { randomUUID } from 'node:crypto';
import { CartPaths, OrderPaths, OrderStatus } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeAlipay } from '../apps/api/test/support/fake-alipay';
import { callApi } from './support/api';
import { type BrowserSession, openBrowser, signInEveryPage } from './support/browser';
import { auSkuInStock, buyerWithReceiver } from './support/member-order';
import { type RunningShop, startShop } from './support/server';

const PUBLIC_URL = 'https://shop.example';

/**
 * Paying A01 through Alipay's open platform (docs/decisions/033) in Chromium, against the fake Alipay gateway on
 * 127.0.0.1: the payment page posts the signed page.pay form to the gateway (the CSP's form-action lets it), the
 * fake's cashier pays, posts its signed notify to the shop and sends the browser back, and the order is paid. A
 * forged notify leaves an order unpaid.
 */
describe('Alipay journey', () => {
  const fake = new FakeAlipay();
  let shop: RunningShop;
  let s: BrowserSession;
  let token = '';
  let skuId = 0;

  beforeAll(async () => {
    await fake.start();
    shop = await startShop(fake.env(PUBLIC_URL));
    fake.deliverTo = { publicUrl: PUBLIC_URL, localUrl: shop.baseURL };
    skuId = await auSkuInStock(shop.baseURL, (k) => k.cnyPrice !== null && k.cnyPrice < 400, 'under ¥400');
    token = await buyerWithReceiver(shop.baseURL, `ali_${Date.now().toString(36)}`);
    s = await openBrowser(shop.baseURL, { width: 1366, height: 900 });
    await signInEveryPage(s, token);
  }, 180_000);
  afterAll(async () => {
    await s?.close();
    await shop?.stop();
    await fake.stop();
  });

  async function newOrder(): Promise<{ orderId: number; orderNo: string }> {
    await callApi(shop.baseURL, CartPaths.addItem, { skuId, qty: 1 }, token);
    return callApi<{ orderId: number; orderNo: string }>(
      shop.baseURL,
      OrderPaths.create,
      { currency: 'CNY', isPickup: true, requestId: randomUUID() },
      token,
    );
  }

  const orderStatus = async (orderId: number) =>
    (await callApi<{ status: number }>(shop.baseURL, OrderPaths.detail, { id: orderId }, token)).status;

  /** The payment page's 支付宝 支付: the browser posts the signed form to the gateway and shows its cashier. */
  async function toCashier(orderId: number) {
    await s.page.goto(`/payment?orderId=${orderId}`);
    await s.page
      .getByRole('listitem', { name: '支付宝', exact: true })
      .getByRole('button', { name: '支付' })
      .click();
    await s.page.getByRole('button', { name: '确认付款' }).waitFor({ timeout: 30_000 });
    expect(new URL(s.page.url()).origin).toBe(fake.url);
  }

  it('goes to the Alipay cashier, pays there, comes back, and the order is paid', async () => {
    const order = await newOrder();
    await toCashier(order.orderId);
    await s.screenshot('70-alipay-cashier');
    const trade = [...fake.trades.values()].at(-1);
    if (!trade) throw new Error('the shop opened no trade at the fake Alipay');
    expect(trade).toMatchObject({ via: 'page', status: 'WAIT_BUYER_PAY' });
    expect(fake.received.at(-1)).toMatchObject({ method: 'alipay.trade.page.pay', signatureOk: true });

    await s.page.getByRole('button', { name: '确认付款' }).click();
    await s.page.waitForURL((url) => url.origin === shop.baseURL && url.pathname === '/payment/result');
    await s.page.getByText('支付成功').first().waitFor({ timeout: 30_000 });
    await s.screenshot('71-alipay-paid');
    expect(fake.cashierNotifyAnswers.at(-1)).toBe('success');
    expect(await orderStatus(order.orderId)).toBe(OrderStatus.Paid);
  });

  it('a forged notify of a trade nobody paid leaves the order unpaid', async () => {
    const order = await newOrder();
    await toCashier(order.orderId);
    const trade = [...fake.trades.values()].at(-1);
    if (!trade) throw new Error('the shop opened no trade at the fake Alipay');
    const forged = fake.notify(trade.outTradeNo, {
      overrides: {
        trade_status: 'TRADE_SUCCESS',
        gmt_payment: trade.createdAt.toISOString().slice(0, 19).replace('T', ' '),
      },
      forgery: 'bad-signature',
    });
    const answer = await fake.deliver(forged, trade.notifyUrl);
    expect(answer).toEqual({ status: 400, body: 'fail' });
    expect(await orderStatus(order.orderId)).toBe(OrderStatus.NotPaid);
    await s.page.goto(`/payment?orderId=${order.orderId}`);
    await s.page.getByRole('listitem', { name: '支付宝', exact: true }).waitFor();
    await s.screenshot('72-alipay-forged-still-unpaid');
    expect(trade.status).toBe('WAIT_BUYER_PAY');
  });
  it('on a phone shows the Alipay QR code with a button that opens the app, and turns to 支付成功', async () => {
    const order = await newOrder();
    const phone = await openBrowser(shop.baseURL, { width: 390, height: 844 }, { deviceScaleFactor: 2 });
    try {
      await signInEveryPage(phone, token);
      await phone.page.goto(`/payment?orderId=${order.orderId}`);
      await phone.page
        .getByRole('listitem', { name: '支付宝', exact: true })
        .getByRole('button', { name: '支付' })
        .click();
      await phone.page.getByRole('img', { name: '支付宝二维码' }).waitFor({ timeout: 30_000 });
      const open = phone.page.getByRole('link', { name: '打开支付宝付款' });
      expect(await open.getAttribute('href')).toMatch(/^https:\/\/qr\.alipay\.com\//);
      await phone.screenshot('73-alipay-phone-qr');
      const trade = [...fake.trades.values()].at(-1);
      if (!trade) throw new Error('the shop opened no trade at the fake Alipay');
      expect(trade).toMatchObject({ via: 'precreate', status: 'WAIT_BUYER_PAY' });
      fake.pay(trade.outTradeNo);
      expect(await fake.deliver(fake.notify(trade.outTradeNo), trade.notifyUrl)).toEqual({
        status: 200,
        body: 'success',
      });
      await phone.page.getByText('支付成功').first().waitFor({ timeout: 30_000 });
      await phone.screenshot('74-alipay-phone-paid');
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.close();
    }
    expect(await orderStatus(order.orderId)).toBe(OrderStatus.Paid);
  });
});
