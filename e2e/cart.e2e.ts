import { join } from 'node:path';
import {
  AddressPaths,
  CartPaths,
  type GoodsListItem,
  goodsCountText,
  MemberPaths,
  OrderPaths,
  SkuStatus,
} from '@shop/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allGoods, callApi, goodsByThePiece } from './support/api';
import { type BrowserSession, openBrowser, photo, screenshotDir } from './support/browser';
import { journeyShop } from './support/journey-shop';
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

/** The Sydney warehouse's pickup desk, as migration 0008 gives every shop (seed/data/pickup.ts). */
const SYDNEY_DESK = {
  address: 'Unit 5, 12 Holker Street, Silverwater NSW 2128',
  hours: '周一至周五 9:00-17:00，周六 9:00-12:00（悉尼时间，公众假期休息）',
};

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Whether two elements' boxes overlap on screen. */
async function overlap(page: Page, a: string, b: string): Promise<boolean> {
  const [boxA, boxB] = await Promise.all([page.locator(a).boundingBox(), page.locator(b).boundingBox()]);
  if (!boxA || !boxB) throw new Error(`not on screen: ${boxA ? b : a}`);
  return (
    boxA.x < boxB.x + boxB.width &&
    boxB.x < boxA.x + boxA.width &&
    boxA.y < boxB.y + boxB.height &&
    boxB.y < boxA.y + boxA.height
  );
}

/**
 * The shopper's journey from cart to order: a visitor adds goods from two warehouses (one with a CNY price
 * only), logs in with a server cart that already has a line, sees the merged cart billed in CNY with no AUD
 * warning, switches to AUD and sees the warning and the line marked, pastes an address into the parser, checks
 * out in AUD (the CNY-only line said once, left out with its freight) then in CNY with two packs and a courier
 * each (no pickup: the CN pack cannot be collected), picks a gift SKU, places the order (a double click makes one
 * order) and is offered no AUD method for it, finds it in /member/order counted in pieces, opens it, edits its
 * remark and cancels it; then orders AU goods for pickup, sees the Sydney desk's address and hours at checkout
 * and on the order.
 */
