import { randomUUID } from 'node:crypto';
import {
  AddressPaths,
  CartPaths,
  DepositPaths,
  type GoodsListItem,
  MemberPaths,
  OrderPaths,
  OrderStatus,
  PaymentPaths,
  SkuStatus,
  Warehouse,
} from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allGoods, byThePiece, callApi } from './support/api';
import { type BrowserSession, openBrowser, signInEveryPage } from './support/browser';
import { journeyShop } from './support/journey-shop';
import { TEST_CAPTCHA } from './support/server';

/**
 * Paying, as a new member does it in Chromium: a recharge online through the sandbox cashier credits the
 * deposit; an order paid from the deposit shows the new balance and its log line, then goes on to the order
 * list; an order paid with W01 on the sandbox cashier comes back paid; an order with a line that has no AUD
 * price is offered no AUD method; a payment cancelled on the cashier shows the failure page and leaves the
 * order unpaid, with not one console error on the way (a cancelled trade is an answer, not an HTTP error).
 */
describe('payment journey', () => {
  const shop = journeyShop();
  const username = `pay_${Date.now().toString(36)}`;
  let s: BrowserSession;
  let token = '';
  let skuId = 0;
  let cnyOnlySkuId = 0;
  let cnyOnlyGoodsId = 0;

  let receiverId = 0;

  /**
   * An order of one unit, made through the API as checkout does: collected at the Sydney desk for the AU SKU,
   * delivered to a Shanghai receiver for any other (only the AU warehouse has a pickup desk).
   */
  async function placeOrder(sku = skuId): Promise<{ orderId: number; orderNo: string; totalPrice: number }> {
    await callApi(shop.baseURL, CartPaths.addItem, { skuId: sku, qty: 1 }, token);
    const where = sku === skuId ? { isPickup: true } : { isPickup: false, receiverId };
    return callApi(
      shop.baseURL,
      OrderPaths.create,
      { currency: 'CNY', ...where, requestId: randomUUID() },
      token,
    );
  }

  async function orderStatus(orderId: number): Promise<number> {
    return (await callApi(shop.baseURL, OrderPaths.detail, { id: orderId }, token)).status;
  }

  beforeAll(async () => {
    const goods = await allGoods(shop.baseURL);
    // From the AU warehouse: the pickup orders need its desk (only it has one).
    const sku = goods
      .filter((g: GoodsListItem) => g.location === Warehouse.AU)
      .filter((g) => g.skus.filter((k) => k.status !== SkuStatus.NotForSale).length === 1)
      .flatMap((g) => g.skus.filter(byThePiece))
      .find((k) => k.status === SkuStatus.InStock && k.cnyPrice !== null && k.cnyPrice < 400);
    if (!sku) throw new Error('the demo catalogue has no AU InStock SKU under ¥400');
    skuId = sku.id;
    const cnyOnly = goods
      .flatMap((g) => g.skus.filter(byThePiece))
      .find(
        (k) =>
          (k.status === SkuStatus.InStock || k.status === SkuStatus.ByBook) &&
          k.audPrice === null &&
          k.cnyPrice !== null,
      );
    if (!cnyOnly) throw new Error('the demo catalogue has no SKU with a CNY price only');
    cnyOnlySkuId = cnyOnly.id;
    cnyOnlyGoodsId = goods.find((g) => g.skus.some((k) => k.id === cnyOnly.id))?.id ?? 0;
    const captcha = await callApi(shop.baseURL, MemberPaths.captcha);
    ({ token } = await callApi(shop.baseURL, MemberPaths.register, {
      username,
      password: 'pay12345',
      captchaId: captcha.captchaId,
      captchaCode: TEST_CAPTCHA,
    }));
    ({ id: receiverId } = await callApi(
      shop.baseURL,
      AddressPaths.receiverSave,
      {
        name: '张三',
        phone: '13800138000',
        country: 'CN',
        province: '上海市',
        city: '上海市',
        district: '静安区',
        detail: '南京西路1号',
        postCode: '200040',
        defaultFlag: true,
      },
      token,
    ));
    s = await openBrowser(shop.baseURL, { width: 390, height: 844 });
    // Logged in as the storefront keeps it: the token in local storage.
    await signInEveryPage(s, token);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('recharges ¥800 online on the sandbox cashier and sees the credit', async () => {
    await s.page.goto('/member/recharge');
    await s.page.getByPlaceholder('请输入充值金额').fill('800');
    await s.screenshot('30-recharge');
    await s.page
      .getByRole('listitem', { name: '微信支付', exact: true })
      .getByRole('button', { name: '去充值' })
      .click();

    // The sandbox channel's cashier, served by the shop.
    await s.page.waitForURL(/\/sandbox-pay\/cashier\//);
    await s.page.getByText('¥800.00').first().waitFor();
    await s.screenshot('31-sandbox-cashier');
    await s.page.getByRole('button', { name: '确认支付' }).click();

    await s.page.waitForURL(/\/member\/deposit\?tradeNo=/);
    await s.page
      .getByText(/充值成功/)
      .first()
      .waitFor({ timeout: 15_000 });
    await s.page.getByText('¥800.00').first().waitFor();
    await s.page.getByText('在线充值').first().waitFor();
    await s.screenshot('32-recharged');
    const me = await callApi(shop.baseURL, MemberPaths.current, {}, token);
    expect(me.cnyDeposit).toBe(800);
  });

  it('pays an order from the deposit and sees the new balance and the log line', async () => {
    const order = await placeOrder();
    await s.page.goto(`/payment?orderId=${order.orderId}`);
    await s.page.getByText(order.orderNo).waitFor();
    await s.screenshot('33-payment-methods');
    // The AUD deposit is 0, so only the CNY deposit method is offered.
    await expect.poll(() => s.page.getByRole('listitem', { name: '澳币余额支付' }).count()).toBe(0);
    await s.page
      .getByRole('listitem', { name: '人民币余额支付' })
      .getByRole('button', { name: '支付' })
      .click();
    await s.page
      .getByRole('dialog')
      .getByRole('button', { name: /确认支付/ })
      .click();

    await s.page.waitForURL(/\/payment\/result/, { timeout: 90_000 });
    await s.page.getByText('支付成功').first().waitFor({ timeout: 15_000 });
    await s.page.getByText(/秒后前往我的订单/).waitFor();
    await s.screenshot('34-paid-by-deposit');
    expect(await orderStatus(order.orderId)).toBe(OrderStatus.Paid);
    // Spec §2 'After a payment finishes': on to the order list by itself.
    await s.page.waitForURL(/\/member\/order$/, { timeout: 15_000 });

    const balance = Math.round((800 - order.totalPrice) * 100) / 100;
    await s.page.goto('/member/deposit');
    await s.page
      .getByText(`¥${balance.toFixed(2)}`)
      .first()
      .waitFor();
    await s.page.getByText('订单支付').first().waitFor();
    await s.page.getByText(order.orderNo).first().waitFor();
    await s.screenshot('35-deposit-log');
    const log = await callApi(shop.baseURL, DepositPaths.logList, {}, token);
    expect(log.items[0]).toMatchObject({ type: 3, amount: -order.totalPrice, balanceAfter: balance });
  });

  it('pays an order with W01 on the sandbox cashier and comes back to it paid', async () => {
    const order = await placeOrder();
    await s.page.goto(`/payment?orderId=${order.orderId}`);
    await s.page
      .getByRole('listitem', { name: '微信支付', exact: true })
      .getByRole('button', { name: '支付' })
      .click();
    await s.page.waitForURL(/\/sandbox-pay\/cashier\//);
    await s.page.getByRole('button', { name: '确认支付' }).click();

    await s.page.waitForURL(/\/payment\/result/, { timeout: 90_000 });
    await s.page.getByText('支付成功').first().waitFor({ timeout: 15_000 });
    await s.screenshot('36-paid-by-w01');
    await s.page.getByRole('link', { name: '查看订单' }).first().click();
    await s.page.waitForURL(/\/member\/order/);
    expect(await orderStatus(order.orderId)).toBe(OrderStatus.Paid);
    const detail = await callApi(shop.baseURL, OrderPaths.detail, { id: order.orderId }, token);
    expect(detail.payChannel).toBe('W01');
  });

  it('offers no AUD method for an order with a line that has no AUD price, and the server refuses one', async () => {
    const order = await placeOrder(cnyOnlySkuId);
    await s.page.goto(`/payment?orderId=${order.orderId}`);
    await s.page.getByText(order.orderNo).waitFor();
    await s.page.getByRole('listitem', { name: '微信支付', exact: true }).waitFor();
    await s.page.getByText('该订单以人民币结算，请使用人民币支付方式。').waitFor();
    await s.screenshot('38-payment-cny-order');
    for (const name of ['澳币余额支付', 'Supay 支付宝（澳币）', 'Supay 微信（澳币）']) {
      expect(await s.page.getByRole('listitem', { name }).count(), name).toBe(0);
    }
    expect(await s.page.getByRole('radio', { name: '澳币 AUD' }).count()).toBe(0);
    const methods = await callApi(shop.baseURL, PaymentPaths.configList, {});
    const supay = methods.find((m) => m.code === 'SupayAlipay');
    const refused = await fetch(new URL(PaymentPaths.supayParam, shop.baseURL), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ orderId: order.orderId, methodId: supay?.id }),
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(
      '该订单以人民币结算，不能使用澳币支付，请选择人民币支付方式',
    );
  });

  it('shows the failure page when the shopper cancels on the cashier, and the order stays unpaid', async () => {
    const order = await placeOrder();
    await s.page.goto(`/payment?orderId=${order.orderId}`);
    await s.page
      .getByRole('listitem', { name: '支付宝', exact: true })
      .getByRole('button', { name: '支付' })
      .click();
    await s.page.waitForURL(/\/sandbox-pay\/cashier\//);
    await s.page.getByRole('button', { name: '取消支付' }).click();

    await s.page.waitForURL(/\/payment\/result/, { timeout: 90_000 });
    await s.page.getByText('支付失败').first().waitFor({ timeout: 15_000 });
    await s.page.getByText('支付已取消').first().waitFor();
    await s.screenshot('37-payment-cancelled');
    expect(await orderStatus(order.orderId)).toBe(OrderStatus.NotPaid);
    expect(s.errors).toEqual([]);
    // Not even an HTTP 400 logged by Chromium: the cancelled trade's status is an answer.
    expect(s.consoleErrors).toEqual([]);
  });

  it('withdraws a pending bank-transfer registration with 撤销 on a phone', async () => {
    const made = await callApi(
      shop.baseURL,
      DepositPaths.bankTransfer,
      { currency: 'CNY', money: 66, reference: '张三 工行' },
      token,
    );
    await s.page.goto('/member/recharge');
    const item = s.page.getByRole('listitem', { name: `充值单 ${made.rechargeNo}` });
    await item.getByRole('button', { name: /撤销/ }).click();
    await s.page
      .getByRole('dialog')
      .getByText(`确认撤销充值单 ${made.rechargeNo}`, { exact: false })
      .waitFor();
    await s.screenshot('39-recharge-withdraw-confirm');
    await s.page
      .getByRole('dialog')
      .getByRole('button', { name: /确认撤销/ })
      .click();
    await item.getByText('已取消').waitFor();
    expect(await item.getByRole('button', { name: /撤销/ }).count()).toBe(0);
    await s.screenshot('40-recharge-withdrawn');
  });

  it('paying AUD, a product with a CNY price only says 仅支持人民币结算 in text a phone shows', async () => {
    await s.page.goto(`/product/${cnyOnlyGoodsId}`);
    await s.page.getByRole('button', { name: 'AUD', exact: true }).first().click();
    const hint = s.page.getByText('仅支持人民币结算').first();
    await hint.waitFor();
    expect(await hint.isVisible()).toBe(true);
    await s.screenshot('41-product-cny-only-phone');
    expect(s.consoleErrors).toEqual([]);
  });
});
