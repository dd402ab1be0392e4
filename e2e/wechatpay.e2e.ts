import { rm } from 'node:fs/promises';
import { ORDER_STATUS_LABELS, OrderStatus, PaymentPaths } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeWechatPay } from '../apps/api/test/support/fake-wechatpay';
import { callApi } from './support/api';
import { type BrowserSession, openBrowser, signInEveryPage } from './support/browser';
import {
  channelYesterday,
  consoleShowsDifference,
  depositRowsOf,
  memberCancels,
  memberSeesFullRefund,
  memberSeesStatus,
  newOrder,
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
 * Paying W01 through WeChat Pay API v3 (docs/decisions/032) in Chromium, against the fake WeChat Pay on
 * 127.0.0.1, one shop and one browser for every case of the channel: the payment page draws the Native QR code and
 * turns to 支付成功 on the signed notify, a repeat changes nothing, a forged notify and one of another amount are
 * refused, a withheld notify is replaced by the poll's query, the member's cancel closes the trade, the owner's
 * partial refund goes through the console's order drawer (退款中, then 部分退款 on WeChat Pay's REFUND.SUCCESS, the
 * member's page and message) and the rest through the staff call, and a
 * reconciliation lists a trade planted at WeChat Pay.
 */
describe('WeChat Pay journey', () => {
  const fake = new FakeWechatPay();
  let shop: RunningShop & { dataDir: string };
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
    token = await buyerWithReceiver(shop.baseURL, `wxp_${Date.now().toString(36)}`);
    s = await openBrowser(shop.baseURL, { width: 1366, height: 900 });
    await signInEveryPage(s, token);
  }, 180_000);
  afterAll(async () => {
    await s?.close();
    await shop?.stop();
    await fake.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const orderStatus = async (orderId: number) => (await orderDetail(shop.baseURL, token, orderId)).status;

  /** The payment page's 微信支付 支付: the QR code, waiting; the trade the shop opened at the fake. */
  async function toQr(orderId: number) {
    await s.page.goto(`/payment?orderId=${orderId}`);
    await s.page
      .getByRole('listitem', { name: '微信支付', exact: true })
      .getByRole('button', { name: '支付' })
      .click();
    await s.page.getByRole('img', { name: '微信支付二维码' }).waitFor();
    await s.page.getByText('等待支付结果…').waitFor();
    const trade = [...fake.trades.values()].at(-1);
    if (!trade) throw new Error('the shop opened no trade at the fake WeChat Pay');
    expect(trade).toMatchObject({ currency: 'CNY', global: false, state: 'NOTPAY' });
    return trade;
  }

  /** A W01 order paid through the fake and its notify (no browser), for the refund cases. */
  async function paidOrder() {
    const order = await newOrder(shop.baseURL, token, skuId, 'CNY');
    const start = await callApi(
      shop.baseURL,
      PaymentPaths.payBySyb,
      { orderId: order.orderId, type: 'W01' },
      token,
    );
    const trade = fake.trades.get(start.tradeNo);
    if (!trade) throw new Error('the shop opened no trade at the fake WeChat Pay');
    fake.pay(trade.outTradeNo);
    expect((await fake.deliver(fake.paidNotify(trade.outTradeNo), trade.notifyUrl)).status).toBe(204);
    return { ...order, trade };
  }

  it('shows the W01 QR code, turns to 支付成功 on the notify; a repeated notify pays nothing twice', async () => {
    const order = await newOrder(shop.baseURL, token, skuId, 'CNY');
    const trade = await toQr(order.orderId);
    await payShot(s, 'wechatpay-01-qr');

    fake.pay(trade.outTradeNo);
    const notify = fake.paidNotify(trade.outTradeNo);
    expect((await fake.deliver(notify, trade.notifyUrl)).status).toBe(204);
    await s.page.getByText('支付成功').first().waitFor({ timeout: 30_000 });
    await payShot(s, 'wechatpay-02-paid');
    const paid = await orderDetail(shop.baseURL, token, order.orderId);
    expect(paid).toMatchObject({ status: OrderStatus.Paid, paidCurrency: 'CNY', payChannel: 'W01' });
    const rows = await depositRowsOf(shop.baseURL, token, order.orderNo);

    // WeChat Pay repeats a notify until it hears success: the same one, then a fresh one of the same trade.
    expect((await fake.deliver(notify, trade.notifyUrl)).status).toBe(204);
    expect((await fake.deliver(fake.paidNotify(trade.outTradeNo), trade.notifyUrl)).status).toBe(204);
    const again = await orderDetail(shop.baseURL, token, order.orderId);
    expect(again).toMatchObject({ status: OrderStatus.Paid, paidPrice: paid.paidPrice, paidAt: paid.paidAt });
    expect(await depositRowsOf(shop.baseURL, token, order.orderNo)).toEqual(rows);
    await memberSeesStatus(s, order.orderId, ORDER_STATUS_LABELS[OrderStatus.Paid]);
  });

  it('refuses a forged notify and one of another amount or currency: the page stays waiting, the order 待付款', async () => {
    const order = await newOrder(shop.baseURL, token, skuId, 'CNY');
    const trade = await toQr(order.orderId);
    // Notifies that say SUCCESS while nobody paid: the fake's trade stays NOTPAY, so the page's poll cannot pay it.
    const claimsPaid = (override: { total?: number; currency?: string } = {}) => ({
      ...fake.transaction(trade, override),
      trade_state: 'SUCCESS',
      trade_state_desc: '支付成功',
      transaction_id: '4200001234202611290000000001',
      success_time: new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00'),
    });
    const forged = await fake.deliver(
      fake.notify('TRANSACTION.SUCCESS', 'transaction', claimsPaid(), { forgery: 'bad-signature' }),
      trade.notifyUrl,
    );
    expect(forged.status).toBe(400);
    for (const wrong of [{ total: trade.total - 1 }, { currency: 'AUD' }]) {
      const answer = await fake.deliver(
        fake.notify('TRANSACTION.SUCCESS', 'transaction', claimsPaid(wrong)),
        trade.notifyUrl,
      );
      expect(answer.status, JSON.stringify(wrong)).toBe(400);
    }
    await s.page.getByText('等待支付结果…').waitFor();
    await payShot(s, 'wechatpay-03-forged-still-waiting');
    expect(await orderStatus(order.orderId)).toBe(OrderStatus.NotPaid);
    await memberSeesStatus(s, order.orderId, '待付款');
    expect(fake.trades.get(trade.outTradeNo)?.state).toBe('NOTPAY');
  });

  it('a withheld notify: the page’s poll asks WeChat Pay and turns to 支付成功', async () => {
    const order = await newOrder(shop.baseURL, token, skuId, 'CNY');
    const trade = await toQr(order.orderId);
    const queriesBefore = fake.received.filter(
      (r) => r.method === 'GET' && r.path.includes(trade.outTradeNo),
    ).length;
    fake.pay(trade.outTradeNo);
    await s.page.getByText('支付成功').first().waitFor({ timeout: 60_000 });
    await payShot(s, 'wechatpay-04-paid-by-query');
    const queries = fake.received.filter((r) => r.method === 'GET' && r.path.includes(trade.outTradeNo));
    expect(queries.length).toBeGreaterThan(queriesBefore);
    expect(queries.at(-1)?.signatureOk).toBe(true);
    expect(await orderStatus(order.orderId)).toBe(OrderStatus.Paid);
  });

  it('the member cancels the unpaid order: the shop closes its trade at WeChat Pay', async () => {
    const order = await newOrder(shop.baseURL, token, skuId, 'CNY');
    const trade = await toQr(order.orderId);
    await memberCancels(s, order.orderId);
    await payShot(s, 'wechatpay-05-cancelled');
    expect(fake.trades.get(trade.outTradeNo)?.state).toBe('CLOSED');
    expect(
      fake.received.find(
        (r) =>
          r.method === 'POST' && r.path === `/v3/pay/transactions/out-trade-no/${trade.outTradeNo}/close`,
      ),
    ).toMatchObject({ signatureOk: true });
    expect(await orderStatus(order.orderId)).toBe(OrderStatus.Cancelled);
  });

  it('the owner refunds ¥10.00 in the console’s drawer (退款中, then 部分退款), then the rest: 已退款 on the member’s page', async () => {
    const order = await paidOrder();
    // The owner signs in to the console in the same browser (its own token beside the member's).
    staff = await ownerToken(s, OWNER_PASSWORD);
    const total = order.trade.total;

    await s.page.goto(`/admin/orders?order=${order.orderNo}`);
    const drawer = s.page.locator('.ant-drawer');
    await drawer.getByText(order.orderNo).first().waitFor();
    await drawer.getByRole('button', { name: '部分退款' }).click();
    const dialog = s.page.getByRole('dialog', { name: /部分退款/ });
    await dialog.getByText(/原路退回，渠道确认前显示退款中/).waitFor();
    await dialog.getByLabel(/退款金额/).fill('10');
    await dialog.getByLabel('原因').fill('少发一件赠品');
    await payShot(s, 'wechatpay-06-refund-dialog');
    await dialog.getByRole('button', { name: '确认退款' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await drawer.locator('[data-refund-state="processing"]').getByText('退款中').waitFor();
    await drawer.getByText('渠道退款').waitFor();
    await payShot(s, 'wechatpay-07-refund-processing');

    const asked = [...fake.refunds.values()].at(-1);
    if (!asked) throw new Error('the shop asked WeChat Pay for no refund');
    expect(asked).toMatchObject({
      outTradeNo: order.trade.outTradeNo,
      refund: 1000,
      currency: 'CNY',
      status: 'PROCESSING',
    });
    await s.page.goto(`/order/${order.orderId}`);
    await s.page.getByTestId('order-refund-state').getByText('退款中').waitFor({ timeout: 30_000 });
    expect(
      (await fake.deliver(fake.refundNotify(asked.outRefundNo, 'SUCCESS'), asked.notifyUrl)).status,
    ).toBe(204);

    await s.page.goto(`/admin/orders?order=${order.orderNo}`);
    await drawer.locator('[data-refund-state="partial"]').getByText('部分退款').waitFor();
    await drawer.locator('[data-refund-status="success"]').waitFor();
    await drawer.getByText('渠道退款').scrollIntoViewIfNeeded();
    await payShot(s, 'wechatpay-08-refund-partial-console');
    await s.page.setViewportSize({ width: 390, height: 844 });
    await s.page.reload();
    await drawer.locator('[data-refund-state="partial"]').waitFor();
    await payShot(s, 'wechatpay-09-refund-partial-console-390');

    await s.page.goto(`/order/${order.orderId}`);
    await s.page.getByTestId('order-refund-state').getByText('部分退款').waitFor({ timeout: 30_000 });
    await s.page.getByTestId('order-refunded').getByText('¥10.00').waitFor();
    await payShot(s, 'wechatpay-10-refund-partial-390');
    await s.page.goto('/member/message');
    await s.page.getByText(`订单 ${order.orderNo} 退款 ¥10.00 已到账`).first().waitFor();
    await payShot(s, 'wechatpay-11-refund-message-390');
    await s.page.setViewportSize({ width: 1366, height: 900 });
    await s.page.goto(`/order/${order.orderId}`);
    await s.page.getByTestId('order-refund-state').getByText('部分退款').waitFor({ timeout: 30_000 });
    await payShot(s, 'wechatpay-12-refund-partial');

    const rest = await staffRefund(shop.baseURL, staff, order.orderNo, (total - 1000) / 100, 10);
    expect(rest).toMatchObject({ refundTo: 'channel', refunded: total - 1000 });
    const restAsked = fake.refunds.get(rest.refundNo ?? '');
    expect(restAsked).toMatchObject({ refund: total - 1000, total });
    expect(
      (await fake.deliver(fake.refundNotify(rest.refundNo ?? '', 'SUCCESS'), restAsked?.notifyUrl ?? ''))
        .status,
    ).toBe(204);
    await memberSeesFullRefund(s, shop.baseURL, token, order.orderId, total, 'wechatpay-13-refunded');
  });

  it('reconciles yesterday: a trade WeChat Pay booked that the shop never opened is listed', async () => {
    if (!staff) staff = await ownerToken(s, OWNER_PASSWORD);
    const day = await channelYesterday(shop.baseURL, staff, 'wechatpay');
    const stranger = `P${Date.now()}77`;
    fake.trades.set(stranger, {
      outTradeNo: stranger,
      transactionId: null,
      global: false,
      total: 4200,
      currency: 'CNY',
      description: '不是本店的交易',
      notifyUrl: `${PUBLIC_URL}${PaymentPaths.notify}wechatpay/`,
      state: 'NOTPAY',
      successTime: null,
      body: {},
    });
    // Noon of yesterday in Beijing.
    fake.pay(stranger, { at: new Date(`${day}T04:00:00Z`) });
    const { run, differences } = await reconcile(shop.baseURL, staff, 'wechatpay', day);
    expect(run.status).toBe('done');
    expect(fake.received.some((r) => r.path === '/v3/bill/tradebill' && r.signatureOk)).toBe(true);
    expect(differences).toEqual([
      expect.objectContaining({ tradeNo: stranger, channelAmount: '42.00', channelCurrency: 'CNY' }),
    ]);
    await consoleShowsDifference(s, run.id, stranger, 'CNY 42.00');
    await payShot(s, 'wechatpay-14-reconciliation');
    expect(s.errors).toEqual([]);
  });
});