describe('cart to order journey', () => {
  const shop = journeyShop();
  const username = `cart_${Date.now().toString(36)}`;
  const password = 'cart12345';
  let s: BrowserSession;
  let goods: GoodsListItem[];
  let token = '';
  let cnySkuId = 0;
  let auSkuId = 0;
  let orderId = 0;

  beforeAll(async () => {
    s = await openBrowser(shop.baseURL);
    goods = (await allGoods(shop.baseURL)).filter(goodsByThePiece);
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
    const captcha = await callApi(shop.baseURL, MemberPaths.captcha);
    ({ token } = await callApi(shop.baseURL, MemberPaths.register, {
      username,
      password,
      captchaId: captcha.captchaId,
      captchaCode: TEST_CAPTCHA,
    }));
    cnySkuId = cn.sku.id;
    auSkuId = au.sku.id;
    const serverSku = server.skus.find((k) => k.status === 4);
    await callApi(shop.baseURL, CartPaths.addItem, { skuId: serverSku?.id ?? 0, qty: 1 }, token);

    // As a visitor: two products from two warehouses into the local cart.
    for (const { goods: g } of [au, cn]) {
      await s.page.goto(`/product/${g.id}`);
      await s.page.getByRole('button', { name: '加入购物车', exact: true }).click();
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
    // Paying CNY (the default page currency) every line is billed in ¥ and nothing is said about AUD.
    await expect.poll(() => s.page.getByTestId('cart-total').innerText()).toMatch(/^¥[\d.]+$/);
    expect(await s.page.locator('.cart-aud-tip').count()).toBe(0);
    expect(await s.page.getByText('不支持澳币支付').count()).toBe(0);
    await s.screenshot('21-merged-cart');

    // Paying AUD: the CNY-only line keeps its ¥ price, is marked, and is named in the warning.
    await s.page.getByRole('button', { name: 'AUD', exact: true }).first().click();
    await s.page.locator('.cart-aud-tip').waitFor();
    expect(await s.page.locator('.cart-aud-tip').innerText()).toContain('不支持澳币支付');
    await expect.poll(() => s.page.getByTestId('cart-total').innerText()).toMatch(/^\$[\d.]+ \+ ¥[\d.]+$/);
    const cnLine = s.page.locator('li.cart-line', { hasText: cn.goods.name });
    expect(await cnLine.locator('.cart-line-bill').innerText()).toBe('不支持澳币支付');
    expect(await s.page.getByText('$0.00').count()).toBe(0);
    await s.screenshot('21b-merged-cart-aud');

    const cart = await callApi(shop.baseURL, CartPaths.list, {}, token);
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
    // The book reloads with the new entry; the page's session is the member the token below belongs to.
    await s.page.locator('.address-list li', { hasText: '王小明' }).first().waitFor();
    const pageToken = await s.page.evaluate(() => localStorage.getItem('user-token'));
    const [pageMember, tokenMember] = await Promise.all(
      [pageToken ?? '', token].map((t) => callApi(shop.baseURL, MemberPaths.current, {}, t)),
    );
    expect(pageMember?.id, 'the page is signed in as the member of the test').toBe(tokenMember?.id);
    const book = await callApi(shop.baseURL, AddressPaths.receiverList, {}, token);
    expect(book).toMatchObject([
      { name: '王小明', district: '南山区', postCode: '518000', defaultFlag: true },
    ]);
  });

  it('checks out with a courier per pack (no pickup with a CN pack), picks a gift and places one order', async () => {
    // Enough goods for the demo gift promotion's threshold.
    const cart = await callApi(shop.baseURL, CartPaths.list, {}, token);
    const cnLine = cart.data.find((l) => l.skuId === cnySkuId);
    await callApi(shop.baseURL, CartPaths.updateItem, { id: cnLine?.id ?? 0, qty: 5 }, token);

    await s.page.goto('/cart');
    await s.page.getByRole('button', { name: '去结算' }).click();
    await s.page.getByRole('button', { name: '提交订单' }).waitFor();
    const packs = s.page.getByRole('group', { name: /快递$/ });
    // Still paying AUD: the CNY-only line is left out (no $0.00, no pack, no freight), said once.
    await s.page.getByRole('button', { name: '改用人民币结算' }).waitFor();
    expect(await s.page.getByText(/不支持澳币支付/).count()).toBe(1);
    expect(await s.page.locator('.checkout-item', { hasText: '$0.00' }).count()).toBe(0);
    expect(await s.page.getByRole('heading', { name: /中国仓/ }).count()).toBe(0);
    expect(await packs.count()).toBe(1);
    expect(await s.page.getByRole('button', { name: '提交订单' }).isDisabled()).toBe(true);
    await s.screenshot('22b-checkout-aud-not-payable');
    // Paying CNY instead bills it: two packs.
    await s.page.getByRole('button', { name: '改用人民币结算' }).click();
    await expect.poll(() => packs.count()).toBe(2);
    expect(await s.page.getByText(/不支持澳币支付/).count()).toBe(0);
    for (let i = 0; i < 2; i += 1) {
      const options = packs.nth(i).getByRole('radio', { disabled: false });
      // While the summary of the other currency loads, the couriers wait (disabled) for its fees.
      await expect.poll(() => options.count()).toBeGreaterThan(0);
      // Without forcing, as a shopper would: the packs draw again as their fees arrive (user-pages.e2e.ts).
      await options.last().check();
    }
    // Only the Sydney desk takes pickup: with a CN pack the order ships, and the page says why.
    const delivery = s.page.getByRole('region', { name: '配送方式' });
    await delivery.getByText('中国仓的商品只能快递发货，本单不能到仓自提。').waitFor();
    expect(await delivery.getByText('到仓自提', { exact: true }).count()).toBe(0);

    // The couriers just picked reload the summary; the gift button waits for it, and a click that lands while the
    // summary redraws is tried again until the dialog is open.
    await expect.poll(() => s.page.locator('.checkout-columns').getAttribute('aria-busy')).toBe('false');
    const dialog = s.page.getByRole('dialog');
    await expect
      .poll(
        async () => {
          if ((await dialog.count()) === 0)
            await s.page
              .getByRole('button', { name: '选择赠品' })
              .first()
              .click({ timeout: 2_000 })
              .catch(() => undefined);
          return dialog.count();
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    // The dialog fills in the gift's SKUs as their detail arrives. The SKU is picked as a shopper would, without
    // forcing: antd's modal grows from the button that opened it, and a forced click at a point taken while it
    // moves lands on the mask, which closes it.
    const giftSku = dialog.getByRole('radio', { disabled: false }).first();
    try {
      await giftSku.check({ timeout: 15_000 });
    } catch (error) {
      // Say what the dialog held (and keep its picture), so that a failure here can be understood.
      await s.screenshot('24-checkout-gift-failed');
      const held = await s.page.getByRole('dialog').allInnerTexts();
      throw new Error(`no gift SKU could be picked; dialogs: ${JSON.stringify(held)}`, { cause: error });
    }
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await s.page.getByRole('button', { name: '更换赠品' }).waitFor();
    await s.screenshot('24-checkout-gift');

    await s.page.getByRole('button', { name: '提交订单' }).dblclick();
    await s.page.waitForURL(/\/payment\?orderId=\d+/);
    // The payment page of the new order, with its methods: a CNY order is offered no AUD method.
    await s.page.getByRole('heading', { name: '选择支付方式' }).waitFor();
    orderId = Number(new URL(s.page.url()).searchParams.get('orderId'));
    await s.page.getByRole('listitem', { name: '微信支付', exact: true }).waitFor();
    for (const name of ['Supay 支付宝（澳币）', 'Supay 微信（澳币）', '澳币余额支付']) {
      expect(await s.page.getByRole('listitem', { name }).count(), name).toBe(0);
    }
    const list = await callApi(shop.baseURL, OrderPaths.list, {}, token);
    expect(list.totalCount).toBe(1);
    expect(list.items[0]).toMatchObject({ id: orderId, status: 0 });
  });

  it('finds the order in /member/order counted in pieces, edits its remark, and cancels it', async () => {
    await s.page.goto('/member/order');
    await s.page.locator('.order-card').first().waitFor();
    const [listed] = (await callApi(shop.baseURL, OrderPaths.list, {}, token)).items;
    // AU 1 + CN 5 + the server's line 1 + the gift: pieces, with the kinds they are of.
    expect(listed?.pieceCount).toBeGreaterThan(listed?.itemCount ?? 0);
    expect(await s.page.locator('.order-card-foot').first().innerText()).toContain(
      goodsCountText(listed ?? { itemCount: 0, pieceCount: 0 }),
    );
    await s.screenshot('25-orders');
    await s.page.goto(`/order/${orderId}`);
    await s.page.getByTestId('order-status').waitFor();

    // The remark's count never lies under 保存, on a desktop or a phone.
    await s.page.getByRole('button', { name: '编辑备注' }).click();
    await s.page.getByRole('textbox', { name: '订单备注' }).fill('请用纸箱包装');
    for (const viewport of [DESKTOP, PHONE]) {
      await s.page.setViewportSize(viewport);
      expect(await s.page.getByTestId('remark-count').innerText()).toBe('6 / 500');
      expect(await overlap(s.page, '[data-testid=remark-count]', '.order-remark-tools .btn-primary')).toBe(
        false,
      );
      await photo(s.page.locator('.order-remark-edit'), {
        path: join(screenshotDir, `26-remark-${viewport.width}.png`),
      });
    }
    await s.page.setViewportSize(DESKTOP);
    await s.page.getByRole('button', { name: '保存' }).click();
    await s.page.getByText('备注已保存').first().waitFor();

    await s.page.getByRole('button', { name: '取消订单' }).click();
    await s.page.getByRole('dialog').getByRole('button', { name: '确定取消' }).click();
    await expect.poll(() => s.page.getByTestId('order-status').innerText()).toBe('已取消');
    // A cancelled order keeps its remark and offers no edit (the server would refuse it).
    await s.page.getByText('请用纸箱包装').waitFor();
    expect(await s.page.getByRole('button', { name: '编辑备注' }).count()).toBe(0);
    await s.screenshot('26-order-cancelled');
    const detail = await callApi(shop.baseURL, OrderPaths.detail, { id: orderId }, token);
    expect(detail.status).toBe(-100);
  });

  it('orders AU goods for pickup at the Sydney desk, with its address at checkout and on the order', async () => {
    await callApi(shop.baseURL, CartPaths.addItem, { skuId: auSkuId, qty: 2 }, token);
    await s.page.goto('/cart');
    await s.page.getByRole('button', { name: '去结算' }).click();
    await s.page.getByRole('button', { name: '提交订单' }).waitFor();
    const total = s.page.getByTestId('checkout-total');
    await expect.poll(() => total.innerText()).not.toBe('');
    const delivered = await total.innerText();

    await s.page.getByText('到仓自提', { exact: true }).click();
    const desk = s.page.getByRole('group', { name: '自提地点' });
    await desk.waitFor();
    expect(await desk.innerText()).toContain(SYDNEY_DESK.address);
    expect(await desk.innerText()).toContain(SYDNEY_DESK.hours);
    // No shipping for pickup, and no receiver asked for.
    await expect.poll(() => total.innerText()).not.toBe(delivered);
    expect(await s.page.getByRole('region', { name: '收货人' }).count()).toBe(0);
    for (const viewport of [DESKTOP, PHONE]) {
      await s.page.setViewportSize(viewport);
      await s.screenshot(`27-checkout-pickup-${viewport.width}`);
    }
    await s.page.setViewportSize(DESKTOP);

    await s.page.getByRole('button', { name: '提交订单' }).click();
    await s.page.waitForURL(/\/payment\?orderId=\d+/);
    const pickupOrderId = Number(new URL(s.page.url()).searchParams.get('orderId'));
    const order = await callApi(shop.baseURL, OrderPaths.detail, { id: pickupOrderId }, token);
    expect(order.isPickup).toBe(true);
    expect(order.orderBeans.map((b) => b.pickup?.address)).toEqual([SYDNEY_DESK.address]);

    await s.page.goto(`/order/${pickupOrderId}`);
    const where = s.page.getByRole('group', { name: '自提地点' });
    await where.waitFor();
    expect(await where.innerText()).toContain(SYDNEY_DESK.address);
    await s.screenshot('28-order-pickup');
    await callApi(shop.baseURL, OrderPaths.cancel, { id: pickupOrderId }, token);
  });

  it('saw no page errors on the way', () => {
    expect(s.errors).toEqual([]);
  });
});
