import { randomUUID } from 'node:crypto';
import {
  CartPaths,
  CataloguePaths,
  type GoodsListItem,
  OrderPaths,
  SkuStatus,
  StorageKey,
  SupportTicketPaths,
  Warehouse,
} from '@shop/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allGoods, byThePiece, callApi, loginToken } from './support/api';
import { type BrowserSession, openBrowser } from './support/browser';
import { journeyShop } from './support/journey-shop';

/** What a `securitypolicyviolation` event says, as the init script reports it. */
interface Violation {
  page: string;
  directive: string;
  blocked: string;
  source: string;
  sample: string;
}

/**
 * The Content-Security-Policy against the real storefront in Chromium: every page of the route table, as a
 * visitor and as the demo member, the dialogs that inject their own styles, and the API docs, with not one
 * CSP violation and not one console error.
 */
describe('security headers in the browser', () => {
  const shop = journeyShop();
  let s: BrowserSession;
  const violations: Violation[] = [];
  const consoleErrors: string[] = [];
  let goods: GoodsListItem[] = [];

  /** Opens a path and waits until its code, data and styles have arrived. */
  async function open(path: string, title?: string) {
    await s.page.goto(path, { waitUntil: 'networkidle' });
    if (title) await expect.poll(() => s.page.title(), { message: path }).toContain(title);
  }

  function expectNoViolations() {
    expect(violations).toEqual([]);
    expect(consoleErrors).toEqual([]);
  }

  beforeAll(async () => {
    goods = await allGoods(shop.baseURL);
    s = await openBrowser(shop.baseURL);
    await s.context.exposeBinding('__reportCspViolation', (_source, violation: Violation) => {
      violations.push(violation);
    });
    await s.context.addInitScript(() => {
      document.addEventListener(
        'securitypolicyviolation',
        (e) => {
          const report = (window as unknown as { __reportCspViolation(v: unknown): void })
            .__reportCspViolation;
          report({
            page: location.pathname,
            directive: e.effectiveDirective,
            blocked: e.blockedURI,
            source: `${e.sourceFile}:${e.lineNumber}`,
            sample: e.sample,
          });
        },
        true,
      );
    });
    // Every console error counts here, expected API refusals included: none of these pages should cause one.
    s.page.on('console', (msg) => {
      if (msg.type() === 'error') consoleErrors.push(`${s.page.url()}: ${msg.text()}`);
    });
  });
  beforeEach(() => {
    violations.length = 0;
    consoleErrors.length = 0;
  });
  afterAll(async () => {
    await s?.close();
  });

  it('gives the page a fresh style nonce that its header allows', async () => {
    const nonces = new Set<string>();
    for (const path of ['/', '/member/order']) {
      const res = await fetch(`${shop.baseURL}${path}`);
      const csp = res.headers.get('content-security-policy') ?? '';
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? '';
      expect(csp).toContain(`style-src 'self' 'nonce-${nonce}'`);
      expect(csp).not.toContain('unsafe-inline');
      expect(await res.text()).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(2);
  });

  it('shows every visitor page with no violation', async () => {
    const product = goods.find((g) => g.skus.some((k) => k.status === SkuStatus.InStock));
    expect(product).toBeDefined();
    const categories = await callApi(shop.baseURL, CataloguePaths.articleCategoryList);
    const article = categories.flatMap((c) => c.articles)[0];
    expect(article).toBeDefined();
    await open('/');
    await open('/brands', '品牌馆');
    const brand = await s.page.locator('main a[href^="/brand/"]').first().getAttribute('href');
    expect(brand).toMatch(/^\/brand\/\d+/);

    const pages: [string, string][] = [
      ['/products', '商品列表'],
      // Product, brand and article pages name what they show in the tab once it has loaded.
      [`/product/${product?.id}`, `${product?.name} - 澳中批发商城`],
      ['/brands/brandsImgScroll', '品牌图集'],
      ['/brands/category', '品牌分类'],
      ['/brands/letters', '品牌索引'],
      [`/article/${article?.id}`, `${article?.title} - 澳中批发商城`],
      ['/404', '页面不存在'],
      ['/no/such/page', '页面不存在'],
      ['/supplier', '供应商专区'],
      ['/supplier/en', 'Supplier'],
      ['/supplier/Banner1', '供应商专区'],
      ['/supplier/en/data.source', 'Supplier'],
    ];
    for (const [path, title] of pages) await open(path, title);
    await open(brand ?? '');
    await expect
      .poll(() => s.page.title(), { message: brand ?? '' })
      .toMatch(/^(?!品牌详情)(?!澳中批发商城$).+ - 澳中批发商城$/);
    // A product in the visitor's cart, so /cart shows its lines.
    await open(`/product/${product?.id}`, `${product?.name} - 澳中批发商城`);
    await s.page.getByRole('button', { name: '加入购物车', exact: true }).click();
    await s.page.getByText('已加入购物车').first().waitFor();
    await open('/cart', '购物车');
    await s.page.locator('li.cart-line').first().waitFor();
    expectNoViolations();
  });

  it('opens the login dialog and the registration captcha with no violation', async () => {
    // An open dialog locks the page's scrolling with a style of its own; the captcha is a data: picture.
    await open('/');
    await s.page.getByRole('button', { name: '登录' }).first().click();
    const dialog = s.page.getByRole('dialog');
    await dialog.getByPlaceholder('用户名').waitFor();
    await dialog.getByRole('tab', { name: '注册' }).click();
    await expect
      .poll(() => dialog.locator('img[src^="data:image/svg+xml"]').first().isVisible(), { timeout: 10_000 })
      .toBe(true);
    await s.screenshot('60-csp-login-dialog');
    expectNoViolations();
  });

  it('shows every member page, checkout, payment and the order with no violation', async () => {
    const token = await loginToken(shop.baseURL);
    // The demo member, logged in as the storefront keeps it; the visitor's cart is left behind.
    await s.page.evaluate(
      ([key, value]) => {
        localStorage.clear();
        localStorage.setItem(key as string, value as string);
      },
      [StorageKey.token, token],
    );
    // From the AU warehouse: the pickup order below needs its desk.
    const sku = goods
      .filter((g) => g.location === Warehouse.AU)
      .flatMap((g) => g.skus.filter(byThePiece))
      .find((k) => k.status === SkuStatus.InStock && k.cnyPrice !== null && k.cnyPrice < 400);
    expect(sku).toBeDefined();
    await callApi(shop.baseURL, CartPaths.addItem, { skuId: sku?.id ?? 0, qty: 1 }, token);
    // A ticket of this member's own: another member's would answer 404, which the console reports.
    const ticket = await callApi(
      shop.baseURL,
      SupportTicketPaths.create,
      { type: 0, title: '发票抬头怎么修改', content: '下单后还能修改发票抬头吗？' },
      token,
    );

    const memberPages: [string, string][] = [
      ['/member', '会员中心'],
      ['/member/deposit', '余额明细'],
      ['/member/message', '站内消息'],
      ['/member/oldOrder', '历史订单'],
      ['/member/order', '我的订单'],
      ['/member/receiver', '收货地址'],
      ['/member/recharge', '余额充值'],
      ['/member/security', '账户安全'],
      ['/member/sender', '发件地址'],
      ['/member/settings', '个人资料'],
      ['/member/supportticket', '服务工单'],
      [`/member/supportticketreply/${ticket.id}`, '工单回复'],
      ['/cart', '购物车'],
      ['/checkout', '结算'],
    ];
    for (const [path, title] of memberPages) await open(path, title);
    await s.page.getByRole('button', { name: '提交订单' }).waitFor();

    // The address dialog: a form, a region cascader and the dialog's scroll lock.
    await open('/member/receiver', '收货地址');
    await s.page
      .getByRole('button', { name: /新增.*地址/ })
      .first()
      .click();
    await s.page.getByRole('dialog').getByLabel('智能识别地址文本').waitFor();
    await s.screenshot('61-csp-address-dialog');

    const order = await callApi(
      shop.baseURL,
      OrderPaths.create,
      { currency: 'CNY', isPickup: true, requestId: randomUUID() },
      token,
    );
    try {
      await open(`/payment?orderId=${order.orderId}`, '支付');
      await s.page.getByText(order.orderNo).first().waitFor();
      await open(`/order/${order.orderId}`, '订单详情');
      await s.page.getByTestId('order-status').waitFor();
      await open(`/payment/result?orderId=${order.orderId}`, '支付结果');
    } finally {
      // Its stock goes back for the other journeys.
      await callApi(shop.baseURL, OrderPaths.cancel, { id: order.orderId }, token);
    }
    expectNoViolations();
  });

  it('shows the staff console login with its captcha and no violation (ADR 020)', async () => {
    const res = await fetch(`${shop.baseURL}/admin/login`);
    const csp = res.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? '';
    expect(csp).toContain(`style-src 'self' 'nonce-${nonce}'`);
    expect(csp).not.toContain('unsafe-inline');
    expect(await res.text()).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
    await open('/admin/login', '员工后台');
    await s.page.getByRole('img', { name: '验证码图片' }).waitFor();
    // A refused sign-in draws an alert and a fresh captcha: more styles injected at run time.
    await s.page.getByRole('button', { name: '登录', exact: true }).click();
    await s.page.getByText('请输入用户名').waitFor();
    expectNoViolations();
  });

  it('shows the API docs with no violation', async () => {
    await open('/api/docs');
    await s.page.locator('.swagger-ui .info .title').getByText('商城 API').waitFor();
    // One call opened, with its parameters, schemas and example, and ready to be tried out.
    await s.page.locator('.opblock-summary').first().click();
    await s.page.locator('.opblock-body').first().waitFor();
    await s.page.getByRole('button', { name: 'Try it out' }).first().click();
    await s.page.getByRole('button', { name: 'Execute' }).first().waitFor();
    await s.screenshot('62-csp-api-docs');
    expectNoViolations();
  });
});
