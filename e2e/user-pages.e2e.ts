import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  AddressPaths,
  CartPaths,
  CataloguePaths,
  MemberPaths,
  OrderPaths,
  OrderStatus,
  type QuickOrderRow,
  SkuStatus,
} from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byThePiece, callApi } from './support/api';
import { type BrowserSession, openBrowser, photo } from './support/browser';
import { newShopDataDir, type RunningShop, runShopCommand, startShop, TEST_CAPTCHA } from './support/server';

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
/** The screens of the three pages, to be looked at after a run. */
const SHOTS = '/tmp/user-shots';

/** A row a visitor can order one or two of now (sold by the piece), priced in CNY (the default page currency). */
const orderable = (r: QuickOrderRow) =>
  r.cnyPrice !== null &&
  byThePiece(r) &&
  (r.status === SkuStatus.InStock ||
    r.status === SkuStatus.ByBook ||
    (r.status === SkuStatus.ByStock && r.stock >= 2));

/**
 * The buyer's workspace (ADR 018): a visitor fills the 快速订货 sheet with 10 SKUs from 3 warehouses (one
 * warehouse down its quantity column with Enter and Tab, the others found by code), adds them in one go, logs
 * in and orders them; the operator takes the order to 待发货 and ships one pack; 常购清单 lists the 10 SKUs and
 * puts them back in the cart, 装箱单 shows the three packs, prints without the shop's chrome and downloads.
 */
