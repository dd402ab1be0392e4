import { rm } from 'node:fs/promises';
import { MemberPaths } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, loginToken } from './support/api';
import { type BrowserSession, openBrowser } from './support/browser';
import { consoleShot, signIn } from './support/console';
import { createDeskAccount, DESK, randomPhone, sandboxCodes } from './support/sandbox-codes';
import { newShopDataDir, type RunningShop, startShop, TEST_CAPTCHA } from './support/server';

/**
 * Codes by SMS in the sandbox (#31): forgot password by SMS, then sign in with the new password; and SMS sign-in.
 * The codes are read where the shop's staff read them: the console's sandbox outbox (AdminNoticePaths.sandbox), as a
 * service account. A number may be sent a code once a second here (SHOP_CODE_RESEND_SECONDS=1; a minute by default).
 */

const SHOTS = '/tmp/console-shots';

describe('codes by SMS', () => {
  const stamp = Date.now().toString(36);
  const forgetful = { username: `fg_${stamp}`, password: 'first2026', phone: randomPhone() };
  const texter = { username: `tx_${stamp}`, password: 'texter2026', phone: randomPhone() };
  const helped = { username: `hp_${stamp}`, password: 'helped2026', phone: randomPhone() };
  let shop: RunningShop | undefined;
  let dataDir = '';
  let baseURL = '';
  const sessions: BrowserSession[] = [];

  let codes: Awaited<ReturnType<typeof sandboxCodes>>;
  const lastMessageId = () => codes.lastMessageId();
  const codeSentTo = (phone: string, afterId: number) => codes.codeSentTo(phone, afterId);
  /** A number may be sent one code a second in this shop. */
  const resendAllowed = () => new Promise((r) => setTimeout(r, 1100));

  let forgetfulToken = '';

  /**
   * A visitor's browser with the login dialog open; `textCode` then fills `phone` in the dialog, asks for a code
   * after the picture captcha and fills in the code the sandbox 'sent'.
   */
  async function loginDialog(viewport: { width: number; height: number }) {
    const s = await openBrowser(baseURL, viewport);
    sessions.push(s);
    await s.page.goto('/');
    await s.page.getByRole('button', { name: '登录' }).first().click();
    const dialog = s.page.getByRole('dialog');
    const textCode = async (typed: string, phone: string) => {
      await dialog.getByLabel('手机号', { exact: true }).fill(typed);
      await dialog.getByAltText('验证码').waitFor();
      await dialog.getByLabel('图片验证码').fill(TEST_CAPTCHA);
      await resendAllowed();
      const before = await lastMessageId();
      await dialog.getByRole('button', { name: '获取验证码' }).click();
      const waiting = dialog.getByRole('button', { name: /秒后重发/ });
      await waiting.waitFor();
      expect(await waiting.isDisabled()).toBe(true);
      await dialog.getByLabel('短信验证码').fill(await codeSentTo(phone, before));
    };
    return { s, dialog, textCode };
  }

  beforeAll(async () => {
    dataDir = await newShopDataDir();
    createDeskAccount(dataDir);
    shop = await startShop({ SHOP_CODE_RESEND_SECONDS: '1' }, { dataDir });
    baseURL = shop.baseURL;
    codes = await sandboxCodes(baseURL);
    forgetfulToken = await codes.memberWithPhone(forgetful);
    await codes.memberWithPhone(texter);
    await codes.memberWithPhone(helped);
  }, 180_000);

  afterAll(async () => {
    for (const s of sessions) await s.close();
    await shop?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('forgot password by SMS, then signs in with the new password; the old session has ended', async () => {
    const { s, dialog, textCode } = await loginDialog({ width: 1366, height: 900 });
    await dialog.getByRole('button', { name: '忘记密码？' }).click();
    // Typed as a shopper would, without the country code.
    await textCode(forgetful.phone.slice(3), forgetful.phone);
    await dialog.getByLabel('新密码', { exact: true }).fill('second2026');
    await dialog.getByLabel('确认新密码').fill('second2026');
    await dialog.getByRole('button', { name: '重置密码' }).click();
    await dialog.getByText('密码已重置，请使用新密码登录').waitFor();
    await s.screenshot('codes-01-reset-done-1366');

    await dialog.getByLabel('用户名').fill(forgetful.username);
    await dialog.getByLabel('密码', { exact: true }).fill('second2026');
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await s.page.getByText('登录成功', { exact: true }).first().waitFor();
    // The page reloads signed in.
    await s.page.getByRole('banner').getByText(forgetful.username).waitFor({ timeout: 15_000 });

    await expect(loginToken(baseURL, forgetful.username, forgetful.password)).rejects.toThrow();
    await expect(callApi(baseURL, MemberPaths.current, {}, forgetfulToken)).rejects.toThrow();
    expect(s.errors).toEqual([]);
  });

  it('signs in by SMS on a phone-sized screen', async () => {
    const { s, dialog, textCode } = await loginDialog({ width: 390, height: 844 });
    await dialog.getByRole('tab', { name: '短信登录' }).click();
    await textCode(texter.phone, texter.phone);
    await s.screenshot('codes-02-sms-login-390');
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await s.page.getByText('登录成功', { exact: true }).first().waitFor();
    await s.page.goto('/member/settings');
    const card = s.page.locator('#contact-verification');
    await card.getByText('已验证', { exact: true }).waitFor();
    expect(await card.innerText()).toContain(`+86 ${texter.phone.slice(3, 6)}`);
    await s.screenshot('codes-03-settings-390');
    expect(await s.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(s.errors).toEqual([]);
  });

  it('the service desk resets a password from the console: the code goes to the member by SMS, no password to staff', async () => {
    const desk = await openBrowser(baseURL, { width: 1366, height: 768 });
    sessions.push(desk);
    await signIn(desk.page, DESK.username, DESK.password);
    await desk.page.getByRole('menuitem', { name: /会员/ }).first().waitFor();
    await desk.page.goto(`/admin/members?keyword=${helped.username}`);
    await desk.page.getByRole('link', { name: helped.username }).click();
    await desk.page.getByRole('button', { name: '重置密码' }).click();
    const before = await lastMessageId();
    await desk.page.getByRole('dialog').getByRole('button', { name: '确认重置' }).click();
    const said = desk.page.getByText(/^重置验证码已通过短信发送至 \+86 /);
    await said.waitFor();
    expect(await said.innerText()).not.toContain(helped.phone.slice(3));
    await consoleShot(desk.page, SHOTS, 'member-reset-sms-1366');
    await desk.page.setViewportSize({ width: 390, height: 844 });
    await consoleShot(desk.page, SHOTS, 'member-reset-sms-390');
    const code = await codeSentTo(helped.phone, before);

    // The member, with the code, uses the storefront's 忘记密码; the old password worked until then.
    expect(await loginToken(baseURL, helped.username, helped.password)).toBeTruthy();
    const { s, dialog } = await loginDialog({ width: 390, height: 844 });
    await dialog.getByRole('button', { name: '忘记密码？' }).click();
    await dialog.getByLabel('手机号', { exact: true }).fill(helped.phone);
    await dialog.getByLabel('短信验证码').fill(code);
    await dialog.getByLabel('新密码', { exact: true }).fill('helped2027');
    await dialog.getByLabel('确认新密码').fill('helped2027');
    await dialog.getByRole('button', { name: '重置密码' }).click();
    await dialog.getByText('密码已重置，请使用新密码登录').waitFor();
    expect(await loginToken(baseURL, helped.username, 'helped2027')).toBeTruthy();
    await expect(loginToken(baseURL, helped.username, helped.password)).rejects.toThrow();
    expect(s.errors).toEqual([]);
    expect(desk.errors).toEqual([]);
  });
});
