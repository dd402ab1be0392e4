import { rm } from 'node:fs/promises';
import { AdminMemberPaths, DepositPaths, MemberPaths, StorageKey } from '@shop/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './support/api';
import { type BrowserSession, openBrowser } from './support/browser';
import {
  consoleShot,
  DESKTOP,
  ownerCommand,
  PHONE,
  setUpAuthenticator,
  signIn,
  startShopAfter,
} from './support/console';
import { newShopDataDir, type RunningShop, TEST_CAPTCHA } from './support/server';

const SHOTS = '/tmp/console-shots';
const OWNER_PASSWORD = 'boss-pass-2026';
const DESKTOP_1366 = { width: 1366, height: 768 };

const shot = (page: Page, name: string) => consoleShot(page, SHOTS, name);

/**
 * The console's members, recharges (issue #15): the owner reviews the demo member's bank transfer, finds the
 * member, opens their page and credits cash; every screen photographed at 1440×900 and the lists at 390 px.
 */
describe('console members and recharges', () => {
  let shop: RunningShop & { port: number; dataDir: string };
  let dataDir = '';
  let s: BrowserSession;

  beforeAll(async () => {
    dataDir = await newShopDataDir();
    shop = await startShopAfter(dataDir, [ownerCommand(OWNER_PASSWORD)]);
    // The demo member reports two bank transfers from the storefront.
    const captcha = await callApi(shop.baseURL, MemberPaths.captcha, {});
    const { token } = await callApi(shop.baseURL, MemberPaths.login, {
      username: 'demo',
      password: 'demo1234',
      captchaId: captcha.captchaId,
      captchaCode: TEST_CAPTCHA,
    });
    for (const [money, reference] of [
      [1200, '张三 工商银行 尾号8899'],
      [350.5, '流水号 20261124-7781'],
    ] as const)
      await callApi(shop.baseURL, DepositPaths.bankTransfer, { currency: 'CNY', money, reference }, token);
    s = await openBrowser(shop.baseURL, DESKTOP);
  });
  afterAll(async () => {
    await s?.close();
    await shop?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('reviews recharges, finds the member and credits cash on their page', async () => {
    const page = s.page;
    await signIn(page, 'boss', OWNER_PASSWORD);
    await setUpAuthenticator(page);
    await page.getByRole('menuitem', { name: /充值审核/ }).waitFor();

    await page.goto('/admin/recharges?status=pending');
    await page.getByText('张三 工商银行 尾号8899').waitFor();
    await shot(page, 'recharges-pending-1440');
    const row = page.locator('tr', { hasText: '张三 工商银行 尾号8899' });
    await row.getByRole('button', { name: '审核入账' }).click();
    await page.getByRole('dialog').getByText('会员未上传转账凭证').waitFor();
    await shot(page, 'recharges-confirm-1440');
    await page.getByRole('dialog').getByRole('button', { name: '确认入账' }).click();
    await page.getByText('已确认到账并入账').waitFor();
    const other = page.locator('tr', { hasText: '流水号 20261124-7781' });
    await other.getByRole('button', { name: /驳\s?回/ }).click();
    await page.getByRole('dialog').getByLabel('驳回原因（会员可见）').fill('未收到款项，请核对转账信息');
    await shot(page, 'recharges-reject-1440');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /驳\s?回/ })
      .click();
    await page.getByText('暂无充值单').waitFor();
    await page.goto('/admin/recharges?status=all');
    await page.getByText('未收到款项').first().waitFor();
    await shot(page, 'recharges-all-1440');

    await page.goto('/admin/members');
    await page.getByRole('link', { name: 'demo' }).waitFor();
    await shot(page, 'members-1440');
    await page.getByRole('link', { name: 'demo' }).click();
    await page.getByText('演示会员').first().waitFor();
    await shot(page, 'member-detail-1440');
    await page.getByRole('button', { name: '余额入账' }).click();
    await page.getByRole('dialog').getByLabel('金额（元）').fill('100.5');
    await page.getByRole('dialog').getByLabel('备注（会员可见，可不填）').fill('门店收现');
    await shot(page, 'member-deposit-dialog-1440');
    await page.getByRole('dialog').getByRole('button', { name: '确认入账' }).click();
    await page.getByText(/已入账 ¥100\.50/).waitFor();
    await page.getByRole('button', { name: '调整等级' }).click();
    await shot(page, 'member-level-dialog-1440');
    await page.keyboard.press('Escape');

    await page.setViewportSize(PHONE);
    await page.goto('/admin/members');
    await page.getByRole('link', { name: 'demo' }).waitFor();
    await shot(page, 'members-390');
    await page.goto('/admin/recharges?status=all');
    await page.getByText('未收到款项').first().waitFor();
    await shot(page, 'recharges-390');
    await page.getByRole('link', { name: 'demo' }).first().click();
    await page.getByText('演示会员').first().waitFor();
    await shot(page, 'member-detail-390');
    expect(AdminMemberPaths.memberDetail).toContain('adminService');
  });

  it('resets the member’s password with a one-time link shown once; the member sets their own password with it', async () => {
    const page = s.page;
    await page.setViewportSize(DESKTOP_1366);
    await page.goto('/admin/members');
    await page.getByRole('link', { name: 'demo' }).click();
    await page.getByText('演示会员').first().waitFor();
    await page.getByRole('button', { name: '重置密码' }).click();
    const confirm = page.getByRole('dialog').getByRole('button', { name: '确认重置' });
    await confirm.click();
    const shown = page.getByTestId('reset-link');
    // A click that lands while the dialog is still opening can be lost on a busy machine: while the confirm stays
    // open and is not sending, it is clicked again (a second reset only makes another link and retires the first).
    for (
      let attempt = 1;
      !(await shown.waitFor({ timeout: 10_000 }).then(
        () => true,
        () => false,
      ));
      attempt += 1
    ) {
      if (attempt >= 5) throw new Error('the one-time link was never shown');
      const sending = (await confirm.getAttribute('class').catch(() => null))?.includes('ant-btn-loading');
      if (!sending && (await confirm.isVisible()))
        await confirm.click({ timeout: 5_000 }).catch(() => undefined);
    }
    const link = (await shown.innerText()).trim();
    // The demo member has no proved phone or e-mail address: a link to hand over, and no password anywhere.
    expect(link).toMatch(/\/password-reset#[A-Za-z0-9_-]{43}$/);
    await shot(page, 'member-reset-link-1366');
    await page.setViewportSize(PHONE);
    await shot(page, 'member-reset-link-390');
    await page.getByRole('button', { name: '已转交' }).click();
    await page.setViewportSize(DESKTOP);
    expect(await page.getByText('待改密').count()).toBe(0);

    const member = await openBrowser(shop.baseURL, PHONE);
    try {
      await member.page.goto(`/password-reset${new URL(link).hash}`);
      await member.page.getByText('为账号 demo 设置新密码').waitFor();
      await member.page.getByPlaceholder('新密码', { exact: true }).fill('demo-own-2026');
      await member.page.getByPlaceholder('确认新密码').fill('demo-own-2026');
      await member.page.getByRole('button', { name: '设置新密码' }).click();
      await member.page.getByRole('heading', { name: '密码已设置' }).waitFor();
      await member.screenshot('member-password-link-done-390');
      await member.page.getByRole('button', { name: '去登录' }).click();
      const dialog = member.page.getByRole('dialog');
      await dialog.getByPlaceholder('用户名').fill('demo');
      await dialog.getByPlaceholder('密码').fill('demo-own-2026');
      await dialog.getByRole('button', { name: /登\s*录/ }).click();
      // Signed in: the token is kept (and the page reloads with it).
      await expect
        .poll(() => member.page.evaluate((key) => localStorage.getItem(key), StorageKey.token))
        .toBeTruthy();
      await member.page.goto('/member/order');
      await member.page.getByRole('tablist', { name: '订单状态' }).waitFor();
      expect(member.errors, 'no page errors in the storefront').toEqual([]);
    } finally {
      await member.close();
    }
  });
});
