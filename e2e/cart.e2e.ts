import {
  AddressPaths,
  CartPaths,
  type GoodsListItem,
  MemberPaths,
  OrderPaths,
  SkuStatus,
} from '@shop/domain';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { allGoods, callApi } from './support/api';
import { type BrowserSession, openBrowser } from './support/browser';
import { TEST_CAPTCHA } from './support/server';

/** A SKU anyone can put in a cart: in stock with no limit, on a product on the shelf. */
function openSku(goods: GoodsListItem[], location: number, priced: 'aud' | 'cnyOnly') {
  for (const g of goods) {
    if (g.location !== location) continue;
    const sku = g.skus.find(
      (s) =>
        (s.status === SkuStatus.InStock || s.status === SkuStatus.ByBook) &&
        (priced === 'aud' ? s.audPrice !== null : s.audPrice === null && s.cnyPrice !== null),
    );
    if (sku && g.skus.filter((s) => s.status !== SkuStatus.NotForSale).length === 1) return { goods: g, sku };
  }
  return undefined;
}

/**
 * The shopper's journey from cart to order: a visitor adds goods from two warehouses, logs in with a server
 * cart that already has a line, sees the merged cart with the AUD warning, pastes an address into the parser,
 * checks out with two packs and a courier each, toggles pickup and sees the totals change, picks a gift SKU,
 * places the order (a double click makes one order), finds it in /member/order, opens it and cancels it.
 */
