import { rm } from 'node:fs/promises';
import {
  ApprovalPaths,
  CartPaths,
  type CompanyInvite,
  CompanyPaths,
  type Member,
  MemberPaths,
  OrderPaths,
  OrderStatus,
} from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './support/api';
import { type BrowserSession, openBrowser, signInEveryPage } from './support/browser';
import {
  consoleShot,
  DESKTOP,
  ownerCommand,
  PHONE,
  setUpAuthenticator,
  signIn,
  startShopAfter,
} from './support/console';
import { pickupSku, placePickupOrder } from './support/member-order';
import { createDeskAccount, randomPhone, sandboxCodes } from './support/sandbox-codes';
import { newShopDataDir, type RunningShop } from './support/server';

const SHOTS = '/tmp/console-shots';
const OWNER_PASSWORD = 'boss-pass-2026';

/**
 * Pay on account (issue #38 part 3): a company's buyer places an order over their limit, which waits until the
 * company's admin approves it; the shop's owner grants the company credit in the console (公司 › 账期); the buyer
 * pays the approved order on account on a phone, so it is paid and waits to ship without any money moving; the
 * admin's statement shows the invoice open and downloads as a PDF; the owner records the company's bank transfer
 * against the invoice; the statement then shows it settled and the credit free again.
 */
