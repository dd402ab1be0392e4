import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { CartPaths, type GoodsListItem, MemberPaths, OrderPaths, SkuStatus, Warehouse } from '@shop/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allGoods, byThePiece, callApi } from './support/api';
import { type BrowserSession, openBrowser, photo, screenshotDir, signInEveryPage } from './support/browser';
import { withClient as admin, withDatabase } from './support/postgres';
import { type RunningShop, repoRoot, startShop, TEST_CAPTCHA } from './support/server';

const run = promisify(execFile);

/**
 * The operator answers with the real command line (`npm run shop -- ticket:reply …`), which is a second process
 * on the shop's database. The embedded PGlite folder admits one process at a time, so this journey runs its own
 * shop on a fresh PostgreSQL database of TEST_DATABASE_URL's server (dropped afterwards), where the server and
 * the command line share the database and the reply reaches the page over LISTEN/NOTIFY.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const SKIP_REASON =
  'TEST_DATABASE_URL is not set: the operator step needs PostgreSQL (PGlite admits one process at a time)';

/** A small real photo-like picture (the server checks and re-encodes the bytes). */
function picture(r: number, g: number, b: number): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
}

if (!serverUrl) console.warn(`service journey skipped: ${SKIP_REASON}`);

/**
 * The member's service desk in Chromium: a member opens a ticket about an order from its page (联系客服) with
 * two pictures; the shop replies from the command line; the reply and the unread message appear without a
 * reload; the member replies and closes the ticket. Screenshots of the three pages at 1366 and 390 px.
 */
