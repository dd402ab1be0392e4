import { rm } from 'node:fs/promises';
import { AUDIT_ACTION_LABELS, MemberPaths, SupplierPaths } from '@shop/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './support/api';
import { type BrowserSession, openBrowser, pick } from './support/browser';
import {
  authenticatorCode,
  consoleShot,
  createStaff,
  DESKTOP,
  ownerCommand,
  PHONE,
  signIn,
  signOut,
  startShopAfter,
} from './support/console';
import { newShopDataDir, type RunningShop, TEST_CAPTCHA } from './support/server';

/** Every console screen, to be looked at after a run. */
const SHOTS = '/tmp/admin-shots';
const OWNER_PASSWORD = 'boss-pass-2026';
const WAREHOUSE = { username: 'wh_zhang', name: '仓库小张', role: '仓库', password: 'warehouse-2026' };
const SERVICE = { username: 'cs_li', name: '客服小李', role: '客服', password: 'service-2026a' };
const SUPPLIER_COMPANY = '悉尼优品贸易有限公司';

const shot = (page: Page, name: string) => consoleShot(page, SHOTS, name);

/**
 * The staff console (issue #15, ADR 020): the owner created on the command line signs in with the picture
 * captcha, sets up the authenticator the role requires, creates a warehouse and a service account and finds
 * both in 操作日志; signs in again with an authenticator code; the warehouse account must change its first
 * password and then sees no 员工管理.
 */