describe('pay on account', () => {
  const stamp = Date.now().toString(36);
  const owner = { username: `ca_${stamp}`, password: 'owner2026', phone: randomPhone() };
  const buyer = { username: `cb_${stamp}`, password: 'buyer2026', phone: randomPhone() };
  let shop: RunningShop | undefined;
  let dataDir = '';
  let adminToken = '';
  let buyerToken = '';
  let orderId = 0;
  let orderNo = '';
  let admin: BrowserSession;
  let phone: BrowserSession;
  let staff: BrowserSession;

  beforeAll(async () => {
    dataDir = await newShopDataDir();
    createDeskAccount(dataDir);
    shop = await startShopAfter(dataDir, [ownerCommand(OWNER_PASSWORD)]);
    const base = shop.baseURL;
    const codes = await sandboxCodes(base);
    adminToken = await codes.memberWithPhone(owner);
    buyerToken = await codes.memberWithPhone(buyer);
    await callApi(
      base,
      CompanyPaths.create,
      { name: '墨尔本批发有限公司', taxNo: '51824753556' },
      adminToken,
    );
    const invite: CompanyInvite = await callApi(
      base,
      CompanyPaths.invite,
      { contact: buyer.phone, role: 'buyer' },
      adminToken,
    );
    await callApi(base, CompanyPaths.accept, { id: invite.id }, buyerToken);
    const me = (await callApi(base, MemberPaths.current, {}, buyerToken)) as Member;
    const limits = { aud: { perOrder: 1, perMonth: null }, cny: { perOrder: 1, perMonth: null } };
    await callApi(base, CompanyPaths.setLimit, { memberId: me.id, limits }, adminToken);
    admin = await openBrowser(base, { width: 1280, height: 900 });
    await signInEveryPage(admin, adminToken);
    phone = await openBrowser(base, PHONE, { deviceScaleFactor: 2 });
    await signInEveryPage(phone, buyerToken);
    staff = await openBrowser(base, DESKTOP);
  }, 240_000);

  afterAll(async () => {
    await admin?.close();
    await phone?.close();
    await staff?.close();
    await shop?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('the buyer’s order over the limit waits and the admin approves it', async () => {
    const base = shop?.baseURL ?? '';
    ({ orderId } = await placePickupOrder(base, buyerToken));
    const detail = await callApi(base, OrderPaths.detail, { id: orderId }, buyerToken);
    orderNo = detail.orderNo;
    expect(detail.status).toBe(OrderStatus.NotConfirmed);
    await admin.page.goto('/member/company');
    const row = admin.page.getByTestId('approval-row').filter({ hasText: buyer.username });
    await row.getByRole('button', { name: '批准' }).click();
    await admin.page.getByText('已批准，订单可以支付了').first().waitFor();
    const [decided] = (await callApi(base, ApprovalPaths.list, { orderId }, buyerToken)).items;
    expect(decided?.status).toBe('approved');
  });

  it('the owner grants the company credit in the console', async () => {
    const page = staff.page;
    await signIn(page, 'boss', OWNER_PASSWORD);
    await setUpAuthenticator(page);
    await page.waitForURL('**/admin/dashboard');
    await page.goto('/admin/companies');
    await page.getByRole('link', { name: '查看账期：墨尔本批发有限公司' }).click();
    await page.waitForURL(/\/admin\/companies\/\d+$/);
    await page.getByRole('button', { name: '设置额度' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('额度（元）').fill('5000');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('¥5000.00').first().waitFor();
    await consoleShot(page, SHOTS, 'credit-01-granted');
  });

  it('the buyer pays the approved order on account on a phone', async () => {
    const page = phone.page;
    await page.goto(`/payment?orderId=${orderId}`);
    const method = page.getByRole('listitem', { name: '账期支付' });
    await method.waitFor();
    expect(await method.innerText()).toContain('账期 30 天');
    await phone.screenshot('credit-02-pay-on-account-phone');
    await method.getByRole('button', { name: '支付' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确认支付' }).click();
    await page.waitForURL(/\/payment\/result/);
    await page.getByText('支付成功').first().waitFor();
    await phone.screenshot('credit-03-paid-phone');
    const detail = await callApi(shop?.baseURL ?? '', OrderPaths.detail, { id: orderId }, buyerToken);
    expect(detail.status).toBe(OrderStatus.Paid);
  });

  it('the admin’s statement shows the invoice open and downloads it as a PDF', async () => {
    const page = admin.page;
    await page.goto('/member/company');
    await page.getByRole('link', { name: '查看对账单' }).click();
    await page.waitForURL(/\/member\/company\/statement/);
    const row = page.getByTestId('statement-row').filter({ hasText: orderNo });
    await row.waitFor();
    expect(await row.innerText()).toContain('未到期');
    await admin.screenshot('credit-04-statement-open');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '下载 PDF' }).click();
    expect((await download).suggestedFilename()).toMatch(/^Statement_\d{8}\.pdf$/);
  });

  it('the owner records the bank transfer; the statement shows the invoice paid and the credit free', async () => {
    const page = staff.page;
    await page.getByRole('button', { name: '登记收款' }).click();
    const dialog = page.getByRole('dialog', { name: /登记收款/ });
    await dialog.getByText(`AR${orderNo}`).waitFor();
    const owed = await callApi(shop?.baseURL ?? '', OrderPaths.detail, { id: orderId }, buyerToken);
    await dialog.getByLabel('收款金额（元）').fill(String(owed.totalPrice));
    await dialog.getByLabel('银行流水号').fill(`TT${stamp}`);
    await consoleShot(page, SHOTS, 'credit-05-record-payment');
    await dialog.getByRole('button', { name: '登记' }).click();
    await page
      .getByRole('dialog', { name: '确认登记收款？' })
      .getByRole('button', { name: '确认登记' })
      .click();
    await page
      .getByText(/已登记收款/)
      .first()
      .waitFor();
    await consoleShot(page, SHOTS, 'credit-06-recorded');

    await admin.page.reload();
    const row = admin.page.getByTestId('statement-row').filter({ hasText: orderNo });
    await expect.poll(() => row.innerText()).toContain('已结清');
    await admin.screenshot('credit-07-statement-paid');
  });

  it('the admin asks for a quote from the cart, the owner answers it, and the admin orders at the quoted price', async () => {
    const base = shop?.baseURL ?? '';
    const sku = await pickupSku(base);
    await callApi(base, CartPaths.addItem, { skuId: sku.id, qty: 5 }, adminToken);
    const page = admin.page;
    await page.goto('/cart');
    await page.getByRole('button', { name: '申请报价' }).click();
    const ask = page.getByRole('dialog');
    await ask.getByLabel(/备注/).fill('每月固定采购，请给批发价');
    await ask.getByRole('button', { name: '提交询价' }).click();
    await page.waitForURL(/\/member\/quotes\/\d+$/);
    await page.getByText('待报价').first().waitFor();
    await admin.screenshot('quote-01-asked');

    const desk = staff.page;
    await desk.goto('/admin/quotes');
    await desk.getByRole('link', { name: /^QT/ }).first().click();
    await desk.waitForURL(/\/admin\/quotes\/\d+$/);
    const listPrice = sku.cnyPrice ?? 0;
    const quoted = Math.round(listPrice * 0.8 * 100) / 100;
    await desk
      .getByLabel(/^报价 /)
      .first()
      .fill(String(quoted));
    await desk.getByLabel('运费（元）').fill('0');
    await desk.getByLabel('附言（可不填）').fill('量大可再议');
    await consoleShot(desk, SHOTS, 'quote-02-answer');
    await desk.getByRole('button', { name: '发送报价' }).click();
    await desk.getByRole('dialog').getByRole('button', { name: '确认发送' }).click();
    await desk.getByText('报价已发送').first().waitFor();

    await page.reload();
    await page.getByText('量大可再议').waitFor();
    const acceptForm = page.getByRole('form', { name: '按报价下单' });
    await acceptForm.getByText('到仓自提').click();
    await admin.screenshot('quote-03-answered');
    await acceptForm.getByRole('button', { name: '按报价下单' }).click();
    await page.waitForURL(/\/payment\?orderId=\d+/);
    const orderId = Number(new URL(page.url()).searchParams.get('orderId'));
    const order = await callApi(base, OrderPaths.detail, { id: orderId }, adminToken);
    expect(order.goodsPrice).toBeCloseTo(quoted * 5, 2);
    await admin.screenshot('quote-04-order-at-quote');
    expect(admin.errors).toEqual([]);
    expect(phone.errors).toEqual([]);
    expect(staff.errors).toEqual([]);
  });
});
