import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { CartPaths, OrderPaths, PaymentPaths } from '@shop/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, loginToken } from './support/api';
import { type BrowserSession, openBrowser } from './support/browser';
import {
  consoleShot,
  ownerCommand,
  PHONE,
  setUpAuthenticator,
  signIn,
  startShopAfter,
} from './support/console';
import { pickupSku } from './support/member-order';
import { newShopDataDir, type RunningShop } from './support/server';

/** The journey's screens, to be looked at after a run. */
const SHOTS = '/tmp/console-reports-shots';
const OWNER_PASSWORD = 'boss-pass-2026';
const DESKTOP_1280 = { width: 1280, height: 900 };

const shot = (page: Page, name: string) => consoleShot(page, SHOTS, name);

/** A day on the shop's clock (the test shop counts in Beijing time), `daysAgo` before today, 'yyyy-MM-dd'. */
function beijingDay(daysAgo = 0): string {
  const time = new Date(Date.now() - daysAgo * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(time);
}

/** The charts drawn: a canvas in each chart that has data, none failed, and no chart still loading. */
async function chartsDrawn(page: Page): Promise<number> {
  await page.locator('.dashboard-charts').waitFor();
  await expect.poll(() => page.locator('.dashboard-charts .ant-skeleton').count()).toBe(0);
  expect(await page.getByText(/图表加载失败/).count()).toBe(0);
  const canvases = page.locator('.dashboard-chart-canvas canvas');
  await expect.poll(() => canvases.count()).toBeGreaterThanOrEqual(4);
  return canvases.count();
}

/**
 * The console's reports: the owner opens the 工作台 of the demo shop, where the demo member's paid order shows in
 * the charts, switches them to 90 days, then exports the orders as CSV from 财务导出, follows it to the end and
 * downloads the file.
 */
describe('console reports journey', () => {
  let shop: RunningShop & { port: number; dataDir: string };
  let dataDir = '';
  let s: BrowserSession;
  let orderNo = '';

  beforeAll(async () => {
    dataDir = await newShopDataDir();
    shop = await startShopAfter(dataDir, [ownerCommand(OWNER_PASSWORD)]);
    // The demo member buys one piece for pickup and pays from the demo deposit: a paid order of today.
    const token = await loginToken(shop.baseURL);
    const sku = await pickupSku(shop.baseURL);
    await callApi(shop.baseURL, CartPaths.addItem, { skuId: sku.id, qty: 1 }, token);
    const order = await callApi(
      shop.baseURL,
      OrderPaths.create,
      { currency: 'CNY', isPickup: true, requestId: randomUUID() },
      token,
    );
    orderNo = order.orderNo;
    await callApi(
      shop.baseURL,
      PaymentPaths.payByDeposit,
      { orderId: order.orderId, currency: 'CNY', deposit: order.totalPrice },
      token,
    );
    s = await openBrowser(shop.baseURL, DESKTOP_1280);
  });
  afterAll(async () => {
    await s?.close();
    await shop?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('draws the 工作台 charts of the demo shop, over 30 days and then 90', async () => {
    await signIn(s.page, 'boss', OWNER_PASSWORD);
    await setUpAuthenticator(s.page);
    await s.page.waitForURL('**/admin/dashboard');
    await s.page.getByText('今日（北京时间）').waitFor();
    await s.page.getByText(/按北京时间的自然日统计/).waitFor();
    await chartsDrawn(s.page);
    const sales = s.page.getByRole('region', { name: '每日销售额' }).getByRole('img');
    await expect
      .poll(() => sales.getAttribute('aria-label'))
      .toMatch(/^近30天已付款订单 1 笔，人民币 ¥\d+\.\d\d/);
    await shot(s.page, '01-dashboard-1280');

    await s.page.getByText('近90天', { exact: true }).click();
    await s.page.waitForURL(/days=90/);
    await expect.poll(() => sales.getAttribute('aria-label')).toMatch(/^近90天已付款订单 1 笔/);
    await chartsDrawn(s.page);
    await shot(s.page, '02-dashboard-90-days-1280');

    await s.page.setViewportSize(PHONE);
    await chartsDrawn(s.page);
    // One chart per row on a phone: every chart as wide as the first.
    const widths = await s.page
      .locator('.dashboard-chart-canvas')
      .evaluateAll((boxes) => boxes.map((box) => Math.round(box.getBoundingClientRect().width)));
    expect(new Set(widths).size).toBe(1);
    // Nothing wider than the phone: the page does not scroll sideways.
    expect(await s.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await shot(s.page, '03-dashboard-390');
    await s.page.setViewportSize(DESKTOP_1280);
    expect(s.errors).toEqual([]);
  });

  it('exports the orders as CSV, follows the export to the end and downloads the file', async () => {
    await s.page.getByRole('menuitem', { name: /财务导出/ }).click();
    await s.page.waitForURL('**/admin/exports');
    await s.page.getByText('还没有导出记录').waitFor();
    await s.page.getByText('CSV', { exact: true }).click();
    // The last 30 days, today included: the demo order is of today.
    const from = beijingDay(30);
    const to = beijingDay();
    await s.page.getByPlaceholder('开始日期').click();
    await s.page.getByPlaceholder('开始日期').fill(from);
    await s.page.keyboard.press('Enter');
    await s.page.getByPlaceholder('结束日期').fill(to);
    await s.page.keyboard.press('Enter');
    await expect.poll(() => s.page.getByPlaceholder('结束日期').inputValue()).toBe(to);
    await s.page.getByRole('button', { name: '开始导出' }).click();

    const row = s.page.locator('.ant-table-tbody tr.ant-table-row').first();
    await row.getByText(`${from} 至 ${to}`).waitFor();
    const download = row.getByRole('button', { name: /下载/ });
    await download.waitFor();
    expect(await row.innerText()).toMatch(/已完成/);
    // Enter in the date fields confirmed the days typed; only the button started an export.
    expect(await s.page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
    expect(await row.innerText()).toMatch(/王老板|boss/);
    await shot(s.page, '04-exports-1280');

    const [file] = await Promise.all([s.page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe(`订单_${from}_${to}.csv`);
    const saved = join(SHOTS, file.suggestedFilename());
    await file.saveAs(saved);
    const lines = (await readFile(saved, 'utf8'))
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .filter((line) => line.trim() !== '');
    expect(lines[0]).toMatch(/^订单号,会员,状态,/);
    const orderRow = lines.find((line) => line.startsWith(orderNo));
    expect(orderRow).toContain('demo');
    expect(lines.length).toBeGreaterThanOrEqual(2);

    await s.page.setViewportSize(PHONE);
    await s.page.locator('.export-cards .ant-card').first().waitFor();
    expect(await s.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await shot(s.page, '05-exports-390');
    expect(s.errors).toEqual([]);
  });
});
