import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CartPaths, type GoodsListItem, isSkuPurchasable, MemberPaths, SkuStatus } from '@shop/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allGoods, attributeKeys, callApi, goodsByThePiece, loginToken } from './support/api';
import { type BrowserSession, openBrowser, photo, screenshotDir } from './support/browser';
import { journeyShop } from './support/journey-shop';
import { TEST_CAPTCHA } from './support/server';

/**
 * The catalogue journey: the home page's carousels and blocks, keyword search by a Chinese fragment and by a
 * misspelt Latin name, the warehouse filter, a product with a two-key matrix and one with a grid, switching
 * SKU and currency, brands A–Z to a brand page, and a member's price-list export opened as a workbook; a
 * wholesale buyer puts 10 SKUs of one product into the cart in one go from the list's matrix, and a member buys
 * a product now from the bar at the bottom of a phone's screen, the rest of their cart kept.
 */
describe('catalogue journey', () => {
  const shop = journeyShop();
  let s: BrowserSession;
  let goods: GoodsListItem[];

  beforeAll(async () => {
    s = await openBrowser(shop.baseURL);
    goods = (await allGoods(shop.baseURL)).filter(goodsByThePiece);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('shows the home carousel, its side ads and the template blocks with products', async () => {
    await s.page.goto('/');
    const carousel = s.page.getByLabel('首页推荐');
    // The app's carousel (the page's first view shows the first banner alone, without controls).
    await carousel.getByRole('button', { name: '下一张' }).waitFor();
    expect(await carousel.locator('.carousel-slide').count()).toBeGreaterThanOrEqual(2);
    await s.page.locator('section.home-section').nth(2).waitFor();
    // Product floors further down load as the shopper scrolls towards them.
    for (let y = 0; y < 8; y += 1) await s.page.mouse.wheel(0, 800);
    await expect.poll(() => s.page.locator('main a[href^="/product/"]').count()).toBeGreaterThanOrEqual(8);
    await s.page.evaluate(() => window.scrollTo(0, 0));
    await s.screenshot('10-home');
  });

  it('draws the header and the first banner from the HTML, then the app takes over without asking for them again', async () => {
    // The HTML alone (what a browser draws before any script): header, top ads and the lead banner.
    const html = await (await fetch(`${shop.baseURL}/`)).text();
    const view = /<div id="root">([\s\S]*?)<\/main><\/div><\/div>/.exec(html)?.[1] ?? '';
    expect(view).toContain('<header class="site-header">');
    expect(view).toContain('class="carousel-image" fetchpriority="high"');
    const firstViewClasses = [...view.matchAll(/class="([^"]+)"/g)].map((m) => m[1] ?? '');

    const fresh = await openBrowser(shop.baseURL, { width: 412, height: 823 }, { deviceScaleFactor: 2 });
    try {
      const calls: string[] = [];
      fresh.page.on('request', (request) => {
        if (request.url().includes('/api/')) calls.push(new URL(request.url()).pathname);
      });
      await fresh.page.goto('/');
      // The app has replaced the first view: its login button is there, the first view's marker is not.
      await fresh.page.getByRole('button', { name: '登录' }).first().waitFor();
      await expect.poll(() => fresh.page.locator('[data-shell]').count()).toBe(0);
      await fresh.page.getByLabel('首页推荐').locator('.carousel-image').first().waitFor();
      // Every class of the first view is one the app draws too: the two look the same.
      const appClasses = await fresh.page.evaluate(() =>
        Array.from(document.querySelectorAll('#root *')).flatMap((el) => Array.from(el.classList)),
      );
      for (const names of firstViewClasses) {
        for (const name of names.split(' ')) expect(appClasses, name).toContain(name);
      }
      // The answers the page carried were used: the header's and the home template's calls were not made.
      expect(calls).not.toContain('/api/salesService/template/basic');
      expect(calls).not.toContain('/api/salesService/template/home');
      expect(calls).not.toContain('/api/goodsService/goodscatalog/list/');
      expect(fresh.errors).toEqual([]);
      await photo(fresh.page, { path: join(screenshotDir, '10-home-phone-first-view.png') });
    } finally {
      await fresh.close();
    }
  });

  it("draws the list's first rows from the HTML where the app then draws them, prices left to the app", async () => {
    const phone = { width: 412, height: 823 };
    const rows = (session: BrowserSession) =>
      session.page.locator('article.goods-item').evaluateAll((items) =>
        items.slice(0, 4).map((item) => {
          const box = item.getBoundingClientRect();
          return {
            name: item.getAttribute('aria-label'),
            y: Math.round(box.y),
            height: Math.round(box.height),
          };
        }),
      );
    const before = await openBrowser(shop.baseURL, phone, { deviceScaleFactor: 2 });
    const after = await openBrowser(shop.baseURL, phone, { deviceScaleFactor: 2 });
    try {
      // The HTML alone, as a phone draws it while the scripts are on their way: they never arrive here.
      await before.page.route('**/assets/*.js', (route) => route.abort());
      await before.page.goto('/products');
      const lead = await rows(before);
      expect(lead).toHaveLength(4);
      expect(await before.page.locator('.goods-item-price').first().isVisible()).toBe(false);
      await photo(before.page, { path: join(screenshotDir, '14-list-phone-first-view.png') });

      await after.page.goto('/products');
      await expect.poll(() => after.page.locator('[data-shell]').count()).toBe(0);
      await after.page.locator('.goods-item-price').first().waitFor();
      // The app's rows are the first view's, in the same places: nothing moved when it took over.
      expect(await rows(after)).toEqual(lead);
      expect(after.errors).toEqual([]);
    } finally {
      await before.close();
      await after.close();
    }
  });

  it('shows every home image whole and loaded on a phone with a 3× screen', async () => {
    const phone = await openBrowser(shop.baseURL, { width: 390, height: 844 }, { deviceScaleFactor: 3 });
    try {
      await phone.page.goto('/');
      await phone.page.getByLabel('首页推荐').locator('.carousel-image').first().waitFor();
      await phone.page.locator('section.home-section').nth(2).waitFor();
      // Every image above the blocks: loaded (not the placeholder a refused 2× variant falls back to), and
      // a carousel banner shown in a frame of its own proportions, so nothing of it is cropped.
      const report = () =>
        phone.page.evaluate(() =>
          Array.from(document.querySelectorAll<HTMLImageElement>('.home img'))
            .filter((img) => img.loading === 'eager' || img.closest('.carousel-slide[aria-hidden="false"]'))
            .map((img) => ({
              src: img.currentSrc,
              loaded: img.complete && img.naturalWidth > 0 && !img.currentSrc.includes('placeholder'),
              banner: img.classList.contains('carousel-image'),
              ratioGap: Math.abs(
                img.naturalWidth / img.naturalHeight - img.clientWidth / Math.max(img.clientHeight, 1),
              ),
            })),
        );
      await expect.poll(async () => (await report()).every((i) => i.loaded), { timeout: 15_000 }).toBe(true);
      const images = await report();
      expect(images.length).toBeGreaterThanOrEqual(3);
      for (const banner of images.filter((i) => i.banner))
        expect(banner.ratioGap, banner.src).toBeLessThan(0.05);
      await phone.screenshot('10-home-phone-3x');
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it("fits every catalogue page, a product's description included, in a phone's width, without antd", async () => {
    const phone = await openBrowser(shop.baseURL, { width: 390, height: 844 }, { deviceScaleFactor: 2 });
    const product = goods[0];
    expect(product, 'the demo catalogue has products').toBeDefined();
    // The component library (199 kB gzipped) is for member, checkout and payment pages: browsing never loads it.
    const scripts: string[] = [];
    phone.page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    try {
      const widths: Record<string, number> = {};
      for (const path of ['/', '/products', '/brands', '/cart', `/product/${product?.id}`]) {
        await phone.page.goto(path);
        await phone.page.waitForLoadState('networkidle');
        if (path.startsWith('/product/')) await phone.page.locator('.rich-content img').first().waitFor();
        widths[path] = await phone.page.evaluate(() => document.documentElement.scrollWidth);
      }
      expect(widths).toEqual(Object.fromEntries(Object.keys(widths).map((path) => [path, 390])));
      expect(scripts.length).toBeGreaterThan(5);
      expect(scripts.filter((url) => url.includes('antd'))).toEqual([]);
      // The description's first image, in view: as wide as the screen allows, no wider.
      await phone.page.locator('.rich-content img').first().scrollIntoViewIfNeeded();
      await photo(phone.page, { path: join(screenshotDir, '13-product-description-phone.png') });
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('keeps the phone header compact, its controls in it, and the goods in the first view', async () => {
    const phone = await openBrowser(shop.baseURL, { width: 390, height: 844 }, { deviceScaleFactor: 2 });
    try {
      await phone.page.goto('/products');
      const header = phone.page.locator('.site-header');
      // The app's page, not the first view of the HTML (which has the goods but not the header's controls).
      await expect.poll(() => phone.page.locator('[data-shell]').count()).toBe(0);
      await phone.page.getByRole('article').first().waitFor();
      // 226 px before (top ads, the topbar, logo and search on two rows, the menu); a sixth of the screen now.
      const height = (await header.boundingBox())?.height ?? 0;
      expect(height).toBeGreaterThan(0);
      expect(height).toBeLessThanOrEqual(130);
      // Every control is still there and named: the currency switch, the search, the cart, the menu.
      for (const control of [
        header.getByRole('button', { name: 'AUD' }),
        header.getByRole('searchbox', { name: '搜索商品' }),
        header.getByRole('link', { name: '购物车' }),
        header.getByRole('button', { name: /全部分类/ }),
      ]) {
        expect(await control.isVisible()).toBe(true);
      }
      const first = await phone.page.getByRole('article').first().boundingBox();
      expect(first?.y ?? 844).toBeLessThan(844 - 200);
      await photo(phone.page, { path: join(screenshotDir, '14-phone-header.png') });
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('finds goods by a Chinese name fragment from the header search', async () => {
    await s.page.getByPlaceholder('搜索商品、品牌').fill('奶粉');
    await s.page.getByPlaceholder('搜索商品、品牌').press('Enter');
    await s.page.waitForURL(/\/products\?.*keyword=/);
    const first = s.page.locator('article.goods-item').first();
    await first.waitFor();
    expect(await first.locator('.goods-item-name').innerText()).toContain('奶粉');
    await s.screenshot('11-search-chinese');
  });

  it('finds goods by a misspelt Latin brand name', async () => {
    await s.page.goto('/products?keyword=Blackmors');
    const first = s.page.locator('article.goods-item').first();
    await first.waitFor();
    expect(await first.innerText()).toMatch(/Blackmores/i);
  });

  it('filters by warehouse', async () => {
    await s.page.goto('/products');
    await s.page.getByLabel('仓库').getByText('日本仓').click();
    await s.page.waitForURL(/location=8/);
    // The list re-renders when the filtered page arrives: every product then carries the JP prefix.
    const names = () => s.page.locator('article.goods-item .goods-item-name').allInnerTexts();
    await expect
      .poll(async () => {
        const shown = await names();
        return shown.length > 0 && shown.every((name) => name.startsWith('【日本仓】'));
      })
      .toBe(true);
    await s.screenshot('12-warehouse-jp');
  });

  it('comes back to the same place in the list with the back button, and opens a new page at the top', async () => {
    await s.page.goto('/products');
    const items = s.page.locator('article.goods-item');
    await items.nth(11).waitFor();
    // Down the list to the 12th product, then into it: a new page starts at the top.
    await items.nth(11).scrollIntoViewIfNeeded();
    await s.page.evaluate(() => window.scrollBy(0, 40));
    const listY = await s.page.evaluate(() => Math.round(window.scrollY));
    expect(listY).toBeGreaterThan(600);
    // A click without Playwright's own scrolling, so the list is left exactly at listY.
    await items
      .nth(11)
      .locator('a[href^="/product/"]')
      .first()
      .evaluate((a) => (a as HTMLElement).click());
    await s.page.waitForURL(/\/product\/\d+/);
    await s.page.locator('h1.product-name').waitFor();
    expect(await s.page.evaluate(() => window.scrollY)).toBe(0);
    // Back: the list, from the query cache, where the shopper left it.
    await s.page.goBack();
    await s.page.waitForURL(/\/products$/);
    await expect.poll(() => s.page.evaluate(() => Math.round(window.scrollY))).toBe(listY);
    // Forward and back again, the same.
    await s.page.goForward();
    await s.page.locator('h1.product-name').waitFor();
    await s.page.goBack();
    await expect.poll(() => s.page.evaluate(() => Math.round(window.scrollY))).toBe(listY);
  });

  it('expands a two-key product into a matrix and a three-key product into a grid', async () => {
    const matrix = goods.find((g) => attributeKeys(g).length === 2 && g.skus.length >= 4);
    const grid = goods.find((g) => attributeKeys(g).length >= 3 && g.skus.length >= 3);
    expect(matrix, 'the demo catalogue has a two-key product').toBeDefined();
    expect(grid, 'the demo catalogue has a three-key product').toBeDefined();
    if (!matrix || !grid) return;

    await s.page.goto(`/products?keyword=${encodeURIComponent(matrix.code)}`);
    const item = s.page.locator('article.goods-item').first();
    await item.getByRole('button', { name: /展开/ }).click();
    await item.locator('table.sku-matrix').waitFor();
    await s.screenshot('13-list-matrix');

    await s.page.goto(`/products?keyword=${encodeURIComponent(grid.code)}`);
    const gridItem = s.page.locator('article.goods-item').first();
    await gridItem.getByRole('button', { name: /展开/ }).click();
    await gridItem.locator('ul.sku-grid').waitFor();
  });

  it('switches SKU and currency on a product page', async () => {
    const product = goods.find(
      (g) =>
        attributeKeys(g).length === 2 &&
        g.skus.filter((k) => k.status !== -1 && k.audPrice !== null && k.cnyPrice !== null).length >= 2,
    );
    expect(product, 'a two-key product priced in both currencies').toBeDefined();
    if (!product) return;
    await s.page.goto(`/product/${product.id}`);
    const priceBox = s.page.locator('.product-price-box');
    await priceBox.waitFor();
    await s.page.getByLabel('切换币种').getByRole('button', { name: 'CNY' }).click();
    await expect.poll(() => priceBox.innerText()).toContain('¥');

    // Choose another value of the second attribute: the chosen option and the price follow it.
    const groups = s.page.locator('.sku-selector [role="group"]');
    expect(await groups.count()).toBe(2);
    const options = groups.nth(1).locator('button.sku-value:not([disabled])');
    const target = options.nth((await options.count()) - 1);
    await target.click();
    await expect.poll(() => target.getAttribute('aria-pressed')).toBe('true');

    await s.page.getByLabel('切换币种').getByRole('button', { name: 'AUD' }).click();
    await expect.poll(() => priceBox.innerText()).toContain('$');
    await s.screenshot('14-product-aud');
    await s.page.getByLabel('切换币种').getByRole('button', { name: 'CNY' }).click();
  });

  it('lists goods that can be bought first, and sorts by price low to high on the first click', async () => {
    await s.page.goto('/products');
    const buttons = s.page.locator('article.goods-item .goods-item-buy > button.add-to-cart');
    // The app's list of 20, not the first rows of the HTML.
    await expect.poll(() => s.page.locator('[data-shell]').count()).toBe(0);
    await buttons.first().waitFor();
    // The first page of 综合: every product can be put into the cart.
    expect(await s.page.locator('article.goods-item').count()).toBe(20);
    expect(
      await buttons.evaluateAll((els) => els.filter((b) => (b as HTMLButtonElement).disabled).length),
    ).toBe(0);

    await s.page.getByRole('link', { name: '价格', exact: true }).click();
    await s.page.waitForURL(/orderByType=Price&orderByTendency=ASC/);
    const prices = () =>
      s.page
        .locator('article.goods-item .goods-item-price')
        .allInnerTexts()
        .then((texts) =>
          texts.map((t) => ({ aud: t.startsWith('$'), value: Number(t.replace(/[^\d.]/g, '')) })),
        );
    // Prices in the page currency (CNY) rise; an AUD-only price counts at the rate, so it is not sent last.
    const cnyRising = async () => {
      const cny = (await prices()).filter((p) => !p.aud).map((p) => p.value);
      return cny.length > 0 && cny.every((v, i) => i === 0 || (cny[i - 1] ?? 0) <= v);
    };
    await expect.poll(cnyRising, { timeout: 10_000 }).toBe(true);
    expect((await prices()).length).toBe(20);
    await s.screenshot('14b-price-low-to-high');

    // Past the last page: the last page, not 'nothing found'.
    await s.page.goto('/products?pageNo=99');
    await s.page.waitForURL(/pageNo=(?!99)\d+/);
    await s.page.locator('article.goods-item').first().waitFor();
  });

  it('puts 10 SKUs of one product into the cart in one go from the list matrix', async () => {
    const product = goods.find(
      (g) => attributeKeys(g).length === 2 && g.skus.filter((k) => isSkuPurchasable(k)).length >= 10,
    );
    expect(product, 'the demo catalogue has a two-key product with 10 SKUs to buy').toBeDefined();
    if (!product) return;
    const buyer = await openBrowser(shop.baseURL, { width: 1366, height: 900 });
    try {
      await buyer.page.goto(`/products?keyword=${encodeURIComponent(product.code)}`);
      const item = buyer.page.locator('article.goods-item').first();
      await item.getByRole('button', { name: /展开/ }).click();
      const sheet = item.getByRole('group', { name: '批量订购' });
      await sheet.locator('table.sku-matrix').waitFor();
      const fields = sheet.locator('input.sku-qty:not([disabled])');
      expect(await fields.count()).toBeGreaterThanOrEqual(10);
      for (let i = 0; i < 10; i += 1) await fields.nth(i).fill('1');
      await expect
        .poll(() => sheet.locator('.sku-order-summary').innerText())
        .toBe('已填 10 个规格，共 10 件');
      await buyer.screenshot('14c-matrix-filled');
      await sheet.getByRole('button', { name: /^批量加入购物车/ }).click();
      await buyer.page.getByText('已加入购物车：10 个规格，共 10 件').first().waitFor();
      // The fields that went in are cleared.
      expect(await sheet.locator('.sku-order-summary').innerText()).toBe('在规格下填写数量，一次加入购物车');

      await buyer.page.goto('/cart');
      await expect.poll(() => buyer.page.locator('li.cart-line').count()).toBe(10);
      await buyer.screenshot('14d-cart-ten-skus');
      expect(buyer.errors).toEqual([]);
    } finally {
      await buyer.close();
    }
  });

  it('buys now from the bar at the bottom of a phone: only that line goes to checkout, the cart keeps the rest', async () => {
    const product = goods.find(
      (g) =>
        g.skus.filter((k) => k.status !== SkuStatus.NotForSale).length === 1 &&
        g.skus.some((k) => k.status === SkuStatus.InStock && k.cnyPrice !== null),
    );
    const other = goods.find(
      (g) => g.id !== product?.id && g.skus.some((k) => k.status === SkuStatus.InStock),
    );
    expect(product && other, 'the demo catalogue has InStock goods').toBeTruthy();
    if (!product || !other) return;
    const sku = product.skus.find((k) => k.status === SkuStatus.InStock);
    const otherSku = other.skus.find((k) => k.status === SkuStatus.InStock);

    // A member of their own, with another product already in the cart.
    const captcha = await callApi(shop.baseURL, MemberPaths.captcha);
    const { token } = await callApi(shop.baseURL, MemberPaths.register, {
      username: `buynow_${Date.now().toString(36)}`,
      password: 'buynow123',
      captchaId: captcha.captchaId,
      captchaCode: TEST_CAPTCHA,
    });
    await callApi(shop.baseURL, CartPaths.addItem, { skuId: otherSku?.id ?? 0, qty: 3 }, token);

    const phone = await openBrowser(shop.baseURL, { width: 390, height: 844 }, { deviceScaleFactor: 2 });
    try {
      await phone.page.goto('/');
      await phone.page.evaluate((t) => localStorage.setItem('user-token', t), token);
      await phone.context.addCookies([{ name: 'user-token', value: token, url: shop.baseURL }]);
      await phone.page.goto(`/product/${product.id}`);
      const bar = phone.page.locator('.product-buy-bar');
      await bar.getByRole('button', { name: '立即购买' }).waitFor();
      // The bar sits at the bottom of the screen with the price, the quantity and both buttons.
      const box = await bar.boundingBox();
      expect(box && Math.round(box.y + box.height)).toBe(844);
      expect(await bar.locator('.product-buy-bar-price').innerText()).toMatch(/[¥$]\d/);
      await bar.getByRole('textbox', { name: '购买数量' }).fill('2');
      await photo(phone.page, { path: join(screenshotDir, '17-product-phone-buy-bar.png') });
      await bar.getByRole('button', { name: '立即购买' }).click();
      await phone.page.waitForURL(/\/checkout$/);
      await phone.page.getByRole('button', { name: '提交订单' }).waitFor();
      await phone.page.getByText(product.name).first().waitFor();
      expect(await phone.page.getByText(other.name).count()).toBe(0);
      await photo(phone.page, { path: join(screenshotDir, '18-checkout-buy-now-phone.png') });

      // The cart keeps the other product, unselected; the product bought now is the one selected line.
      const cart = await callApi(shop.baseURL, CartPaths.list, {}, token);
      expect(cart.data.map((l) => [l.skuId, l.qty, l.selected]).sort()).toEqual(
        [
          [sku?.id, 2, true],
          [otherSku?.id, 3, false],
        ].sort(),
      );
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('goes from brands A–Z to a brand page with its goods', async () => {
    await s.page.goto('/brands');
    await s.page.getByLabel('按首字母跳转').waitFor();
    const brandLink = s.page.locator('main a[href^="/brand/"]').first();
    const brandName = (await brandLink.innerText()).split('\n')[0]?.trim() ?? '';
    await brandLink.click();
    await s.page.waitForURL(/\/brand\/\d+/);
    await s.page.getByText(brandName).first().waitFor();
    await s.page.locator('main a[href^="/product/"]').first().waitFor();
    await s.screenshot('15-brand');
  });

  it('lets a member export the AUD price list and the file opens as a workbook', async () => {
    const token = await loginToken(shop.baseURL);
    await s.page.evaluate((t) => localStorage.setItem('user-token', t), token);
    await s.context.addCookies([{ name: 'user-token', value: token, url: shop.baseURL }]);
    await s.page.goto('/products?location=1');
    await s.page.getByLabel('导出币种').getByText('AUD').click();
    const downloading = s.page.waitForEvent('download');
    await s.page.getByRole('button', { name: '导出价格表' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^GoodsPrice_AUD_\d{8}_\d{4}\.xlsx$/);
    const file = join(await mkdtemp(join(tmpdir(), 'shop-export-')), download.suggestedFilename());
    await download.saveAs(file);

    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.worksheets[0];
    expect(sheet).toBeDefined();
    if (!sheet) return;
    const header = (sheet.getRow(1).values as unknown[]).map(String).join(' ');
    expect(header).toContain('商品名称');
    expect(header).toContain('AUD');
    expect(sheet.rowCount).toBeGreaterThan(1);
    await s.screenshot('16-export');
  });

  it('saw no page errors on the way', () => {
    expect(s.errors).toEqual([]);
  });
});
