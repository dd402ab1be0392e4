import { rm } from 'node:fs/promises';
import { CataloguePaths, MemberPaths } from '@shop/domain';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './support/api';
import { type BrowserSession, openBrowser, pick, signInEveryPage } from './support/browser';
import {
  changeFirstPassword,
  consoleShot,
  createStaff,
  DESKTOP,
  ownerCommand,
  PHONE,
  runWhileStopped,
  setUpAuthenticator,
  signIn,
  signOut,
} from './support/console';
import { putOnFirstFloorAndPublish } from './support/content';
import { newShopDataDir, type RunningShop, startShop, TEST_CAPTCHA } from './support/server';

/** The journey's screens, to be looked at after a run. */
const SHOTS = '/tmp/console-catalogue-shots';
const OWNER_PASSWORD = 'boss-pass-2026';
const CONTENT = { username: 'op_lin', name: '运营小林', role: '运营', password: 'content-2026a' };
const WAREHOUSE = { username: 'wh_wu', name: '仓库小吴', role: '仓库', password: 'warehouse-2026' };
const GOOD = { code: 'G-SCARF-1', name: '美利奴羊毛围巾', nameEn: 'Merino wool scarf' };
/** Prices in dollars and yuan per SKU (红, 蓝), level 37 / 38 / 39. */
const PRICES = {
  AUD: [
    ['49.90', '45.00', '42.50'],
    ['59.90', '55.00', '52.50'],
  ],
  CNY: [
    ['249.00', '225.00', '212.50'],
    ['299.00', '275.00', '262.50'],
  ],
} as const;
const LEVELS = [37, 38, 39] as const;
const MEMBERS = LEVELS.map((level) => ({ username: `lv${level}_buyer`, password: 'member-2026', level }));

const shot = (page: Page, name: string) => consoleShot(page, SHOTS, name);

function photo(r: number, g: number, b: number): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 800, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();
}

/**
 * Issue #16's goods journey, through the browser: the owner creates a content and a warehouse account; the
 * content account creates a good with two SKUs, two uploaded pictures and prices per member level, on the shelf,
 * then puts it on the home page's first floor and publishes; the storefront shows it on the home page, lists it
 * and prices it for members of levels 37, 38 and 39; the warehouse account sets one SKU's stock to 0 on 库存 and
 * the storefront shows that SKU sold out.
 */
