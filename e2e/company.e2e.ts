import { rm } from 'node:fs/promises';
import { ApprovalPaths, CompanyPaths, type Member, MemberPaths } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './support/api';
import { type BrowserSession, openBrowser, signInEveryPage } from './support/browser';
import { placePickupOrder } from './support/member-order';
import { createDeskAccount, randomPhone, sandboxCodes } from './support/sandbox-codes';
import { newShopDataDir, type RunningShop, startShop } from './support/server';

const PHONE = { width: 390, height: 844 };

/**
 * A company and its buyer (issue #38 part 1): a member proves their phone, creates a company from /member/settings,
 * invites a colleague by the colleague's mobile number as typed at home (no +86) and saves a receiver for the whole
 * company; the colleague, who proved that number, finds the invite on 我的公司 on a phone, accepts it and finds the
 * company's receiver in their book, not to change; the admin sets the buyer's limits, which the buyer then reads;
 * the buyer's order shows on the admin's order list with who placed it, to read only; an order over the buyer's
 * limit waits, says so on the buyer's phone, and the admin approves it on 我的公司; the admin removes the buyer,
 * whose page no longer shows the company.
 */
describe('company accounts', () => {
  const stamp = Date.now().toString(36);
  const owner = { username: `co_${stamp}`, password: 'owner2026', phone: randomPhone() };
  const buyer = { username: `by_${stamp}`, password: 'buyer2026', phone: randomPhone() };
  let shop: RunningShop | undefined;
  let dataDir = '';
  let ownerToken = '';
  let buyerToken = '';
  let admin: BrowserSession;
  let colleague: BrowserSession;

  beforeAll(async () => {
    dataDir = await newShopDataDir();
    createDeskAccount(dataDir);
    shop = await startShop({ SHOP_CODE_RESEND_SECONDS: '1' }, { dataDir });
    const codes = await sandboxCodes(shop.baseURL);
    ownerToken = await codes.memberWithPhone(owner);
    buyerToken = await codes.memberWithPhone(buyer);
    admin = await openBrowser(shop.baseURL, { width: 1280, height: 900 });
    await signInEveryPage(admin, ownerToken);
    colleague = await openBrowser(shop.baseURL, PHONE, { deviceScaleFactor: 2 });
    await signInEveryPage(colleague, buyerToken);
  }, 180_000);

  afterAll(async () => {
    await admin?.close();
    await colleague?.close();
    await shop?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('creates the company from the settings page and invites the colleague by mobile number', async () => {
    const page = admin.page;
    await page.goto('/member/settings');
    await page.getByRole('heading', { name: '我的公司' }).waitFor();
    await page.getByRole('link', { name: '创建公司' }).click();
    await page.waitForURL(/\/member\/company$/);
    await page.getByLabel('公司名称').fill('悉尼批发有限公司');
    await page.getByLabel('ABN 或纳税人识别号').fill('51 824 753 557');
    await page.getByRole('button', { name: '创建公司' }).click();
    await page
      .getByText(/ABN 须为11位数字且校验正确/)
      .first()
      .waitFor();
    await page.getByLabel('ABN 或纳税人识别号').fill('51 824 753 556');
    await page.getByRole('button', { name: '创建公司' }).click();
    await page.getByRole('heading', { name: '悉尼批发有限公司' }).waitFor();
    expect(await page.locator('.company-facts').innerText()).toContain('管理员');

    await page.getByLabel('手机号或邮箱').fill(buyer.phone.replace('+86', ''));
    await page.getByRole('button', { name: '发送邀请' }).click();
    const invites = page.getByRole('list', { name: '待接受的邀请' });
    await invites.waitFor();
    expect(await invites.innerText()).toContain('对方已验证该联系方式');
    await admin.screenshot('company-01-admin-invited');

    // The company's receiver, for every member: pasted, parsed and saved for the company.
    await page.goto('/member/receiver');
    await page
      .getByRole('button', { name: /新增.*地址/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('智能识别地址文本').fill('仓库收货 13800138000 广东省深圳市南山区科技园路1号');
    await dialog.getByRole('button', { name: '智能识别' }).click();
    await page.getByText('已识别并填入').first().waitFor();
    await dialog.getByText('保存为公司共用地址').click();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.locator('.address-list li', { hasText: '仓库收货' }).getByText('公司共用').waitFor();
  });

  it('the colleague accepts the invite on a phone and sees the company', async () => {
    const page = colleague.page;
    await page.goto('/member/company');
    await page.getByText(/邀请您以「采购员」身份加入/).waitFor();
    await colleague.screenshot('company-02-invite-on-phone');
    await page.getByRole('button', { name: '接受邀请' }).click();
    await page.getByRole('heading', { name: '悉尼批发有限公司' }).waitFor();
    await page.getByRole('list', { name: '公司成员' }).getByText(owner.username).first().waitFor();
    // Nothing on the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await colleague.screenshot('company-03-member-on-phone');

    // The company's receiver is in the buyer's book, to use and not to change.
    await page.goto('/member/receiver');
    const shared = page.locator('.address-list li', { hasText: '仓库收货' });
    await shared.getByText('公司共用').waitFor();
    expect(await shared.getByRole('button', { name: /编\s?辑/ }).count()).toBe(0);
    await colleague.screenshot('company-03b-shared-receiver');
  });

  it('the admin sets the buyer’s limits, and the buyer reads them', async () => {
    const page = admin.page;
    await page.goto('/member/company');
    const row = page.getByRole('list', { name: '公司成员' }).locator('li', { hasText: buyer.username });
    await row.getByRole('button', { name: '设置' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('澳币 单笔额度').fill('500');
    await dialog.getByLabel('澳币 每月额度').fill('2000');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('成员设置已保存').first().waitFor();
    await expect.poll(() => row.innerText()).toContain('澳币额度：单笔 $500.00 · 每月 $2000.00');
    await admin.screenshot('company-04-limits');

    await colleague.page.goto('/member/company');
    await colleague.page.locator('.company-facts', { hasText: '单笔 $500.00' }).waitFor();
    const detail = await callApi(shop?.baseURL ?? '', CompanyPaths.detail, {}, buyerToken);
    expect(detail.limits?.aud).toEqual({ perOrder: 500, perMonth: 2000 });
  });

  it('the buyer’s order is the company’s: the admin reads it with who placed it, and cannot act on it', async () => {
    const { orderId } = await placePickupOrder(shop?.baseURL ?? '', buyerToken);
    const page = admin.page;
    await page.goto('/member/order');
    const card = page.locator('li.order-card', { hasText: `下单人 ${buyer.username}` });
    await card.waitFor();
    expect(await card.getByRole('button', { name: '取消订单' }).count()).toBe(0);
    await admin.screenshot('company-05-company-order');
    await page.goto(`/order/${orderId}`);
    await page.getByText(`下单人 ${buyer.username}（公司订单）`).waitFor();
    expect(await page.getByRole('link', { name: '去支付' }).count()).toBe(0);
  });

  it('the buyer’s order over their limit waits; the admin approves it on the company page; the buyer may pay', async () => {
    const base = shop?.baseURL ?? '';
    const me = await callApi(base, MemberPaths.current, {}, buyerToken);
    const limits = { aud: { perOrder: 1, perMonth: null }, cny: { perOrder: 1, perMonth: null } };
    await callApi(base, CompanyPaths.setLimit, { memberId: (me as Member).id, limits }, ownerToken);
    const { orderId } = await placePickupOrder(base, buyerToken);

    await colleague.page.goto(`/order/${orderId}`);
    const notice = colleague.page.getByTestId('approval-notice');
    await expect.poll(() => notice.innerText()).toContain('等待公司管理员审批（超出单笔额度 ¥1.00）');
    expect(await colleague.page.getByTestId('order-status').innerText()).toBe('待审批');
    expect(await colleague.page.getByRole('link', { name: '去支付' }).count()).toBe(0);
    await colleague.screenshot('company-06-waiting-on-phone');

    const page = admin.page;
    await page.goto('/member/company');
    const queue = page.getByRole('region', { name: '订单审批' });
    const row = queue.getByTestId('approval-row').filter({ hasText: buyer.username });
    await row.waitFor();
    await admin.screenshot('company-07-approval-queue');
    await row.getByRole('button', { name: '批准' }).click();
    await page.getByText('已批准，订单可以支付了').first().waitFor();
    await expect.poll(() => row.count()).toBe(0);
    const [decided] = (await callApi(base, ApprovalPaths.list, { orderId }, buyerToken)).items;
    expect(decided?.status).toBe('approved');

    await colleague.page.reload();
    await colleague.page.getByRole('link', { name: '去支付' }).waitFor();
    await expect.poll(() => notice.innerText()).toContain('批准');
    await colleague.screenshot('company-08-approved-on-phone');
  });

  it('the admin removes the buyer, who no longer sees the company', async () => {
    const page = admin.page;
    await page.goto('/member/company');
    const row = page.getByRole('list', { name: '公司成员' }).locator('li', { hasText: buyer.username });
    await row.getByRole('button', { name: '移除' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定移除' }).click();
    await page.getByText('已移除').first().waitFor();
    await expect.poll(() => row.count()).toBe(0);

    await colleague.page.goto('/member/company');
    await colleague.page.getByRole('heading', { name: '创建公司' }).waitFor();
    expect(await colleague.page.getByRole('heading', { name: '悉尼批发有限公司' }).count()).toBe(0);
    expect(admin.errors).toEqual([]);
    expect(colleague.errors).toEqual([]);
  });
});