describe('staff console journey', () => {
  let shop: RunningShop & { port: number; dataDir: string };
  let dataDir = '';
  let s: BrowserSession;
  let secret = '';

  beforeAll(async () => {
    dataDir = await newShopDataDir();
    // The operator's command on the shop's new folder, then the shop.
    shop = await startShopAfter(dataDir, [ownerCommand(OWNER_PASSWORD)]);
    // A company applies to supply the shop, from the storefront's 成为供应商 page.
    const { captchaId } = await callApi(shop.baseURL, MemberPaths.captcha);
    await callApi(shop.baseURL, SupplierPaths.submitApplication, {
      company: SUPPLIER_COMPANY,
      contact: '李经理',
      phone: '+61 2 9000 1234',
      email: 'li@sydney-goods.example',
      country: 'AU',
      categories: '保健品、奶粉',
      warehouseCountries: ['AU'],
      captchaId,
      captchaCode: TEST_CAPTCHA,
    });
    s = await openBrowser(shop.baseURL, DESKTOP);
  });
  afterAll(async () => {
    await s?.close();
    await shop?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('signs the owner in with the captcha and makes them set up the authenticator first', async () => {
    await s.page.goto('/admin/');
    await s.page.waitForURL('**/admin/login');
    await s.page.getByRole('img', { name: '验证码图片' }).waitFor();
    await shot(s.page, '01-login-1440');

    // A wrong password first: a clear message, and a fresh captcha for the next try.
    await s.page.getByLabel('用户名').fill('boss');
    await s.page.getByLabel('密码', { exact: true }).fill('not-the-password1');
    await s.page.getByLabel('验证码', { exact: true }).fill(TEST_CAPTCHA);
    await s.page.getByRole('button', { name: '登录', exact: true }).click();
    await expect.poll(() => s.page.getByRole('alert').first().innerText()).toMatch(/密码|错误/);
    await shot(s.page, '02-login-refused-1440');

    await signIn(s.page, 'boss', OWNER_PASSWORD);
    await s.page.getByText('设置两步验证').waitFor();
    await s.page.getByRole('img', { name: '两步验证二维码' }).waitFor();
    await shot(s.page, '03-totp-setup-1440');
    secret = (await s.page.getByTestId('totp-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await s.page.getByLabel('验证码').fill(await authenticatorCode(secret));
    await s.page.getByRole('button', { name: '确认开启' }).click();

    // An owner made with --password keeps it; one made without would change it here.
    const changeFirst = s.page.getByText('请修改密码');
    const staffPage = s.page.getByRole('menuitem', { name: /员工管理/ });
    await expect
      .poll(async () => (await changeFirst.isVisible()) || (await staffPage.isVisible()))
      .toBe(true);
    if (await changeFirst.isVisible()) {
      await s.page.getByLabel('原密码').fill(OWNER_PASSWORD);
      await s.page.getByLabel('新密码', { exact: true }).fill(`${OWNER_PASSWORD}x`);
      await s.page.getByLabel('确认新密码').fill(`${OWNER_PASSWORD}x`);
      await s.page.getByRole('button', { name: '修改密码' }).click();
    }
    // Past the gates every role lands on 工作台; 员工管理 is in the owner's menu.
    await s.page.waitForURL('**/admin/dashboard');
    await s.page.getByText('今日（北京时间）').waitFor();
    await staffPage.click();
    await s.page.waitForURL('**/admin/staff');
    await s.page.locator('td', { hasText: 'boss' }).first().waitFor();
    await shot(s.page, '04-staff-1440');
  });

  it('creates a warehouse and a service account, each checked before it is sent', async () => {
    await s.page.getByRole('button', { name: /新增员工/ }).click();
    const dialog = s.page.getByRole('dialog');
    await dialog.getByLabel('初始密码').fill('short1');
    await dialog.getByRole('button', { name: '创建' }).click();
    await dialog.getByText('请输入姓名').waitFor();
    await shot(s.page, '05-staff-create-invalid-1440');
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await createStaff(s.page, WAREHOUSE);
    await createStaff(s.page, SERVICE);
    const rows = s.page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(3);
    await expect.poll(() => rows.filter({ hasText: WAREHOUSE.username }).innerText()).toContain('待改密码');
    await shot(s.page, '06-staff-created-1440');
  });

  it('finds both accounts in 操作日志, with what was created', async () => {
    await s.page.getByRole('menuitem', { name: /操作日志/ }).click();
    await s.page.waitForURL('**/admin/audit');
    // The page's first rows are in before the filter is typed: a field filled while the page is still loading
    // can be reset by it.
    await s.page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    // The action is chosen by its Chinese label; the address bar keeps the code.
    const label = AUDIT_ACTION_LABELS['staff.create'];
    await s.page.locator('.audit-filters .filter-action').click();
    await s.page.keyboard.type(label);
    await s.page.locator(`.ant-select-dropdown .ant-select-item-option[title="${label}"]`).click();
    await s.page.getByRole('button', { name: '查询' }).click();
    await s.page.waitForURL(/action=staff\.create/);
    const rows = s.page.locator('.ant-table-tbody tr.ant-table-row');
    // The owner from the command line, then the two accounts the owner made here, newest first.
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.nth(2).innerText()).toContain('cli');
    for (const i of [0, 1]) {
      expect(await rows.nth(i).innerText()).toContain('boss');
      await rows.nth(i).getByRole('button').first().click();
    }
    const expanded = s.page.locator('.ant-table-expanded-row');
    await expect.poll(() => expanded.count()).toBe(2);
    const details = (await expanded.allInnerTexts()).join('\n');
    expect(details).toContain(WAREHOUSE.username);
    expect(details).toContain(SERVICE.username);
    expect(details).toContain('warehouse');
    expect(details).toContain('service');
    // The first row open, for the screenshot.
    await rows.nth(1).getByRole('button').first().click();
    await shot(s.page, '07-audit-1440');
  });

  it('follows up a supplier application and sets the exchange rate, both kept in their history', async () => {
    await s.page.getByRole('menuitem', { name: /供应商申请/ }).click();
    await s.page.waitForURL('**/admin/supplier-applications');
    await s.page.getByRole('link', { name: SUPPLIER_COMPANY }).click();
    await s.page.getByText('保健品、奶粉').waitFor();
    await s.page.getByLabel('联系记录', { exact: true }).fill('已电话联系，对方下周寄样品');
    await pick(
      s.page.getByLabel('新状态'),
      s.page.locator('.ant-select-item-option', { hasText: '已联系' }),
      s.page.locator('.ant-select-content-has-value', { hasText: '已联系' }),
    );
    await s.page.getByRole('button', { name: /保\s?存/ }).click();
    await s.page.getByText('联系记录（1）').waitFor();
    await s.page.getByText('已电话联系，对方下周寄样品').last().waitFor();
    await shot(s.page, '07a-supplier-application-1440');

    await s.page.getByRole('menuitem', { name: /汇率与支付/ }).click();
    await s.page.waitForURL('**/admin/settings');
    await s.page.getByLabel('新汇率').fill('4.75');
    await s.page.getByRole('button', { name: '保存汇率' }).click();
    await s.page.getByText('汇率已更新为 1 澳币 = 4.7500 人民币').waitFor();
    await s.page.locator('td', { hasText: 'boss' }).first().waitFor();
    await shot(s.page, '07b-settings-1440');

    // The demo couriers' fees as a warehouse × currency matrix.
    await s.page.getByRole('menuitem', { name: /快递与运费/ }).click();
    await s.page.getByRole('button', { name: '运费' }).first().click();
    await s.page
      .locator('.ant-drawer')
      .getByText(/首重 \d+g/)
      .first()
      .waitFor();
    await shot(s.page, '07c-couriers-1440');
    await s.page.keyboard.press('Escape');
    await expect.poll(() => s.page.locator('.ant-drawer-open').count()).toBe(0);

    // The goods off the shelf (the demo shop keeps a few there), then every product with its picture and SKUs.
    await s.page.getByRole('menuitem', { name: /商品/ }).click();
    await s.page.waitForURL('**/admin/goods');
    const goodsRows = s.page.locator('.ant-table-tbody tr.ant-table-row');
    await goodsRows.first().waitFor();
    const everything = await s.page.getByText(/共 \d+ 个商品/).innerText();
    await pick(
      s.page.getByLabel('上架'),
      s.page.locator('.ant-select-item-option', { hasText: '已下架' }),
      s.page.locator('.ant-select-content-has-value', { hasText: '已下架' }),
    );
    await s.page.getByRole('button', { name: '查询' }).click();
    await s.page.waitForURL(/onShelf=0/);
    await expect.poll(() => s.page.getByText(/共 \d+ 个商品/).innerText()).not.toBe(everything);
    const offShelf = await goodsRows.allInnerTexts();
    expect(offShelf.length).toBeGreaterThan(0);
    expect(offShelf.every((row) => row.includes('已下架'))).toBe(true);
    await s.page.goto('/admin/goods');
    await s.page.getByText(/共 \d+ 个商品/).waitFor();
    await shot(s.page, '07d-goods-1440');

    // The Sydney desk every shop starts with, and a second one opened here.
    await s.page.getByRole('menuitem', { name: /仓库/ }).click();
    const desks = s.page.locator('.ant-table-tbody tr.ant-table-row');
    const open = desks.filter({ has: s.page.locator('.ant-tag', { hasText: /^开放$/ }) });
    await expect.poll(() => open.count()).toBe(1);
    expect(await open.innerText()).toContain('澳大利亚仓');
    await desks.filter({ hasText: '新西兰仓' }).getByRole('button', { name: '开放自提' }).click();
    const pickup = s.page.getByRole('dialog', { name: '自提点：新西兰仓' });
    await pickup.getByLabel('自提地址').fill('10 Queen Street, Auckland 1010');
    await pickup.getByLabel('营业时间').fill('周一至周五 10:00-16:00');
    await pickup.getByRole('button', { name: '保存并开放' }).click();
    await s.page.getByText('新西兰仓：自提已开放').waitFor();
    await expect.poll(() => open.count()).toBe(2);
    expect(await open.nth(1).innerText()).toContain('10 Queen Street');
    await shot(s.page, '07e-warehouses-1440');
  });

  it('is usable on a phone: the menu folds away, tables scroll', async () => {
    await s.page.setViewportSize(PHONE);
    await s.page.goto('/admin/staff');
    await s.page.locator('td', { hasText: WAREHOUSE.username }).first().waitFor();
    await shot(s.page, '08-staff-390');
    await s.page.goto('/admin/audit');
    await s.page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await shot(s.page, '09-audit-390');
    const overflow = await s.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'no sideways scroll of the whole page').toBeLessThanOrEqual(1);
    await s.page.setViewportSize(DESKTOP);
  });

  it('signs the owner in again with an authenticator code', async () => {
    await signOut(s.page);
    await signIn(s.page, 'boss', OWNER_PASSWORD);
    await s.page.getByLabel('身份验证器验证码').waitFor();
    await shot(s.page, '10-login-totp-1440');
    // Every attempt uses up its captcha: the code step asks for a fresh one.
    await s.page.getByLabel('身份验证器验证码').fill(await authenticatorCode(secret, 1));
    await s.page.getByLabel('验证码', { exact: true }).fill(TEST_CAPTCHA);
    await s.page.getByRole('button', { name: '验证并登录' }).click();
    await s.page.waitForURL('**/admin/dashboard');
    await s.page.getByRole('menuitem', { name: /员工管理/ }).click();
    await s.page.waitForURL('**/admin/staff');
    await s.page.locator('td', { hasText: SERVICE.username }).first().waitFor();
    await signOut(s.page);
  });

  it('makes the new warehouse account change its first password, and shows it no 员工管理', async () => {
    await signIn(s.page, WAREHOUSE.username, WAREHOUSE.password);
    await s.page.getByText('请修改密码').waitFor();
    await shot(s.page, '11-change-password-1440');
    await s.page.getByLabel('原密码').fill(WAREHOUSE.password);
    await s.page.getByLabel('新密码', { exact: true }).fill('my-own-warehouse-1');
    await s.page.getByLabel('确认新密码').fill('my-own-warehouse-1');
    await s.page.getByRole('button', { name: '修改密码' }).click();
    // The warehouse lands on 工作台 with its own pages in the menu, and no 员工管理.
    await s.page.waitForURL('**/admin/dashboard');
    await s.page.getByRole('menuitem', { name: /订单/ }).waitFor();
    expect(await s.page.getByRole('menuitem', { name: /员工管理/ }).count()).toBe(0);
    await s.page.goto('/admin/staff');
    await s.page.getByText('无权限', { exact: true }).waitFor();
    await shot(s.page, '12-warehouse-no-permission-1440');
    expect(s.errors, 'no console errors or CSP violations').toEqual([]);
  });
});
