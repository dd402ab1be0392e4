import { readFile, rm } from 'node:fs/promises';
import { CartPaths, CataloguePaths, type CategoryNode, CheckoutPaths, SkuStatus } from '@shop/domain';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allGoods, callApi, goodsByThePiece, loginToken } from './support/api';
import { type BrowserSession, openBrowser, pick } from './support/browser';
import {
  consoleShot,
  DESKTOP,
  ownerCommand,
  PHONE,
  setUpAuthenticator,
  signIn,
  signOut,
  startShopAfter,
} from './support/console';
import { newShopDataDir, type RunningShop } from './support/server';

/** The journey's screens, to be looked at after a run. */
const SHOTS = '/tmp/console-shots';
const CONTENT = { username: 'op_lin', password: 'content-pass-2026' };
const FINANCE = { username: 'fin_wu', password: 'finance-pass-2026' };
const BRAND = '卓越乳业';
const CATEGORY = '有机辅食';
const PROMOTION = '满1减5元';
const IMPORTED = '新西兰麦卢卡蜂蜜试装';
const SHEET_HEADER =
  'goodsCode,name,nameEn,brand,category,warehouse,onShelf,skuCode,skuName,property,status,stock,weight,CNY@37';
const SHEET_ROW = `E2E-MANUKA-1,${IMPORTED},Manuka Trial,,食品,NZ,yes,E2E-MANUKA-1-A,,规格:50g,4,0,80,49.00`;

const shot = (page: Page, name: string) => consoleShot(page, SHOTS, name);

/** A category and its descendants, depth first. */
function flatten(nodes: readonly CategoryNode[]): CategoryNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}

/**
 * Issue #16's merchandising, through the browser: the content account renames a brand and gives it a logo, and
 * files a new category and moves it first; the finance account starts a 满减 on one SKU and stops it. The
 * storefront's own calls show each change: the brand under its new pinyin letter, the category in the tree, the
 * reduction in a member's checkout summary and gone again once stopped.
 */
