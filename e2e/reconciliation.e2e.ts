import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPglite } from '../apps/api/src/db/client';
import { type BrowserSession, openBrowser } from './support/browser';
import { consoleShot, PHONE, setUpAuthenticator, signIn, startShopAfter } from './support/console';
import { newShopDataDir, type RunningShop } from './support/server';

const SHOTS = '/work/wt/pay-recon-shots';
const OWNER_PASSWORD = 'owner-pass-2026';
const CONSOLE = { width: 1366, height: 900 };
const STRANGER = 'P20990101000000STRANGE1';

/** Yesterday in UTC: the sandbox's calendar. */
function sandboxYesterday(): string {
  return new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
}

/**
 * Plants, in the stopped shop's folder, a payment the sandbox channel booked yesterday for a trade number the shop
 * never opened: what a reconciliation must find.
 */
async function plantChannelPayment(dataDir: string): Promise<void> {
  const db = await createPglite(dataDir);
  try {
    await db.query(
      `insert into sandbox_trades
         (channel_trade_no, merchant_trade_no, channel, amount, currency, subject, notify_url, return_url, status, created_at, updated_at)
       values ($1, $2, 'A01', 4200, 'CNY', '', '/api/payment/notify/sandbox/', '/payment', 'paid', $3, $3)`,
      ['SB20990101000000PLANTED', STRANGER, `${sandboxYesterday()}T12:00:00Z`],
    );
  } finally {
    await db.close();
  }
}

/**
 * 对账 in the console: the owner (TOTP) runs the sandbox's yesterday, sees the planted payment the shop has no trade
 * for, and settles it with a note; desktop and phone.
 */
describe('payment reconciliation in the console', () => {
  let shop: RunningShop & { port: number; dataDir: string };
  let dataDir = '';
  let owner: BrowserSession;

  beforeAll(async () => {
    dataDir = await newShopDataDir();
    await plantChannelPayment(dataDir);
    shop = await startShopAfter(dataDir, [
      [
        'staff:create',
        '--username',
        'laoban',
        '--role',
        'owner',
        '--name',
        '王老板',
        '--password',
        OWNER_PASSWORD,
      ],
    ]);
    owner = await openBrowser(shop.baseURL, CONSOLE);
  });
  afterAll(async () => {
    await owner?.close();
    await shop?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('runs a day, shows the difference and settles it with a note', async () => {
    const page = owner.page;
    await signIn(page, 'laoban', OWNER_PASSWORD);
    await setUpAuthenticator(page);
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('menuitem', { name: /对账/ }).click();
    await page.waitForURL('**/admin/reconciliation');
    await page.getByText('还没有对账记录').waitFor();
    await consoleShot(page, SHOTS, 'reconciliation-empty-1366');

    // The sandbox is the channel here; its yesterday is chosen already.
    await page.getByLabel('支付渠道').waitFor();
    await expect.poll(() => page.locator('.reconciliation-form .ant-select').innerText()).toContain('沙箱');
    expect(await page.getByLabel('对账日期').inputValue()).toBe(sandboxYesterday());
    await page.getByRole('button', { name: '开始对账' }).click();
    await page.waitForURL(/run=\d+/);
    const runPath = new URL(page.url()).pathname + new URL(page.url()).search;
    const row = page.locator('tr', { hasText: STRANGER });
    await row.getByText('渠道已收款，本店无此交易').waitFor();
    await row.getByText('CNY 42.00').waitFor();
    await page.getByText('差异').first().waitFor();
    await consoleShot(page, SHOTS, 'reconciliation-difference-1366');

    await row.getByRole('button', { name: '标记已处理' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('仅标记为已处理').waitFor();
    await dialog.getByRole('button', { name: '标记已处理' }).click();
    await dialog.getByText('请填写处理说明').waitFor();
    await dialog.getByLabel(/处理说明/).fill('沙箱测试交易，已核实不是本店收款');
    await consoleShot(page, SHOTS, 'reconciliation-settle-dialog-1366');
    await dialog.getByRole('button', { name: '标记已处理' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('已处理').waitFor();
    await row.getByText('沙箱测试交易，已核实不是本店收款').waitFor();
    await consoleShot(page, SHOTS, 'reconciliation-settled-1366');

    // The audit log names the settlement.
    await page.goto('/admin/audit');
    await page.getByText('处理对账差异').first().waitFor();

    // The same page on a phone.
    await page.setViewportSize(PHONE);
    await page.goto(runPath);
    // On a phone each difference is a card rather than a table row.
    const card = page.locator('.reconciliation-card', { hasText: STRANGER });
    await card.getByText('已处理').waitFor();
    await card.getByText('沙箱测试交易，已核实不是本店收款').waitFor();
    await consoleShot(page, SHOTS, 'reconciliation-settled-390');
    expect(owner.errors).toEqual([]);
  });
});
