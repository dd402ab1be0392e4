import { rm } from 'node:fs/promises';
import { type AdminArticleDetail, AdminContentPaths, Warehouse } from '@shop/domain';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allGoods } from './support/api';
import { type BrowserSession, openBrowser, photo } from './support/browser';
import {
  changeFirstPassword,
  consoleShot,
  createStaff,
  DESKTOP,
  ownerCommand,
  PHONE,
  setUpAuthenticator,
  signIn,
  signOut,
  startShopAfter,
} from './support/console';
import { putOnFirstFloorAndPublish } from './support/content';
import { newShopDataDir, type RunningShop } from './support/server';

const SHOTS = '/tmp/console-shots';
const OWNER_PASSWORD = 'boss-pass-2026';
const CONTENT = { username: 'op_lin', name: '运营小林', role: '运营', password: 'content-2026a' };

const ARTICLE_TITLE = '本周到货：澳洲奶粉规格';
/** A 4-row, 5-column size chart typed cell by cell (its header row first). */
const TABLE_CELLS = [
  ...['品名', '规格', '产地', '保质期', '储存方式'],
  ...['婴儿奶粉一段', '900克', '澳大利亚', '三年', '阴凉干燥处'],
  ...['成人高钙奶粉', '1千克', '新西兰', '两年', '开封后冷藏'],
  ...['羊奶粉', '800克', '澳大利亚', '两年', '密封保存'],
];
/** A piece of a WeChat article: a section wrapper, inline styles, data-* and a picture hotlinked from mmbiz. */
const WECHAT_SNIPPET =
  '<section data-tools="135编辑器" style="margin:0 auto"><p style="text-align:center"><span style="font-weight:bold" leaf="">公众号同款，限时批发价</span></p>' +
  '<p style="text-align:center"><img class="rich_pages wxw-img" data-src="https://mmbiz.qpic.cn/mmbiz_jpg/abc/640?wx_fmt=jpeg" src="https://mmbiz.qpic.cn/mmbiz_jpg/abc/640?wx_fmt=jpeg&amp;tp=webp"></p></section>';

const shot = (page: Page, name: string) => consoleShot(page, SHOTS, name);

function picture(r: number, g: number, b: number): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 320, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
}

/** In the page: pastes a picture file into the element, as a screenshot pasted from the clipboard arrives. */
function pasteFile(element: Element, { bytes, name }: { bytes: number[]; name: string }): void {
  const data = new DataTransfer();
  data.items.add(new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
  element.dispatchEvent(
    new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
  );
}

/** In the page: pastes HTML into the element, as a copy from a web page arrives. */
function pasteHtml(element: Element, html: string): void {
  const data = new DataTransfer();
  data.setData('text/html', html);
  data.setData('text/plain', html.replace(/<[^>]+>/g, ''));
  element.dispatchEvent(
    new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
  );
}

/** In the page: drops a picture file at the bottom of the element, as one dragged from the desktop. */
function dropFile(element: Element, { bytes, name }: { bytes: number[]; name: string }): void {
  const data = new DataTransfer();
  data.items.add(new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
  // A drop lands where the pointer is on screen.
  element.scrollIntoView({ block: 'end' });
  const box = element.getBoundingClientRect();
  const at = { clientX: box.left + 20, clientY: box.bottom - 10 };
  element.dispatchEvent(
    new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true, ...at }),
  );
}

/** The rows of the articles' table, not of the categories' one beside it (either may load first). */
const articleRows = (page: Page) =>
  page.locator('.ant-card', { hasText: '新建文章' }).locator('.ant-table-row');

