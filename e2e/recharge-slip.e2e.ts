import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginToken } from './support/api';
import { type BrowserSession, openBrowser, photo, signInEveryPage } from './support/browser';
import { consoleShot, PHONE, setUpAuthenticator, signIn, startShopAfter } from './support/console';
import { newShopDataDir, type RunningShop } from './support/server';

const SHOTS = '/tmp/recharge-shots';
const FINANCE_PASSWORD = 'finance-pass-2026';
const CONSOLE = { width: 1366, height: 900 };

/** A photo of a bank's transfer receipt, as a member's phone takes it. */
function receiptPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="960">
  <rect width="720" height="960" fill="#eef1f5"/>
  <rect x="40" y="40" width="640" height="880" rx="16" fill="#ffffff" stroke="#c9cdd4" stroke-width="2"/>
  <text x="360" y="130" font-size="40" text-anchor="middle" fill="#c0392b" font-family="Noto Sans CJK SC">转账回单</text>
  <text x="80" y="240" font-size="30" fill="#333" font-family="Noto Sans CJK SC">付款人：张三</text>
  <text x="80" y="310" font-size="30" fill="#333" font-family="Noto Sans CJK SC">金额：¥990.00</text>
  <text x="80" y="380" font-size="30" fill="#333" font-family="Noto Sans CJK SC">手续费：¥10.00</text>
  <text x="80" y="450" font-size="30" fill="#333" font-family="Noto Sans CJK SC">流水号：20261128-7781</text>
  <circle cx="520" cy="700" r="110" fill="none" stroke="#c0392b" stroke-width="8"/>
  <text x="520" y="715" font-size="40" text-anchor="middle" fill="#c0392b" font-family="Noto Sans CJK SC">已受理</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/**
 * A bank transfer with its slip (item 16): the demo member registers ¥1000.00 on a phone and attaches the
 * receipt; finance opens the review, sees the slip, credits the ¥990.00 that arrived with a note; the member's
 * history shows the slip and the amount credited.
 */
describe('bank-transfer slip and review', () => {
  let shop: RunningShop & { port: number; dataDir: string };
  let dataDir = '';
  let member: BrowserSession;
  let finance: BrowserSession;

  beforeAll(async () => {
    dataDir = await newShopDataDir();
    shop = await startShopAfter(dataDir, [
      [
        'staff:create',
        '--username',
        'caiwu',
        '--role',
        'finance',
        '--name',
        '财务小李',
        '--password',
        FINANCE_PASSWORD,
      ],
    ]);
    member = await openBrowser(shop.baseURL, PHONE);
    await signInEveryPage(member, await loginToken(shop.baseURL));
    finance = await openBrowser(shop.baseURL, CONSOLE);
  });
  afterAll(async () => {
    await member?.close();
    await finance?.close();
    await shop?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('the member attaches the slip; finance sees it and credits the amount received; the member sees both', async () => {
    const page = member.page;
    await page.goto('/member/recharge');
    await page.getByRole('tab', { name: '银行转账' }).click();
    await page.getByLabel('充值金额').fill('1000');
    await page.getByLabel('付款人或转账流水号').fill('张三 流水号 20261128-7781');
    await page.getByLabel('选择转账凭证').setInputFiles({
      name: '回单.jpg',
      mimeType: 'image/jpeg',
      buffer: await receiptPhoto(),
    });
    await page.getByText('回单.jpg').waitFor();
    await page.getByRole('button', { name: '提交转账登记' }).click();
    await page.getByText('已提交，转账凭证已上传，等待审核').waitFor();
    const item = page.getByRole('listitem', { name: /^充值单 R/ }).first();
    const thumb = item.getByRole('img', { name: /^转账凭证 R/ });
    await thumb.waitFor();
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await item.scrollIntoViewIfNeeded();
    await photo(page, { path: join(SHOTS, 'member-recharge-slip-390.png'), fullPage: true });
    const rechargeNo = ((await item.getAttribute('aria-label')) ?? '').replace('充值单 ', '');
    expect(rechargeNo).toMatch(/^R\d{20}$/);

    const desk = finance.page;
    await signIn(desk, 'caiwu', FINANCE_PASSWORD);
    await setUpAuthenticator(desk);
    await desk.goto('/admin/recharges');
    const row = desk.locator('tr', { hasText: rechargeNo });
    await row.getByText('有转账凭证').waitFor();
    await row.getByRole('button', { name: '审核入账' }).click();
    const dialog = desk.getByRole('dialog');
    const slip = dialog.getByRole('img', { name: `转账凭证 ${rechargeNo}` });
    await slip.waitFor();
    await expect.poll(() => slip.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await dialog.getByLabel(/实际到账金额/).fill('990');
    await dialog.getByLabel(/备注/).fill('银行扣手续费 ¥10');
    await dialog.getByText('实际到账与申请金额不同').waitFor();
    await consoleShot(desk, SHOTS, 'console-recharge-review-1366');
    await slip.click();
    await desk.locator('.ant-image-preview-img').waitFor();
    await consoleShot(desk, SHOTS, 'console-recharge-slip-preview-1366');
    await desk.keyboard.press('Escape');
    await desk.locator('.ant-image-preview-img').waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: '确认入账' }).click();
    await desk.getByText('已确认到账并入账').waitFor();
    await desk.goto('/admin/recharges?status=credited');
    await desk.locator('tr', { hasText: rechargeNo }).getByText('实到 ¥990.00').waitFor();
    await consoleShot(desk, SHOTS, 'console-recharges-credited-1366');

    await page.reload();
    const credited = page.getByRole('listitem', { name: `充值单 ${rechargeNo}` });
    await credited.getByText('实际到账 ¥990.00').waitFor();
    await credited.getByText('已到账').waitFor();
    const kept = credited.getByRole('img', { name: `转账凭证 ${rechargeNo}` });
    await kept.waitFor();
    await expect.poll(() => kept.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await photo(page, { path: join(SHOTS, 'member-recharge-credited-390.png'), fullPage: true });
    await page.goto('/member/message');
    await page.getByRole('button', { name: /银行转账充值已到账 ¥990\.00/ }).click();
    await page
      .getByText('您申请充值 ¥1000.00，实际到账 ¥990.00，已入账 ¥990.00。备注：银行扣手续费 ¥10', {
        exact: false,
      })
      .waitFor();
    await photo(page, { path: join(SHOTS, 'member-message-390.png'), fullPage: true });

    expect(member.errors).toEqual([]);
    expect(finance.errors).toEqual([]);
  });
});
