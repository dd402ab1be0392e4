import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import {
  AddressPaths,
  AfterSalePaths,
  CartPaths,
  type Member,
  MemberPaths,
  OrderPaths,
  OrderStatus,
} from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allGoods, callApi } from './support/api';
import { type BrowserSession, openBrowser, signInEveryPage } from './support/browser';
import {
  consoleShot,
  DESKTOP,
  ownerCommand,
  PHONE,
  paidAndReady,
  setUpAuthenticator,
  signIn,
} from './support/console';
import { buyerWithReceiver, pickupSku } from './support/member-order';
import { newShopDataDir, type RunningShop, runShopCommand, startShop } from './support/server';

const SHOTS = '/tmp/console-shots';
const OWNER_PASSWORD = 'boss-pass-2026';
/** A small PNG, as a phone's photo would be checked and re-encoded. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAASUlEQVRYhe2WAQkAQAwCF8cQ9udifYw942ABRPTc0Hx1s64ABUWHaoawZVnHD4IxOlQzhC3LOoTwQYsO1QxhyyKHIhjrdHB4XB8OYAhqJ6EikQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A return and refund (issue #39): a member whose delivered order has a damaged piece asks for 退货退款 on a phone
 * with two photos; the owner approves it in the console's 售后; the member enters the courier's tracking number; the
 * owner receives the goods back to stock and refunds the rule's amount to the member's deposit.
 */
