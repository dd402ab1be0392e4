import { randomBytes } from 'node:crypto';
import { MemberPaths } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, loginToken } from './support/api';
import { type BrowserSession, openBrowser } from './support/browser';
import { withClient, withDatabase } from './support/postgres';
import { type RunningShop, startShop, TEST_CAPTCHA } from './support/server';

/**
 * Codes by SMS in the sandbox (#31): forgot password by SMS, then sign in with the new password; and SMS sign-in.
 * The codes are read from the sandbox's outbox, the `sandbox_messages` table. The shop has no page or call that
 * shows that outbox yet, so the journey reads the table beside the running shop: it needs PostgreSQL (PGlite
 * admits one process at a time) and runs on a fresh database of TEST_DATABASE_URL's server, dropped afterwards.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const SKIP_REASON =
  'TEST_DATABASE_URL is not set: the codes are read from the sandbox outbox beside the shop';

/** A mainland mobile number no other run uses: +86 139 and 8 random digits. */
function randomPhone(): string {
  return `+86139${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;
}

if (!serverUrl) console.warn(`member codes journey skipped: ${SKIP_REASON}`);

describe.skipIf(!serverUrl)(`codes by SMS${serverUrl ? '' : ` (skipped: ${SKIP_REASON})`}`, () => {
  const database = `shop_e2e_codes_${randomBytes(5).toString('hex')}`;
  const databaseUrl = serverUrl ? withDatabase(serverUrl, database) : '';
  const stamp = Date.now().toString(36);
  // Two members, two numbers: a number may be sent one code a minute.
  const forgetful = { username: `fg_${stamp}`, password: 'first2026', phone: randomPhone() };
  const texter = { username: `tx_${stamp}`, password: 'texter2026', phone: randomPhone() };
  let shop: RunningShop | undefined;
  let baseURL = '';
  const sessions: BrowserSession[] = [];

  /** The newest outbox id, so that a code read afterwards is the one just asked for. */
  const lastMessageId = () =>
    withClient(databaseUrl, async (c) =>
      Number((await c.query('select coalesce(max(id), 0) as id from sandbox_messages')).rows[0].id),
    );

  /** The 6-digit code of the first message to `phone` after `afterId` (the worker sends it in a moment). */
  async function codeSentTo(phone: string, afterId: number): Promise<string> {
    for (let i = 0; i < 60; i += 1) {
      const rows = await withClient(databaseUrl, (c) =>
        c.query<{ text: string }>(
          'select text from sandbox_messages where recipient = $1 and id > $2 order by id desc limit 1',
          [phone, afterId],
        ),
      );
      const code = /验证码\s*(\d{6})/.exec(rows.rows[0]?.text ?? '')?.[1];
      if (code) return code;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error(`no code reached ${phone}`);
  }

  /** When each number was last sent a code: the next may go a minute later (CODE_LIMITS, sendCode/). */
  const lastSent = new Map<string, number>();
  async function resendAllowed(phone: string): Promise<void> {
    const wait = (lastSent.get(phone) ?? 0) + 61_000 - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }

  /** Registers a member and proves their phone number through the API (the settings page does the same). */
  async function memberWithPhone(m: { username: string; password: string; phone: string }) {
    const captcha = await callApi<{ captchaId: string }>(baseURL, MemberPaths.captcha);
    const { token } = await callApi<{ token: string }>(baseURL, MemberPaths.register, {
      username: m.username,
      password: m.password,
      captchaId: captcha.captchaId,
      captchaCode: TEST_CAPTCHA,
    });
    const before = await lastMessageId();
    const bindCaptcha = await callApi<{ captchaId: string }>(baseURL, MemberPaths.captcha);
    await callApi(
      baseURL,
      MemberPaths.sendCode,
      { scene: 'bind', phone: m.phone, captchaId: bindCaptcha.captchaId, captchaCode: TEST_CAPTCHA },
      token,
    );
    lastSent.set(m.phone, Date.now());
    const code = await codeSentTo(m.phone, before);
    await callApi(baseURL, MemberPaths.bindContact, { phone: m.phone, code }, token);
    return token;
  }

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
      await resendAllowed(phone);
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
    if (!serverUrl) return;
    await withClient(serverUrl, (c) => c.query(`create database ${database}`));
    shop = await startShop({ DATABASE_URL: databaseUrl });
    baseURL = shop.baseURL;
    forgetfulToken = await memberWithPhone(forgetful);
    await memberWithPhone(texter);
  }, 180_000);

  afterAll(async () => {
    for (const s of sessions) await s.close();
    await shop?.stop();
    if (serverUrl)
      await withClient(serverUrl, (c) => c.query(`drop database if exists ${database} with (force)`));
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
});
