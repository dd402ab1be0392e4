import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CataloguePaths,
  firstListPageBody,
  type PagePreload,
  preloadKey,
  SkuStatus,
  TemplateName,
  Warehouse,
  WEBSITE_ID,
} from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templates } from '../src/db/schema';
import { LIST_LEAD_ROWS } from '../src/storefront-list-lead';
import { PAGE_MODULE_SOURCES, pageModule } from '../src/storefront-page-modules';
import type { CatalogueFixture } from './support/catalogue-fixtures';
import { insertCatalogueFixture, insertGoods } from './support/catalogue-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

const INDEX_HTML = `<!doctype html>
<html lang="zh-CN">
  <head>
    <title>澳中批发商城</title>
    <script type="module" fetchpriority="low" crossorigin src="/assets/index-boot.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-shop.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/** A build manifest as Vite writes it: the entry, the app it imports later, and two pages with shared chunks. */
const MANIFEST = {
  'index.html': {
    file: 'assets/index-boot.js',
    isEntry: true,
    css: ['assets/index-shop.css'],
    dynamicImports: ['src/main.tsx'],
  },
  'src/main.tsx': { file: 'assets/main-app.js', imports: ['_vendor-react.js'], isDynamicEntry: true },
  '_vendor-react.js': { file: 'assets/vendor-react.js' },
  'src/app/routes/home.tsx': {
    file: 'assets/home-page.js',
    imports: ['_vendor-react.js', '_product-card.js'],
    css: ['assets/home-page.css'],
    isDynamicEntry: true,
  },
  '_product-card.js': { file: 'assets/product-card.js', css: ['assets/product-card.css'] },
  'src/app/routes/product.tsx': {
    file: 'assets/product-page.js',
    imports: ['_product-card.js'],
    isDynamicEntry: true,
  },
};

let webDist: string;
let t: TestApp;
let f: CatalogueFixture;
/** A product first in the list's default order, its name and code written as if to break the page. */
let giftBox: { id: number };
beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), 'shop-web-'));
  await mkdir(join(webDist, 'assets'));
  await mkdir(join(webDist, '.vite'));
  await writeFile(join(webDist, 'index.html'), INDEX_HTML);
  await writeFile(join(webDist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  t = await createTestApp({ env: { WEB_DIST: webDist, SEED_DEMO: 'false' } });
  f = await insertCatalogueFixture(t.database.db);
  giftBox = await insertGoods(t.database.db, {
    code: 'G-APT-GIFT',
    name: '爱他美 <b>"礼盒"</b> & 试用装',
    nameEn: 'Aptamil gift box',
    brand: null,
    categoryId: f.categories.milk.id,
    categoryNames: ['母婴', '奶粉'],
    location: Warehouse.AU,
    sales: 0,
    sortWeight: 1000,
    createdAt: new Date(Date.UTC(2025, 0, 9)),
    images: [{ kind: 'good', path: 'goods/gift.jpg' }],
    skus: [
      {
        code: 'S-GIFT-<1>',
        property: { 规格: '<礼盒>' },
        status: SkuStatus.InStock,
        stock: 5,
        prices: [
          { level: 37, currency: 'CNY', amount: 9900 },
          { level: 38, currency: 'CNY', amount: 8800 },
        ],
      },
    ],
  });
  await t.database.db.insert(templates).values({
    name: TemplateName.goodsSort,
    templateJson: JSON.stringify({ sortProducts: [{ title: '奶粉 <新>', query: { keyword: '奶粉' } }] }),
  });
  await t.database.db
    .update(templates)
    .set({
      templateJson: JSON.stringify([
        {
          tmpKey: 'swiperAd',
          items: [{ image: 'banners/first.png', title: '新品 <b>到货</b>', link: { type: 'goods', id: 7 } }],
        },
        {
          tmpKey: 'swiperRightAd',
          items: [{ image: 'ads/side.png', title: '会员', link: { type: 'article', id: 2 } }],
        },
      ]),
    })
    .where(eq(templates.name, 'home'));
  await t.database.db
    .update(templates)
    .set({
      templateJson: JSON.stringify({
        basicInfo: { siteName: '澳洲好物', slogan: '', hotline: '', email: '', address: '', workTime: '' },
        helps: [],
        allWrap: [{ image: 'ad/top.svg', title: '满 $199 包邮', link: { type: 'article', id: 5 } }],
        customerAd: [],
      }),
    })
    .where(eq(templates.name, 'basic'));
});
afterAll(async () => {
  await t?.close();
  await rm(webDist, { recursive: true, force: true });
});

const page = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.body;
};
const firstView = (html: string) =>
  /<div id="root">([\s\S]*?)<\/div>\s*(<script|<\/body>)/.exec(html)?.[1] ?? '';
const preloadOf = (html: string): PagePreload => {
  const json = /<script type="application\/json" id="shop-preload">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return json ? (JSON.parse(json) as PagePreload) : {};
};

describe('the page is drawn from its HTML before any script (ADR 016)', () => {
  it('a supplier page has no shop header in its first view, and carries its own content (ADR 017)', async () => {
    for (const [url, name] of [
      ['/supplier', 'supplier'],
      ['/supplier/en', 'supplierEn'],
    ] as const) {
      const html = await page(url);
      expect(firstView(html), url).toBe('');
      const answer = preloadOf(html)[preloadKey('GET', `${CataloguePaths.template}${name}`)];
      expect(answer?.status, url).toBe(200);
      expect(Object.keys(preloadOf(html)), url).toHaveLength(1);
    }
  });

  it("'/' carries the header with the top ads, and the carousel's first banner with the side ads", async () => {
    const view = firstView(await page('/'));
    expect(view).toMatch(
      /^<div class="app-shell" data-shell=""><a href="#main" class="skip-link">跳到正文<\/a><header class="site-header">/,
    );
    expect(view).toContain(
      '<div class="top-ads"><a class="top-ad" aria-label="满 $199 包邮" href="/article/5"><img alt="满 $199 包邮" width="1200" height="80"',
    );
    expect(view).toContain('<span class="logo-text">澳中批发商城</span>');
    // The search works before the app: a plain form to the product list.
    expect(view).toContain('<form class="search-box" role="search" action="/products" method="get">');
    expect(view).toContain(
      '<img class="carousel-image" fetchpriority="high" alt="新品 &lt;b&gt;到货&lt;/b&gt;" width="1200" height="400" loading="eager" decoding="async" srcset="/res/img/banners/first.png?w=1200 1x, /res/img/banners/first.png?w=1600 2x" src="/res/img/banners/first.png?w=1200">',
    );
    expect(view).toContain('<div class="side-ads"><a class="side-ad" aria-label="会员" href="/article/2">');
    // Nothing that depends on the visitor's browser: no login buttons, no currency, no cart count.
    expect(view).toContain('<div class="topbar-actions"></div>');
    expect(view).not.toContain('登录');
  });

  it("a product's page carries its first photo in the gallery; an unknown product and other pages the header alone", async () => {
    const view = firstView(await page(`/product/${f.goods.aptamilGold.id}`));
    expect(view).toContain(
      '<div class="product-top panel"><div class="gallery"><div class="gallery-main"><img fetchpriority="high" alt="【澳大利亚仓】',
    );
    expect(view).toContain('src="/res/img/goods/apt-1-main.jpg?w=480"');
    // Its category path above, as the page draws it, so the photo does not move when the app takes over.
    expect(view).toMatch(
      /<nav aria-label="分类路径" class="breadcrumb"><a href="\/">首页<\/a>.*<span aria-current="page">/,
    );
    for (const url of ['/product/999999', '/cart', '/member/order']) {
      const other = firstView(await page(url));
      expect(other, url).toContain('<header class="site-header">');
      expect(other, url).toMatch(/<main id="main" class="site-main"><\/main><\/div>$/);
    }
  });
});

describe("the product list's first rows are in its HTML, as the list draws them (ADR 051)", () => {
  const rowsOf = (view: string) => view.match(/<article class="goods-item"/g) ?? [];

  it("'/products' carries its head and first rows, every text escaped, the prices' place kept out of sight", async () => {
    const view = firstView(await page('/products'));
    const body = firstListPageBody();
    const list = await t.app.inject({ method: 'POST', url: CataloguePaths.goodsList, payload: body });
    const { totalCount, items } = (list.json() as { data: { totalCount: number; items: { id: number }[] } })
      .data;
    expect(items[0]?.id).toBe(giftBox.id);
    expect(rowsOf(view)).toHaveLength(Math.min(LIST_LEAD_ROWS, totalCount));
    expect(view).toContain(
      '<div class="container products-page"><h1 class="visually-hidden">商品列表</h1><nav class="chips shortcuts" aria-label="精选分类"><a class="chip chip-shortcut" href="/products?keyword=%E5%A5%B6%E7%B2%89">奶粉 &lt;新&gt;</a></nav>',
    );
    expect(view).toContain(`<span class="muted">共 ${totalCount} 件商品</span>`);
    expect(view).toContain(
      '<a class="sort-option" aria-label="价格" href="/products?orderByType=Price&amp;orderByTendency=ASC">价格</a>',
    );
    // The first row, its picture drawn with the HTML.
    expect(view).toContain(
      `<article class="goods-item" aria-label="【澳大利亚仓】爱他美 &lt;b&gt;&quot;礼盒&quot;&lt;/b&gt; &amp; 试用装"><div class="goods-item-main"><a class="goods-item-image" tabindex="-1" aria-hidden="true" href="/product/${giftBox.id}"><img alt="" width="120" height="120" loading="eager" decoding="async" srcset="/res/img/goods/gift.jpg?w=120 1x, /res/img/goods/gift.jpg?w=240 2x" src="/res/img/goods/gift.jpg?w=120"></a>`,
    );
    expect(view).toContain(
      '<p class="goods-item-sku"><span>&lt;礼盒&gt;</span><span class="goods-item-code">S-GIFT-&lt;1&gt;</span></p>',
    );
    expect(view).not.toContain('<b>');
    // A price is the shopper's currency and level: its place is there, hidden, never one shown to everyone.
    expect(view).toContain(
      '<span class="price-with-hint price-pending"><span class="price goods-item-price">¥99.00</span></span><span class="stock stock-ok">现货</span>',
    );
    const shown = view
      .slice(view.indexOf('<main'))
      .replace(/<span class="price[^"]* price-pending">(?:<span[^>]*>[^<]*<\/span>)*(?:[^<]*)<\/span>/g, '');
    expect(shown).not.toMatch(/class="price|¥|\$/);
    expect(view.match(/price-pending/g)?.length).toBe(rowsOf(view).length);
  });

  it("a category's list carries its path and its own goods; an address with a query carries no rows", async () => {
    const view = firstView(await page(`/products/${f.categories.milk.id}`));
    expect(view).toContain('<span aria-current="page">奶粉</span>');
    expect(rowsOf(view).length).toBeGreaterThan(0);
    expect(view).not.toContain('深海鱼油');
    for (const url of [
      '/products?keyword=奶粉',
      '/products?pageNo=2',
      `/products/${f.categories.milk.id}?orderByType=Price`,
    ]) {
      const other = firstView(await page(url));
      expect(other, url).toContain('<header class="site-header">');
      expect(rowsOf(other), url).toHaveLength(0);
      expect(other, url).toMatch(/<main id="main" class="site-main"><\/main><\/div>$/);
    }
  });
});

describe('the page carries the answers of its first calls, exactly as the API gives them to a visitor', () => {
  it("'/': the basic and home templates and the categories", async () => {
    const preload = preloadOf(await page('/'));
    const basicPath = `${CataloguePaths.template}basic`;
    const homePath = `${CataloguePaths.template}home`;
    expect(Object.keys(preload).sort()).toEqual(
      [
        preloadKey('GET', basicPath),
        preloadKey('GET', homePath),
        preloadKey('POST', CataloguePaths.catalogList, { websiteId: WEBSITE_ID }),
      ].sort(),
    );
    for (const path of [basicPath, homePath]) {
      const direct = await t.app.inject({ method: 'GET', url: path });
      expect(preload[preloadKey('GET', path)]).toEqual({
        status: 200,
        payload: direct.json(),
        memberScoped: false,
      });
    }
    const categories = await t.app.inject({
      method: 'POST',
      url: CataloguePaths.catalogList,
      payload: { websiteId: WEBSITE_ID },
    });
    expect(
      preload[preloadKey('POST', CataloguePaths.catalogList, { websiteId: WEBSITE_ID })]?.payload,
    ).toEqual(categories.json());
  });

  it("a product's page carries the product at the visitor's prices, marked as depending on who asks", async () => {
    const id = f.goods.aptamilGold.id;
    const preload = preloadOf(await page(`/product/${id}`));
    // The storefront sends { id, websiteId } in whatever key order: the key is the same.
    const answer = preload[preloadKey('POST', CataloguePaths.goodsDetail, { websiteId: WEBSITE_ID, id })];
    const direct = await t.app.inject({
      method: 'POST',
      url: CataloguePaths.goodsDetail,
      payload: { id, websiteId: WEBSITE_ID },
    });
    expect(answer).toEqual({ status: 200, payload: direct.json(), memberScoped: true });
    // An unknown product: the refusal itself, so the page says so at once.
    const missing = preloadOf(await page('/product/999999'));
    const refusal =
      missing[preloadKey('POST', CataloguePaths.goodsDetail, { id: 999999, websiteId: WEBSITE_ID })];
    expect(refusal?.status).toBe(404);
    expect((refusal?.payload as { success?: boolean } | undefined)?.success).toBe(false);
  });

  it("the product list carries its first page at the visitor's prices, in its category, marked as depending on who asks", async () => {
    for (const [url, cateId] of [
      ['/products', undefined],
      [`/products/${f.categories.milk.id}`, f.categories.milk.id],
    ] as const) {
      const body = firstListPageBody(cateId);
      const answer = preloadOf(await page(url))[preloadKey('POST', CataloguePaths.goodsList, body)];
      const direct = await t.app.inject({ method: 'POST', url: CataloguePaths.goodsList, payload: body });
      expect((direct.json() as { data: { totalCount: number } }).data.totalCount, url).toBeGreaterThan(0);
      expect(answer, url).toEqual({ status: 200, payload: direct.json(), memberScoped: true });
    }
  });

  it('no text inside an answer can end the data block', async () => {
    await t.database.db
      .update(templates)
      .set({
        templateJson: JSON.stringify([
          {
            tmpKey: 'swiperAd',
            items: [
              { image: 'x.png', title: '</script><script>alert(1)</script>', link: { type: 'goods', id: 1 } },
            ],
          },
        ]),
      })
      .where(eq(templates.name, 'home'));
    const html = await page('/');
    const block =
      /<script type="application\/json" id="shop-preload">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(block).not.toContain('<');
    expect(JSON.stringify(preloadOf(html))).toContain('</script><script>alert(1)</script>');
    expect(html).not.toContain('<script>alert(1)');
  });
});

describe("a landing page announces its own code and styles with the entry's (build manifest)", () => {
  it("'/' preloads the home chunk and the chunks it shares, not the app's, and links its style sheets", async () => {
    const html = await page('/');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.match(/<link rel="modulepreload"[^>]*>/g)).toEqual([
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/home-page.js">',
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/product-card.js">',
    ]);
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/home-page.css">');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/product-card.css">');
    // The entry's own sheet is in the page once.
    expect(head.match(/index-shop\.css/g)).toHaveLength(1);
    expect((await page('/member/order')).match(/rel="modulepreload"/g)).toBeNull();
  });

  it('the table names only pages that exist in the storefront', async () => {
    const { existsSync } = await import('node:fs');
    const web = join(import.meta.dirname, '..', '..', 'web');
    for (const source of PAGE_MODULE_SOURCES) expect(existsSync(join(web, source)), source).toBe(true);
    expect(pageModule('/')).toBe('src/app/routes/home.tsx');
    expect(pageModule('/products/12')).toBe('src/app/routes/products.tsx');
    expect(pageModule('/product/12')).toBe('src/app/routes/product.tsx');
    expect(pageModule('/member/order')).toBeUndefined();
  });

  it('the manifest is not served', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('home-page.js');
  });
});
