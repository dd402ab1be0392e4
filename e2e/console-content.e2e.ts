import { rm } from 'node:fs/promises';
import { Warehouse } from '@shop/domain';
import type { Locator, Page } from 'playwright-core';
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

const shot = (page: Page, name: string) => consoleShot(page, SHOTS, name);
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
});
