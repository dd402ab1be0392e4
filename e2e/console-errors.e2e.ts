import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import {
  AdminMemberPaths,
  AdminPaths,
  AdminStockPaths,
  CartPaths,
  MemberPaths,
  OrderPaths,
  SkuStatus,
  Warehouse,
} from '@shop/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allGoods, byThePiece, callApi } from './support/api';
import { type BrowserSession, openBrowser, photo, signInEveryPage } from './support/browser';
import { DESKTOP, PHONE, startShopAfter } from './support/console';
import { newShopDataDir, type RunningShop, TEST_CAPTCHA } from './support/server';

const SHOTS = '/tmp/console-shots';
const DESKTOP_1366 = { width: 1366, height: 768 };

/**
 * What the browser's console would show a shopper's developer: errors logged and requests that failed (an HTTP
 * status of 400 or more). Expected refusals are not asked, so a normal use logs none.
 */
function watchFailures(page: Page): { failures: string[] } {
  const failures: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') failures.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => failures.push(`pageerror: ${err.message}`));
  page.on('response', (res) => {
    if (res.status() >= 400) failures.push(`${res.status()} ${new URL(res.url()).pathname}`);
  });
  page.on('requestfailed', (req) => {
    // A request the page itself dropped (a route change cancelling a fetch) is not a failure.
    if (req.failure()?.errorText !== 'net::ERR_ABORTED') failures.push(`failed ${req.url()}`);
  });
  return { failures };
}

async function staffLogin(baseURL: string, username: string, password: string): Promise<string> {
  const { captchaId } = await callApi(baseURL, MemberPaths.captcha);
  const { token } = await callApi(baseURL, AdminPaths.login, {
    username,
    password,
    captchaId,
    captchaCode: TEST_CAPTCHA,
  });
  return token;
}

const staffCommand = (username: string, role: string, password: string) => [
  'staff:create',
  '--username',
  username,
  '--role',
  role,
  '--name',
  username,
  '--password',
  password,
];

describe('normal use logs no errors in the browser console', () => {
  let shop: RunningShop & { port: number; dataDir: string };
  let dataDir = '';
  let s: BrowserSession;
  let serviceToken = '';
  let warehouseToken = '';

  beforeAll(async () => {
    dataDir = await newShopDataDir();
    shop = await startShopAfter(dataDir, [
      staffCommand('kefu', 'service', 'service-pass-2026'),
      staffCommand('cangku', 'warehouse', 'warehouse-pass-2026'),
    ]);
    serviceToken = await staffLogin(shop.baseURL, 'kefu', 'service-pass-2026');
    warehouseToken = await staffLogin(shop.baseURL, 'cangku', 'warehouse-pass-2026');
    s = await openBrowser(shop.baseURL, DESKTOP);
  });
  afterAll(async () => {
    await s?.close();
    await shop?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('再次购买 of an order whose goods are sold out says so, without a failed request', async () => {
    const base = shop.baseURL;
    const sku = (await allGoods(base))
      .filter((g) => g.location === Warehouse.AU)
      .flatMap((g) => g.skus.filter(byThePiece))
      .find((k) => k.status === SkuStatus.ByStock && k.stock > 2 && k.cnyPrice !== null);
    if (!sku) throw new Error('the demo catalogue has no AU ByStock SKU in stock with a CNY price');
    const { captchaId } = await callApi(base, MemberPaths.captcha);
    const { token } = await callApi(base, MemberPaths.register, {
      username: 'soldout_buyer',
      password: 'buyer-pass-1',
      captchaId,
      captchaCode: TEST_CAPTCHA,
    });
    await callApi(base, CartPaths.addItem, { skuId: sku.id, qty: 1 }, token);
    const { orderId } = await callApi(
      base,
      OrderPaths.create,
      { currency: 'CNY', isPickup: true, requestId: randomUUID() },
      token,
    );
    // The rest of the SKU is sold meanwhile.
    await callApi(
      base,
      AdminStockPaths.adjust,
      { skuCode: sku.code, mode: 'set', amount: 0, reason: '售罄', requestId: randomUUID() },
      warehouseToken,
    );

    const page = s.page;
    const { failures } = watchFailures(page);
    await signInEveryPage(s, token);
    await page.goto(`/order/${orderId}`);
    await page.getByRole('button', { name: '再次购买' }).click();
    await page.getByText(/订单中的商品已售罄/).waitFor();
    await photo(page, { path: `${SHOTS}/repurchase-sold-out-1440.png` });
    expect(await page.getByRole('link', { name: '去购物车结算' }).count()).toBe(0);
    expect(failures).toEqual([]);
  });

  it('a member sets a new password with the one-time link staff made, which then no longer works', async () => {
    const base = shop.baseURL;
    const list = await callApi(base, AdminMemberPaths.memberList, { keyword: 'demo' }, serviceToken);
    const demo = list.items.find((m) => m.username === 'demo');
    if (!demo) throw new Error('no demo member');
    // The demo member has no proved phone or e-mail address: staff get a link to hand over, never a password.
    const made = await callApi(base, AdminMemberPaths.memberResetPassword, { id: demo.id }, serviceToken);
    if (made.channel !== 'link') throw new Error(`expected a link, got ${made.channel}`);
    expect(Object.keys(made)).not.toContain('password');
    const page = `/password-reset${new URL(made.link).hash}`;

    for (const [viewport, width] of [
      [DESKTOP_1366, 1366],
      [PHONE, 390],
    ] as const) {
      const member = await openBrowser(base, viewport);
      try {
        const { failures } = watchFailures(member.page);
        await member.page.goto(page);
        await member.page.getByText('为账号 demo 设置新密码').waitFor();
        await photo(member.page, { path: `${SHOTS}/password-reset-link-${width}.png`, fullPage: true });
        expect(failures).toEqual([]);
      } finally {
        await member.close();
      }
    }

    const member = await openBrowser(base, DESKTOP);
    try {
      const { failures } = watchFailures(member.page);
      await member.page.goto(page);
      await member.page.getByPlaceholder('新密码', { exact: true }).fill('demo-own-2026');
      await member.page.getByPlaceholder('确认新密码').fill('demo-own-2026');
      await member.page.getByRole('button', { name: '设置新密码' }).click();
      await member.page.getByRole('heading', { name: '密码已设置' }).waitFor();
      expect(failures).toEqual([]);
      const { captchaId } = await callApi(base, MemberPaths.captcha);
      const signedIn = await callApi(base, MemberPaths.login, {
        username: 'demo',
        password: 'demo-own-2026',
        captchaId,
        captchaCode: TEST_CAPTCHA,
      });
      expect(signedIn.token).toBeTruthy();

      // The same link again: said on the page, in Chinese.
      await member.page.goto('/');
      await member.page.goto(page);
      await member.page.getByRole('heading', { name: '链接已失效' }).waitFor();
      await photo(member.page, { path: `${SHOTS}/password-reset-link-used-1440.png`, fullPage: true });
    } finally {
      await member.close();
    }
  });
});
