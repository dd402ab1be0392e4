import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  AddressPaths,
  CartPaths,
  type CreatedOrder,
  MemberPaths,
  OrderPaths,
  PaymentPaths,
  SkuStatus,
  SupportTicketPaths,
  Warehouse,
} from '@shop/domain';
import { PDFParse } from 'pdf-parse';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../apps/api/test/support/smtp-server';
import { allGoods, byThePiece, callApi } from './support/api';
import { type BrowserSession, openBrowser, photosTaken, signInEveryPage } from './support/browser';
import {
  changeFirstPassword,
  consoleShot,
  createStaff,
  DESKTOP,
  ownerCommand,
  PHONE,
  runWhileStopped,
  setUpAuthenticator,
  signIn,
  signOut,
} from './support/console';
import { newShopDataDir, type RunningShop, startShop, TEST_CAPTCHA } from './support/server';

/** The journey's screens, to be looked at after a run. */
const SHOTS = '/tmp/console-shots';
const OWNER_PASSWORD = 'boss-pass-2026';
const WAREHOUSE = { username: 'wh_chen', name: '仓库小陈', role: '仓库', password: 'warehouse-2026' };
const SERVICE = { username: 'cs_zhou', name: '客服小周', role: '客服', password: 'service-2026a' };
const MEMBER = { username: 'zhao_lei', password: 'member-2026' };
const MEMBER_EMAIL = 'zhao.lei@example.test';
const TRACKING = 'SF1234567890';
const PHOTO_NOTE = '外箱已封，共1箱';
const REPLY = '您好，包裹已从悉尼发出，单号 SF1234567890，可在订单详情查看物流。';

const shot = (page: Page, name: string) => consoleShot(page, SHOTS, name);

/** The same screen at a phone's width, then back at the desktop's. */
async function phoneShot(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  await shot(page, name);
  await page.setViewportSize(DESKTOP);
}

/** Picks every order of the list's page (the header's box). */
async function pickPage(page: Page, count: number) {
  await page.locator('.ant-table-thead input[type="checkbox"]').check();
  await page.getByText(`已选 ${count} 个订单`).waitFor();
}

/** A PDF's text, page by page, and (when the run takes photos) its first page as a PNG beside the screenshots. */
async function readPdf(bytes: Buffer, png: string): Promise<string[]> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const pages = (await parser.getText()).pages.map((p) => p.text);
    if (photosTaken) {
      const shotOf = await parser.getScreenshot({ scale: 1.5, first: 1 });
      const first = shotOf.pages[0];
      await mkdir(SHOTS, { recursive: true });
      if (first) await writeFile(join(SHOTS, `${png}.png`), Buffer.from(first.data));
    }
    return pages;
  } finally {
    await parser.destroy();
  }
}

/** Confirms the step the drawer's primary button offers, and waits for the order to show its new status. */
async function step(page: Page, label: string, status: string) {
  const drawer = page.locator('.ant-drawer');
  await drawer.getByRole('button', { name: label, exact: true }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: '确定' }).click();
  await drawer.locator('.ant-descriptions').getByText(status, { exact: true }).waitFor();
}

/**
 * Issue #15's whole journey, through the browser: the owner made on the command line creates a warehouse and a
 * service account; the warehouse account pushes, readies and ships a member's paid order with a tracking number
 * and a photo of the packed box, then finds two more orders by their receiver's phone, prints their packing lists
 * and ships both from a tracking sheet after its preview; the service account answers the member's ticket about
 * the first; the member sees the shipped status, the logistics, the photo and the reply in the storefront.
 */
