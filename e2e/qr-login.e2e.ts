import { MemberPaths } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './support/api';
import { type BrowserSession, cookieNames, openBrowser } from './support/browser';
import { journeyShop } from './support/journey-shop';
import { TEST_CAPTCHA } from './support/server';

/**
 * QR sign-in with the sandbox chat app (docs/decisions/015): a visitor opens 扫码登录; a second browser, the
 * 'phone', opens the QR code's sandbox page and confirms as a new chat-app user; the dialog says the user is
 * unbound; the visitor logs in with a password and binds; after a logout, scanning signs in directly.
 */
describe('QR sign-in journey', () => {
  const shop = journeyShop();
  const username = `qr_${Date.now().toString(36)}`;
  const password = 'scan1234';
  const openid = `sandbox-e2e-${Date.now().toString(36)}`;
  let desk: BrowserSession;
  let phone: BrowserSession;

  beforeAll(async () => {
    const captcha = await callApi(shop.baseURL, MemberPaths.captcha);
    await callApi(shop.baseURL, MemberPaths.register, {
      username,
      password,
      captchaId: captcha.captchaId,
      captchaCode: TEST_CAPTCHA,
    });
    desk = await openBrowser(shop.baseURL, { width: 1366, height: 900 });
    phone = await openBrowser(shop.baseURL, { width: 390, height: 844 }, { deviceScaleFactor: 2 });
  });
  afterAll(async () => {
    await desk?.close();
    await phone?.close();
  });

  /** Opens the login dialog on its 扫码登录 tab; the address the QR code carries. */
  async function openQrTab(s: BrowserSession): Promise<string> {
    await s.page.getByRole('button', { name: '登录' }).first().click();
    const dialog = s.page.getByRole('dialog');
    await dialog.getByRole('tab', { name: '扫码登录' }).click();
    await dialog.getByAltText('微信扫码登录二维码').waitFor();
    await dialog.getByText(/二维码 0[45]:\d\d 后失效/).waitFor();
    const scanUrl = await dialog.getByRole('link', { name: '打开模拟扫码页' }).getAttribute('href');
    expect(scanUrl).toMatch(/\/sandbox-wechat\/scan\/[A-Za-z0-9_-]+$/);
    return scanUrl ?? '';
  }

  /** The phone opens the QR code's page and confirms as the journey's chat-app user. */
  async function confirmOnPhone(scanUrl: string, shot?: string) {
    await phone.page.goto(scanUrl);
    await phone.page.getByText('微信沙箱').first().waitFor();
    await phone.page.getByLabel('openid').fill(openid);
    await phone.page.getByLabel('昵称').fill('扫码新人');
    if (shot) await phone.screenshot(shot);
    await phone.page.getByRole('button', { name: '确认登录' }).click();
    await phone.page.getByText('已确认登录').waitFor();
  }

  it('shows the QR code in the dialog on a phone', async () => {
    await phone.page.goto('/');
    await openQrTab(phone);
    await phone.screenshot('qr-01-dialog-phone');
    await phone.page.keyboard.press('Escape');
  });

  it('signs an unbound chat-app user up for binding: 该微信尚未绑定账号, then 登录并绑定', async () => {
    await desk.page.goto('/');
    const scanUrl = await openQrTab(desk);
    await desk.screenshot('qr-02-dialog-desktop');
    const dialog = desk.page.getByRole('dialog');

    await phone.page.goto(scanUrl);
    await dialog.getByText('扫码成功，请在手机上确认').waitFor({ timeout: 10_000 });
    await desk.screenshot('qr-03-scanned');
    await confirmOnPhone(scanUrl, 'qr-04-sandbox-phone');
    await phone.screenshot('qr-05-sandbox-confirmed');

    await dialog.getByText('该微信尚未绑定账号').waitFor({ timeout: 10_000 });
    await dialog.getByText('扫码新人').waitFor();
    await desk.screenshot('qr-06-need-bind');
    await dialog.getByRole('button', { name: '登录并绑定' }).click();
    await dialog.getByPlaceholder('用户名').fill(username);
    await dialog.getByPlaceholder('密码').fill(password);
    await dialog.getByRole('button', { name: /登录并绑定/ }).click();
    await desk.page.getByText('微信绑定成功').first().waitFor({ timeout: 10_000 });
    // The page reloads after 2 s, signed in.
    await desk.page.getByText(username).first().waitFor({ timeout: 15_000 });

    await desk.page.goto('/member/security');
    await desk.page.getByText('已绑定微信：扫码新人').waitFor();
    await desk.screenshot('qr-07-security-bound');
  });

  it('after a logout, scanning again signs in directly', async () => {
    await desk.page.goto('/');
    await desk.page.getByText(username).first().click();
    const reloaded = desk.page.waitForEvent('load');
    await desk.page.getByText('退出登录').first().click();
    await reloaded;
    await desk.page.getByRole('button', { name: '登录' }).first().waitFor({ timeout: 10_000 });
    await expect.poll(() => cookieNames(desk)).not.toContain('user-token');

    const scanUrl = await openQrTab(desk);
    await confirmOnPhone(scanUrl);
    await desk.page.getByRole('dialog').getByText('登录成功，页面即将刷新…').waitFor({ timeout: 10_000 });
    await desk.page.getByText(username).first().waitFor({ timeout: 15_000 });
    await expect.poll(() => cookieNames(desk)).toContain('user-token');
    await desk.screenshot('qr-08-signed-in-by-scan');
  });

  it('saw no page errors on the way', () => {
    expect(desk.errors).toEqual([]);
    expect(phone.errors).toEqual([]);
  });
});