describe('console merchandising journey', () => {
  let shop: RunningShop & { port: number; dataDir: string };
  let dataDir = '';
  let s: BrowserSession;
  let brandId = 0;
  let sku = { id: 0, code: '', goodsName: '' };

  beforeAll(async () => {
    dataDir = await newShopDataDir();
    shop = await startShopAfter(dataDir, [
      ownerCommand('boss-pass-2026'),
      [
        'staff:create',
        '--username',
        CONTENT.username,
        '--role',
        'content',
        '--name',
        '运营小林',
        '--password',
        CONTENT.password,
      ],
      [
        'staff:create',
        '--username',
        FINANCE.username,
        '--role',
        'finance',
        '--name',
        '财务小吴',
        '--password',
        FINANCE.password,
      ],
    ]);
    const brands = await callApi(shop.baseURL, CataloguePaths.brandList);
    const first = brands.items.find((b) => b.goodsCount > 0);
    if (!first) throw new Error('the demo catalogue has no brand with goods');
    brandId = first.id;
    const goods = (await allGoods(shop.baseURL))
      .filter(goodsByThePiece)
      .find((g) => g.skus.some((k) => k.status === SkuStatus.InStock && k.cnyPrice !== null));
    const found = goods?.skus.find((k) => k.status === SkuStatus.InStock && k.cnyPrice !== null);
    if (!goods || !found) throw new Error('the demo catalogue has no InStock SKU with a CNY price');
    sku = { id: found.id, code: found.code, goodsName: goods.name };
    s = await openBrowser(shop.baseURL, DESKTOP);
  }, 240_000);

  afterAll(async () => {
    await s?.close();
    await shop?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('the content account renames a brand with a new logo; the storefront files it under its pinyin letter', async () => {
    await signIn(s.page, CONTENT.username, CONTENT.password);
    await s.page.waitForURL('**/admin/dashboard');
    await s.page.getByRole('menuitem', { name: /品牌/ }).click();
    await s.page.locator('.ant-table-row').first().waitFor();
    await shot(s.page, 'merch-01-brands-1440');
    await s.page.goto('/admin/brands?pageSize=100');
    const row = s.page.locator(`tr[data-row-key="${brandId}"]`);
    await row.getByRole('button', { name: '修改' }).click();
    const dialog = s.page.getByRole('dialog', { name: /修改品牌/ });
    await dialog.getByLabel('品牌名称').fill(BRAND);
    // The group is shown as the storefront will file the name: 卓 → Z.
    await dialog.locator('.ant-tag', { hasText: /^Z$/ }).waitFor();
    const logo = await sharp({ create: { width: 240, height: 120, channels: 3, background: '#2b6cb0' } })
      .png()
      .toBuffer();
    await dialog
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await dialog.getByRole('img', { name: '标志' }).waitFor();
    await shot(s.page, 'merch-02-brand-edit-1440');
    await dialog.getByRole('button', { name: /保\s?存/ }).click();
    await s.page.getByText('品牌已保存').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const shopBrands = await callApi(shop.baseURL, CataloguePaths.brandList);
    const renamed = shopBrands.items.find((b) => b.id === brandId);
    expect(renamed).toMatchObject({ name: BRAND, initial: 'Z' });
    expect(renamed?.logo).toMatch(/^brand\/[0-9a-f]{32}\.png$/);
    await s.page.goto('/brands');
    await s.page.getByText(BRAND).first().waitFor();
    await s.screenshot('merch-storefront-brands-1440');
  });

  it('the content account files a new category and moves it first; the storefront tree shows it', async () => {
    await s.page.goto('/admin/categories');
    await s.page.locator('.category-tree').waitFor();
    const tree = await callApi(shop.baseURL, CataloguePaths.catalogList);
    const top = tree[0];
    if (!top) throw new Error('the demo catalogue has no category');
    const node = s.page
      .locator('.category-node', { has: s.page.getByText(top.name, { exact: true }) })
      .first();
    await node.getByRole('button', { name: '添加下级' }).click();
    const dialog = s.page.getByRole('dialog', { name: `在「${top.name}」下添加分类` });
    await dialog.getByLabel('分类名称').fill(CATEGORY);
    await dialog.getByRole('button', { name: /保\s?存/ }).click();
    await s.page.getByText('分类已创建').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // Added last among its siblings; moved first with the buttons.
    const created = s.page.locator('.category-node', { has: s.page.getByText(CATEGORY, { exact: true }) });
    const up = created.getByRole('button', { name: `上移 ${CATEGORY}` });
    while (await up.isEnabled()) {
      await up.click();
      await s.page.getByText('分类已移动').last().waitFor();
      await expect.poll(() => s.page.locator('.ant-spin-spinning').count()).toBe(0);
    }
    await shot(s.page, 'merch-03-categories-1440');
    await s.page.setViewportSize(PHONE);
    await shot(s.page, 'merch-03b-categories-390');
    await s.page.setViewportSize(DESKTOP);

    const after = await callApi(shop.baseURL, CataloguePaths.catalogList);
    const parent = after.find((n) => n.id === top.id);
    expect(parent?.children?.[0]?.name).toBe(CATEGORY);
    expect(flatten(after).filter((n) => n.name === CATEGORY)).toHaveLength(1);
    expect(s.errors, 'no console errors or CSP violations').toEqual([]);
  });

  it('the content account exports the goods sheet, and imports one: problems listed first, then written', async () => {
    await s.page.goto('/admin/goods');
    const [download] = await Promise.all([
      s.page.waitForEvent('download'),
      s.page.getByRole('button', { name: /导\s?出/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^goods-\d{4}-\d{2}-\d{2}\.xlsx$/);
    // An xlsx workbook (a zip) holding the whole catalogue; its columns are checked by the API tests.
    const exported = await readFile(await download.path());
    expect(exported.subarray(0, 2).toString()).toBe('PK');
    expect(exported.length).toBeGreaterThan(20_000);

    await s.page.getByRole('button', { name: /导\s?入/ }).click();
    const dialog = s.page.getByRole('dialog', { name: '导入商品表' });
    const choose = (name: string, text: string) =>
      dialog
        .locator('input[type="file"]')
        .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
    await choose('bad.csv', `${SHEET_HEADER}\nE2E-1,,,,${CATEGORY},AU,yes,E2E-1-A,,,4,-2,,,\n`);
    await dialog
      .getByRole('list', { name: '导入问题' })
      .getByText(/第 2 行/)
      .first()
      .waitFor();
    await expect.poll(() => dialog.getByRole('button', { name: '确认导入' }).isDisabled()).toBe(true);
    await shot(s.page, 'merch-03c-import-problems-1440');
    await dialog.getByRole('button', { name: '重新选择' }).click();
    await choose('new.csv', `${SHEET_HEADER}\n${SHEET_ROW}\n`);
    await dialog.getByText('检查通过：1 行可以导入，尚未写入').waitFor();
    await shot(s.page, 'merch-03d-import-checked-1440');
    await dialog.getByRole('button', { name: '确认导入' }).click();
    await dialog.getByText('导入完成').first().waitFor();
    await dialog.getByRole('button', { name: '完成' }).click();
    const found = await callApi(shop.baseURL, CataloguePaths.goodsList, {
      keyword: IMPORTED,
    });
    expect(found.totalCount).toBe(1);
    await signOut(s.page);
    expect(s.errors, 'no console errors or CSP violations').toEqual([]);
  });

  it('the finance account starts a 满减 on one SKU, the member’s checkout takes it off, and stopping it ends it', async () => {
    await signIn(s.page, FINANCE.username, FINANCE.password);
    await setUpAuthenticator(s.page);
    await s.page.waitForURL('**/admin/dashboard');
    await s.page.getByRole('menuitem', { name: /促销/ }).click();
    await s.page.getByRole('button', { name: /新建促销/ }).click();
    const dialog = s.page.getByRole('dialog', { name: '新建促销' });
    await dialog.getByLabel('促销名称').fill(PROMOTION);
    await dialog.getByLabel('门槛（元）').fill('1');
    await dialog.getByLabel('减免金额（元）').fill('5');
    const picker = dialog.getByLabel('参与的 SKU');
    await picker.click();
    await picker.fill(sku.code);
    await pick(
      picker,
      s.page.locator('.ant-select-item-option', { hasText: sku.code }),
      dialog.locator('.ant-select-selection-item', { hasText: sku.code }),
    );
    await shot(s.page, 'merch-04-promotion-new-1440');
    await dialog.getByRole('button', { name: /保\s?存/ }).click();
    await s.page.getByText('促销已创建').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await s.page.getByText('满 ¥1.00 减 ¥5.00').waitFor();
    await shot(s.page, 'merch-05-promotions-1440');

    const member = await loginToken(shop.baseURL);
    await callApi(shop.baseURL, CartPaths.addItem, { skuId: sku.id, qty: 1 }, member);
    const body = { currency: 'CNY' as const, locationCode: 'CN11010200' };
    const applied = await callApi(shop.baseURL, CheckoutPaths.summary, body, member);
    expect(applied.promotions.find((p) => p.name === PROMOTION)).toMatchObject({ applies: true, amount: 5 });

    const row = s.page.locator('tr', { hasText: PROMOTION });
    await row.getByRole('button', { name: /停\s?用/ }).click();
    await s.page
      .locator('.ant-popover')
      .getByRole('button', { name: /停\s?用/ })
      .click();
    await s.page.getByText('促销已停用').waitFor();
    await row.getByText('已停用').waitFor();
    const stopped = await callApi(shop.baseURL, CheckoutPaths.summary, body, member);
    expect(stopped.promotions.map((p) => p.name)).not.toContain(PROMOTION);
    await s.page.setViewportSize(PHONE);
    await shot(s.page, 'merch-05b-promotions-390');
    await s.page.setViewportSize(DESKTOP);
    expect(s.errors, 'no console errors or CSP violations').toEqual([]);
  });
});