describe('console fulfilment journey', () => {
  let shop: RunningShop & { port: number; dataDir: string };
  let dataDir = '';
  let s: BrowserSession;
  let token = '';
  let order: CreatedOrder;
  let ticketId = 0;
  let skuCode = '';
  let skuId = 0;
  let smtp: TestSmtpServer;
  let mailEnv: Record<string, string> = {};

  beforeAll(async () => {
    // The shop's mail goes to a real SMTP server in this process (#31): the member is told of the shipment there.
    smtp = await startSmtpServer();
    mailEnv = { SHOP_SMTP_URL: smtp.url, SHOP_MAIL_FROM: '澳中批发商城 <shop@example.test>' };
    dataDir = await newShopDataDir();
    shop = await startShop(mailEnv, { dataDir });
    const { captchaId } = await callApi(shop.baseURL, MemberPaths.captcha);
    ({ token } = await callApi(shop.baseURL, MemberPaths.register, {
      ...MEMBER,
      captchaId,
      captchaCode: TEST_CAPTCHA,
    }));
    // The member proves an e-mail address with the code mailed to it.
    const bindCaptcha = await callApi(shop.baseURL, MemberPaths.captcha);
    await callApi(
      shop.baseURL,
      MemberPaths.sendCode,
      { scene: 'bind', email: MEMBER_EMAIL, captchaId: bindCaptcha.captchaId, captchaCode: TEST_CAPTCHA },
      token,
    );
    const [codeMail] = await smtp.waitFor(1, 30_000);
    const code = /验证码\s*(\d{6})/.exec(codeMail?.text ?? '')?.[1] ?? '';
    await callApi(shop.baseURL, MemberPaths.bindContact, { email: MEMBER_EMAIL, code }, token);
    const { id: receiverId } = await callApi(
      shop.baseURL,
      AddressPaths.receiverSave,
      {
        name: '赵磊',
        phone: '13800138000',
        country: 'CN',
        province: '上海市',
        city: '上海市',
        district: '静安区',
        detail: '南京西路1号',
        postCode: '200040',
        defaultFlag: true,
      },
      token,
    );
    const sku = (await allGoods(shop.baseURL))
      .filter((g) => g.location === Warehouse.AU)
      .flatMap((g) => g.skus.filter(byThePiece))
      .find((k) => k.status === SkuStatus.InStock && k.cnyPrice !== null);
    if (!sku) throw new Error('the demo catalogue has no AU InStock SKU with a CNY price');
    skuCode = sku.code;
    skuId = sku.id;
    await callApi(shop.baseURL, CartPaths.addItem, { skuId: sku.id, qty: 1 }, token);
    order = await callApi(
      shop.baseURL,
      OrderPaths.create,
      { currency: 'CNY', isPickup: false, receiverId, requestId: randomUUID() },
      token,
    );
    // The owner, and cash the member brought to the shop, from the operator's command line.
    shop = await runWhileStopped(
      shop,
      [
        ownerCommand(OWNER_PASSWORD),
        [
          'deposit:cash',
          '--member',
          MEMBER.username,
          '--currency',
          'CNY',
          '--amount',
          String(Math.ceil(order.totalPrice) + 10),
        ],
      ],
      mailEnv,
    );
    await callApi(
      shop.baseURL,
      PaymentPaths.payByDeposit,
      { orderId: order.orderId, currency: 'CNY', deposit: order.totalPrice },
      token,
    );
    ticketId = (
      await callApi(
        shop.baseURL,
        SupportTicketPaths.create,
        {
          type: 1,
          title: '订单什么时候发货',
          content: '已经用余额付款了，请问什么时候能发出？',
          orderId: order.orderId,
        },
        token,
      )
    ).id;
    s = await openBrowser(shop.baseURL, DESKTOP);
  }, 240_000);

  afterAll(async () => {
    await s?.close();
    await shop?.stop();
    await smtp?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('the owner creates a warehouse and a service account', async () => {
    await signIn(s.page, 'boss', OWNER_PASSWORD);
    await setUpAuthenticator(s.page);
    await s.page.waitForURL('**/admin/dashboard');
    // The paid order waits to be pushed on 工作台.
    await s.page.getByText('已付款待推送的订单').waitFor();
    // Today's takings count the member's payment.
    await s.page
      .getByText(`¥${order.totalPrice.toFixed(2)}`)
      .first()
      .waitFor();
    await s.page.getByRole('menuitem', { name: /员工管理/ }).click();
    await createStaff(s.page, WAREHOUSE);
    await createStaff(s.page, SERVICE);
    await shot(s.page, 'journey-01-staff-1440');
    await signOut(s.page);
  });

  it('the warehouse account pushes, readies and ships the paid order with a tracking number and a photo', async () => {
    await signIn(s.page, WAREHOUSE.username, WAREHOUSE.password);
    await changeFirstPassword(s.page, WAREHOUSE.password, 'my-own-warehouse-1');
    await s.page.getByRole('menuitem', { name: /订单/ }).click();
    await s.page.getByRole('button', { name: order.orderNo }).click();
    const drawer = s.page.locator('.ant-drawer');
    await drawer.getByText('南京西路1号').waitFor();
    await shot(s.page, 'journey-02-order-paid-1440');

    await step(s.page, '推送到仓库', '已推送');
    await step(s.page, '仓库处理中', '仓库处理中');
    await step(s.page, '待发货', '待发货');

    await drawer.getByRole('button', { name: '发货', exact: true }).click();
    const ship = s.page.getByRole('dialog', { name: /发货：/ });
    // The courier the member chose at checkout is picked already.
    await ship.getByText('（会员选择）').waitFor();
    await ship.getByLabel('物流单号').fill(TRACKING);
    await shot(s.page, 'journey-03-ship-1440');
    await ship.getByRole('button', { name: '确认发货' }).click();
    await ship.waitFor({ state: 'hidden' });
    await drawer.locator('.ant-descriptions').getByText('已发货', { exact: true }).waitFor();
    await drawer.getByText(TRACKING).first().waitFor();
    // The member is told by e-mail, with the courier and the tracking number.
    await expect
      .poll(() => smtp.received.find((m) => m.subject === `订单 ${order.orderNo} 已发货`), {
        timeout: 30_000,
      })
      .toBeTruthy();
    const shipped = smtp.received.find((m) => m.subject === `订单 ${order.orderNo} 已发货`);
    expect(shipped?.to).toEqual([MEMBER_EMAIL]);
    expect(shipped?.text).toContain(`运单号：${TRACKING}`);
    expect(shipped?.html).toContain('澳中批发商城');

    await drawer.getByRole('button', { name: /上传包裹照片/ }).click();
    const upload = s.page.getByRole('dialog', { name: '上传包裹照片' });
    const photo = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: 190, g: 150, b: 100 } },
    })
      .jpeg()
      .toBuffer();
    await upload
      .locator('input[type="file"]')
      .setInputFiles({ name: 'box.jpg', mimeType: 'image/jpeg', buffer: photo });
    await upload.getByText('box.jpg').waitFor();
    await upload.getByLabel('备注').fill(PHOTO_NOTE);
    await upload.getByRole('button', { name: '上传' }).click();
    await s.page.getByText('照片已上传').waitFor();
    await drawer.getByRole('img', { name: PHOTO_NOTE }).waitFor();

    await drawer.getByRole('button', { name: '添加物流轨迹' }).click();
    const logistics = s.page.getByRole('dialog', { name: '添加物流轨迹' });
    await logistics.getByLabel('轨迹描述').fill('已到达上海转运中心');
    await logistics.getByLabel('地点').fill('上海');
    await logistics.getByRole('button', { name: '添加' }).click();
    await logistics.waitFor({ state: 'hidden' });
    await drawer.getByText(/已到达上海转运中心/).waitFor();
    // The drawer scrolls on its own: its end holds the photo and the tracking.
    await drawer.locator('.ant-drawer-body').evaluate((body) => body.scrollTo(0, body.scrollHeight));
    await shot(s.page, 'journey-04-order-shipped-1440');
    await s.page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // New goods came in: 库存, with the reason kept in the SKU's ledger.
    await s.page.goto(`/admin/stock?keyword=${encodeURIComponent(skuCode)}`);
    await s.page.getByRole('button', { name: '调整库存' }).first().click();
    const adjust = s.page.getByRole('dialog', { name: `调整库存：${skuCode}` });
    await adjust.getByLabel('数量').fill('24');
    await adjust.getByLabel('原因').fill('到货 2 箱');
    await adjust.getByRole('button', { name: '确认调整' }).click();
    await s.page.getByText(new RegExp(`${skuCode} 库存：\\d+ → \\d+`)).waitFor();
    await s.page.getByRole('button', { name: '流水' }).first().click();
    await s.page.locator('.ant-drawer').getByText('到货 2 箱').waitFor();
    await shot(s.page, 'journey-04b-stock-ledger-1440');
    await s.page.keyboard.press('Escape');
    await expect.poll(() => s.page.locator('.ant-drawer-open').count()).toBe(0);
    await signOut(s.page);
  });

  it('the warehouse finds orders by the receiver’s phone, prints their packing lists and ships two from a tracking sheet', async () => {
    // Two more orders of the member, to another receiver, paid from the deposit.
    const { id: receiverId } = await callApi(
      shop.baseURL,
      AddressPaths.receiverSave,
      {
        name: '钱多多',
        phone: '13911112222',
        country: 'CN',
        province: '浙江省',
        city: '杭州市',
        district: '西湖区',
        detail: '文三路88号',
        postCode: '310012',
        defaultFlag: false,
      },
      token,
    );
    const bulk: CreatedOrder[] = [];
    for (let i = 0; i < 2; i += 1) {
      await callApi(shop.baseURL, CartPaths.addItem, { skuId, qty: i + 1 }, token);
      bulk.push(
        await callApi(
          shop.baseURL,
          OrderPaths.create,
          { currency: 'CNY', isPickup: false, receiverId, requestId: randomUUID() },
          token,
        ),
      );
    }
    const due = bulk.reduce((sum, o) => sum + o.totalPrice, 0);
    shop = await runWhileStopped(
      shop,
      [
        [
          'deposit:cash',
          '--member',
          MEMBER.username,
          '--currency',
          'CNY',
          '--amount',
          String(Math.ceil(due) + 10),
        ],
      ],
      mailEnv,
    );
    for (const o of bulk)
      await callApi(
        shop.baseURL,
        PaymentPaths.payByDeposit,
        { orderId: o.orderId, currency: 'CNY', deposit: o.totalPrice },
        token,
      );
    const [first, second] = bulk as [CreatedOrder, CreatedOrder];

    await signIn(s.page, WAREHOUSE.username, 'my-own-warehouse-1');
    await s.page.getByRole('menuitem', { name: /订单/ }).click();
    await s.page.getByText(/共 \d+ 个订单/).waitFor();
    await shot(s.page, 'journey-06-order-filters-1440');
    await phoneShot(s.page, 'journey-06-order-filters-390');

    // The receiver's phone, typed as people say it, finds the two orders and not the first one.
    await s.page.getByLabel('收货人').fill('139 1111 2222');
    await s.page.getByRole('button', { name: '查询' }).click();
    await s.page.getByText('共 2 个订单').waitFor();
    await s.page.getByRole('button', { name: first.orderNo }).waitFor();
    await s.page.getByRole('button', { name: second.orderNo }).waitFor();
    expect(await s.page.getByRole('button', { name: order.orderNo }).count()).toBe(0);
    expect(new URL(s.page.url()).searchParams.get('receiver')).toBe('139 1111 2222');

    // Both are taken to 待发货 with the batch steps.
    for (const step of ['批量推送到仓库', '批量仓库处理中', '批量待发货']) {
      await pickPage(s.page, 2);
      await s.page.getByRole('button', { name: step }).click();
      await s.page.locator('.ant-popconfirm').getByRole('button', { name: '确定' }).click();
      const results = s.page.getByRole('dialog', { name: '批量操作结果' });
      await expect.poll(() => results.getByText('成功', { exact: true }).count()).toBe(2);
      await results.getByRole('button', { name: '知道了' }).click();
      await results.waitFor({ state: 'hidden' });
    }
    await expect.poll(() => s.page.locator('.ant-table-tbody').getByText('待发货').count()).toBe(2);

    // The packing lists of the picked orders: one page a pack, the shop, receiver and lines on it.
    await pickPage(s.page, 2);
    await s.page.getByRole('button', { name: /打印装箱单\/拣货单/ }).click();
    const print = s.page.getByRole('dialog', { name: '打印装箱单 / 拣货单' });
    await print.getByText('将打印：2 个订单的 2 个待发货包裹').waitFor();
    await shot(s.page, 'journey-07-print-1440');
    const [download] = await Promise.all([
      s.page.waitForEvent('download'),
      print.getByRole('button', { name: /下载装箱单/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^PackingList_\d{8}_\d{4}\.pdf$/);
    const pages = await readPdf(await readFile(await download.path()), 'journey-07-packing-list-page-1');
    expect(pages).toHaveLength(2);
    for (const o of bulk) {
      const page = pages.find((p) => p.includes(`${o.orderNo} 包裹 1/1`)) ?? '';
      expect(page).toContain('澳中批发商城');
      expect(page).toContain('钱多多');
      expect(page).toContain('13911112222');
      expect(page).toContain('浙江省 杭州市 西湖区 文三路88号');
      expect(page).toContain(skuCode);
    }
    await print.locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();
    await print.waitFor({ state: 'hidden' });

    // The bulk ship dialog: a courier and a tracking number per order (looked at, then left).
    await s.page.getByRole('button', { name: /批量发货/ }).click();
    const shipMany = s.page.getByRole('dialog', { name: '批量发货（2 个订单）' });
    await shipMany.getByLabel(`物流单号 ${first.orderNo}`).fill('SF2026000001');
    await shot(s.page, 'journey-08-ship-many-1440');
    await phoneShot(s.page, 'journey-08-ship-many-390');
    await shipMany.getByRole('button', { name: '取消' }).click();
    await shipMany.waitFor({ state: 'hidden' });

    // The tracking sheet: a row the shop cannot read is shown before anything ships; the corrected sheet ships both.
    await s.page.getByRole('button', { name: /上传运单表/ }).click();
    const sheet = s.page.getByRole('dialog', { name: '上传运单表批量发货' });
    const choose = (rows: string[]) =>
      sheet.locator('input[type="file"]').setInputFiles({
        name: 'tracking.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`订单号,快递公司,运单号\r\n${rows.join('\r\n')}\r\n`),
      });
    await choose([`${first.orderNo},顺丰速运,SF2026000001`, `${second.orderNo},韵达快递,YD2026000002`]);
    await sheet.getByText('未找到快递公司「韵达快递」，请填写已启用的快递公司名称或编码').first().waitFor();
    await expect.poll(() => sheet.getByRole('button', { name: /确认发货/ }).isDisabled()).toBe(true);
    await shot(s.page, 'journey-09-tracking-sheet-problem-1440');
    await sheet.getByRole('button', { name: '重新选择' }).click();
    await choose([`${first.orderNo},顺丰速运,SF2026000001`, `${second.orderNo},SF,SF2026000002`]);
    await sheet.getByText('检查通过：2 行可以发货，尚未发货').waitFor();
    await shot(s.page, 'journey-09-tracking-sheet-preview-1440');
    await phoneShot(s.page, 'journey-09-tracking-sheet-preview-390');
    await sheet.getByRole('button', { name: /确认发货/ }).click();
    await sheet.getByText('发货完成').waitFor();
    await sheet.getByRole('button', { name: '完成' }).click();
    await sheet.waitFor({ state: 'hidden' });
    await expect.poll(() => s.page.locator('.ant-table-tbody').getByText('已发货').count()).toBe(2);
    // The member is told of each, as of a single ship.
    for (const [i, o] of bulk.entries())
      await expect
        .poll(() => smtp.received.find((m) => m.subject === `订单 ${o.orderNo} 已发货`)?.text ?? '', {
          timeout: 30_000,
        })
        .toContain(`运单号：SF202600000${i + 1}`);
    expect(s.errors, 'no console errors or CSP violations').toEqual([]);
    await signOut(s.page);
  });

  it('the service account answers the member’s ticket', async () => {
    await signIn(s.page, SERVICE.username, SERVICE.password);
    await changeFirstPassword(s.page, SERVICE.password, 'my-own-service-1');
    await s.page.getByRole('menuitem', { name: /客服工单/ }).click();
    await s.page.getByRole('link', { name: '订单什么时候发货' }).click();
    await s.page.waitForURL(`**/admin/tickets/${ticketId}`);
    // The order beside the thread shows what the warehouse did.
    await s.page.getByText(order.orderNo).first().waitFor();
    await s.page.getByLabel('回复内容').fill(REPLY);
    await s.page.getByRole('button', { name: '发送回复' }).click();
    await s.page.getByText('回复已发送').waitFor();
    await shot(s.page, 'journey-05-ticket-replied-1440');
    await signOut(s.page);
    expect(s.errors, 'no console errors or CSP violations').toEqual([]);
  });

  it('the member sees the shipped status, the logistics, the photo and the reply in the storefront', async () => {
    await signInEveryPage(s, token);
    await s.page.setViewportSize(PHONE);
    await s.page.goto(`/order/${order.orderId}`);
    const pack = s.page.getByRole('region', { name: '包裹 1' });
    await pack.getByText('已发货').waitFor();
    await pack.getByText(`物流单号 ${TRACKING}`).waitFor();
    await pack.getByRole('button', { name: '查看物流' }).click();
    await pack.getByText('已到达上海转运中心').waitFor();
    const picture = s.page.getByRole('img', { name: PHOTO_NOTE });
    await picture.waitFor();
    await expect
      .poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await s.screenshot('console-journey-member-order-390');

    await s.page.goto(`/member/supportticketreply/${ticketId}`);
    await s.page.getByText(REPLY).waitFor();
    await s.screenshot('console-journey-member-ticket-390');
    expect(s.errors, 'no console errors or CSP violations').toEqual([]);
  });
});