/** Waits until a part of a page (or of the preview's frame) reads `text`; its goods load after it appears. */
async function showsText(part: Locator, text: string): Promise<void> {
  for (let tries = 0; tries < 60; tries += 1) {
    if ((await part.innerText()).includes(text)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`never showed ${text}: ${await part.innerText()}`);
}

/**
 * Issue #16 'Content': the owner makes a content account; it puts a demo good on the home page's first floor
 * and publishes; the storefront's home page, opened by a shopper, shows that good on its first floor.
 */
describe('console content journey', () => {
  let shop: RunningShop & { port: number; dataDir: string };
  let dataDir = '';
  let s: BrowserSession;
  let goodsName = '';

  beforeAll(async () => {
    dataDir = await newShopDataDir();
    shop = await startShopAfter(dataDir, [ownerCommand(OWNER_PASSWORD)]);
    // A good the first floor (a category's) does not show already: one from the New Zealand warehouse.
    const good = (await allGoods(shop.baseURL)).find((g) => g.location === Warehouse.NZ);
    if (!good) throw new Error('the demo catalogue has no New Zealand good');
    goodsName = good.name;
    s = await openBrowser(shop.baseURL, DESKTOP);
  }, 240_000);

  afterAll(async () => {
    await s?.close();
    await shop?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('the owner creates a content account', async () => {
    await signIn(s.page, 'boss', OWNER_PASSWORD);
    await setUpAuthenticator(s.page);
    await s.page.waitForURL('**/admin/dashboard');
    await s.page.getByRole('menuitem', { name: /员工管理/ }).click();
    await createStaff(s.page, CONTENT);
    await signOut(s.page);
  });

  it('the content account puts a good on the first floor and publishes; the home page shows it', async () => {
    await signIn(s.page, CONTENT.username, CONTENT.password);
    await changeFirstPassword(s.page, CONTENT.password, 'my-own-content-1');
    const storefrontFloor = async (page: Page) => {
      await page.goto('/');
      const first = page.locator('section.goods-floor').first();
      await first.scrollIntoViewIfNeeded();
      return first;
    };
    const before = await storefrontFloor(await s.context.newPage());
    await before.locator('.product-card').first().waitFor();
    expect(await before.innerText()).not.toContain(goodsName);

    await putOnFirstFloorAndPublish(s.page, goodsName);
    // The live preview is the storefront's own home page, drawing the template on screen.
    const preview = s.page.frameLocator('iframe[title^="首页预览"]');
    await showsText(preview.locator('section.goods-floor').first(), goodsName);
    await shot(s.page, 'content-01-home-editor-1440');

    const shopper = await s.context.newPage();
    const after = await storefrontFloor(shopper);
    await showsText(after, goodsName);
    expect(await after.locator('.product-card').count()).toBe(1);
    await photo(shopper, { path: `${SHOTS}/content-02-storefront-home-1440.png` });

    await s.page.setViewportSize(PHONE);
    await s.page.reload();
    await s.page.locator('.home-block-card').first().waitFor();
    await shot(s.page, 'content-03-home-editor-390');
    await s.page.getByText('手机 390').click();
    // On a phone the floors start further down: the frame's page loads a floor's goods as it scrolls near.
    const phoneFloor = preview.locator('section.goods-floor').first();
    await phoneFloor.scrollIntoViewIfNeeded();
    await showsText(phoneFloor, goodsName);
    await s.page.evaluate(() => window.scrollTo(0, 0));
    await shot(s.page, 'content-04-home-preview-phone-390');
    expect(s.errors).toEqual([]);
  });

  it('the content account finds the articles, the basic settings and the supplier page', async () => {
    for (const [viewport, width] of [
      [DESKTOP, 1440],
      [PHONE, 390],
    ] as const) {
      await s.page.setViewportSize(viewport);
      await s.page.goto('/admin/articles');
      await s.page.getByText('文章分类').first().waitFor();
      await articleRows(s.page).first().waitFor();
      await shot(s.page, `content-05-articles-${width}`);
      await s.page.goto('/admin/site');
      await s.page.getByLabel('商城名称').waitFor();
      await shot(s.page, `content-06-site-${width}`);
      await s.page.goto('/admin/supplier-page');
      await s.page.getByText('导航栏（Nav0）').waitFor();
      await shot(s.page, `content-07-supplier-page-${width}`);
    }
    await s.page.goto('/admin/articles');
    await articleRows(s.page).first().getByRole('button').first().click();
    await s.page.getByRole('textbox', { name: '正文' }).waitFor();
    await s.page.getByText('预览', { exact: true }).click();
    await s.page.getByTestId('rich-preview').waitFor();
    await shot(s.page, 'content-08-article-preview-390');
    expect(s.errors).toEqual([]);
  });

  it('the content account writes an article with a table and pictures; a phone shows the table scrolling sideways', async () => {
    const page = s.page;
    await page.setViewportSize(DESKTOP);
    await page.goto('/admin/articles');
    await page.getByRole('button', { name: '新建文章' }).click();
    const drawer = page.locator('.ant-drawer', { hasText: '新建文章' });
    await drawer.getByLabel('标题').fill(ARTICLE_TITLE);
    const area = drawer.getByRole('textbox', { name: '正文' });
    await area.click();
    await page.keyboard.type('本周到货规格：');

    // A table from the toolbar, two more columns and, by Tab in its last cell, a row more.
    const tableMenu = async (item: string) => {
      await drawer.getByRole('button', { name: '表格' }).click();
      await page.getByRole('menuitem', { name: item }).click();
    };
    const headerCells = () => area.locator('th').count();
    await tableMenu('插入表格（3 行 3 列，含表头行）');
    await expect.poll(headerCells).toBe(3);
    for (const columns of [4, 5]) {
      await tableMenu('在右侧插入列');
      await expect.poll(headerCells).toBe(columns);
    }
    await area.locator('th').first().click();
    for (const [i, cell] of TABLE_CELLS.entries()) {
      if (i > 0) await page.keyboard.press('Tab');
      await page.keyboard.type(cell);
    }
    await expect.poll(() => area.locator('tr').count()).toBe(4);
    expect(await area.locator('tr').last().innerText()).toContain('密封保存');

    // A picture pasted as a file and one dropped as a file are uploaded; a WeChat picture is dropped with a notice.
    await page.keyboard.press('Control+End');
    await page.keyboard.type('包装照片：');
    await area.evaluate(pasteFile, { bytes: [...(await picture(40, 120, 200))], name: '包装.png' });
    await area.locator('img[src^="/res/img/content/"]').first().waitFor();
    await area.evaluate(pasteHtml, WECHAT_SNIPPET);
    await drawer.getByText('已去掉 1 张外站图片', { exact: false }).waitFor();
    expect(await area.innerHTML()).not.toContain('mmbiz');
    await area.evaluate(dropFile, { bytes: [...(await picture(200, 80, 40))], name: '实拍.png' });
    await expect
      .poll(() => area.locator('img[src^="/res/img/content/"]').count(), { timeout: 20_000 })
      .toBe(2);
    await area.locator('td').first().click();
    await area.locator('table').scrollIntoViewIfNeeded();
    await shot(page, 'content-09-article-table-1440');

    await page.setViewportSize(PHONE);
    await area.locator('table').scrollIntoViewIfNeeded();
    await shot(page, 'content-10-article-table-390');
    await drawer.getByText('预览', { exact: true }).click();
    await drawer.getByTestId('rich-preview').locator('table').waitFor();
    await shot(page, 'content-11-article-table-preview-390');
    await drawer.getByText('编辑', { exact: true }).click();

    const saved = page.waitForResponse((res) => res.url().endsWith(AdminContentPaths.articleSave));
    await drawer.getByRole('button', { name: /保\s?存/ }).click();
    const article = ((await (await saved).json()) as { data: AdminArticleDetail }).data;
    expect(article.content).toContain('<th><p>品名</p></th>');
    expect(article.content.match(/<img src="\/res\/img\/content\//g)).toHaveLength(2);
    expect(article.content).not.toMatch(/mmbiz|style=|data-|colgroup/);
    expect(s.errors).toEqual([]);

    const shopper = await s.context.newPage();
    await shopper.setViewportSize(PHONE);
    await shopper.goto(`/article/${article.id}`);
    const table = shopper.locator('.rich-content table');
    await table.waitFor();
    await shopper.locator('.rich-content img').nth(1).scrollIntoViewIfNeeded();
    await table.scrollIntoViewIfNeeded();
    await consoleShot(shopper, SHOTS, 'content-12-storefront-article-table-390');
    // Wider than the phone: it scrolls inside its own box while the page stays the phone's width.
    const widths = await table.evaluate((t) => ({
      scroll: t.scrollWidth,
      client: t.clientWidth,
      page: document.documentElement.scrollWidth,
      screen: window.innerWidth,
    }));
    expect(widths.scroll).toBeGreaterThan(widths.client);
    expect(widths.page).toBeLessThanOrEqual(widths.screen);
    await shopper.close();
  });
});
