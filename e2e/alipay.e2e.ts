import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { CartPaths, ORDER_STATUS_LABELS, OrderPaths, OrderStatus, PaymentPaths } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeAlipay } from '../apps/api/test/support/fake-alipay';
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
 * Paying A01 through Alipay's open platform (docs/decisions/033) in Chromium, against the fake Alipay gateway on
 * 127.0.0.1: the payment page posts the signed page.pay form to the gateway (the CSP's form-action lets it), the
 * fake's cashier pays, posts its signed notify to the shop and sends the browser back, and the order is paid once
 * however often Alipay repeats the notify. A forged notify and one of another amount leave an order unpaid; a
 * withheld notify is replaced by the result page's query; the member's cancel closes the trade at Alipay; the
 * owner's refunds go through alipay.trade.refund (a staff call: the console's drawer is in wechatpay.e2e.ts);
 * a reconciliation lists a trade planted in Alipay's bill. One shop and one browser for all of it.
 */
describe('Alipay journey', () => {
  const fake = new FakeAlipay();
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
    await rm(dataDir, { recursive: true, force: true });
  });

  async function newOrder(): Promise<{ orderId: number; orderNo: string }> {
    await callApi(shop.baseURL, CartPaths.addItem, { skuId, qty: 1 }, token);
    return callApi(
      shop.baseURL,
      OrderPaths.create,
      { currency: 'CNY', isPickup: true, requestId: randomUUID() },
      token,
    );
  }

  const orderStatus = async (orderId: number) =>
    (await callApi(shop.baseURL, OrderPaths.detail, { id: orderId }, token)).status;

  /** The payment page's 支付宝 支付: the browser posts the signed form to the gateway and shows its cashier. */
  async function toCashier(orderId: number) {
    await s.page.goto(`/payment?orderId=${orderId}`);
    await s.page
      .getByRole('listitem', { name: '支付宝', exact: true })
      .getByRole('button', { name: '支付' })
      .click();
    await s.page.getByRole('button', { name: '确认付款' }).waitFor({ timeout: 30_000 });
    expect(new URL(s.page.url()).origin).toBe(fake.url);
    const trade = [...fake.trades.values()].at(-1);
    if (!trade) throw new Error('the shop opened no trade at the fake Alipay');
    return trade;
  }

  /** An A01 order paid at the fake's cashier in the browser, its notify answered success. */
  async function paidOrder() {
    const order = await newOrder();
    const trade = await toCashier(order.orderId);
    await s.page.getByRole('button', { name: '确认付款' }).click();
    await s.page.waitForURL((url) => url.origin === shop.baseURL && url.pathname === '/payment/result');
    await s.page.getByText('支付成功').first().waitFor({ timeout: 30_000 });
    expect(fake.cashierNotifyAnswers.at(-1)).toBe('success');
    return { ...order, trade };
  }

  it('goes to the Alipay cashier, pays there, comes back, and the order is paid', async () => {
    const order = await newOrder();
    const trade = await toCashier(order.orderId);
    await s.screenshot('70-alipay-cashier');
    await payShot(s, 'alipay-01-cashier');
    expect(trade).toMatchObject({ via: 'page', status: 'WAIT_BUYER_PAY' });
    expect(fake.received.at(-1)).toMatchObject({ method: 'alipay.trade.page.pay', signatureOk: true });

    await s.page.getByRole('button', { name: '确认付款' }).click();
    await s.page.waitForURL((url) => url.origin === shop.baseURL && url.pathname === '/payment/result');
    await s.page.getByText('支付成功').first().waitFor({ timeout: 30_000 });
    await s.screenshot('71-alipay-paid');
    expect(fake.cashierNotifyAnswers.at(-1)).toBe('success');
    const paid = await orderDetail(shop.baseURL, token, order.orderId);
    expect(paid).toMatchObject({ status: OrderStatus.Paid, paidCurrency: 'CNY', payChannel: 'A01' });
    const rows = await depositRowsOf(shop.baseURL, token, order.orderNo);

    // Alipay repeats its notify until it reads success: each repeat is answered success and pays nothing.
    for (let i = 0; i < 2; i += 1)
      expect(await fake.deliver(fake.notify(trade.outTradeNo), trade.notifyUrl)).toEqual({
        status: 200,
        body: 'success',
      });
    expect(await orderDetail(shop.baseURL, token, order.orderId)).toMatchObject({
      status: OrderStatus.Paid,
      paidPrice: paid.paidPrice,
      paidAt: paid.paidAt,
    });
    expect(await depositRowsOf(shop.baseURL, token, order.orderNo)).toEqual(rows);
    await memberSeesStatus(s, order.orderId, ORDER_STATUS_LABELS[OrderStatus.Paid]);
  });

  it('a forged notify, and a signed one of another amount, leave the order 待付款', async () => {
    const order = await newOrder();
    const trade = await toCashier(order.orderId);
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

    // Signed with Alipay's own key, saying paid, but for ¥1.00: refused as well.
    const wrong = await fake.deliver(
      fake.notify(trade.outTradeNo, {
        overrides: {
          trade_status: 'TRADE_SUCCESS',
          gmt_payment: trade.createdAt.toISOString().slice(0, 19).replace('T', ' '),
          total_amount: '1.00',
        },
      }),
      trade.notifyUrl,
    );
    expect(wrong.body).toBe('fail');
    expect(await orderStatus(order.orderId)).toBe(OrderStatus.NotPaid);
    await memberSeesStatus(s, order.orderId, '待付款');
    await payShot(s, 'alipay-02-wrong-amount-still-unpaid');
  });

  it('a withheld notify: the result page asks Alipay and turns to 支付成功', async () => {
    const order = await newOrder();
    const trade = await toCashier(order.orderId);
    const queriesBefore = fake.received.filter((r) => r.method === 'alipay.trade.query').length;
    // The shopper paid in the app; Alipay's notify has not come. The browser comes back to the return_url.
    fake.pay(trade.outTradeNo);
    await s.page.goto(trade.returnUrl.replace(PUBLIC_URL, shop.baseURL));
    await s.page.getByText('支付成功').first().waitFor({ timeout: 60_000 });
    await payShot(s, 'alipay-03-paid-by-query');
    const queries = fake.received.filter((r) => r.method === 'alipay.trade.query');
    expect(queries.length).toBeGreaterThan(queriesBefore);
    expect(queries.at(-1)).toMatchObject({ signatureOk: true, biz: { out_trade_no: trade.outTradeNo } });
    expect(await orderStatus(order.orderId)).toBe(OrderStatus.Paid);
  });

  it('the member cancels the unpaid order: the shop closes its trade at Alipay', async () => {
    const order = await newOrder();
    const trade = await toCashier(order.orderId);
    await memberCancels(s, order.orderId);
    await payShot(s, 'alipay-04-cancelled');
    expect(fake.trades.get(trade.outTradeNo)?.status).toBe('TRADE_CLOSED');
    expect(
      fake.received.find((r) => r.method === 'alipay.trade.close' && r.biz.out_trade_no === trade.outTradeNo),
    ).toMatchObject({ signatureOk: true });
    expect(await orderStatus(order.orderId)).toBe(OrderStatus.Cancelled);
  });

  it('the owner refunds part, then the rest, through Alipay: 部分退款, then 已退款 on the member’s page', async () => {
    const order = await paidOrder();
    staff = await ownerToken(s, OWNER_PASSWORD);
    const total = Math.round(Number(order.trade.totalAmount) * 100);

    const part = await staffRefund(shop.baseURL, staff, order.orderNo, 10, 0);
    // alipay.trade.refund answers at once with the money moved: no 退款中 to wait through.
    expect(part).toMatchObject({ refundTo: 'channel', refunded: 1000 });
    expect(fake.refunds.at(-1)).toMatchObject({
      outTradeNo: order.trade.outTradeNo,
      outRequestNo: part.refundNo,
      refundAmount: '10.00',
    });
    await s.page.goto(`/order/${order.orderId}`);
    await s.page.getByTestId('order-refund-state').getByText('部分退款').waitFor({ timeout: 30_000 });
    await s.page.getByTestId('order-refunded').getByText('¥10.00').waitFor();
    await payShot(s, 'alipay-05-refund-partial');

    const rest = await staffRefund(shop.baseURL, staff, order.orderNo, (total - 1000) / 100, 10);
    expect(rest).toMatchObject({ refundTo: 'channel', refunded: total - 1000 });
    expect(fake.refunds.filter((r) => r.outTradeNo === order.trade.outTradeNo)).toHaveLength(2);
    await memberSeesFullRefund(s, shop.baseURL, token, order.orderId, total, 'alipay-06-refunded');
  });

  it('reconciles yesterday: a trade in Alipay’s bill that the shop never opened is listed', async () => {
    if (!staff) staff = await ownerToken(s, OWNER_PASSWORD);
    const day = await channelYesterday(shop.baseURL, staff, 'alipay');
    const stranger = `P${Date.now()}77`;
    fake.openTrade(stranger, '42.00', `${PUBLIC_URL}${PaymentPaths.notify}alipay/`);
    // Paid at noon of yesterday in Beijing.
    fake.pay(stranger).paidAt = new Date(`${day}T04:00:00Z`);
    const { run, differences } = await reconcile(shop.baseURL, staff, 'alipay', day);
    expect(run.status).toBe('done');
    expect(fake.received.some((r) => r.method === 'alipay.data.dataservice.bill.downloadurl.query')).toBe(
      true,
    );
    expect(differences).toEqual([
      expect.objectContaining({ tradeNo: stranger, channelAmount: '42.00', channelCurrency: 'CNY' }),
    ]);
    await consoleShowsDifference(s, run.id, stranger, 'CNY 42.00');
    await payShot(s, 'alipay-07-reconciliation');
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
