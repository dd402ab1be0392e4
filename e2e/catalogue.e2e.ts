import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GoodsListItem } from '@shop/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { allGoods, attributeKeys, loginToken } from './support/api';
import { type BrowserSession, openBrowser, screenshotDir } from './support/browser';

/**
 * The catalogue journey: the home page's carousels and blocks, keyword search by a Chinese fragment and by a
 * misspelt Latin name, the warehouse filter, a product with a two-key matrix and one with a grid, switching
 * SKU and currency, brands A–Z to a brand page, and a member's price-list export opened as a workbook.
 */
describe('catalogue journey', () => {
  const baseURL = inject('baseURL');
  let s: BrowserSession;
  let goods: GoodsListItem[];

  beforeAll(async () => {
    s = await openBrowser(baseURL);
    goods = await allGoods(baseURL);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('shows the home carousel, its side ads and the template blocks with products', async () => {
    await s.page.goto('/');
    const carousel = s.page.getByLabel('首页推荐');
    await carousel.waitFor();
    expect(await carousel.locator('.carousel-slide').count()).toBeGreaterThanOrEqual(2);
    await s.page.locator('section.home-section').nth(2).waitFor();
    await expect.poll(() => s.page.locator('main a[href^="/product/"]').count()).toBeGreaterThanOrEqual(8);
    await s.screenshot('10-home');
  });

  it('shows every home image whole and loaded on a phone with a 3× screen', async () => {
    const phone = await openBrowser(baseURL, { width: 390, height: 844 }, { deviceScaleFactor: 3 });
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
    const phone = await openBrowser(baseURL, { width: 390, height: 844 }, { deviceScaleFactor: 2 });
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
      await phone.page.screenshot({ path: join(screenshotDir, '13-product-description-phone.png') });
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
    const token = await loginToken(baseURL);
    await s.page.evaluate((t) => localStorage.setItem('user-token', t), token);
    await s.context.addCookies([{ name: 'user-token', value: token, url: baseURL }]);
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
