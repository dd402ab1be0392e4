import { randomUUID } from 'node:crypto';
import {
  CartPaths,
  CataloguePaths,
  type GoodsListItem,
  MemberPaths,
  OrderPaths,
  SkuStatus,
  SupportTicketPaths,
  Warehouse,
} from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allGoods, byThePiece, callApi } from './support/api';
import { type BrowserSession, openBrowser, signInEveryPage } from './support/browser';
import { type RunningShop, startShop, TEST_CAPTCHA } from './support/server';

const SHOP = '澳中批发商城';
const NOT_FOUND = '页面不存在';

/** A text as a literal inside a RegExp. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One row of spec §2's route table as the walk opens it: the address, and what proves its own page is drawn. */
interface RouteVisit {
  path: string;
  /** The tab title the route sets (spec §2 'The page title follows the matched route's title'). */
  title: string | RegExp;
  /** The page's h1 (a product, brand or article page names what it shows). */
  heading: string | RegExp;
  /** Something else only that page draws, where the h1 alone would not tell (the supplier landing pages). */
  shows?: string;
}

/**
 * Spec §2's route table, walked in one signed-in browser: every path of the table (each optional segment with
 * and without it, the supplier area's eight paths, the /user pages) opens its own page, never the not-found page
 * nor the load-failure page, with no script error; /404 and an unmatched path open the not-found page.
 */
