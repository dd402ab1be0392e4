import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  AddressPaths,
  CartPaths,
  type GoodsListItem,
  MemberPaths,
  OrderPaths,
  SkuStatus,
  Warehouse,
} from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allGoods, byThePiece, callApi } from './support/api';
import { type BrowserSession, openBrowser, photo, screenshotDir, signInEveryPage } from './support/browser';
import {
  consoleShot,
  DESKTOP,
  ownerCommand,
  PHONE,
  setUpAuthenticator,
  signIn,
  startShopAfter,
} from './support/console';
import { newShopDataDir, type RunningShop, TEST_CAPTCHA } from './support/server';

/**
 * Australian GST as a buyer in Sydney meets it (ADR 038): the shop is registered with prices including GST
 * (the operator's seller:set, as the console's 商家与GST saves it); a member paying AUD with a Sydney receiver
 * sees '含GST $x.xx' beside the cart total, on its own line at checkout, and on the order placed, at desktop
 * and phone widths, with not one console error.
 */
describe('GST journey', () => {
  let shop: RunningShop & { dataDir: string };
  let s: BrowserSession;
  let token = '';
  let skuId = 0;
  let orderNo = '';
  let gstLineText = '';
  const OWNER_PASSWORD = 'boss-pass-2026';
  const shots = join(screenshotDir, 'gst');

  beforeAll(async () => {
    shop = await startShopAfter(await newShopDataDir(), [
      ownerCommand(OWNER_PASSWORD),
      [
        'seller:set',
        '--legal-name',
        'Example Trading Pty Ltd',
        '--abn',
        '51 824 753 556',
        '--address',
        '1 George St, Sydney NSW 2000',
        '--gst',
        'registered',
        '--prices',
        'inclusive',
      ],
    ]);
    await mkdir(shots, { recursive: true });
    const goods = await allGoods(shop.baseURL);
    const sku = goods
      .filter((g: GoodsListItem) => g.location === Warehouse.AU)
      .flatMap((g) => g.skus.filter(byThePiece))
      .find((k) => k.status === SkuStatus.InStock && k.audPrice !== null && k.audPrice > 0);
    if (!sku) throw new Error('the demo catalogue has no AU InStock SKU with an AUD price');
    skuId = sku.id;
    const captcha = await callApi(shop.baseURL, MemberPaths.captcha);
    ({ token } = await callApi(shop.baseURL, MemberPaths.register, {
      username: `gst_${Date.now().toString(36)}`,
      password: 'gst12345',
      captchaId: captcha.captchaId,
      captchaCode: TEST_CAPTCHA,
    }));
    await callApi(
      shop.baseURL,
      AddressPaths.receiverSave,
      {
        name: 'Jane Citizen',
        phone: '0400000000',
        country: 'AU',
        province: 'NSW',
        city: 'Sydney',
        district: 'Sydney',
        detail: '1 George St',
        postCode: '2000',
        defaultFlag: true,
      },
      token,
    );
    await callApi(shop.baseURL, CartPaths.addItem, { skuId, qty: 2 }, token);
    s = await openBrowser(shop.baseURL, DESKTOP);
    await signInEveryPage(s, token);
  });
  afterAll(async () => {
    await s?.close();
    await shop?.stop();
    if (shop) await rm(shop.dataDir, { recursive: true, force: true });
  });

  const shoot = async (name: string) => {
    for (const viewport of [DESKTOP, PHONE]) {
      await s.page.setViewportSize(viewport);
      await photo(s.page, { path: join(shots, `${name}-${viewport.width}.png`), fullPage: true });
    }
    await s.page.setViewportSize(DESKTOP);
  };

  it('shows 含GST in the cart, at checkout and on the order to Sydney', async () => {
    await s.page.goto('/cart');
    await s.page.getByRole('button', { name: 'AUD', exact: true }).first().click();
    const cartGst = s.page.getByTestId('cart-gst');
    await cartGst.waitFor();
    expect(await cartGst.innerText()).toMatch(/^含GST \$\d+\.\d{2}$/);
    await shoot('cart');

    await s.page.getByRole('button', { name: '去结算' }).click();
    await s.page.getByRole('button', { name: '提交订单' }).waitFor();
    const checkoutGst = s.page.getByTestId('checkout-gst');
    await checkoutGst.waitFor();
    const line = await checkoutGst.innerText();
    expect(line).toMatch(/^含GST \$\d+\.\d{2}$/);
    const total = await s.page.getByTestId('checkout-total').innerText();
    // One eleventh of what is paid (goods and freight, prices including GST).
    const cents = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
    expect(cents(line)).toBe(Math.floor((cents(total) * 2 + 11) / 22));
    await shoot('checkout');

    await s.page.getByRole('button', { name: '提交订单' }).click();
    await s.page.waitForURL(/\/payment\?orderId=\d+/);
    const orderId = Number(new URL(s.page.url()).searchParams.get('orderId'));
    const order = await callApi(shop.baseURL, OrderPaths.detail, { id: orderId }, token);
    orderNo = order.orderNo;
    gstLineText = line;
    expect(order).toMatchObject({ currency: 'AUD', gstIncluded: true, gst: 0 });
    expect(order.gstPrice).toBe(cents(line) / 100);

    await s.page.goto(`/order/${orderId}`);
    const orderGst = s.page.getByTestId('order-gst');
    await orderGst.waitFor();
    expect(await orderGst.innerText()).toBe(line);
    await shoot('order');
    expect(s.errors).toEqual([]);
  });

  it('the owner sees the GST in the console: the seller details refuse a bad ABN, the order drawer shows 含GST', async () => {
    const page = s.page;
    await signIn(page, 'boss', OWNER_PASSWORD);
    await setUpAuthenticator(page);
    await page.waitForURL('**/admin/dashboard');

    await page.goto('/admin/seller');
    const abn = page.getByLabel('ABN');
    await abn.waitFor();
    expect(await abn.inputValue()).toBe('51 824 753 556');
    await abn.fill('51 824 753 557');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('ABN 须为11位数字且校验正确').first().waitFor();
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await consoleShot(page, shots, `console-seller-${viewport.width}`);
    }
    await page.setViewportSize(DESKTOP);

    await page.goto('/admin/orders');
    await page.getByRole('button', { name: orderNo }).click();
    const gst = page.locator('.ant-drawer').getByTestId('order-gst');
    await gst.waitFor();
    expect(await gst.innerText()).toBe(gstLineText);
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await consoleShot(page, shots, `console-order-${viewport.width}`);
    }
  });
});