describe('after-sales: a return and refund', () => {
  const stamp = Date.now().toString(36);
  const username = `as_${stamp}`;
  let shop: (RunningShop & { port: number; dataDir: string }) | undefined;
  let dataDir = '';
  let token = '';
  let orderId = 0;
  let orderNo = '';
  let skuId = 0;
  let afterSaleId = 0;
  let phone: BrowserSession;
  let staff: BrowserSession;

  const stockOf = async () =>
    (await allGoods(shop?.baseURL ?? '')).flatMap((g) => g.skus).find((k) => k.id === skuId)?.stock ?? -1;

  beforeAll(async () => {
    dataDir = await newShopDataDir();
    runShopCommand(dataDir, ownerCommand(OWNER_PASSWORD));
    const started = await startShop({}, { dataDir });
    const base = started.baseURL;
    token = await buyerWithReceiver(base, username);
    const receiverId = (await callApi(base, AddressPaths.receiverList, {}, token))[0]?.id;
    const sku = await pickupSku(base);
    skuId = sku.id;
    await callApi(base, CartPaths.addItem, { skuId, qty: 2 }, token);
    const order = await callApi(
      base,
      OrderPaths.create,
      { currency: 'CNY', isPickup: false, receiverId, requestId: randomUUID() },
      token,
    );
    orderId = order.orderId;
    orderNo = (await callApi(base, OrderPaths.detail, { id: orderId }, token)).orderNo;
    shop = await paidAndReady(
      { ...started, dataDir, port: started.port },
      { username, token },
      { orderId, orderNo, totalPrice: order.totalPrice },
      [['order:ship', '--order', orderNo, '--courier', 'SF', '--code', `SF${stamp}`.toUpperCase()]],
    );
    phone = await openBrowser(shop.baseURL, PHONE, { deviceScaleFactor: 2 });
    await signInEveryPage(phone, token);
    staff = await openBrowser(shop.baseURL, DESKTOP);
  }, 300_000);

  afterAll(async () => {
    await phone?.close();
    await staff?.close();
    await shop?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('the member asks for a return of one damaged piece with two photos, on a phone', async () => {
    const page = phone.page;
    await page.goto(`/order/${orderId}`);
    await page.getByRole('link', { name: '申请售后' }).click();
    await page.waitForURL(/\/member\/aftersales\/new\?orderId=\d+/);
    await page.getByText('退货退款').click();
    await page.getByLabel('售后原因').selectOption('damaged');
    await page.getByTestId('claim-line').first().getByRole('checkbox').check();
    await page.getByLabel('问题描述（选填）').fill('外箱压坏，一罐凹陷漏粉');
    await page.getByLabel(/^选择/).setInputFiles([
      { name: 'box.png', mimeType: 'image/png', buffer: PHOTO },
      { name: 'can.png', mimeType: 'image/png', buffer: PHOTO },
    ]);
    await expect.poll(() => page.getByRole('button', { name: /^删除图片/ }).count()).toBe(2);
    await phone.screenshot('aftersale-01-ask-phone');
    await page.getByRole('button', { name: '提交申请' }).click();
    await page.waitForURL(/\/member\/aftersales\/\d+$/);
    afterSaleId = Number(page.url().split('/').at(-1));
    await page.getByText('待审核').first().waitFor();
    await phone.screenshot('aftersale-02-pending-phone');
    const detail = await callApi(shop?.baseURL ?? '', AfterSalePaths.detail, { id: afterSaleId }, token);
    expect(detail).toMatchObject({ type: 'return', state: 'pending', pieces: 1 });
    expect(detail.images).toHaveLength(2);
  });

  it('the owner approves it in the console with the return address', async () => {
    const page = staff.page;
    await signIn(page, 'boss', OWNER_PASSWORD);
    await setUpAuthenticator(page);
    await page.waitForURL('**/admin/dashboard');
    await page.goto('/admin/aftersales');
    await page.getByText(orderNo).first().click();
    await page.waitForURL(/\/admin\/aftersales\/\d+$/);
    await consoleShot(page, SHOTS, 'aftersale-03-console-pending');
    await page.getByRole('button', { name: '同意' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('退货地址').fill('墨尔本 Clayton 仓库 售后组 收');
    await dialog.getByRole('button', { name: '确认同意' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('已同意').first().waitFor();
  });

  it('the member enters the courier and tracking number', async () => {
    const page = phone.page;
    await page.reload();
    await page.getByText('墨尔本 Clayton 仓库 售后组 收').first().waitFor();
    const form = page.getByRole('form', { name: '填写寄回单号' });
    await form.getByLabel('快递公司').selectOption({ index: 1 });
    await form.getByLabel('物流单号').fill('SF20261201001');
    await phone.screenshot('aftersale-04-ship-back-phone');
    await form.getByRole('button', { name: '提交寄回单号' }).click();
    await page.getByText('买家已寄回').first().waitFor();
  });

  it('the owner receives the goods back to stock and refunds the rule’s amount to the deposit', async () => {
    const base = shop?.baseURL ?? '';
    const before = await stockOf();
    const me = (await callApi(base, MemberPaths.current, {}, token)) as Member;
    const page = staff.page;
    await page.reload();
    await page.getByRole('button', { name: '确认收货' }).click();
    const receive = page.getByRole('dialog');
    await receive.getByRole('button', { name: '确认收货' }).click();
    await receive.waitFor({ state: 'hidden' });
    await page.getByText('已收货').first().waitFor();
    expect(await stockOf()).toBe(before + 1);
    await page.getByRole('button', { name: '退款', exact: true }).click();
    const refund = page.getByRole('dialog');
    await refund.getByText('退回账户余额').first().waitFor();
    await consoleShot(page, SHOTS, 'aftersale-05-console-refund');
    await refund.getByRole('button', { name: '确认退款' }).click();
    await refund.waitFor({ state: 'hidden' });
    await page.getByText('已退款').first().waitFor();
    await consoleShot(page, SHOTS, 'aftersale-06-console-refunded');

    const detail = await callApi(base, AfterSalePaths.detail, { id: afterSaleId }, token);
    expect(detail).toMatchObject({ state: 'refunded', refundTo: 'deposit', refundCurrency: 'CNY' });
    const after = (await callApi(base, MemberPaths.current, {}, token)) as Member;
    expect(after.cnyDeposit).toBeCloseTo(me.cnyDeposit + (detail.refundAmount ?? 0), 2);
    const order = await callApi(base, OrderPaths.detail, { id: orderId }, token);
    expect(order.status).toBe(OrderStatus.Shipped);

    await phone.page.reload();
    await phone.page.getByText('已退款').first().waitFor();
    await phone.screenshot('aftersale-07-refunded-phone');
    expect(phone.errors).toEqual([]);
    expect(staff.errors).toEqual([]);
  });
});