describe('cart to order journey', () => {
  const baseURL = inject('baseURL');
  const username = `cart_${Date.now().toString(36)}`;
  const password = 'cart12345';
  let s: BrowserSession;
  let goods: GoodsListItem[];
  let token = '';
  let cnySkuId = 0;
  let orderId = 0;

  beforeAll(async () => {
    s = await openBrowser(baseURL);
    goods = await allGoods(baseURL);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('merges a visitor cart from two warehouses into the member cart at login', async () => {
    const au = openSku(goods, 1, 'aud');
    const cn = openSku(goods, 2, 'cnyOnly');
    const server = goods.find(
      (g) => g.id !== au?.goods.id && g.location === 1 && g.skus.some((k) => k.status === 4),
    );
    expect(au && cn && server, 'the demo catalogue has open SKUs in the AU and CN warehouses').toBeTruthy();
    if (!au || !cn || !server) return;

    // The member exists with one line already in the server cart.
    const captcha = await callApi<{ captchaId: string }>(baseURL, MemberPaths.captcha);
    ({ token } = await callApi<{ token: string }>(baseURL, MemberPaths.register, {
      username,
      password,
      captchaId: captcha.captchaId,
      captchaCode: TEST_CAPTCHA,
    }));
    cnySkuId = cn.sku.id;
    const serverSku = server.skus.find((k) => k.status === 4);
    await callApi(baseURL, CartPaths.addItem, { skuId: serverSku?.id, qty: 1 }, token);

    // As a visitor: two products from two warehouses into the local cart.
    for (const { goods: g } of [au, cn]) {
      await s.page.goto(`/product/${g.id}`);
      await s.page.getByRole('button', { name: '加入购物车' }).click();
      await s.page.getByText('已加入购物车').first().waitFor();
    }
    await s.page.goto('/cart');
    await expect.poll(() => s.page.locator('li.cart-line').count()).toBe(2);
    expect(await s.page.locator('.cart-group-title').allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringContaining('澳大利亚仓'), expect.stringContaining('中国仓')]),
    );
    await s.screenshot('20-guest-cart');

    // 去结算 asks for a login; after it the page reloads and the carts are merged.
    await s.page.getByRole('button', { name: '去结算' }).click();
    const dialog = s.page.getByRole('dialog');
    await dialog.getByPlaceholder('用户名').fill(username);
    await dialog.getByPlaceholder('密码').fill(password);
    const reloaded = s.page.waitForEvent('load');
    await dialog.getByRole('button', { name: /登\s*录/ }).click();
    await reloaded;
    await expect.poll(() => s.page.locator('li.cart-line').count(), { timeout: 15_000 }).toBe(3);
    await s.page.locator('.cart-aud-tip').waitFor();
    expect(await s.page.locator('.cart-aud-tip').innerText()).toContain('不支持澳币支付');
    await s.screenshot('21-merged-cart');

    const cart = await callApi<{ data: { skuId: number }[] }>(baseURL, CartPaths.list, {}, token);
    expect(cart.data.map((l) => l.skuId).sort()).toEqual([au.sku.id, cn.sku.id, serverSku?.id].sort());
  });

  it('adds a receiver by pasting a whole address into the parser', async () => {
    await s.page.goto('/member/receiver');
    await s.page
      .getByRole('button', { name: /新增.*地址/ })
      .first()
      .click();
    const dialog = s.page.getByRole('dialog');
    await dialog.getByLabel('智能识别地址文本').fill('王小明 13800138000 广东省深圳市南山区科技园路1号');
    await dialog.getByRole('button', { name: '智能识别' }).click();
    await s.page.getByText('已识别并填入').first().waitFor();
    await s.screenshot('22-address-parsed');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await s.page.getByText('地址已保存').first().waitFor();
    const book = await callApi<{ name: string; district: string; postCode: string; defaultFlag: boolean }[]>(
      baseURL,
      AddressPaths.receiverList,
      {},
      token,
    );
    expect(book).toMatchObject([
      { name: '王小明', district: '南山区', postCode: '518000', defaultFlag: true },
    ]);
  });

  it('checks out with a courier per pack, toggles pickup, picks a gift and places one order', async () => {
    // Enough goods for the demo gift promotion's threshold.
    const cart = await callApi<{ data: { id: number; skuId: number }[] }>(baseURL, CartPaths.list, {}, token);
    const cnLine = cart.data.find((l) => l.skuId === cnySkuId);
    await callApi(baseURL, CartPaths.updateItem, { id: cnLine?.id, qty: 5 }, token);

    await s.page.goto('/cart');
    await s.page.getByRole('button', { name: '去结算' }).click();
    await s.page.getByRole('button', { name: '提交订单' }).waitFor();
    const packs = s.page.getByRole('group', { name: /快递$/ });
    await expect.poll(() => packs.count()).toBe(2);
    for (let i = 0; i < 2; i += 1) {
      const options = packs.nth(i).locator('input[type=radio]:not([disabled])');
      expect(await options.count()).toBeGreaterThan(0);
      await options.nth((await options.count()) - 1).check({ force: true });
    }
    const total = s.page.getByTestId('checkout-total');
    const delivered = await total.innerText();
    await s.page.getByText('到仓自提', { exact: true }).click();
    await expect.poll(() => total.innerText()).not.toBe(delivered);
    await s.screenshot('23-checkout-pickup');
    await s.page.getByText('快递配送', { exact: true }).click();
    await expect.poll(() => total.innerText()).toBe(delivered);

    await s.page.getByRole('button', { name: '选择赠品' }).first().click();
    const dialog = s.page.getByRole('dialog');
    // The dialog fills in the gift's SKUs as their detail arrives: pick the first open one once it holds.
    const giftSku = dialog.locator('input[type=radio]:not([disabled])').first();
    await expect
      .poll(
        async () => {
          await giftSku.check({ force: true, timeout: 2_000 }).catch(() => undefined);
          return giftSku.isChecked();
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await s.page.getByRole('button', { name: '更换赠品' }).waitFor();
    await s.screenshot('24-checkout-gift');

    await s.page.getByRole('button', { name: '提交订单' }).dblclick();
    await s.page.waitForURL(/\/payment\?orderId=\d+/);
    // The payment page of the new order, with its methods.
    await s.page.getByRole('heading', { name: '选择支付方式' }).waitFor();
    orderId = Number(new URL(s.page.url()).searchParams.get('orderId'));
    const list = await callApi<{ totalCount: number; items: { id: number; status: number }[] }>(
      baseURL,
      OrderPaths.list,
      {},
      token,
    );
    expect(list.totalCount).toBe(1);
    expect(list.items[0]).toMatchObject({ id: orderId, status: 0 });
  });

  it('finds the order in /member/order, opens it and cancels it', async () => {
    await s.page.goto('/member/order');
    await s.page.locator('.order-card').first().waitFor();
    await s.screenshot('25-orders');
    await s.page.goto(`/order/${orderId}`);
    await s.page.getByTestId('order-status').waitFor();
    await s.page.getByRole('button', { name: '取消订单' }).click();
    await s.page.getByRole('dialog').getByRole('button', { name: '确定取消' }).click();
    await expect.poll(() => s.page.getByTestId('order-status').innerText()).toBe('已取消');
    await s.screenshot('26-order-cancelled');
    const detail = await callApi<{ status: number }>(baseURL, OrderPaths.detail, { id: orderId }, token);
    expect(detail.status).toBe(-100);
  });

  it('saw no page errors on the way', () => {
    expect(s.errors).toEqual([]);
  });
});