describe('user pages journey', () => {
  const username = `buyer_${Date.now().toString(36)}`;
  const password = 'buyer12345';
  let shop: RunningShop & { port: number; dataDir: string };
  let dataDir = '';
  let s: BrowserSession;
  let token = '';
  let sheet: QuickOrderRow[] = [];
  const chosen: QuickOrderRow[] = [];
  let orderNo = '';

  beforeAll(async () => {
    // A shop of its own: the operator's commands need its database folder while it is stopped.
    dataDir = await newShopDataDir();
    shop = await startShop({}, { dataDir });
    const captcha = await callApi(shop.baseURL, MemberPaths.captcha);
    ({ token } = await callApi(shop.baseURL, MemberPaths.register, {
      username,
      password,
      captchaId: captcha.captchaId,
      captchaCode: TEST_CAPTCHA,
    }));
    await callApi(
      shop.baseURL,
      AddressPaths.receiverSave,
      {
        name: '李四',
        phone: '13900139000',
        country: 'CN',
        province: '上海市',
        city: '上海市',
        district: '浦东新区',
        detail: '世纪大道100号',
        postCode: '200120',
        defaultFlag: true,
      },
      token,
    );
    sheet = (await callApi(shop.baseURL, CataloguePaths.quickOrderList)).items;
    s = await openBrowser(shop.baseURL, DESKTOP);
  });
  afterAll(async () => {
    await s?.close();
    await shop?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lets a visitor fill 10 SKUs from 3 warehouses and add them to the cart in one go', async () => {
    const byLocation = new Map<number, QuickOrderRow[]>();
    for (const row of sheet) byLocation.set(row.location, [...(byLocation.get(row.location) ?? []), row]);
    const locations = [...byLocation]
      .filter(([, rows]) => rows.filter(orderable).length >= 4)
      .map(([location]) => location)
      .slice(0, 3);
    expect(locations, 'the demo catalogue has orderable SKUs in three warehouses').toHaveLength(3);
    const [first, ...others] = locations as [number, number, number];

    await s.page.goto('/user/products');
    const rows = s.page.locator('tr.quick-order-row');
    await rows.first().waitFor();
    expect(await s.page.getByRole('status').first().innerText()).toContain(`共 ${sheet.length} 个规格`);
    await photo(s.page, { path: join(SHOTS, 'products-1366.png') });

    // The first warehouse down its quantity column: a quantity in the orderable rows, Enter or Tab to go on.
    await s.page.getByLabel('仓库').selectOption(String(first));
    const view = byLocation.get(first) ?? [];
    await expect
      .poll(() => s.page.getByRole('status').first().innerText())
      .toContain(`共 ${view.length} 个规格`);
    await s.page.locator('[data-qty-row="0"]').focus();
    for (let i = 0; chosen.length < 4; i += 1) {
      const row = view[i];
      if (!row) throw new Error('ran out of rows');
      if (orderable(row)) {
        await s.page.keyboard.type('1');
        chosen.push(row);
      }
      await s.page.keyboard.press(i % 2 === 0 ? 'Enter' : 'Tab');
      await expect
        .poll(() => s.page.evaluate(() => document.activeElement?.getAttribute('data-qty-row')))
        .toBe(String(i + 1));
    }

    // The other two: each SKU found by its code.
    for (const location of others) {
      await s.page.getByLabel('仓库').selectOption(String(location));
      for (const row of (byLocation.get(location) ?? []).filter(orderable).slice(0, 3)) {
        await s.page.getByLabel('关键词', { exact: true }).fill(row.code);
        // The sheet answers the new keyword after a moment: until then it still shows the last code's one row.
        await expect
          .poll(async () => ((await rows.count()) === 1 ? rows.first().innerText() : ''))
          .toContain(row.code);
        await rows.first().locator('[data-qty-row="0"]').fill('2');
        chosen.push(row);
      }
    }
    await s.page.getByLabel('关键词', { exact: true }).fill('');
    await s.page.getByLabel('仓库').selectOption('');
    await expect
      .poll(() => s.page.getByRole('status').first().innerText())
      .toContain('已填 10 个规格，共 16 件');
    await s.screenshot('60-quick-order-filled');

    await s.page.getByRole('button', { name: /^加入购物车/ }).click();
    await s.page.getByText('已加入购物车：10 个规格，共 16 件').first().waitFor();
    await expect.poll(() => s.page.getByRole('status').first().innerText()).not.toContain('已填');

    for (const viewport of [DESKTOP, PHONE]) {
      await s.page.setViewportSize(viewport);
      await photo(s.page, { path: join(SHOTS, `products-${viewport.width}.png`) });
    }
    await s.page.setViewportSize(DESKTOP);

    await s.page.goto('/cart');
    await expect.poll(() => s.page.locator('li.cart-line').count()).toBe(10);
    expect(await s.page.locator('.cart-group-title').count()).toBe(3);
  });

  it('logs in at checkout and orders the 10 SKUs in three packs', async () => {
    await s.page.getByRole('button', { name: '去结算' }).click();
    const dialog = s.page.getByRole('dialog');
    await dialog.getByPlaceholder('用户名').fill(username);
    await dialog.getByPlaceholder('密码').fill(password);
    const reloaded = s.page.waitForEvent('load');
    await dialog.getByRole('button', { name: /登\s*录/ }).click();
    await reloaded;
    await expect.poll(() => s.page.locator('li.cart-line').count(), { timeout: 15_000 }).toBe(10);
    const cart = await callApi(shop.baseURL, CartPaths.list, {}, token);
    expect(cart.data.map((l) => l.skuId).sort()).toEqual(chosen.map((r) => r.skuId).sort());

    await s.page.getByRole('button', { name: '去结算' }).click();
    await s.page.getByRole('button', { name: '提交订单' }).waitFor();
    const packs = s.page.getByRole('group', { name: /快递$/ });
    await expect.poll(() => packs.count()).toBe(3);
    // A courier is picked as a shopper would, without forcing: the packs draw again as their fees arrive, and a
    // forced check of a radio being drawn again finds it without a box.
    for (let i = 0; i < 3; i += 1) {
      await packs.nth(i).getByRole('radio', { disabled: false }).first().check();
    }
    await s.page.getByRole('button', { name: '提交订单' }).click();
    await s.page.waitForURL(/\/payment\?orderId=\d+/);
    const orders = await callApi(shop.baseURL, OrderPaths.list, {}, token);
    expect(orders.items).toHaveLength(1);
    expect(orders.items[0]?.orderBeans).toHaveLength(3);
    orderNo = orders.items[0]?.orderNo ?? '';
  });

  it('shows the SKUs in 常购清单 and puts the chosen ones back in the cart in one batch', async () => {
    await s.page.goto('/user/order');
    const table = s.page.locator('table.bought-table tbody tr');
    await expect.poll(() => table.count()).toBe(10);
    const bought = await callApi(shop.baseURL, OrderPaths.boughtSkus, {}, token);
    expect(bought.items.map((i) => i.skuId).sort()).toEqual(chosen.map((r) => r.skuId).sort());
    expect(bought.items.every((i) => i.timesBought === 1)).toBe(true);
    for (const viewport of [DESKTOP, PHONE]) {
      await s.page.setViewportSize(viewport);
      await photo(s.page, { path: join(SHOTS, `order-${viewport.width}.png`), fullPage: true });
    }
    await s.page.setViewportSize(DESKTOP);

    // The order emptied the cart's lines; three chosen rows go back at their last quantities.
    for (const row of chosen.slice(0, 3)) {
      const sku = Object.values(row.property).join(' ') || row.skuName;
      await s.page.getByRole('checkbox', { name: `选择 ${row.name} ${sku}`, exact: true }).check();
    }
    await s.page.getByRole('button', { name: /^加入购物车/ }).click();
    await s.page
      .getByText(/^已加入购物车：3 个规格/)
      .first()
      .waitFor();
    const cart = await callApi(shop.baseURL, CartPaths.list, {}, token);
    expect(cart.data.map((l) => l.skuId)).toEqual(
      expect.arrayContaining(chosen.slice(0, 3).map((r) => r.skuId)),
    );
  });

  it('shows the packs in 装箱单 once the operator marks them ready, prints and downloads them', async () => {
    await s.page.goto('/user/packing');
    await s.page.getByText('暂无装箱单').waitFor();

    // The operator works the order on the shop's database: paid, to the warehouse, ready; the first pack ships.
    // The page leaves first, so that it does not try to reach the stopped shop meanwhile.
    await s.page.goto('about:blank');
    await shop.stop();
    for (const command of ['order:mark-paid', 'order:push', 'order:processing', 'order:ready'])
      runShopCommand(dataDir, [command, '--order', orderNo]);
    runShopCommand(dataDir, [
      'order:ship',
      '--order',
      orderNo,
      '--pack',
      '0',
      '--courier',
      'SF',
      '--code',
      'SF20261124001',
    ]);
    shop = await startShop({}, { dataDir, port: shop.port });

    await s.page.goto('/user/packing');
    const sheets = s.page.locator('li.packing-sheet');
    await expect.poll(() => sheets.count(), { timeout: 15_000 }).toBe(3);
    const packing = await callApi(shop.baseURL, OrderPaths.packingList, {}, token);
    expect(packing.items.map((p) => p.status).sort()).toEqual(
      [OrderStatus.AwaitingDispatch, OrderStatus.AwaitingDispatch, OrderStatus.Shipped].sort(),
    );
    expect(packing.items.reduce((n, p) => n + p.pieces, 0)).toBe(16);
    const shipped = sheets.filter({ hasText: 'SF20261124001' });
    expect(await shipped.count()).toBe(1);
    expect(await shipped.innerText()).toContain('顺丰');
    for (const viewport of [DESKTOP, PHONE]) {
      await s.page.setViewportSize(viewport);
      await photo(s.page, { path: join(SHOTS, `packing-${viewport.width}.png`), fullPage: true });
    }
    await s.page.setViewportSize(DESKTOP);

    // Printed: the packing lists only, without the shop's header, footer and buttons.
    await s.page.emulateMedia({ media: 'print' });
    expect(await s.page.locator('.site-header').isVisible()).toBe(false);
    expect(await s.page.getByRole('button', { name: '打印' }).isVisible()).toBe(false);
    expect(await sheets.first().isVisible()).toBe(true);
    await photo(s.page, { path: join(SHOTS, 'packing-print.png'), fullPage: true });
    await s.page.emulateMedia({ media: 'screen' });

    const download = s.page.waitForEvent('download');
    await s.page.getByRole('button', { name: '导出 Excel' }).click();
    expect((await download).suggestedFilename()).toMatch(/^PackingList_\d{8}_\d{4}\.xlsx$/);
  });

  it('saw no page errors on the way', () => {
    expect(s.errors).toEqual([]);
  });
});