describe.skipIf(!serverUrl)(`service desk journey${serverUrl ? '' : ` (skipped: ${SKIP_REASON})`}`, () => {
  const database = `shop_e2e_service_${randomBytes(5).toString('hex')}`;
  const databaseUrl = serverUrl ? withDatabase(serverUrl, database) : '';
  const username = `svc_${Date.now().toString(36)}`;
  let shop: RunningShop | undefined;
  let baseURL = '';
  let s: BrowserSession;
  let token = '';
  let order = { orderId: 0, orderNo: '' };
  let ticketId = 0;
  const sockets: string[] = [];

  beforeAll(async () => {
    if (!serverUrl) return;
    await admin(serverUrl, (c) => c.query(`create database ${database}`));
    shop = await startShop({ DATABASE_URL: databaseUrl });
    baseURL = shop.baseURL;

    const goods = await allGoods(baseURL);
    // From the AU warehouse: a pickup order needs its desk (only it has one).
    const sku = goods
      .filter((g: GoodsListItem) => g.location === Warehouse.AU)
      .flatMap((g) => g.skus.filter(byThePiece))
      .find((k) => k.status === SkuStatus.InStock && k.cnyPrice !== null);
    if (!sku) throw new Error('the demo catalogue has no AU InStock SKU with a CNY price');
    const captcha = await callApi(baseURL, MemberPaths.captcha);
    ({ token } = await callApi(baseURL, MemberPaths.register, {
      username,
      password: 'svc12345',
      captchaId: captcha.captchaId,
      captchaCode: TEST_CAPTCHA,
    }));
    await callApi(baseURL, CartPaths.addItem, { skuId: sku.id, qty: 1 }, token);
    order = await callApi(
      baseURL,
      OrderPaths.create,
      { currency: 'CNY', isPickup: true, requestId: randomUUID() },
      token,
    );

    s = await openBrowser(baseURL, { width: 1366, height: 900 });
    s.page.on('websocket', (ws) => sockets.push(new URL(ws.url()).pathname));
    await signInEveryPage(s, token);
  }, 180_000);

  afterAll(async () => {
    await s?.close();
    await shop?.stop();
    if (serverUrl) await admin(serverUrl, (c) => c.query(`drop database if exists ${database} with (force)`));
  });

  it('opens a ticket about an order, with two pictures, from the order page', async () => {
    await s.page.goto(`/order/${order.orderId}`);
    await s.page.getByRole('link', { name: '联系客服' }).waitFor();
    await s.screenshot('59-order-contact-1366');
    await s.page.getByRole('link', { name: '联系客服' }).click();
    await s.page.waitForURL(/\/member\/supportticket\?new=1&orderId=/);
    const form = s.page.getByRole('form', { name: '新建工单' });
    await expect
      .poll(() => form.getByLabel('关联订单（可选）').evaluate((el) => (el as HTMLSelectElement).value))
      .toBe(String(order.orderId));
    expect(await form.getByLabel('工单类型').evaluate((el) => (el as HTMLSelectElement).value)).toBe('1');
    await form.getByLabel('标题').fill('包裹少了一件');
    await form.getByLabel('内容').fill('收到的包裹里少了一件商品，外箱照片和面单见图。');
    await form.getByLabel('选择图片').setInputFiles([
      { name: '外箱.png', mimeType: 'image/png', buffer: await picture(200, 80, 60) },
      { name: '面单.png', mimeType: 'image/png', buffer: await picture(60, 120, 200) },
    ]);
    await expect.poll(() => form.getByRole('button', { name: /^删除图片/ }).count()).toBe(2);
    // Both pictures up (each shows its progress while it goes), none refused.
    await expect.poll(() => form.locator('.image-picker-item.is-done').count(), { timeout: 20_000 }).toBe(2);
    await expect.poll(() => form.getByRole('button', { name: '提交工单' }).isEnabled()).toBe(true);
    await s.screenshot('60-ticket-new-1366');
    await form.getByRole('button', { name: '提交工单' }).click();

    await s.page
      .waitForURL(/\/member\/supportticketreply\/\d+$/, { timeout: 20_000 })
      .catch(async (error: unknown) => {
        throw new Error(`${String(error)}; toasts: ${await s.page.locator('.toaster').textContent()}`);
      });
    ticketId = Number(new URL(s.page.url()).pathname.split('/').pop());
    const thread = s.page.getByRole('list', { name: '工单对话' });
    await thread.getByText('收到的包裹里少了一件商品').waitFor();
    await expect.poll(() => thread.getByRole('button', { name: /^查看大图/ }).count()).toBe(2);
    await s.page.getByText(`订单 ${order.orderNo}`).waitFor();
  });

  it('sees the shop’s reply from the command line arrive, and the unread message, without a reload', async () => {
    // A marker that a reload would wipe.
    await s.page.evaluate(() => {
      (window as unknown as { __stillHere: boolean }).__stillHere = true;
    });
    await expect.poll(() => s.page.getByTestId('unread-badge').count()).toBe(0);
    const { stdout } = await run(
      'npm',
      [
        'run',
        '--silent',
        'shop',
        '--',
        'ticket:reply',
        '--id',
        String(ticketId),
        '--by',
        '客服小王',
        '--text',
        '您好，已为您补发缺少的商品，单号稍后通知。',
      ],
      { cwd: repoRoot, env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' } },
    );
    expect(stdout).toContain(`replied to ticket ${ticketId}`);

    const thread = s.page.getByRole('list', { name: '工单对话' });
    await thread.getByText('已为您补发缺少的商品').waitFor({ timeout: 15_000 });
    await thread.locator('.is-staff').getByText('客服小王', { exact: true }).waitFor();
    await s.page.getByText('待您回复').first().waitFor();
    // The header's badge counts the message the reply sent.
    await expect
      .poll(() => s.page.locator('.topbar').getByTestId('unread-badge').textContent())
      .toMatch(/^1/);
    expect(await s.page.evaluate(() => (window as unknown as { __stillHere?: boolean }).__stillHere)).toBe(
      true,
    );
    await s.screenshot('61-ticket-thread-1366');
    // The member menu in the header counts it too.
    await s.page.locator('.member-menu-trigger').click();
    await s.page.getByRole('menu').getByTestId('unread-badge').waitFor();
    await photo(s.page, { path: `${screenshotDir}/61b-member-menu-1366.png` });
    await s.page.keyboard.press('Escape');
    // The same conversation on a phone, opened afresh.
    await s.page.setViewportSize({ width: 390, height: 844 });
    await s.page.reload();
    await s.page.getByRole('form', { name: '回复工单' }).waitFor();
    await s.screenshot('62-ticket-thread-390');
    await s.page.setViewportSize({ width: 1366, height: 900 });
  });

  it('replies, then closes the ticket after confirming', async () => {
    const reply = s.page.getByRole('form', { name: '回复工单' });
    await reply.getByLabel('回复').fill('收到，谢谢！');
    await reply.getByRole('button', { name: '发送回复' }).click();
    await s.page.getByRole('list', { name: '工单对话' }).getByText('收到，谢谢！').waitFor();
    await s.page.getByText('待客服回复').first().waitFor();

    await s.page.getByRole('button', { name: '关闭工单' }).click();
    await s.page.getByRole('dialog').getByRole('button', { name: '确定关闭' }).click();
    await s.page.getByRole('dialog').waitFor({ state: 'hidden' });
    await s.page.getByText('已关闭', { exact: true }).first().waitFor();
    await s.page.getByText(/工单已关闭.*不能再回复/).waitFor();
    expect(await s.page.getByRole('form', { name: '回复工单' }).count()).toBe(0);
    await s.page.setViewportSize({ width: 390, height: 844 });
    await s.page.reload();
    await s.page.getByText(/工单已关闭.*不能再回复/).waitFor();
    await s.screenshot('63-ticket-closed-390');
    // Nothing sticks out sideways on a phone.
    expect(await s.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('reads the message the reply left, and the list shows the closed ticket', async () => {
    await s.page.setViewportSize({ width: 1366, height: 900 });
    await s.page.goto('/member/message');
    const item = s.page.getByRole('button', { name: /客服回复了您的工单：包裹少了一件/ }).first();
    await item.waitFor();
    await s.screenshot('64-messages-1366');
    await item.click();
    await expect.poll(() => s.page.getByTestId('unread-badge').count()).toBe(0);
    await s.page.setViewportSize({ width: 390, height: 844 });
    await s.screenshot('65-messages-390');

    await s.page.goto('/member/supportticket');
    await s.page.getByRole('link', { name: '包裹少了一件' }).waitFor();
    await s.screenshot('66-tickets-390');
    await s.page.getByRole('button', { name: '新建工单' }).click();
    await s.page.getByRole('form', { name: '新建工单' }).waitFor();
    await s.screenshot('67-ticket-new-390');
    await s.page.setViewportSize({ width: 1366, height: 900 });
    await s.page.goto('/member/supportticket');
    await s.page.getByRole('link', { name: '包裹少了一件' }).waitFor();
    await s.screenshot('68-tickets-1366');
    expect(s.errors).toEqual([]);
  });
});