describe('route table walk', () => {
  let shop: RunningShop;
  let s: BrowserSession;
  const visits: RouteVisit[] = [];

  beforeAll(async () => {
    shop = await startShop();
    const { baseURL } = shop;
    const [goods, categories, brands, articleCategories] = await Promise.all([
      allGoods(baseURL),
      callApi(baseURL, CataloguePaths.catalogList),
      callApi(baseURL, CataloguePaths.brandList),
      callApi(baseURL, CataloguePaths.articleCategoryList),
    ]);
    const captcha = await callApi(baseURL, MemberPaths.captcha);
    const { token } = await callApi(baseURL, MemberPaths.register, {
      username: `walk_${Date.now().toString(36)}`,
      password: 'walker12345',
      captchaId: captcha.captchaId,
      captchaCode: TEST_CAPTCHA,
    });
    // An order to open (picked up at the Sydney desk, so it needs no address) and a ticket about it.
    const skus = goods
      .filter((g: GoodsListItem) => g.location === Warehouse.AU)
      .flatMap((g) => g.skus.filter(byThePiece))
      .filter((k) => k.status === SkuStatus.InStock && k.cnyPrice !== null);
    const [ordered, inCart] = skus;
    if (!ordered || !inCart)
      throw new Error('the demo catalogue has no two AU InStock SKUs with a CNY price');
    await callApi(baseURL, CartPaths.addItem, { skuId: ordered.id, qty: 1 }, token);
    const order = await callApi(
      baseURL,
      OrderPaths.create,
      { currency: 'CNY', isPickup: true, requestId: randomUUID() },
      token,
    );
    const ticket = await callApi(
      baseURL,
      SupportTicketPaths.create,
      { type: 1, title: '发票', content: '请开具发票。', orderId: order.orderId, imageIds: [] },
      token,
    );
    // Checkout opens on what the cart holds.
    await callApi(baseURL, CartPaths.addItem, { skuId: inCart.id, qty: 1 }, token);

    const product = goods[0];
    const category = categories[0];
    const brand = brands.items[0];
    const article = articleCategories.flatMap((c) => c.articles)[0];
    if (!product || !category || !brand || !article)
      throw new Error('the demo shop lacks a product, category, brand or article');

    const member = (heading: string) => ({ title: `${heading} - ${SHOP}`, heading });
    visits.push(
      { path: '/', title: SHOP, heading: `${SHOP}首页` },
      { path: `/article/${article.id}`, title: `${article.title} - ${SHOP}`, heading: article.title },
      {
        path: `/brand/${brand.id}`,
        title: new RegExp(`${brand.name} - ${SHOP}`),
        heading: new RegExp(brand.name),
      },
      { path: '/brands', ...member('品牌馆') },
      { path: '/brands/brandsImgScroll', ...member('品牌图集') },
      { path: '/brands/category', ...member('品牌分类') },
      { path: '/brands/letters', ...member('品牌索引') },
      { path: '/cart', ...member('购物车') },
      { path: '/checkout', title: `结算 - ${SHOP}`, heading: '确认订单' },
      { path: `/payment?orderId=${order.orderId}`, ...member('支付') },
      { path: `/payment/result?orderId=${order.orderId}`, ...member('支付结果') },
      // The product page puts its warehouse before the name (【澳大利亚仓】…).
      {
        path: `/product/${product.id}`,
        title: new RegExp(`${literal(product.name)} - ${SHOP}$`),
        heading: new RegExp(literal(product.name)),
      },
      { path: '/products', title: `商品列表 - ${SHOP}`, heading: '商品列表' },
      { path: `/products/${category.id}`, title: `商品列表 - ${SHOP}`, heading: '商品列表' },
      { path: `/order/${order.orderId}`, ...member('订单详情') },
      { path: '/member', ...member('会员中心') },
      { path: '/member/company', ...member('我的公司') },
      { path: '/member/deposit', ...member('余额明细') },
      { path: '/member/message', ...member('站内消息') },
      { path: '/member/oldOrder', ...member('历史订单') },
      { path: '/member/order', ...member('我的订单') },
      { path: '/member/receiver', ...member('收货地址') },
      { path: '/member/recharge', ...member('余额充值') },
      { path: '/member/security', ...member('账户安全') },
      { path: '/member/sender', ...member('发件地址') },
      { path: '/member/settings', ...member('个人资料') },
      { path: '/member/supportticket', ...member('服务工单') },
      {
        path: `/member/supportticketreply/${ticket.id}`,
        ...member('工单回复'),
        shows: 'main >> text=请开具发票。',
      },
      // The landing pages: the hero's title, the blocks and the application form.
      { path: '/supplier', title: `供应商专区 - ${SHOP}`, heading: /./, shows: '#apply-title' },
      { path: '/supplier/en', title: `Supplier - ${SHOP}`, heading: /[A-Za-z]/, shows: '#apply-title' },
      { path: '/supplier/Banner1', title: `供应商专区 - ${SHOP}`, heading: /./, shows: '#Banner1-title' },
      { path: '/supplier/Feature0', title: `供应商专区 - ${SHOP}`, heading: '区块预览 · Feature0' },
      { path: '/supplier/Feature5', title: `供应商专区 - ${SHOP}`, heading: '区块预览 · Feature5' },
      { path: '/supplier/Nav0', title: `供应商专区 - ${SHOP}`, heading: '区块预览 · Nav0' },
      { path: '/supplier/data.source', title: `供应商专区 - ${SHOP}`, heading: '内容源 · supplier' },
      {
        path: '/supplier/en/data.source',
        title: `Supplier - ${SHOP}`,
        heading: 'Content source · supplierEn',
      },
      { path: '/user/order', ...member('常购清单') },
      { path: '/user/packing', ...member('装箱单') },
      { path: '/user/products', ...member('快速订货') },
    );

    s = await openBrowser(baseURL, { width: 1366, height: 900 });
    await signInEveryPage(s, token);
  }, 180_000);

  afterAll(async () => {
    await s?.close();
    await shop?.stop();
  });

  /** Opens an address from scratch and waits until the page (not its skeleton) is drawn. */
  async function open(path: string) {
    await s.page.goto(path);
    await s.page
      .locator('.page-skeleton')
      .first()
      .waitFor({ state: 'detached', timeout: 20_000 })
      .catch(() => {});
    await s.page.locator('h1').first().waitFor({ state: 'attached', timeout: 20_000 });
  }

  it('opens every path of the route table on its own page', async () => {
    // 39 addresses: every row of the table (我的公司 among them), the optional segments with and without their value.
    expect(visits.length).toBe(39);
    for (const visit of visits) {
      await open(visit.path);
      const where = `${visit.path}: `;
      if (typeof visit.title === 'string')
        await expect.poll(() => s.page.title(), { message: where }).toBe(visit.title);
      else await expect.poll(() => s.page.title(), { message: where }).toMatch(visit.title);
      const h1 = s.page.getByRole('heading', { level: 1, name: visit.heading, includeHidden: true });
      await expect.poll(() => h1.count(), { message: `${where}h1 ${visit.heading}` }).toBeGreaterThan(0);
      const headings = await s.page.locator('h1').allInnerTexts();
      expect(headings, where).not.toContain(NOT_FOUND);
      expect(headings, where).not.toContain('页面加载失败');
      if (visit.shows)
        await s.page.locator(visit.shows).first().waitFor({ state: 'attached', timeout: 10_000 });
    }
    expect(s.errors).toEqual([]);
  }, 600_000);

  it('opens the not-found page for /404 and an unmatched path', async () => {
    for (const path of ['/404', '/no/such/page']) {
      await open(path);
      await expect.poll(() => s.page.title()).toBe(`${NOT_FOUND} - ${SHOP}`);
      expect(await s.page.getByRole('heading', { level: 1, name: NOT_FOUND }).isVisible()).toBe(true);
    }
  });
});
