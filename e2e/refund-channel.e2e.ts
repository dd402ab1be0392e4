import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import {
  AddressPaths,
  CartPaths,
  type CreatedOrder,
  MemberPaths,
  OrderPaths,
  PaymentPaths,
  SkuStatus,
  Warehouse,
} from '@shop/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeWechatPay } from '../apps/api/test/support/fake-wechatpay';
import { allGoods, callApi } from './support/api';
import { type BrowserSession, openBrowser, signInEveryPage } from './support/browser';
import { consoleShot, DESKTOP, ownerCommand, PHONE, setUpAuthenticator, signIn } from './support/console';
import { newShopDataDir, type RunningShop, runShopCommand, startShop, TEST_CAPTCHA } from './support/server';

const PUBLIC_URL = 'https://shop.example';
/** The journey's screens, to be looked at after a run. */
const SHOTS = process.env.REFUND_SHOTS_DIR ?? '/tmp/refund-channel-shots';
const OWNER_PASSWORD = 'boss-pass-2026';

const shot = (page: Page, name: string) => consoleShot(page, SHOTS, name);

/**
 * A staff refund of part of a WeChat-paid order (docs/decisions/035), in Chromium against the fake WeChat Pay: the
 * owner refunds ¥10.00 in the console's order drawer, which shows 退款中 until WeChat Pay's signed, encrypted
 * REFUND.SUCCESS arrives, then 部分退款; the member's order page shows it and the member has a message.
 */
describe('refund through WeChat Pay journey', () => {
  const fake = new FakeWechatPay();
  let shop: RunningShop & { port: number; dataDir: string };
  let dataDir = '';
  let s: BrowserSession;
  let token = '';
  let order: CreatedOrder;

  beforeAll(async () => {
    await fake.start();
    dataDir = await newShopDataDir();
    runShopCommand(dataDir, ownerCommand(OWNER_PASSWORD));
    shop = await startShop(fake.env(PUBLIC_URL), { dataDir });
    fake.deliverTo = { publicUrl: PUBLIC_URL, localUrl: shop.baseURL };
    const { captchaId } = await callApi<{ captchaId: string }>(shop.baseURL, MemberPaths.captcha);
    ({ token } = await callApi<{ token: string }>(shop.baseURL, MemberPaths.register, {
      username: `refund_${Date.now().toString(36)}`,
      password: 'member-2026',
      captchaId,
      captchaCode: TEST_CAPTCHA,
    }));
    const { id: receiverId } = await callApi<{ id: number }>(
      shop.baseURL,
      AddressPaths.receiverSave,
      {
        name: '钱多多',
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
    );
    const sku = (await allGoods(shop.baseURL))
      .filter((g) => g.location === Warehouse.AU)
      .flatMap((g) => g.skus)
      .find((k) => k.status === SkuStatus.InStock && k.cnyPrice !== null && k.cnyPrice > 20);
    if (!sku) throw new Error('the demo catalogue has no AU InStock SKU over ¥20');
    await callApi(shop.baseURL, CartPaths.addItem, { skuId: sku.id, qty: 1 }, token);
    order = await callApi<CreatedOrder>(
      shop.baseURL,
      OrderPaths.create,
      { currency: 'CNY', isPickup: false, receiverId, requestId: randomUUID() },
      token,
    );
    const start = await callApi<{ tradeNo: string }>(
      shop.baseURL,
      PaymentPaths.payBySyb,
      { orderId: order.orderId, type: 'W01' },
      token,
    );
    const trade = fake.trades.get(start.tradeNo);
    if (!trade) throw new Error('the shop opened no trade at the fake WeChat Pay');
    fake.pay(trade.outTradeNo);
    expect((await fake.deliver(fake.paidNotify(trade.outTradeNo), trade.notifyUrl)).status).toBe(204);
    s = await openBrowser(shop.baseURL, DESKTOP);
  }, 240_000);

  afterAll(async () => {
    await s?.close();
    await shop?.stop();
    await fake.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('the owner refunds ¥10.00 in the drawer: 退款中, then 部分退款 once WeChat Pay confirms', async () => {
    await signIn(s.page, 'boss', OWNER_PASSWORD);
    await setUpAuthenticator(s.page);
    await s.page.waitForURL('**/admin/dashboard');
    await s.page.goto(`/admin/orders?order=${order.orderNo}`);
    const drawer = s.page.locator('.ant-drawer');
    await drawer.getByText('南京西路1号').waitFor();
    await drawer.getByRole('button', { name: '部分退款' }).click();
    const dialog = s.page.getByRole('dialog', { name: /部分退款/ });
    await dialog.getByText(/原路退回，渠道确认前显示退款中/).waitFor();
    await dialog.getByLabel(/退款金额/).fill('10');
    await dialog.getByLabel('原因').fill('少发一件赠品');
    await shot(s.page, 'refund-01-dialog-1440');
    await dialog.getByRole('button', { name: '确认退款' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await drawer.locator('[data-refund-state="processing"]').getByText('退款中').waitFor();
    await drawer.getByText('渠道退款').waitFor();
    await shot(s.page, 'refund-02-processing-1440');

    const refund = [...fake.refunds.values()].at(-1);
    if (!refund) throw new Error('the shop asked WeChat Pay for no refund');
    expect(refund).toMatchObject({ refund: 1000, currency: 'CNY', status: 'PROCESSING' });
    const answer = await fake.deliver(fake.refundNotify(refund.outRefundNo, 'SUCCESS'), refund.notifyUrl);
    expect(answer.status).toBe(204);

    await s.page.reload();
    await drawer.locator('[data-refund-state="partial"]').getByText('部分退款').waitFor();
    await drawer.locator('[data-refund-status="success"]').waitFor();
    await drawer.getByText('渠道退款').scrollIntoViewIfNeeded();
    await shot(s.page, 'refund-03-partial-1440');

    await s.page.setViewportSize(PHONE);
    await s.page.reload();
    await drawer.locator('[data-refund-state="partial"]').waitFor();
    await shot(s.page, 'refund-04-partial-390');
    await s.page.setViewportSize(DESKTOP);
  });

  it('the member sees 部分退款 on the order page and a message about the money', async () => {
    const member = await openBrowser(shop.baseURL, DESKTOP);
    try {
      await signInEveryPage(member, token);
      await member.page.goto(`/order/${order.orderId}`);
      await member.page.getByTestId('order-refund-state').getByText('部分退款').waitFor();
      await member.page.getByTestId('order-refunded').getByText('¥10.00').waitFor();
      await consoleShot(member.page, SHOTS, 'refund-05-member-order-1440');
      await member.page.setViewportSize(PHONE);
      await member.page.reload();
      await member.page.getByTestId('order-refund-state').waitFor();
      await consoleShot(member.page, SHOTS, 'refund-06-member-order-390');
      await member.page.goto('/member/message');
      await member.page.getByText(`订单 ${order.orderNo} 退款 ¥10.00 已到账`).first().waitFor();
      await consoleShot(member.page, SHOTS, 'refund-07-member-message-390');
      expect(member.errors).toEqual([]);
    } finally {
      await member.close();
    }
    expect(s.errors).toEqual([]);
  });
});
