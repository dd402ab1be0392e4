import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, cookieNames, openBrowser } from './support/browser';
import { journeyShop } from './support/journey-shop';
import { TEST_CAPTCHA } from './support/server';

/**
 * The newcomer's journey of the foundation: home, currency kept over a reload, the not-found page,
 * the login prompt on a member page, registration with the captcha, password change, logout, login.
 */
describe('foundation journey', () => {
  const shop = journeyShop();
  const username = `e2e_${Date.now().toString(36)}`;
  const firstPassword = 'first1234';
  const secondPassword = 'second5678';
  let s: BrowserSession;

  beforeAll(async () => {
    s = await openBrowser(shop.baseURL);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('opens the home page with the shop title and header', async () => {
    await s.page.goto('/');
    await expect.poll(() => s.page.title()).toContain('澳中批发商城');
    await s.page.getByRole('button', { name: '登录' }).first().waitFor();
    await s.screenshot('01-home');
  });

  it('switches the currency to AUD and keeps it over a reload', async () => {
    const switcher = s.page.getByLabel('切换币种');
    await expect
      .poll(() => switcher.getByRole('button', { name: 'CNY' }).getAttribute('aria-pressed'))
      .toBe('true');
    await switcher.getByRole('button', { name: 'AUD' }).click();
    await s.page.reload();
    await expect
      .poll(() =>
        s.page.getByLabel('切换币种').getByRole('button', { name: 'AUD' }).getAttribute('aria-pressed'),
      )
      .toBe('true');
    await s.screenshot('02-currency-aud');
  });

  it('shows the not-found page for an unknown path', async () => {
    await s.page.goto('/no/such/page');
    await s.page.getByText('页面不存在').first().waitFor();
    await s.screenshot('03-not-found');
  });

  it('asks a visitor on /member to log in, and registers with the captcha', async () => {
    await s.page.goto('/member');
    await s.page.getByText('请先登录').first().waitFor();
    await s.screenshot('04-member-as-visitor');

    await s.page.getByRole('tab', { name: '注册' }).first().click();
    const form = s.page
      .locator('form')
      .filter({ has: s.page.getByPlaceholder('确认密码') })
      .first();
    await form.getByPlaceholder('用户名').fill(username);
    await form.getByPlaceholder('密码', { exact: true }).fill(firstPassword);
    await form.getByPlaceholder('确认密码').fill(firstPassword);
    await form.getByPlaceholder('验证码').fill(TEST_CAPTCHA);
    // Without agreement to the 用户协议 and 隐私政策 注册 says so and sends nothing.
    await form.getByRole('button', { name: /注\s*册/ }).click();
    await form.getByText('请先阅读并勾选同意《用户协议》和《隐私政策》').waitFor();
    await expect
      .poll(() => form.getByRole('link', { name: '《用户协议》' }).getAttribute('href'))
      .toMatch(/^\/article\/\d+$/);
    await form.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await form.getByRole('button', { name: /注\s*册/ }).click();

    // After registration the page reloads (2 s) and the member page shows the new member.
    await s.page.getByText(username).first().waitFor({ timeout: 15_000 });
    await expect.poll(() => s.page.getByText('请先登录').count()).toBe(0);
    await s.screenshot('05-member-home');
  });

  it('changes the password', async () => {
    await s.page.goto('/member/security');
    await s.page.getByPlaceholder('原密码').fill(firstPassword);
    await s.page.getByPlaceholder('新密码', { exact: true }).fill(secondPassword);
    await s.page.getByPlaceholder('确认新密码').fill(secondPassword);
    await s.page.getByRole('button', { name: /修改密码/ }).click();
    await s.page.getByText('密码已修改').first().waitFor();
    await s.screenshot('06-password-changed');
  });

  it('logs out, and the old password no longer works but the new one does', async () => {
    await s.page.goto('/');
    await s.page.getByText(username).first().click();
    // On a page open to visitors, logout reloads the page after 500 ms (spec §4 'Logout').
    const reloaded = s.page.waitForEvent('load');
    await s.page.getByText('退出登录').first().click();
    await reloaded;
    await s.page.getByRole('button', { name: '登录' }).first().waitFor({ timeout: 10_000 });
    await expect.poll(() => cookieNames(s)).not.toContain('user-token');

    await s.page.getByRole('button', { name: '登录' }).first().click();
    const dialog = s.page.getByRole('dialog');
    await dialog.getByPlaceholder('用户名').fill(username);
    await dialog.getByPlaceholder('密码').fill(firstPassword);
    await dialog.getByRole('button', { name: /登\s*录/ }).click();
    await s.page.getByText('用户名或密码错误').first().waitFor();

    await dialog.getByPlaceholder('密码').fill(secondPassword);
    await dialog.getByRole('button', { name: /登\s*录/ }).click();
    await s.page.getByText(username).first().waitFor({ timeout: 15_000 });
    await s.screenshot('07-logged-in-again');
    await expect.poll(() => cookieNames(s)).toContain('user-token');
  });

  it('saw no page errors on the way', () => {
    expect(s.errors).toEqual([]);
  });
});
