import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CataloguePaths, firstListPageBody, type GoodsListResponse } from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templates } from '../src/db/schema';
import { CSP_NONCE_PLACEHOLDER, pageEncoding } from '../src/plugins/static-web';
import type { CatalogueFixture } from './support/catalogue-fixtures';
import { insertCatalogueFixture } from './support/catalogue-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

const INDEX_HTML = `<!doctype html>
<html lang="zh-CN">
  <head>
    <title>澳中批发商城</title>
    <meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">
    <script type="module" crossorigin src="/assets/index-a1b2c3d4.js"></script>
  </head>
  <body>
    <noscript>${'请在浏览器中启用 JavaScript 后再访问澳中批发商城。'.repeat(20)}</noscript>
    <div id="root"></div>
  </body>
</html>`;

let webDist: string;
let t: TestApp;
let f: CatalogueFixture;
beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), 'shop-web-'));
  await mkdir(join(webDist, 'assets'));
  await writeFile(join(webDist, 'index.html'), INDEX_HTML);
  t = await createTestApp({ env: { WEB_DIST: webDist, SEED_DEMO: 'false' } });
  f = await insertCatalogueFixture(t.database.db);
});
afterAll(async () => {
  await t?.close();
  await rm(webDist, { recursive: true, force: true });
});

const page = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res;
};
const preloads = (html: string) => html.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];

describe('the page names its largest picture in the HTML (preload), so the browser fetches it at once', () => {
  it('/ preloads the first carousel banner at the size and srcset the carousel asks for', async () => {
    expect(preloads((await page('/')).body)).toEqual([]); // the fixture's carousel is empty
    await t.database.db
      .update(templates)
      .set({
        templateJson: JSON.stringify([
          {
            tmpKey: 'swiperAd',
            items: [
              { image: 'banners/first.png', title: '新品', link: { type: 'goods', id: 1 } },
              { image: 'banners/second.png', title: '特惠', link: { type: 'goods', id: 2 } },
            ],
          },
        ]),
      })
      .where(eq(templates.name, 'home'));
    const res = await page('/');
    expect(preloads(res.body)).toEqual([
      '<link rel="preload" as="image" href="/res/img/banners/first.png?w=1200" imagesrcset="/res/img/banners/first.png?w=1200 1x, /res/img/banners/first.png?w=1600 2x" fetchpriority="high">',
    ]);
    // In the head, and the page's CSP (nonce included) is untouched.
    expect(res.body.indexOf('rel="preload"')).toBeLessThan(res.body.indexOf('</head>'));
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(res.body).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
  });

  it('/product/{id} preloads its first photo, /products the top ad and its first row; unknown products and other pages nothing', async () => {
    const res = await page(`/product/${f.goods.aptamilGold.id}`);
    expect(preloads(res.body)).toEqual([
      '<link rel="preload" as="image" href="/res/img/goods/apt-1-main.jpg?w=480" imagesrcset="/res/img/goods/apt-1-main.jpg?w=480 1x, /res/img/goods/apt-1-main.jpg?w=960 2x" fetchpriority="high">',
    ]);
    expect(preloads((await page(`/product/${f.goods.aptamilGold.id}?skuId=1`)).body)).toHaveLength(1);
    expect(preloads((await page('/product/999999')).body)).toEqual([]);
    // The product list: the top ad over the page (the largest picture on a wide screen) and the first row's
    // picture (the largest on a phone), from the list's first page the page carries.
    const firstRow = (
      (
        await t.app.inject({ method: 'POST', url: CataloguePaths.goodsList, payload: firstListPageBody() })
      ).json() as {
        data: GoodsListResponse;
      }
    ).data.items[0]?.image;
    expect(firstRow).toBeTruthy();
    const rowPreload = `<link rel="preload" as="image" href="/res/img/${firstRow}?w=120" imagesrcset="/res/img/${firstRow}?w=120 1x, /res/img/${firstRow}?w=240 2x" fetchpriority="high">`;
    // The fixture's basic template has no top ad.
    expect(preloads((await page('/products')).body)).toEqual([rowPreload]);
    await t.database.db
      .update(templates)
      .set({
        templateJson: JSON.stringify({
          basicInfo: { siteName: '澳洲好物', slogan: '', hotline: '', email: '', address: '', workTime: '' },
          helps: [],
          allWrap: [{ image: 'ad/top.svg', title: '包邮', link: { type: 'url', url: '/products' } }],
          customerAd: [],
        }),
      })
      .where(eq(templates.name, 'basic'));
    const topAd =
      '<link rel="preload" as="image" href="/res/img/ad/top.svg?w=1200" imagesrcset="/res/img/ad/top.svg?w=1200 1x, /res/img/ad/top.svg?w=1600 2x" fetchpriority="high">';
    expect(preloads((await page('/products')).body)).toEqual([topAd, rowPreload]);
    // A list the address asks for by its query is not the page's preloaded first page: the top ad alone.
    expect(preloads((await page('/products/3?location=8')).body)).toEqual([topAd]);
    expect(preloads((await page('/cart')).body)).toEqual([]);
  });
});

describe('every storefront page is sent compressed, also those reached through the page fallback', () => {
  it.each(['/', '/products', '/product/12', '/member/order'])('%s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(gunzipSync(res.rawPayload).toString('utf8')).toContain(
      '<div id="root"><div class="app-shell" data-shell="">',
    );
  });

  it('prefers br, and sends the page as it is to a client that accepts no compression', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/products',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toContain(
      '<div id="root"><div class="app-shell" data-shell="">',
    );
    const plain = await t.app.inject({
      method: 'GET',
      url: '/products',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<div id="root"><div class="app-shell" data-shell="">');
  });

  it('reads Accept-Encoding with its weights', () => {
    expect(pageEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pageEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(pageEncoding('*')).toBe('gzip');
    expect(pageEncoding('identity')).toBeNull();
    expect(pageEncoding(undefined)).toBeNull();
  });
});