describe('console catalogue journey', () => {
  let shop: RunningShop & { port: number; dataDir: string };
  let dataDir = '';
  let s: BrowserSession;
  const tokens = new Map<number, string>();
  let goodsId = 0;

  beforeAll(async () => {
    dataDir = await newShopDataDir();
    shop = await startShop({}, { dataDir });
    for (const m of MEMBERS) {
      const { captchaId } = await callApi(shop.baseURL, MemberPaths.captcha);
      const { token } = await callApi(shop.baseURL, MemberPaths.register, {
        username: m.username,
        password: m.password,
        captchaId,
        captchaCode: TEST_CAPTCHA,
      });
      tokens.set(m.level, token);
    }
    // The owner, and the wholesale levels staff agreed with two of the members, from the operator's command line.
    shop = await runWhileStopped(shop, [
      ownerCommand(OWNER_PASSWORD),
      ...MEMBERS.filter((m) => m.level !== 37).map((m) => [
        'member:level',
        '--username',
        m.username,
        '--level',
        String(m.level),
      ]),
    ]);
    s = await openBrowser(shop.baseURL, DESKTOP);
  }, 240_000);

  afterAll(async () => {
    await s?.close();
    await shop?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('the owner creates a content and a warehouse account', async () => {
    await signIn(s.page, 'boss', OWNER_PASSWORD);
    await setUpAuthenticator(s.page);
    await s.page.waitForURL('**/admin/dashboard');
    await s.page.getByRole('menuitem', { name: /员工管理/ }).click();
    await createStaff(s.page, CONTENT);
    await createStaff(s.page, WAREHOUSE);
    await signOut(s.page);
  });

  it('the content account creates a good with two SKUs, two pictures and prices per level, on the shelf', async () => {
    const page = s.page;
    await signIn(page, CONTENT.username, CONTENT.password);
    await changeFirstPassword(page, CONTENT.password, 'my-own-content-1');
    await page.getByRole('menuitem', { name: /商品/ }).click();
    await page.getByRole('button', { name: '新建商品' }).click();
    await page.waitForURL('**/admin/goods/new');

    await page.getByLabel('中文名称').fill(GOOD.name);
    await page.getByLabel('英文名称').fill(GOOD.nameEn);
    await page.getByLabel('商品编码').fill(GOOD.code);
    await pick(
      page.getByLabel('仓库'),
      page.locator('.ant-select-item-option', { hasText: '澳大利亚仓' }),
      page.locator('.ant-select-content-has-value', { hasText: '澳大利亚仓' }),
    );
    await page.getByLabel('分类').click();
    for (let depth = 0; depth < 3; depth += 1) {
      const menu = page.locator('.ant-cascader-menu').nth(depth);
      if ((await menu.count()) === 0) break;
      await menu.locator('.ant-cascader-menu-item').first().click();
    }
    await page.keyboard.press('Escape');
    await page.getByRole('switch', { name: /上架/ }).click();

    await page
      .locator('.goods-editor input[type="file"]')
      .first()
      .setInputFiles([
        { name: 'scarf-red.jpg', mimeType: 'image/jpeg', buffer: await photo(180, 30, 40) },
        { name: 'scarf-blue.jpg', mimeType: 'image/jpeg', buffer: await photo(30, 60, 170) },
      ]);
    await expect.poll(() => page.locator('.goods-image-row').count(), { timeout: 20_000 }).toBe(2);
    // The second picture becomes the main one.
    await page
      .locator('.goods-image-row')
      .nth(1)
      .getByRole('button', { name: /设为主图/ })
      .click();

    await page.getByRole('button', { name: '添加规格' }).click();
    await page.getByLabel('规格 1 名称').fill('颜色');
    const values = page.getByLabel('规格 1 的值');
    for (const value of ['红', '蓝']) {
      await values.fill(value);
      await values.press('Enter');
    }
    await page.getByLabel('SKU 2 编码').waitFor();
    for (const [i, code] of [`${GOOD.code}-R`, `${GOOD.code}-B`].entries()) {
      await page.getByLabel(`SKU ${i + 1} 编码`).fill(code);
      await page.getByLabel(`SKU ${i + 1} 库存`).fill(i === 0 ? '8' : '5');
      await page.getByLabel(`SKU ${i + 1} 重量`).fill('180');
      for (const currency of ['AUD', 'CNY'] as const)
        for (const [l, level] of LEVELS.entries())
          await page
            .getByLabel(`SKU ${i + 1} ${currency} ${level} 价格`)
            .fill(PRICES[currency][i]?.[l] ?? '');
    }
    // The red scarf's barcode, typed in groups as it is printed under the bars.
    await page.getByLabel('SKU 1 条码').fill('4006381 333931');
    const description = page.getByRole('textbox', { name: '商品详情' });
    await description.click();
    await page.keyboard.type('新西兰美利奴羊毛，柔软不扎。');
    await shot(page, 'catalogue-01-editor-1440');

    await page.getByRole('button', { name: '创建商品' }).click();
    await page.waitForURL(/\/admin\/goods\/\d+$/);
    goodsId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByText('编辑商品：', { exact: false }).waitFor();
    await page.getByLabel('SKU 1 编码').waitFor();
    expect(await page.getByLabel('SKU 1 条码').inputValue()).toBe('4006381333931');
    expect(await page.getByLabel('SKU 1 编码').inputValue()).toBe(`${GOOD.code}-R`);
    await page.getByRole('textbox', { name: '商品详情' }).getByText('新西兰美利奴羊毛，柔软不扎。').waitFor();
    await shot(page, 'catalogue-02-saved-1440');
    await page.setViewportSize(PHONE);
    await shot(page, 'catalogue-03-editor-390');
    await page.setViewportSize(DESKTOP);

    await page.getByRole('link', { name: '商品' }).first().click();
    await page.getByText(GOOD.name).first().waitFor();
    await shot(page, 'catalogue-04-goods-list-1440');
    await signOut(page);
  });

  it('the content account puts the good on the home page’s first floor and publishes; the home page shows it', async () => {
    const page = s.page;
    await signIn(page, CONTENT.username, 'my-own-content-1');
    await page.waitForURL('**/admin/dashboard');
    await putOnFirstFloorAndPublish(page, GOOD.name);
    await shot(page, 'catalogue-04b-home-floor-1440');
    await signOut(page);

    const shopper = await s.context.newPage();
    await shopper.goto('/');
    const floor = shopper.locator('section.goods-floor').first();
    await floor.scrollIntoViewIfNeeded();
    await floor.getByText(GOOD.name).first().waitFor();
    expect(await floor.locator('.product-card').count()).toBe(1);
    await consoleShot(shopper, SHOTS, 'catalogue-04c-storefront-home-1440');
    await shopper.close();
  });

  it('the storefront lists the good and prices it for members of levels 37, 38 and 39', async () => {
    // Each level's prices through the storefront's own call, with that member's token.
    for (const [l, level] of LEVELS.entries()) {
      const detail = await callApi(
        shop.baseURL,
        CataloguePaths.goodsDetail,
        { id: goodsId },
        tokens.get(level),
      );
      expect(detail.skus.map((k) => [k.code, k.audPrice, k.cnyPrice])).toEqual([
        [`${GOOD.code}-R`, Number(PRICES.AUD[0][l]), Number(PRICES.CNY[0][l])],
        [`${GOOD.code}-B`, Number(PRICES.AUD[1][l]), Number(PRICES.CNY[1][l])],
      ]);
    }

    const page = await s.context.newPage();
    await page.goto(`/products?keyword=${encodeURIComponent(GOOD.name)}`);
    await page.getByText(GOOD.name).first().waitFor();
    await consoleShot(page, SHOTS, 'catalogue-05-storefront-list-1440');
    await page.close();

    // In the browser, as each member: the product page shows that level's prices.
    for (const [l, level] of LEVELS.entries()) {
      const member = await openBrowser(shop.baseURL, DESKTOP);
      try {
        await signInEveryPage(member, tokens.get(level) ?? '');
        await member.page.goto(`/product/${goodsId}`);
        const price = member.page.locator('.product-price-box');
        await price.getByText(PRICES.CNY[0][l] ?? '', { exact: false }).waitFor();
        expect(await price.innerText()).toContain(PRICES.AUD[0][l] ?? '');
        if (level === 38) await consoleShot(member.page, SHOTS, 'catalogue-06-product-level38-1440');
      } finally {
        await member.close();
      }
    }
  });

  it('the warehouse account sets the red SKU to 0 on 库存; the storefront shows it sold out', async () => {
    const page = s.page;
    await signIn(page, WAREHOUSE.username, WAREHOUSE.password);
    await changeFirstPassword(page, WAREHOUSE.password, 'my-own-warehouse-1');
    await page.goto(`/admin/stock?keyword=${encodeURIComponent(`${GOOD.code}-R`)}`);
    await page.getByRole('button', { name: '调整库存' }).first().click();
    const dialog = page.getByRole('dialog', { name: `调整库存：${GOOD.code}-R` });
    await dialog.getByText('设为', { exact: true }).click();
    await dialog.getByLabel('数量').fill('0');
    await dialog.getByLabel('原因').fill('盘点：红色售罄');
    await dialog.getByRole('button', { name: '确认调整' }).click();
    await page.getByText(`${GOOD.code}-R 库存：8 → 0`).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await shot(page, 'catalogue-07-stock-1440');

    const shopper = await openBrowser(shop.baseURL, DESKTOP);
    try {
      await signInEveryPage(shopper, tokens.get(37) ?? '');
      await shopper.page.goto(`/product/${goodsId}`);
      // The sold-out colour cannot be picked; the default SKU is the blue one still in stock.
      const red = shopper.page.getByRole('button', { name: '红', exact: true });
      await expect.poll(() => red.getAttribute('title')).toBe('已售罄');
      expect(await red.isDisabled()).toBe(true);
      const stock = shopper.page.locator('.product-stock');
      await expect.poll(() => stock.innerText()).toContain('可购 5 件');
      await consoleShot(shopper.page, SHOTS, 'catalogue-08-product-sold-out-1440');

      // Opened by the red SKU itself (a link to it), it shows no stock to buy and cannot go in the cart.
      const detail = await callApi(shop.baseURL, CataloguePaths.goodsDetail, { id: goodsId });
      const redSku = detail.skus.find((k) => k.code === `${GOOD.code}-R`);
      expect(redSku?.stock).toBe(0);
      await shopper.page.goto(`/product?skuId=${redSku?.id}`);
      await shopper.page.getByText(`${GOOD.code}-R`, { exact: true }).waitFor();
      await expect.poll(() => stock.innerText()).not.toContain('可购');
      expect(await shopper.page.locator('.product-buy .add-to-cart').first().isDisabled()).toBe(true);
      await consoleShot(shopper.page, SHOTS, 'catalogue-09-product-red-sold-out-1440');
    } finally {
      await shopper.close();
    }
  });
});
