import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  AddressPaths,
  AdminSellerPaths,
  CartPaths,
  MemberPaths,
  OrderPaths,
  SkuStatus,
  Warehouse,
} from '@shop/domain';
import { PDFParse } from 'pdf-parse';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allGoods, byThePiece, callApi } from './support/api';
import { type BrowserSession, openBrowser, photo, screenshotDir, signInEveryPage } from './support/browser';
import {
  consoleShot,
  ownerCommand,
  PHONE,
  setUpAuthenticator,
  signIn,
  startShopAfter,
} from './support/console';
import { newShopDataDir, type RunningShop, TEST_CAPTCHA } from './support/server';

const SHOTS = join(screenshotDir, 'invoices');
const OWNER_PASSWORD = 'boss-pass-2026';
const DESKTOP = { width: 1366, height: 900 };
const COMPANY = '悉尼贸易有限公司';
const TAX_NO = '91350100M000100Y43';

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** Clicks a download button and answers the saved file's name and bytes. */
async function downloadBy(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { name: download.suggestedFilename(), bytes: Buffer.concat(chunks) };
}

/** Pays an order on the sandbox cashier through the named method, as the member does. */
async function payOnCashier(page: Page, orderId: number, method: string): Promise<void> {
  await page.goto(`/payment?orderId=${orderId}`);
  await page
    .getByRole('listitem', { name: method, exact: true })
    .getByRole('button', { name: '支付' })
    .click();
  await page.waitForURL(/\/sandbox-pay\/cashier\//);
  await page.getByRole('button', { name: '确认支付' }).click();
  await page.waitForURL(/\/payment\/result/, { timeout: 90_000 });
  await page.getByText('支付成功').first().waitFor({ timeout: 20_000 });
}

/**
 * Tax documents in Chromium (docs/invoices.md): a member with a company and ABN orders in AUD to Sydney, pays on
 * the sandbox cashier and downloads the order's tax invoice (read back: its words, seller, ABN, buyer, GST); on a
 * phone they ask for a 发票 of a CNY order (a wrong 税号 refused in Chinese first); the owner attaches the issued
 * PDF in the console; the member downloads it.
 */
describe('tax invoices and fapiao', () => {
  let shop: RunningShop & { port: number; dataDir: string };
  let dataDir = '';
  let desk: BrowserSession;
  let member: BrowserSession;
  let phone: BrowserSession;
  let token = '';

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    dataDir = await newShopDataDir();
    shop = await startShopAfter(dataDir, [ownerCommand(OWNER_PASSWORD)]);
    desk = await openBrowser(shop.baseURL, DESKTOP);
    await signIn(desk.page, 'boss', OWNER_PASSWORD);
    await setUpAuthenticator(desk.page);
    await desk.page.waitForURL('**/admin/dashboard');
    const staffToken = await desk.page.evaluate(() => localStorage.getItem('shop-admin-token'));
    await callApi(
      shop.baseURL,
      AdminSellerPaths.save,
      {
        legalName: '澳中批发 Pty Ltd',
        abn: '51 824 753 556',
        address: '1 George St, Sydney NSW 2000',
        gstRegistered: true,
        pricesIncludeGst: true,
      },
      staffToken ?? '',
    );

    const { captchaId } = await callApi(shop.baseURL, MemberPaths.captcha);
    ({ token } = await callApi(shop.baseURL, MemberPaths.register, {
      username: `inv_${Date.now().toString(36)}`,
      password: 'invoice123',
      captchaId,
      captchaCode: TEST_CAPTCHA,
    }));
    await callApi(
      shop.baseURL,
      MemberPaths.update,
      { company: COMPANY, abn: '53 004 085 616', taxNo: TAX_NO },
      token,
    );
    member = await openBrowser(shop.baseURL, DESKTOP);
    await signInEveryPage(member, token);
    phone = await openBrowser(shop.baseURL, PHONE);
    await signInEveryPage(phone, token);
  }, 240_000);
  afterAll(async () => {
    await desk?.close();
    await member?.close();
    await phone?.close();
    await shop?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('pays an AUD order to Sydney and downloads its tax invoice from the order page', async () => {
    const sku = (await allGoods(shop.baseURL))
      .filter((g) => g.location === Warehouse.AU)
      .flatMap((g) => g.skus.filter(byThePiece))
      .find((k) => k.status === SkuStatus.InStock && k.audPrice !== null);
    if (!sku) throw new Error('the demo catalogue has no AU SKU in stock with an AUD price');
    const { id: receiverId } = await callApi(
      shop.baseURL,
      AddressPaths.receiverSave,
      {
        name: '李明',
        phone: '0412345678',
        country: 'AU',
        province: 'NSW',
        city: 'Sydney',
        detail: '100 George St',
        postCode: '2000',
        defaultFlag: true,
      },
      token,
    );
    await callApi(shop.baseURL, CartPaths.addItem, { skuId: sku.id, qty: 2 }, token);
    const order = await callApi(
      shop.baseURL,
      OrderPaths.create,
      { currency: 'AUD', isPickup: false, receiverId, requestId: randomUUID() },
      token,
    );

    const page = member.page;
    await payOnCashier(page, order.orderId, 'Supay 支付宝（澳币）');
    await page.goto(`/order/${order.orderId}`);
    const section = page.getByRole('region', { name: '发票' });
    await section.getByText('首次下载时开具并编号').waitFor();
    const invoice = await downloadBy(page, '下载税务发票（PDF）');
    expect(invoice.name).toMatch(/^TaxInvoice_INV-\d{6}\.pdf$/);
    expect(invoice.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await writeFile(join(SHOTS, invoice.name), invoice.bytes);
    const text = await pdfText(invoice.bytes);
    for (const field of [
      'Tax invoice',
      '澳中批发 Pty Ltd',
      'ABN 51 824 753 556',
      COMPANY,
      'Total price includes GST',
      order.orderNo,
    ])
      expect(text, field).toContain(field);
    await section.getByText(/发票号 INV-\d{6}/).waitFor();
    await section.scrollIntoViewIfNeeded();
    await photo(page, { path: join(SHOTS, 'order-tax-invoice-1366.png'), fullPage: true });
    expect(member.errors).toEqual([]);
  });

  it('asks for a fapiao of a CNY order on a phone; the owner attaches it; the member downloads it', async () => {
    const sku = (await allGoods(shop.baseURL))
      .filter((g) => g.location === Warehouse.AU)
      .flatMap((g) => g.skus.filter(byThePiece))
      .find((k) => k.status === SkuStatus.InStock && k.cnyPrice !== null);
    if (!sku) throw new Error('the demo catalogue has no AU SKU in stock with a CNY price');
    await callApi(shop.baseURL, CartPaths.addItem, { skuId: sku.id, qty: 1 }, token);
    const order = await callApi(
      shop.baseURL,
      OrderPaths.create,
      { currency: 'CNY', isPickup: true, requestId: randomUUID() },
      token,
    );
    const page = phone.page;
    await payOnCashier(page, order.orderId, '微信支付');
    await page.goto(`/order/${order.orderId}`);
    const section = page.getByRole('region', { name: '发票' });
    await section.getByRole('button', { name: '申请发票' }).click();
    const form = page.getByRole('form', { name: '申请发票' });
    // Prefilled from /member/settings.
    expect(await form.getByLabel('发票抬头').inputValue()).toBe(COMPANY);
    expect(await form.getByLabel('纳税人识别号（税号）').inputValue()).toBe(TAX_NO);
    await form.getByLabel('纳税人识别号（税号）').fill('91350100M000100Y44');
    await form.getByRole('button', { name: '提交申请' }).click();
    await form.getByText('统一社会信用代码校验位不正确，请核对税号').waitFor();
    await photo(page, { path: join(SHOTS, 'order-fapiao-form-390.png'), fullPage: true });
    await form.getByLabel('纳税人识别号（税号）').fill(TAX_NO);
    await form.getByRole('button', { name: '提交申请' }).click();
    await section.getByTestId('fapiao-status').getByText('待开票').waitFor();
    await section.scrollIntoViewIfNeeded();
    await photo(page, { path: join(SHOTS, 'order-fapiao-pending-390.png'), fullPage: true });

    // The owner, signed in with the authenticator, attaches the fapiao issued by the tax-control system.
    const consolePage = desk.page;
    await consolePage.goto('/admin/fapiao');
    const row = consolePage.locator('tr', { hasText: order.orderNo });
    await row.getByText('待开票').waitFor();
    await consoleShot(consolePage, SHOTS, 'console-fapiao-queue-1366');
    await row.getByRole('button', { name: '上传已开发票' }).click();
    const dialog = consolePage.getByRole('dialog');
    await dialog.getByLabel('发票号码').fill('24312000000012345678');
    const issued = Buffer.from(await invoicePdfFixture());
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'fapiao.pdf',
      mimeType: 'application/pdf',
      buffer: issued,
    });
    await dialog.getByText('fapiao.pdf').waitFor();
    await consoleShot(consolePage, SHOTS, 'console-fapiao-issue-1366');
    await dialog.getByRole('button', { name: '上传' }).click();
    await consolePage.getByText('已上传发票 24312000000012345678，会员可以下载').waitFor();
    await consolePage.goto('/admin/fapiao?status=issued');
    await consolePage.locator('tr', { hasText: order.orderNo }).getByText('已开票').waitFor();
    await consoleShot(consolePage, SHOTS, 'console-fapiao-issued-1366');

    await page.reload();
    await section.getByTestId('fapiao-status').getByText('已开票').waitFor();
    const fapiao = await downloadBy(page, '下载发票（PDF）');
    expect(fapiao.name).toBe('Fapiao_24312000000012345678.pdf');
    expect(fapiao.bytes.equals(issued)).toBe(true);
    await section.scrollIntoViewIfNeeded();
    await photo(page, { path: join(SHOTS, 'order-fapiao-issued-390.png'), fullPage: true });
    expect(phone.errors).toEqual([]);
    expect(desk.errors).toEqual([]);
  });
});

/** A one-page PDF standing in for what the tax-control system issues. */
async function invoicePdfFixture(): Promise<Uint8Array> {
  return new TextEncoder().encode(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
}
