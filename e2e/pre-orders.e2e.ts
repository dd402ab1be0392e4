import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import {
  AddressPaths,
  CartPaths,
  CataloguePaths,
  OrderPaths,
  OrderStatus,
  SkuStatus,
  Warehouse,
} from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allGoods, byThePiece, callApi } from './support/api';
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

/**
 * A pre-order and a pack shipped in two parcels (issue #39): a member orders a demo ByBook SKU with no stock (预订,
 * with its expected day) and another in stock, on a phone; the owner ships the pieces in hand as a parcel of their
 * own from the console; the stock arrives on the 库存 page and serves the waiting line; the rest of the pack leaves
 * with a second tracking number, and the member sees both parcels.
 */
describe('pre-orders and split shipments', () => {
  const stamp = Date.now().toString(36);
  const username = `po_${stamp}`;
  const first = `SF${stamp}1`.toUpperCase();
  const second = `SF${stamp}2`.toUpperCase();
  let shop: (RunningShop & { port: number; dataDir: string }) | undefined;
  let dataDir = '';
  let token = '';
  let orderId = 0;
  let orderNo = '';
  let booked = { id: 0, goodsId: 0, code: '' };
  let expectedDate = '';
  let phone: BrowserSession;
  let staff: BrowserSession;

  beforeAll(async () => {
    dataDir = await newShopDataDir();
    runShopCommand(dataDir, ownerCommand(OWNER_PASSWORD));
    const started = await startShop({}, { dataDir });
    shop = { ...started, dataDir, port: started.port };
    const base = started.baseURL;
    token = await buyerWithReceiver(base, username);
    // A demo ByBook SKU with no stock in the same warehouse as the SKU in stock, so both are in one pack.
    const found = (await allGoods(base))
      .filter((g) => g.location === Warehouse.AU)
      .flatMap((g) => g.skus.filter(byThePiece).map((k) => ({ ...k, goodsId: g.id })))
      .find((k) => k.status === SkuStatus.ByBook && k.stock === 0 && k.cnyPrice !== null);
    if (!found) throw new Error('the demo catalogue has no AU ByBook SKU without stock');
    booked = { id: found.id, goodsId: found.goodsId, code: found.code };
    const detail = await callApi(base, CataloguePaths.goodsDetail, { id: found.goodsId });
    expectedDate = detail.skus.find((k) => k.id === found.id)?.expectedDate ?? '';
    expect(expectedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The member orders it with two pieces in stock, pays from the deposit, and the warehouse readies the pack.
    await callApi(base, CartPaths.addItem, { skuId: booked.id, qty: 1 }, token);
    const inStock = await pickupSku(base);
    await callApi(base, CartPaths.addItem, { skuId: inStock.id, qty: 2 }, token);
    const receiverId = (await callApi(base, AddressPaths.receiverList, {}, token))[0]?.id;
    const order = await callApi(
      base,
      OrderPaths.create,
      { currency: 'CNY', isPickup: false, receiverId, requestId: randomUUID() },
      token,
    );
    orderId = order.orderId;
    orderNo = (await callApi(base, OrderPaths.detail, { id: orderId }, token)).orderNo;
    shop = await paidAndReady(shop, { username, token }, { orderId, orderNo, totalPrice: order.totalPrice });

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

  it('the member sees 预订 with the expected day on the product page and in the cart, and the order waits', async () => {
    const base = shop?.baseURL ?? '';
    const page = phone.page;
    await page.goto(`/product?skuId=${booked.id}`);
    const [, month, day] = expectedDate.split('-').map(Number);
    await page.getByText(`预订 · 预计 ${month}月${day}日到货`).first().waitFor();
    await phone.screenshot('preorder-01-product-phone');
    await page.locator('.product-buy-bar').getByRole('button', { name: '加入购物车' }).click();
    await expect
      .poll(async () =>
        (await callApi(base, CartPaths.list, {}, token)).data.some((l) => l.skuId === booked.id),
      )
      .toBe(true);
    await page.goto('/cart');
    await page.getByText(`库存不足部分需预订 · 预计 ${month}月${day}日到货`).first().waitFor();

    await page.goto(`/order/${orderId}`);
    await page.getByText('含预订商品，到货后发出').waitFor();
    await page.getByText(/预订 · 等待到货 1 件 · 预计/).waitFor();
    await phone.screenshot('preorder-02-order-waiting-phone');
  });

  it('the owner ships the pieces in hand as a parcel of their own', async () => {
    const page = staff.page;
    await signIn(page, 'boss', OWNER_PASSWORD);
    await setUpAuthenticator(page);
    await page.waitForURL('**/admin/dashboard');
    await page.goto('/admin/orders');
    await page.getByRole('button', { name: orderNo }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByText('等待预订到货').first().waitFor();
    await drawer.getByRole('button', { name: '发货', exact: true }).click();
    const ship = page.getByRole('dialog', { name: /发货：/ });
    // The pack cannot leave whole: the dialog opens on 部分发货 with the pieces in hand.
    await ship.getByText(/不能整包发货/).waitFor();
    await ship.getByText('本次发出 2 件，作为新包裹发货；其余 1 件留在包裹 1').waitFor();
    await ship.getByLabel('物流单号').fill(first);
    await consoleShot(page, SHOTS, 'preorder-03-console-split-ship');
    await ship.getByRole('button', { name: '确认发货' }).click();
    await ship.waitFor({ state: 'hidden' });
    await drawer.getByText('包裹 2（由包裹 1 分出）').first().waitFor();

    const order = await callApi(shop?.baseURL ?? '', OrderPaths.detail, { id: orderId }, token);
    expect(order.orderBeans.map((b) => [b.status, b.logisticCode, b.splitFrom])).toEqual([
      [OrderStatus.AwaitingDispatch, '', null],
      [OrderStatus.Shipped, first, 0],
    ]);
  });

  it('the stock arrives on the 库存 page and serves the waiting line; the rest leaves with a second number', async () => {
    const page = staff.page;
    await page.goto('/admin/stock');
    await page.getByPlaceholder('商品名称或 SKU 编码').fill(booked.code);
    await page.getByPlaceholder('商品名称或 SKU 编码').press('Enter');
    // The row of the booked SKU once the search has applied, not whichever row came first.
    await page
      .getByRole('row')
      .filter({ hasText: booked.code })
      .getByRole('button', { name: '调整库存' })
      .click();
    const adjust = page.getByRole('dialog', { name: `调整库存：${booked.code}` });
    await adjust.getByLabel('数量').fill('5');
    await adjust.getByLabel('原因').fill('到货');
    await adjust.getByRole('button', { name: '确认调整' }).click();
    await adjust.waitFor({ state: 'hidden' });

    const base = shop?.baseURL ?? '';
    // The waiting piece is served: nothing of the order waits any more.
    await expect
      .poll(async () =>
        (await callApi(base, OrderPaths.detail, { id: orderId }, token)).items.every((i) => i.waiting === 0),
      )
      .toBe(true);

    await page.goto('/admin/orders');
    await page.getByRole('button', { name: orderNo }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByText('包裹 2（由包裹 1 分出）').first().waitFor();
    await drawer
      .getByRole('row', { name: /包裹 1/ })
      .getByText('发货', { exact: true })
      .click();
    const ship = page.getByRole('dialog', { name: /发货：/ });
    await ship.getByLabel('物流单号').fill(second);
    await ship.getByRole('button', { name: '确认发货' }).click();
    await ship.waitFor({ state: 'hidden' });
    await consoleShot(page, SHOTS, 'preorder-04-console-two-parcels');

    const order = await callApi(base, OrderPaths.detail, { id: orderId }, token);
    expect(order.status).toBe(OrderStatus.Shipped);
    expect(order.orderBeans.map((b) => b.logisticCode)).toEqual([second, first]);
  });

  it('the member sees both parcels with their tracking numbers, and was told the goods arrived', async () => {
    const page = phone.page;
    await page.goto(`/order/${orderId}`);
    await page.getByText(`物流单号 ${first}`).waitFor();
    await page.getByText(`物流单号 ${second}`).waitFor();
    await page.getByText('包裹 2（由包裹 1 分出）').first().waitFor();
    expect(await page.getByText('含预订商品，到货后发出').count()).toBe(0);
    await page.getByRole('button', { name: '查看物流' }).first().click();
    await page
      .getByText(/已发货/)
      .first()
      .waitFor();
    await phone.screenshot('preorder-05-two-parcels-phone');
    await page.goto('/member/message');
    await page.getByText(`订单 ${orderNo} 的预订商品已到货`).first().waitFor();
    await phone.screenshot('preorder-06-arrived-message-phone');
    expect(phone.errors).toEqual([]);
    expect(staff.errors).toEqual([]);
  });
});
