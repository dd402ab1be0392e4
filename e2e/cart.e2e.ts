import { CartPaths, type GoodsListItem, MemberPaths, SkuStatus } from '@shop/domain';
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
 * The cart part of the shopper's journey: a visitor adds goods from two warehouses, logs in with a server
 * cart that already has a line, and sees the merged cart with the AUD warning.
 */
describe('cart journey', () => {
  const baseURL = inject('baseURL');
  const username = `cart_${Date.now().toString(36)}`;
  const password = 'cart12345';
  let s: BrowserSession;
  let goods: GoodsListItem[];

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
    const { token } = await callApi<{ token: string }>(baseURL, MemberPaths.register, {
      username,
      password,
      captchaId: captcha.captchaId,
      captchaCode: TEST_CAPTCHA,
    });
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

  it('saw no page errors on the way', () => {
    expect(s.errors).toEqual([]);
  });
});
